import ZKLib from 'node-zklib';
import Zkteco from 'zkteco-js';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AttRecord } from './protocol';
import { ZkSimulator } from './server';

// The real clients are the judges: if zkteco-js and node-zklib read the simulator
// correctly, the simulator speaks the protocol they were written against.

/** The Date both libraries build: the device's wall-clock fields in the host's zone. */
const asLibDate = (r: AttRecord) => {
  const t = new Date(r.time);
  return new Date(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate(), t.getUTCHours(), t.getUTCMinutes(), t.getUTCSeconds());
};

beforeAll(() => {
  // Both libraries print every connect and error to the console.
  vi.spyOn(console, 'log').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterAll(() => vi.restoreAllMocks());

describe.each([
  { records: 3, path: 'direct' },
  { records: 30, path: 'buffered, one slice' },
  { records: 20_000, path: 'buffered, 13 slices' },
])('zkteco-js reads $records records ($path)', ({ records }) => {
  let sim: ZkSimulator;
  afterEach(() => sim.stop());

  it('reads info, serial, users and every attendance record', async () => {
    sim = await new ZkSimulator({ port: 0, seed: 7, users: 20, records }).start();
    const zk = new Zkteco('127.0.0.1', sim.port, 5000, 0);
    await zk.createSocket();
    try {
      expect(await zk.getInfo()).toMatchObject({ userCounts: 20, logCounts: records, logCapacity: 200_000 });
      expect(await zk.getSerialNumber()).toBe(sim.device.serial);
      const users = await zk.getUsers();
      expect(users.data).toHaveLength(20);
      expect(users.data[3]).toMatchObject({ uid: 4, userId: '1004', name: 'Dewi 1004', role: 0 });
      const att = await zk.getAttendances();
      expect(att.data).toHaveLength(records);
      for (const i of [0, Math.floor(records / 2), records - 1]) {
        const r = sim.device.log[i]!;
        expect(att.data[i]).toMatchObject({ user_id: r.userId, state: r.state, type: r.verify });
        expect(new Date(att.data[i]!.record_time).getTime()).toBe(asLibDate(r).getTime());
      }
    } finally {
      await zk.disconnect();
    }
  });
});

describe.each([{ records: 3 }, { records: 30 }, { records: 20_000 }])('node-zklib reads $records records', ({ records }) => {
  let sim: ZkSimulator;
  afterEach(() => sim.stop());

  it('reads info, users and every attendance record without an error', async () => {
    // node-zklib requests every slice at once: frames must arrive one per read, so a
    // wider gap between frames keeps a loaded machine from merging them.
    sim = await new ZkSimulator({ port: 0, seed: 11, users: 15, records, frameGapMs: 10 }).start();
    const zk = new ZKLib('127.0.0.1', sim.port, 5000, 0);
    await zk.createSocket();
    try {
      expect(await zk.getInfo()).toMatchObject({ userCounts: 15, logCounts: records });
      const users = await zk.getUsers();
      expect(users.data.map((u) => u.userId)).toEqual(sim.device.users.map((u) => u.userId));
      const att = await zk.getAttendances();
      expect(att.err ?? null).toBeNull();
      expect(att.data).toHaveLength(records);
      const last = sim.device.log[records - 1]!;
      expect(att.data[records - 1]).toMatchObject({ deviceUserId: last.userId, recordTime: asLibDate(last) });
    } finally {
      await zk.disconnect();
    }
  });
});

describe('the simulator reproduces the documented client defects', () => {
  let sim: ZkSimulator;
  afterEach(() => sim.stop());

  it('zkteco-js truncates user ids to 9 characters', async () => {
    sim = await new ZkSimulator({ port: 0, users: 3, records: 3, longIds: true }).start();
    const zk = new Zkteco('127.0.0.1', sim.port, 5000, 0);
    await zk.createSocket();
    const att = await zk.getAttendances();
    await zk.disconnect();
    expect(sim.device.log[0]!.userId).toMatch(/^EMP-0000010\d\d$/);
    expect(att.data[0]!.user_id).toBe('EMP-00000');
  });

  it('zkteco-js silently returns fewer records when a slice arrives coalesced', async () => {
    sim = await new ZkSimulator({ port: 0, users: 10, records: 3000, faults: { coalesce: true } }).start();
    const zk = new Zkteco('127.0.0.1', sim.port, 800, 0);
    await zk.createSocket();
    const att = await zk.getAttendances();
    await zk.disconnect();
    expect(att.data.length).toBeLessThan(3000);
  });

  it('zkteco-js receives real-time events on a fresh socket', async () => {
    sim = await new ZkSimulator({ port: 0, users: 3, records: 0 }).start();
    const zk = new Zkteco('127.0.0.1', sim.port, 5000, 0);
    await zk.createSocket();
    const got = new Promise<{ userId: string; attTime: Date }>((resolve) => void zk.getRealTimeLogs(resolve));
    await vi.waitFor(() => expect(sim.received).toContain(500));
    const rec = sim.device.punch('1002', { state: 1 });
    const ev = await got;
    await zk.disconnect();
    expect(ev.userId).toBe('1002');
    expect(ev.attTime.getTime()).toBe(asLibDate(rec).getTime());
  });
});
