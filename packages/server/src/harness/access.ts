/**
 * Categories 1 and 2: who may call what, for every procedure through both doors.
 *
 * unauthenticated: without a valid session (no credentials, a made-up bearer token, an
 * expired session, a revoked one) every non-public procedure refuses: REST 401 with the
 * envelope's AU0001, tRPC 401 UNAUTHORIZED (appCode AU0001), with valid and with broken input.
 * Public procedures never ask for a login.
 *
 * forbidden: for a procedure gated by permission K, a user holding every role except those
 * that grant K (computed from ROLES) is refused: REST 403 PM0001, tRPC FORBIDDEN (PM0001),
 * with valid and with broken input (the permission is checked before the input). A key that
 * every role grants cannot be tested this way; the summary names it. 'authenticated'
 * procedures called by an ordinary employee succeed or answer 4xx, never 5xx.
 *
 * Every answer: never 5xx, no internals leaked, the door's envelope; a refusal writes nothing.
 */
import type { PermissionKey, RoleKey } from '@hr/core/access';
import { describe, expect, it } from 'vitest';
import { baseProblems, describeCall, transportMayRefuse } from './checks';
import { type CallResult, callDoor } from './doors';
import { type HarnessEnv, logExcerpt, rolesLacking, WRITES_ON_REFUSAL } from './fixture';
import type { Tally } from './report';
import { brokenSample, validSample } from './samples';
import type { Door, ProcInfo } from './walk';

export const isPermissionKey = (p: ProcInfo['permission']): p is PermissionKey => !!p && p !== 'public' && p !== 'authenticated';

interface Attempt {
  door: Door;
  who: string;
  token: string | null;
  how: string;
  input: unknown;
}

/** Calls, checks the base properties plus `expectFn`, and that a refusal wrote nothing. Returns the problems. */
async function attempt(
  env: HarnessEnv,
  tally: Tally,
  proc: ProcInfo,
  a: Attempt,
  expectFn: (res: CallResult) => string[],
): Promise<string[]> {
  const before = await env.countsBefore();
  const t0 = performance.now();
  const res = await callDoor(env.app, proc, a.door, a.input, {
    token: a.token,
    requestId: env.nextRequestId(),
    remoteAddress: env.nextAddress(),
  });
  tally.called(performance.now() - t0);
  const found = [...baseProblems(res, proc.fields), ...expectFn(res)];
  const changed = await env.countsAfter(before, res.status, WRITES_ON_REFUSAL[proc.path]);
  if (changed.length) found.push(`refused (${res.status}) yet wrote: ${changed.join(', ')}`);
  if (!found.length) return [];
  const what = `${proc.path} via ${a.door}, ${a.who}, ${a.how}: ${describeCall(res)}: ${found.join('; ')}`;
  tally.fail(what);
  return [`${what}${logExcerpt(env, res.requestId)}`];
}

/** The refusal a door answers: REST 401/403 with the code, tRPC the same status, tRPC code and appCode. */
function refusal(status: 401 | 403, res: CallResult): string[] {
  const [code, trpc] = status === 401 ? ['AU0001', 'UNAUTHORIZED'] : ['PM0001', 'FORBIDDEN'];
  // A body the transport cannot take (too long an id, not an object, over 1 MiB) is refused before the procedure.
  if (transportMayRefuse(res) && res.status >= 400 && res.status < 500) return [];
  const out: string[] = [];
  if (res.status !== status || res.code !== code) out.push(`expected ${status} ${code}, got ${res.status} ${res.code}`);
  const data = (res.body as { error?: { data?: { code?: string } } } | undefined)?.error?.data;
  if (res.door === 'trpc' && data?.code !== trpc) out.push(`tRPC code ${data?.code}, not ${trpc}`);
  return out;
}

export function describeUnauthenticated(procs: ProcInfo[], getEnv: () => HarnessEnv, tally: Tally): void {
  describe('harness: unauthenticated callers', () => {
    let callers: { who: string; token: string | null }[] | undefined;
    async function callersOf(env: HarnessEnv) {
      callers ??= [
        { who: 'no credentials', token: null },
        { who: 'made-up token', token: 'hrs_harnessmadeuptokenharnessmadeuptoken0000' },
        { who: 'expired session', token: await env.mintSession(env.admin.userId, { expired: true }) },
        { who: 'revoked session', token: await env.mintSession(env.admin.userId, { revoked: true }) },
      ];
      return callers;
    }

    for (const proc of procs) {
      it(`${proc.path} (${proc.permission})`, async () => {
        const env = getEnv();
        tally.begin(proc.path);
        const [anonymous, ...others] = await callersOf(env);
        const valid = await validSample(proc, 'unauthenticated');
        const broken = proc.jsonSchema ? await brokenSample(proc, 'unauthenticated') : null;
        const expectFn = (res: CallResult) =>
          proc.permission === 'public'
            ? res.code === 'AU0001'
              ? ['a public procedure asked for a login (AU0001)']
              : []
            : refusal(401, res);
        const problems: string[] = [];
        for (const door of proc.doors) {
          // Every kind of missing session with a valid input; the broken input without credentials.
          for (const c of [anonymous!, ...others])
            problems.push(...(await attempt(env, tally, proc, { door, ...c, how: 'valid input', input: valid }, expectFn)));
          if (broken)
            problems.push(
              ...(await attempt(
                env,
                tally,
                proc,
                { door, ...anonymous!, how: `broken input (${broken.how})`, input: broken.value },
                expectFn,
              )),
            );
        }
        expect(problems, problems.join('\n')).toEqual([]);
      });
    }
  });
}

export function describeForbidden(procs: ProcInfo[], getEnv: () => HarnessEnv, tally: Tally): void {
  describe('harness: under-privileged callers', () => {
    /** One user per permission key, holding every role except those granting it; null when no such role exists. */
    const users = new Map<PermissionKey, { userId: number; roles: RoleKey[] } | null>();
    async function userLacking(env: HarnessEnv, key: PermissionKey) {
      if (!users.has(key)) {
        const roles = rolesLacking(key);
        users.set(key, roles.length ? { userId: await env.makeUser(roles, `lacks ${key}`), roles } : null);
      }
      return users.get(key)!;
    }

    for (const proc of procs) {
      if (proc.permission === 'public') continue;
      it(`${proc.path} (${proc.permission})`, async () => {
        const env = getEnv();
        const perm = proc.permission;
        tally.begin(proc.path);
        const problems: string[] = [];
        if (isPermissionKey(perm)) {
          const user = await userLacking(env, perm);
          if (!user) return;
          const token = await env.mintSession(user.userId);
          const who = `user with every role but those granting ${perm} (${user.roles.join(', ')})`;
          const inputs = [{ how: 'valid input', input: await validSample(proc, 'forbidden') }];
          if (proc.jsonSchema) {
            const b = await brokenSample(proc, 'forbidden');
            inputs.push({ how: `broken input (${b.how})`, input: b.value });
          }
          for (const door of proc.doors)
            for (const i of inputs)
              problems.push(...(await attempt(env, tally, proc, { door, who, token, ...i }, (res) => refusal(403, res))));
        } else {
          // 'authenticated': an ordinary employee is signed in; the answer is a success or a 4xx.
          // Self-service mutations (logout, logout everywhere, password) act on the caller's own
          // sessions: a throwaway employee-role user with a fresh session per call takes them.
          const throwaway = proc.type === 'mutation' ? await env.makeUser(['employee'], `employee ${proc.path}`) : null;
          const inputs = [
            { how: 'valid input', input: await validSample(proc, 'employee') },
            { how: 'another valid input', input: await validSample(proc, 'employee-2') },
          ];
          if (proc.jsonSchema) {
            const b = await brokenSample(proc, 'employee');
            inputs.push({ how: `broken input (${b.how})`, input: b.value });
          }
          for (const door of proc.doors)
            for (const i of inputs) {
              const token = throwaway ? await env.mintSession(throwaway) : env.employee.token;
              const who = throwaway ? 'a throwaway employee-role user' : 'employee@demo.co.id';
              problems.push(
                ...(await attempt(env, tally, proc, { door, who, token, ...i }, (res) =>
                  res.code === 'AU0001' ? ['a signed-in employee was answered as signed out (AU0001)'] : [],
                )),
              );
            }
        }
        expect(problems, problems.join('\n')).toEqual([]);
      });
    }
  });
}

/** The forbidden category's summary details. */
export function forbiddenDetail(procs: ProcInfo[], tally: Tally): string {
  const gated = procs.filter((p) => isPermissionKey(p.permission));
  const keys = [...new Set(gated.map((p) => p.permission as PermissionKey))];
  const authed = procs.filter((p) => p.permission === 'authenticated').length;
  const untestable = keys.filter((k) => rolesLacking(k).length === 0);
  tally.notes.push(`keys every role grants (untestable): ${untestable.length ? untestable.join(', ') : 'none'}`);
  return `${gated.length} permission-gated over ${keys.length} keys, ${authed} authenticated as an employee, ${
    procs.length - gated.length - authed
  } public not gated`;
}
