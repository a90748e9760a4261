import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ZkSimulator } from '../simulator/zk/server';
import { ZkDriver } from './zk';

beforeAll(() => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('zk driver (zkteco-js, wrapped)', () => {
  let sim: ZkSimulator;
  afterEach(() => sim.stop());

  it.each([0, 3, 1636, 1637, 100_000])('reads exactly %i records, the whole log', async (records) => {
    sim = await new ZkSimulator({ port: 0, users: 50, records, seed: records }).start();
    const read = await new ZkDriver({ host: '127.0.0.1', port: sim.port, timeZone: 'Asia/Jakarta', timeoutMs: 5000 }).read();
    expect(read.logCount).toBe(records);
    expect(read.records).toHaveLength(records);
    expect(read.records).toEqual(sim.device.log);
    expect(read.serial).toBe(sim.device.serial);
  });

  it('keeps ids longer than 9 characters and the device wall-clock time whatever the host zone', async () => {
    sim = await new ZkSimulator({ port: 0, users: 5, records: 40, longIds: true }).start();
    const driver = new ZkDriver({ host: '127.0.0.1', port: sim.port, timeZone: 'Asia/Jakarta', timeoutMs: 5000 });
    const tz = process.env.TZ;
    try {
      process.env.TZ = 'America/New_York';
      const a = await driver.read();
      process.env.TZ = 'Asia/Jayapura';
      const b = await driver.read();
      expect(a.records).toEqual(sim.device.log);
      expect(b.records).toEqual(a.records);
      expect(a.records[0]!.userId).toMatch(/^EMP-\d{9}$/);
    } finally {
      if (tz === undefined) delete process.env.TZ;
      else process.env.TZ = tz;
    }
  });

  it('clears the log only when every record is confirmed', async () => {
    sim = await new ZkSimulator({ port: 0, users: 5, records: 40 }).start();
    const driver = new ZkDriver({ host: '127.0.0.1', port: sim.port, timeZone: 'Asia/Jakarta', timeoutMs: 5000 });
    const last = sim.device.log.at(-1)!;
    expect(await driver.clearLogIfConfirmed((r) => r.time !== last.time || r.userId !== last.userId)).toBe(false);
    expect(sim.device.log).toHaveLength(40);
    expect(await driver.clearLogIfConfirmed(() => true)).toBe(true);
    expect(sim.device.log).toHaveLength(0);
    expect(sim.device.enabled).toBe(true);
  });
});
