/* What the worker-thread pools share (auth/passwords.ts, payroll/runs/engine-pool.ts). */

/** A task sent to worker thread `on`, waiting for its answer. */
export interface PendingTask<W, R> {
  resolve: (r: R) => void;
  reject: (err: Error) => void;
  on: W;
}

/**
 * A worker thread failed (an error, or it exited): it leaves `threads`, and every task it had not answered is
 * refused with `err`, so no caller waits forever.
 */
export function dropWorker<W, R>(threads: W[], w: W, pending: Map<number, PendingTask<W, R>>, err: Error): void {
  const i = threads.indexOf(w);
  if (i >= 0) threads.splice(i, 1);
  for (const [id, p] of pending) {
    if (p.on !== w) continue;
    pending.delete(id);
    p.reject(err);
  }
}
