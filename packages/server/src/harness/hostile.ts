/**
 * Category 3: hostile input, for every procedure through both doors, called by a superadmin
 * (so a permission never masks the input path).
 *
 * For each procedure with an input schema, fast-check generates inputs from the schema
 * (zod → JSON Schema → arbitraries, json-schema-arbitrary.ts): valid-ish ones, and broken
 * ones (a field replaced by a wrong type, a huge string or array, an extreme number, an
 * impossible date, control or unicode characters, an SQL or HTML payload; a field missing;
 * an extra field; the whole input replaced). A procedure without input gets hostile values
 * as its input. Properties of every answer:
 *  - never a 5xx, never internals (stack frames, node_modules, source positions) in the body;
 *  - the door's envelope; a GL0001 names at least one field in {param, msg};
 *  - an input the schema refuses is a 400 GL0001 (tRPC BAD_REQUEST, appCode GL0001), unless
 *    the REST transport refused it first for a reason of its own (doors.ts Transport);
 *  - a refusal (4xx) changes no row count of any table in schema public (except
 *    WRITES_ON_REFUSAL: auth.login records login_attempts by design).
 *
 * Budget: runsPerProcedure() valid-ish and as many broken inputs per procedure, split over its
 * doors, seeded by HARNESS_SEED. Mutations that succeed change data; that is fine.
 * Self-service mutations of the signed-in user (logout, logout everywhere, change password) run
 * as a throwaway superadmin with a fresh session per call, so the shared superadmin session
 * survives.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { baseProblems, describeCall, invalidInputProblems } from './checks';
import { callDoor } from './doors';
import { jobsOf } from '../jobs/kinds';
import { HARNESS_SEED, type HarnessEnv, logExcerpt, seedFor, WRITES_ON_REFUSAL } from './fixture';
import { arbitraryFromJsonSchema, brokenFromJsonSchema, hostileValue } from './json-schema-arbitrary';
import type { Tally } from './report';
import { type Case, caseOf } from './samples';
import { acceptsInput, acceptsInputSync, type Door, type ProcInfo } from './walk';

type Mode = 'valid-ish' | 'broken';

/**
 * Shrinking replays calls against the database; it stops this long after the first failure
 * (later candidates pass unchecked, so fast-check keeps the smallest counterexample found so far).
 */
const SHRINK_BUDGET_MS = 3_000;

/** Answers by kind of input and class, and the doors where valid-ish input never succeeded (summary). */
export interface HostileStats {
  seen: Record<Mode, Record<'2xx' | '4xx' | '5xx', number>>;
  neverSucceeded: Set<string>;
}

export const newHostileStats = (): HostileStats => ({
  seen: { 'valid-ish': { '2xx': 0, '4xx': 0, '5xx': 0 }, broken: { '2xx': 0, '4xx': 0, '5xx': 0 } },
  neverSucceeded: new Set(),
});

interface RunState {
  succeeded: boolean;
  failedAt: number | null;
}

/** fast-check 4 puts the property's own error in `cause`. */
function causeOf(err: unknown): string {
  const cause = (err as { cause?: unknown }).cause;
  return cause instanceof Error ? cause.message : String(cause ?? '');
}

export function describeHostileInput(
  procs: ProcInfo[],
  getEnv: () => HarnessEnv,
  tally: Tally,
  stats: HostileStats,
  runs: number,
): void {
  /** Self-service mutations act on the caller's own sessions or password. */
  const selfService = (p: ProcInfo) => p.permission === 'authenticated' && p.type === 'mutation';
  const throwaway = new Map<string, number>();

  async function tokenFor(env: HarnessEnv, proc: ProcInfo): Promise<string> {
    if (!selfService(proc)) return env.admin.token;
    let userId = throwaway.get(proc.path);
    if (userId === undefined) {
      userId = await env.makeUser(['superadmin'], `throwaway ${proc.path}`);
      throwaway.set(proc.path, userId);
    }
    return env.mintSession(userId);
  }

  function arbitraryFor(proc: ProcInfo, mode: Mode): fc.Arbitrary<Case> {
    if (!proc.jsonSchema) return hostileValue().map((h) => caseOf(h.value, `input ${h.label}`));
    if (mode === 'broken') return brokenFromJsonSchema(proc.jsonSchema).map((b) => caseOf(b.value, b.how));
    // Half as generated from the JSON Schema; half the first of 12 such values the zod schema
    // accepts too (refinements the JSON Schema cannot express), so success paths run often.
    const raw = arbitraryFromJsonSchema(proc.jsonSchema);
    const accepted = fc
      .array(raw, { minLength: 12, maxLength: 12 })
      .map((vs) => vs.find((v) => acceptsInputSync(proc, v)) ?? vs[0]);
    return fc.oneof(raw, accepted).map((v) => caseOf(v, 'valid-ish'));
  }

  /** One call and every property; throws with the problems (fast-check reports the input). */
  async function check(env: HarnessEnv, proc: ProcInfo, door: Door, mode: Mode, c: Case, state: RunState) {
    if (state.failedAt !== null && Date.now() - state.failedAt > SHRINK_BUDGET_MS) return;
    const token = await tokenFor(env, proc);
    // Background jobs started by earlier calls (salary.*.generateJob, sendEmailJob) finish first:
    // their writes belong to those calls, not to this one.
    await jobsOf(env.services).idle();
    const before = await env.countsBefore();
    const t0 = performance.now();
    const res = await callDoor(env.app, proc, door, c.value, {
      token,
      requestId: env.nextRequestId(),
      remoteAddress: env.nextAddress(),
    });
    tally.called(performance.now() - t0);
    stats.seen[mode][res.status >= 500 ? '5xx' : res.status >= 400 ? '4xx' : '2xx']++;
    if (res.status < 300) state.succeeded = true;
    const problems = baseProblems(res, proc.fields);
    if (res.code === 'AU0001') problems.push('the superadmin was answered as signed out (AU0001)');
    if (proc.inputs.length && !res.transport.bodyNotObject) {
      const accepted = await acceptsInput(proc, res.wire);
      if (accepted === false) problems.push(...invalidInputProblems(res));
      else if (accepted !== true)
        problems.push(`the input schema throws instead of reporting an issue (${accepted.threw})`, ...invalidInputProblems(res));
    }
    const changed = await env.countsAfter(before, res.status, WRITES_ON_REFUSAL[proc.path]);
    if (changed.length) problems.push(`refused (${res.status}) yet wrote: ${changed.join(', ')}`);
    if (problems.length) {
      state.failedAt ??= Date.now();
      throw new Error(`${describeCall(res)}\n  - ${problems.join('\n  - ')}${logExcerpt(env, res.requestId)}`);
    }
  }

  /** Runs one property; a failure names the procedure, door and kind of input, and how to reproduce it. */
  async function property(env: HarnessEnv, proc: ProcInfo, door: Door, mode: Mode, numRuns: number) {
    const seed = seedFor('hostile', proc.path, door, mode);
    const state: RunState = { succeeded: false, failedAt: null };
    try {
      await fc.assert(
        fc.asyncProperty(arbitraryFor(proc, mode), (c) => check(env, proc, door, mode, c, state)),
        { seed, numRuns },
      );
    } catch (err) {
      tally.fail(`${proc.path} via ${door} (${mode})`);
      throw new Error(
        `harness hostile-input: ${proc.path} via ${door}, ${mode} input.\n` +
          `Reproduce: HARNESS_SEED=${HARNESS_SEED} HARNESS_RUNS=${runs} pnpm vitest run --project server src/harness -t '${proc.path} via ${door}'\n` +
          `(the database is shared by the procedures walked before it, so replaying one property alone may differ)\n` +
          `${(err as Error).message}\nGot: ${causeOf(err)}`,
      );
    } finally {
      if (mode === 'valid-ish' && proc.jsonSchema && !state.succeeded) stats.neverSucceeded.add(`${proc.path} via ${door}`);
    }
  }

  describe('harness: hostile input', () => {
    for (const proc of procs) {
      for (const door of proc.doors) {
        it(`${proc.path} via ${door}`, { timeout: 180_000 }, async () => {
          const env = getEnv();
          tally.begin(proc.path);
          const perDoor = Math.max(1, Math.ceil(runs / proc.doors.length));
          // Both kinds of input run even when the first fails; the test reports every failure.
          const failures: string[] = [];
          const attempt = (p: Promise<void>) => p.catch((err: unknown) => failures.push((err as Error).message));
          if (proc.jsonSchema) await attempt(property(env, proc, door, 'valid-ish', perDoor));
          await attempt(property(env, proc, door, 'broken', proc.jsonSchema ? perDoor : Math.max(1, Math.ceil(perDoor / 2))));
          if (failures.length) throw new Error(failures.join('\n\n'));
          // The shared superadmin session must survive every procedure (else later answers mean nothing).
          const me = await env.app.inject({ url: '/v2/h/auth/me', headers: { authorization: `Bearer ${env.admin.token}` } });
          expect(me.statusCode, `${proc.path} invalidated the superadmin session the harness uses`).toBe(200);
        });
      }
    }
  });
}

/** The hostile-input category's summary notes. */
export function hostileNotes(stats: HostileStats, tally: Tally): void {
  const v = stats.seen['valid-ish'];
  const b = stats.seen.broken;
  tally.notes.push(
    `answers: valid-ish ${v['2xx']} 2xx / ${v['4xx']} 4xx / ${v['5xx']} 5xx, broken ${b['2xx']} 2xx / ${b['4xx']} 4xx / ${b['5xx']} 5xx`,
  );
  if (stats.neverSucceeded.size)
    tally.notes.push(`valid-ish input never succeeded (${stats.neverSucceeded.size}): ${[...stats.neverSucceeded].join(', ')}`);
}
