import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { argon2id, argon2Verify } from 'hash-wasm';
import { dropWorker, type PendingTask } from '../shared/worker-tasks';

// argon2id with OWASP's minimum recommended parameters (m=19 MiB, t=2, p=1),
// OWASP Password Storage Cheat Sheet.
const PARAMS = { parallelism: 1, iterations: 2, memorySize: 19456, hashLength: 32 } as const;

/*
 * Two implementations of the same argon2id, giving and taking the same PHC strings ($argon2id$v=19$m=19456,t=2,p=1$…):
 * - @node-rs/argon2 (Rust, its Linux build an npm package of its own: nothing is downloaded or compiled at install),
 *   on libuv's thread pool: ~10 ms a sign-in. First choice.
 * - hash-wasm (WebAssembly) on worker threads of our own: ~60-90 ms a sign-in. Where the native build does not load
 *   (a platform without one), and what hashed every password before (issue 22: 300 sign-ins at 08:00 took about
 *   0.9 of a core for 30 s; the `argon2` package's bundled build crashed on this machine kind).
 */
type NativeArgon2 = typeof import('@node-rs/argon2');
/** Algorithm.Argon2id of @node-rs/argon2 (a const enum in its typings, which an isolated module cannot read). */
const NATIVE_ARGON2ID = 2;
let nativeLoad: Promise<NativeArgon2 | null> | undefined;
const nativeArgon2 = (): Promise<NativeArgon2 | null> =>
  (nativeLoad ??= import('@node-rs/argon2').then(
    (m) => m,
    () => null,
  ));
const NATIVE_PARAMS = {
  algorithm: NATIVE_ARGON2ID as never,
  memoryCost: PARAMS.memorySize,
  timeCost: PARAMS.iterations,
  parallelism: PARAMS.parallelism,
  outputLen: PARAMS.hashLength,
};

type Task =
  | { op: 'hash'; password: string; salt: Uint8Array; params: typeof PARAMS }
  | { op: 'verify'; password: string; hash: string };

/** The same work on the calling thread: where no worker thread can start. */
function inThread(task: Task): Promise<string | boolean> {
  return task.op === 'hash'
    ? argon2id({ ...task.params, password: task.password, salt: task.salt, outputType: 'encoded' })
    : argon2Verify({ password: task.password, hash: task.hash });
}

interface PoolWorker {
  worker: Worker;
  busy: number;
}

/**
 * argon2id in WebAssembly runs synchronously on the thread that calls it (about 0.1 s a sign-in):
 * on the event loop, every other request of the process waits behind each login, which at the
 * start of a shift is hundreds of them (issue 22). The pool runs it on worker threads
 * (password-worker.mjs), as many as the machine has cores to spare (1 to 4), started on first use.
 * A worker is referenced only while it has work, so a CLI command still exits when it is done.
 * Where a worker cannot start or dies, the work runs on the calling thread, as before.
 */
class PasswordPool {
  private readonly size = Math.min(4, Math.max(1, availableParallelism() - 1));
  private readonly workers: PoolWorker[] = [];
  private readonly pending = new Map<number, PendingTask<PoolWorker, string | boolean>>();
  private nextId = 1;
  private disabled = false;
  /** Tasks answered by worker threads (tests read it). */
  answeredByWorkers = 0;

  run(task: Task): Promise<string | boolean> {
    const w = this.disabled ? undefined : this.pick();
    if (!w) return inThread(task);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, on: w });
      if (w.busy++ === 0) w.worker.ref();
      w.worker.postMessage({ id, ...task });
    });
  }

  private pick(): PoolWorker | undefined {
    const idle = this.workers.find((w) => w.busy === 0);
    if (idle) return idle;
    if (this.workers.length < this.size) {
      try {
        return this.start();
      } catch {
        this.disabled = true;
        return undefined;
      }
    }
    return this.workers.reduce<PoolWorker | undefined>((a, w) => (!a || w.busy < a.busy ? w : a), undefined);
  }

  private start(): PoolWorker {
    const worker = new Worker(new URL('./password-worker.mjs', import.meta.url));
    worker.unref();
    const w: PoolWorker = { worker, busy: 0 };
    this.workers.push(w);
    worker.on('message', (m: { id: number; result?: string | boolean; error?: string }) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (--w.busy === 0) worker.unref();
      this.answeredByWorkers++;
      if (m.error !== undefined) p.reject(new Error(m.error));
      else p.resolve(m.result as string | boolean);
    });
    const fail = (err: Error) => dropWorker(this.workers, w, this.pending, err);
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`password worker exited with ${code}`)));
    return w;
  }
}

const pool = new PasswordPool();
let answeredNatively = 0;

/** How many hash and verify calls each implementation answered (tests: the work left the event loop). */
export function passwordAnswers(): { native: number; workers: number } {
  return { native: answeredNatively, workers: pool.answeredByWorkers };
}

/** The WebAssembly implementation on its worker threads (the fallback; tests check it gives and takes the same hashes). */
export const wasmPasswords = {
  hash: async (password: string) => (await pool.run({ op: 'hash', password, salt: randomBytes(16), params: PARAMS })) as string,
  verify: async (password: string, hash: string) => (await pool.run({ op: 'verify', password, hash })) as boolean,
};

export async function hashPassword(password: string): Promise<string> {
  const native = await nativeArgon2();
  if (!native) return wasmPasswords.hash(password);
  answeredNatively++;
  return native.hash(password, { ...NATIVE_PARAMS, salt: randomBytes(16) });
}

export async function verifyPassword(password: string, hash: string | null): Promise<boolean> {
  if (!hash) {
    // Same work as a real check, so timing does not tell whether the account exists.
    await hashPassword(password);
    return false;
  }
  try {
    const native = await nativeArgon2();
    if (!native) return await wasmPasswords.verify(password, hash);
    answeredNatively++;
    return await native.verify(hash, password);
  } catch {
    return false;
  }
}

/** A readable random password for activation (shown once to the administrator). */
export function generatePassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(14);
  let out = '';
  for (const b of bytes) out += alphabet[b % alphabet.length];
  return out;
}
