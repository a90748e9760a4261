import { type PushStats, PushTerminal, parsePushFaults } from './terminal';

export interface PushSimulateOptions {
  push: string;
  serial?: string;
  records: number;
  batch?: number;
  users: number;
  seed: number;
  faults?: string;
  skewSeconds?: number;
}

/**
 * `hr-agent simulate --push URL --serial SN --records N [--batch B] [--faults drop-ok,duplicate,slow]`:
 * one ADMS push terminal that pushes its whole log to the server, then serves its command queue.
 */
export async function runPushSimulation(o: PushSimulateOptions): Promise<PushStats> {
  let url: URL;
  try {
    url = new URL(o.push);
  } catch {
    throw new Error('--push must be the server URL, e.g. http://127.0.0.1:3000');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('--push must be an http:// or https:// URL');
  if (!o.serial) throw new Error('--serial is required with --push (the serial registered with driver adms)');
  const terminal = new PushTerminal({
    server: url.toString(),
    serial: o.serial,
    records: o.records,
    users: o.users,
    seed: o.seed,
    faults: parsePushFaults(o.faults),
    clockSkewMs: (o.skewSeconds ?? 0) * 1000,
    ...(o.batch !== undefined ? { batch: o.batch } : {}),
  });
  return terminal.run();
}
