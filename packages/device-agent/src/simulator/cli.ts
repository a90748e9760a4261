import { z } from 'zod';
import { EasyLinkSimulator } from './easylink/server';
import { formatNaive } from './zk/protocol';
import { ZkSimulator } from './zk/server';

/** `--faults` JSON for `hr-agent simulate`: the same switches tests set on ZkSimulator.faults. */
export const zkFaultsSchema = z.strictObject({
  dropAt: z
    .strictObject({ slice: z.number().int().min(0), byte: z.number().int().min(0), times: z.number().int().min(1).optional() })
    .optional(),
  stallAt: z
    .discriminatedUnion('phase', [
      z.strictObject({ phase: z.literal('connect'), times: z.number().int().min(1).optional() }),
      z.strictObject({
        phase: z.literal('slice'),
        slice: z.number().int().min(0),
        byte: z.number().int().min(0).optional(),
        times: z.number().int().min(1).optional(),
      }),
    ])
    .optional(),
  frameDelayMs: z.number().min(0).optional(),
  bytesPerSecond: z.number().min(1).optional(),
  coalesce: z.boolean().optional(),
  resetOnConnect: z.boolean().optional(),
  silentAccept: z.boolean().optional(),
  clearLogAfterRead: z.boolean().optional(),
  extraLogCount: z.number().int().min(1).optional(),
  templateCut: z.strictObject({ cutBytes: z.number().int().min(1), announced: z.enum(['before-cut', 'after-cut']) }).optional(),
});

export interface SimulateOptions {
  port: number;
  records: number;
  users: number;
  seed: number;
  host: string;
  easylinkPort?: number;
  commKey?: number;
  longIds?: boolean;
  skewSeconds?: number;
  faults?: string;
  punchEvery?: number;
}

export interface RunningSimulators {
  zk: ZkSimulator;
  easylink: EasyLinkSimulator | null;
  lines: string[];
  stop(): Promise<void>;
}

/** Starts the simulators of `hr-agent simulate`; the caller keeps them running until a signal. */
export async function startSimulators(o: SimulateOptions): Promise<RunningSimulators> {
  let faults = {};
  if (o.faults) {
    let raw: unknown;
    try {
      raw = JSON.parse(o.faults);
    } catch {
      throw new Error('--faults must be JSON, e.g. \'{"coalesce":true}\'');
    }
    const r = zkFaultsSchema.safeParse(raw);
    if (!r.success)
      throw new Error(`--faults: ${r.error.issues.map((i) => `${i.path.join('.') || '(top level)'}: ${i.message}`).join('; ')}`);
    faults = r.data;
  }
  const common = { users: o.users, seed: o.seed, longIds: o.longIds, clockSkewMs: (o.skewSeconds ?? 0) * 1000 };
  const zk = await new ZkSimulator({
    ...common,
    records: o.records,
    port: o.port,
    host: o.host,
    commKey: o.commKey,
    faults,
  }).start();
  const lines = [
    `ZK terminal on ${o.host}:${zk.port}  serial ${zk.device.serial}  ${zk.device.users.length} users  ${zk.device.templates.length} fingerprints  ${zk.device.log.length} records  clock ${formatNaive(zk.device.now()).replace('T', ' ')}${o.commKey !== undefined ? '  comm key set' : ''}`,
  ];
  let easylink: EasyLinkSimulator | null = null;
  if (o.easylinkPort !== undefined) {
    easylink = await new EasyLinkSimulator({
      ...common,
      seed: o.seed + 1,
      records: o.records,
      port: o.easylinkPort,
      host: o.host,
    }).start();
    lines.push(
      `EasyLink bridge on http://${o.host}:${easylink.port}  sn ${easylink.device.serial}  ${easylink.device.users.length} users  ${easylink.device.log.length} records`,
    );
  }
  let timer: NodeJS.Timeout | null = null;
  if (o.punchEvery) {
    let n = 0;
    timer = setInterval(() => {
      for (const d of [zk.device, easylink?.device]) {
        if (!d?.users.length) continue;
        const u = d.users[n % d.users.length]!;
        d.punch(u.userId, { state: n % 2 });
      }
      n++;
    }, o.punchEvery * 1000);
    lines.push(`A punch every ${o.punchEvery} s on each terminal`);
  }
  return {
    zk,
    easylink,
    lines,
    async stop() {
      if (timer) clearInterval(timer);
      await Promise.all([zk.stop(), easylink?.stop()]);
    },
  };
}
