// The load generator of `pnpm bench load`, in its own process so that it does not share the
// server's event loop. One autocannon instance per virtual user (one connection each), so every
// user keeps its own login and its own state across autocannon's request-sequence loops (autocannon
// resets the per-connection context at the end of every sequence). Latencies of every answer of
// every instance go into one list; the figures are printed as one JSON line. Options: argv[2] JSON.
import autocannon from 'autocannon';
import { type MorningPlan, type Step, stepsFor, type VirtualUser } from './morning';

interface ChildOptions {
  baseUrl: string;
  duration: number;
  /** Seconds over which the users arrive, one after another (people do not all sign in in the same second). */
  rampUp: number;
  /** Requests per second of each user (autocannon's per-connection rate); 0: no pause. */
  rate: number;
  users: VirtualUser[];
  plan: MorningPlan;
}

const opts = JSON.parse(process.argv[2] ?? '{}') as ChildOptions;
const latencies: number[] = [];
const loginLatencies: number[] = [];
let answered = 0;
let failed = 0;
const failures = new Map<string, number>();
/** Answers per role and request kind (ids and query strings left out), to see that every step ran. */
const answers = new Map<string, number>();
/** Latencies per role and request kind: which request makes the morning slow. */
const latenciesOf = new Map<string, number[]>();

function fail(key: string): void {
  failed++;
  failures.set(key, (failures.get(key) ?? 0) + 1);
}

/** autocannon's request of one step: the step decides method, path and body when the request is sent. */
function toRequest(step: Step, sent: string[], role: string): autocannon.Request {
  return {
    method: 'GET',
    path: '/',
    setupRequest: (req) => {
      const r = step.next();
      sent.push(`${role} ${r.method} ${r.path.split('?')[0]!.replace(/\/\d+(?=\/|$)/g, '/{id}')}`);
      return {
        ...req,
        method: r.method,
        path: r.path,
        headers: { ...(r.headers ?? {}), ...(r.body !== undefined ? { 'content-type': 'application/json' } : {}) },
        body: r.body !== undefined ? JSON.stringify(r.body) : undefined,
      };
    },
    onResponse: (status, body) => step.answered(status, body),
  };
}

async function runUser(user: VirtualUser): Promise<void> {
  const steps = stepsFor(user, opts.plan);
  const sent: string[] = [];
  const arrival = (opts.rampUp * user.index) / opts.users.length;
  await new Promise((r) => setTimeout(r, arrival * 1000));
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: opts.baseUrl,
        connections: 1,
        duration: opts.duration - arrival,
        timeout: 30,
        ...(opts.rate > 0 ? { connectionRate: opts.rate } : {}),
        requests: steps.map((s) => toRequest(s, sent, user.role)),
      },
      (err) => (err ? reject(err) : resolve()),
    );
    instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
      const what = sent.shift() ?? `${user.role} ?`;
      answered++;
      latencies.push(responseTime);
      if (what.endsWith('POST /v2/h/auth/login')) loginLatencies.push(responseTime);
      answers.set(what, (answers.get(what) ?? 0) + 1);
      const own = latenciesOf.get(what) ?? [];
      own.push(responseTime);
      latenciesOf.set(what, own);
      if (statusCode < 200 || statusCode >= 300) fail(`${what}: HTTP ${statusCode}`);
    });
    instance.on('reqError', (e: Error) => fail(`${sent.shift() ?? user.role}: ${e.message}`));
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const started = Date.now();
await Promise.all(opts.users.map(runUser));
const seconds = (Date.now() - started) / 1000;
latencies.sort((a, b) => a - b);
loginLatencies.sort((a, b) => a - b);
process.stdout.write(
  `${JSON.stringify({
    requests: answered,
    seconds,
    p50Ms: percentile(latencies, 50),
    p95Ms: percentile(latencies, 95),
    p99Ms: percentile(latencies, 99),
    errors: failed,
    logins: loginLatencies.length,
    loginP95Ms: percentile(loginLatencies, 95),
    failures: Object.fromEntries(failures),
    answers: Object.fromEntries([...answers].sort()),
    p95MsOf: Object.fromEntries(
      [...latenciesOf].map(([what, l]) => [
        what,
        Math.round(
          percentile(
            l.sort((a, b) => a - b),
            95,
          ),
        ),
      ]),
    ),
  })}\n`,
);
