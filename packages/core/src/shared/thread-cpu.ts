import { readFileSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/**
 * CPU time (user + system) of the calling thread so far, in milliseconds, or null where the platform does not say
 * (Linux only: /proc/thread-self/stat, read synchronously so that it is this thread's). Its resolution is the
 * kernel's clock tick (10 ms): sum it over many pieces of work rather than timing one. Node 20 has no per-thread
 * CPU clock; wall time on a busy machine also counts the time other threads had the core.
 */
export function threadCpuMs(): number | null {
  try {
    const stat = readFileSync('/proc/thread-self/stat', 'utf8');
    // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15 (proc(5)).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * 10 : null;
  } catch {
    return null;
  }
}

/** Runs `fn` on this thread and says how long it took: wall milliseconds and this thread's CPU milliseconds (or null). */
export function measured<T>(fn: () => T): { value: T; ms: number; cpuMs: number | null } {
  const t0 = performance.now();
  const c0 = threadCpuMs();
  const value = fn();
  const c1 = threadCpuMs();
  return { value, ms: performance.now() - t0, cpuMs: c0 === null || c1 === null ? null : c1 - c0 };
}

/** The nice value batch threads run at (a payroll run's engine threads): below requests and the database. */
export const BATCH_THREAD_NICE = 10;

/**
 * Lowers the calling thread's CPU priority to `nice` (never raises it) and returns the thread's nice value after,
 * or null where the platform refuses. On Linux the nice value is a thread's own (setpriority(2), "Bugs"), so only
 * this thread yields: the server's request thread and the database backends keep theirs and go first when the
 * cores are busy (issue 22: a run's database writer is its critical path; an 08:00 request should not wait behind
 * a payroll batch either).
 */
export function lowerThreadPriority(nice = BATCH_THREAD_NICE): number | null {
  try {
    if (getPriority() < nice) setPriority(nice);
    return getPriority();
  } catch {
    return null;
  }
}
