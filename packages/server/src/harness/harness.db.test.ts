/**
 * The API harness: walks appRouter (a procedure added later is covered without anyone listing
 * it) and drives every procedure through both doors, tRPC over HTTP (/trpc) and its REST twin
 * (meta.rest), in three categories:
 *   1. unauthenticated callers are refused (access.ts);
 *   2. under-privileged callers are refused, ordinary employees never get a 5xx (access.ts);
 *   3. hostile input never gets a 5xx, a leak, a wrong error shape or a partial write (hostile.ts).
 * One file, one database: vitest runs files one after another on a 2-core machine, and every
 * file pays PGlite's start-up, so the categories share it (the hostile one, which writes, last).
 * Each category prints one summary line at the end ("harness <category>: …").
 *
 * HARNESS_SEED (default 20261122) seeds every generated input; HARNESS_RUNS sets the runs per
 * procedure and kind of input (default: 25, fewer on a big router, see runsPerProcedure).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../routers/index';
import { describeForbidden, describeUnauthenticated, forbiddenDetail } from './access';
import { HARNESS_SEED, type HarnessEnv, runsPerProcedure, startHarness } from './fixture';
import { describeHostileInput, hostileNotes, newHostileStats } from './hostile';
import { Tally } from './report';
import { walkRouter } from './walk';

const procs = walkRouter(appRouter);
const runs = runsPerProcedure(procs.length);
const unauthenticated = new Tally('unauthenticated');
const forbidden = new Tally('forbidden');
const hostile = new Tally('hostile-input');
const hostileStats = newHostileStats();
let env: HarnessEnv | undefined;
const getEnv = () => {
  if (!env) throw new Error('harness: the app did not start (see beforeAll)');
  return env;
};

beforeAll(async () => {
  env = await startHarness();
}, 180_000);

afterAll(async () => {
  const perCall = (t: Tally) => (t.calls ? (t.callMs / t.calls).toFixed(1) : '0');
  const refusing = procs.filter((p) => p.permission !== 'public').length;
  unauthenticated.print(`${refusing} must refuse, ${procs.length - refusing} public; ${perCall(unauthenticated)} ms per call`);
  forbidden.print(`${forbiddenDetail(procs, forbidden)}; ${perCall(forbidden)} ms per call`);
  hostileNotes(hostileStats, hostile);
  if (env) hostile.notes.push(`row counting ${(env.countMs.total / 1000).toFixed(1)} s in all`);
  hostile.print(
    `${procs.filter((p) => p.jsonSchema).length} with input; seed ${HARNESS_SEED}, ${runs} runs per kind of input; ${perCall(hostile)} ms per call`,
  );
  await env?.close();
});

describe('harness: the router walk', () => {
  it('finds every procedure, nested routers included, with both doors where meta.rest exists', () => {
    expect(procs.length).toBeGreaterThan(10);
    expect(procs.map((p) => p.path)).toContain('employee.registration.list');
    expect(procs.filter((p) => p.doors.includes('rest')).length).toBeGreaterThan(10);
  });
});

describeUnauthenticated(procs, getEnv, unauthenticated);
describeForbidden(procs, getEnv, forbidden);
describeHostileInput(procs, getEnv, hostile, hostileStats, runs);

describe('harness: bookkeeping', () => {
  it('the trigger-kept row counts agree with count(*) on every table after the whole run', async () => {
    const e = getEnv();
    expect(await e.counts()).toEqual(await e.exactCounts());
  });
});
