/**
 * The harness's fourth category: segregation of duties on every decision procedure the router
 * walk finds (duties.ts says how). Its own database: the probes file real requests.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../routers/index';
import { type CallResult, callDoor } from './doors';
import { type DutyContext, decisionProcedures, dutyContext, FLOWS, type Flow, flowOf, NOT_A_REQUEST_DECISION } from './duties';
import { countChanges, type HarnessEnv, logExcerpt, startHarness } from './fixture';
import { walkRouter } from './walk';

const procs = walkRouter(appRouter);
const decisions = decisionProcedures(procs);
const GATE_MESSAGE = 'You do not have permission to do this';

let env: HarnessEnv | undefined;
let duty: DutyContext | undefined;
const ready = () => {
  if (!env || !duty) throw new Error('harness duties: the app did not start (see beforeAll)');
  return { env, duty };
};

beforeAll(async () => {
  env = await startHarness();
  duty = dutyContext(env, procs);
}, 180_000);

afterAll(async () => {
  await env?.close();
});

const messageOf = (res: CallResult): string => {
  const b = res.body as { errors?: { msg?: string }[]; error?: { message?: string } } | undefined;
  return (res.door === 'rest' ? b?.errors?.[0]?.msg : b?.error?.message) ?? '';
};

/** The per-item answer of a bulk decision (200 with `{ done, failed, items: [{ id, ok, message }] }`). */
const bulkItemOf = (res: CallResult): { ok?: boolean; message?: string } | undefined => {
  const b = res.body as { result?: unknown } | undefined;
  const data = (res.door === 'rest' ? b?.result : (b?.result as { data?: unknown } | undefined)?.data) as
    | { items?: { ok?: boolean; message?: string }[] }
    | undefined;
  return data?.items?.[0];
};

/**
 * A refusal by a duty rule, and nothing written: 403 PM0001 with a reason of its own (not the
 * permission gate's message); a bulk decision answers 200 with the item refused for a reason.
 */
async function expectDutyRefusal(e: HarnessEnv, path: string, input: unknown, token: string): Promise<string[]> {
  const proc = procs.find((p) => p.path === path);
  if (!proc) return [`${path}: not in the router`];
  const bulk = /\.bulk[A-Z]/.test(path);
  const problems: string[] = [];
  for (const door of proc.doors) {
    // A fresh snapshot: the probe's own filing wrote since the last one.
    const before = await e.counts();
    const res = await callDoor(e.app, proc, door, input, { token, requestId: e.nextRequestId() });
    const changed = countChanges(before, await e.counts());
    const item = bulk ? bulkItemOf(res) : undefined;
    const msg = bulk ? (item?.message ?? '') : messageOf(res);
    const refused = bulk ? res.status === 200 && item?.ok === false : res.status === 403 && res.code === 'PM0001';
    if (!refused || msg === GATE_MESSAGE || msg === '') {
      const want = bulk ? '200 with the item refused' : '403 PM0001';
      problems.push(
        `${path} via ${door}: expected ${want} with a reason, got ${res.status} ${res.code} "${msg}"${logExcerpt(e, res.requestId)}`,
      );
    }
    if (changed.length) problems.push(`${path} via ${door}: refused yet wrote ${changed.join(', ')}`);
  }
  return problems;
}

describe('harness: segregation of duties', () => {
  it('finds the decision procedures by walking the router, and each has a probe or a reason', () => {
    expect(decisions.length).toBeGreaterThan(15);
    const uncovered = decisions.map((p) => p.path).filter((p) => !flowOf(p) && !Object.hasOwn(NOT_A_REQUEST_DECISION, p));
    expect(uncovered, 'decision procedures with neither a probe (duties.ts FLOWS) nor a reason').toEqual([]);
    const stale = FLOWS.flatMap((f) => Object.keys(f.procedures)).filter((p) => !decisions.some((d) => d.path === p));
    expect(stale, 'probes for procedures the router no longer has').toEqual([]);
  });

  const ownRequests = new Map<Flow, number>();
  for (const proc of decisions) {
    const flow = flowOf(proc.path);
    if (!flow) continue;
    it(`${proc.path}: nobody decides their own request, superadmin included (${proc.doors.join(' and ')})`, async () => {
      const { env: e, duty: d } = ready();
      const admin = await d.user('admin@demo.co.id');
      let id = ownRequests.get(flow);
      if (id === undefined) {
        id = await flow.file(d, admin);
        ownRequests.set(flow, id);
      }
      const input = flow.procedures[proc.path]!(id);
      expect(await expectDutyRefusal(e, proc.path, input, admin.token)).toEqual([]);
    });
  }

  for (const flow of FLOWS) {
    const steps = flow.twoSteps;
    if (!steps) continue;
    it(`${flow.name}: one person decides at most one step (${steps.first}, then ${steps.second})`, async () => {
      const { env: e, duty: d } = ready();
      await steps.prepare(d);
      const admin = await d.user('admin@demo.co.id');
      const id = await flow.file(d, await d.user(steps.filer));
      await d.call(steps.first, flow.procedures[steps.first]!(id), admin);
      expect(await expectDutyRefusal(e, steps.second, flow.procedures[steps.second]!(id), admin.token)).toEqual([]);
    });
  }
});
