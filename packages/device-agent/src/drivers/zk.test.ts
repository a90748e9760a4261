import ZTCP from 'zkteco-js/src/ztcp.js';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CMD,
  FCT_ATTLOG,
  FCT_USER,
  MAX_CHUNK,
  TABLE_ATTLOG,
  TABLE_DB,
  TABLE_USERS,
  TEMPLATE_HEADER_SIZE,
  USER_RECORD_SIZE,
} from '../simulator/zk/protocol';
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

describe('zk driver: fingerprint templates (CMD_DB_RRQ, FCT_FINGERTMP)', () => {
  let sim: ZkSimulator;
  afterEach(() => sim.stop());
  const driverFor = (s: ZkSimulator) =>
    new ZkDriver({ host: '127.0.0.1', port: s.port, timeZone: 'Asia/Jakarta', timeoutMs: 5000 });
  /** What the terminal holds, as the driver must report it. */
  const expected = (s: ZkSimulator) =>
    s.device.templates.map((t) => ({
      pin: s.device.users.find((u) => u.uid === t.uid)!.userId,
      fingerIndex: t.fid,
      valid: t.valid,
      template: t.template.toString('base64'),
    }));

  it('reads a few templates in one DATA frame, with finger indexes and exact bytes', async () => {
    sim = await new ZkSimulator({ port: 0, users: 4, records: 0, seed: 21, fingerprintUsers: 1, directMaxBytes: 4096 }).start();
    sim.device.enroll(3, 9, Buffer.from([0, 1, 2, 0xff, 0xfe]), 0);
    const got = await driverFor(sim).readTemplates();
    expect(got).toEqual(expected(sim));
    expect(got.at(-1)).toEqual({
      pin: '1003',
      fingerIndex: 9,
      valid: 0,
      template: Buffer.from([0, 1, 2, 0xff, 0xfe]).toString('base64'),
    });
    expect(got.filter((t) => t.pin === '1001').map((t) => t.fingerIndex)).toEqual(
      sim.device.templates.filter((t) => t.uid === 1).map((t) => t.fid),
    );
  });

  it('reads every template over several slices, a slice ending inside a record', async () => {
    sim = await new ZkSimulator({ port: 0, users: 200, records: 0, seed: 4, fingerprintUsers: 200 }).start();
    const templates = sim.device.templates;
    // Byte offsets in the blob (after its 4-byte count) of each record: a slice boundary cuts one.
    const starts: number[] = [];
    let at = 4;
    for (const t of templates) {
      starts.push(at);
      at += TEMPLATE_HEADER_SIZE + t.template.length;
    }
    expect(at).toBeGreaterThan(2 * MAX_CHUNK);
    for (const boundary of [MAX_CHUNK, 2 * MAX_CHUNK]) {
      const i = starts.findIndex((s, k) => s < boundary && (starts[k + 1] ?? at) > boundary);
      expect(i).toBeGreaterThanOrEqual(0);
    }
    const got = await driverFor(sim).readTemplates();
    expect(got).toHaveLength(templates.length);
    expect(new Set(got.map((t) => t.fingerIndex))).toEqual(new Set([6, 1]));
    expect(got).toEqual(expected(sim));
    // The slices were asked for one by one (plus the one slice of the 14,400-byte user table).
    expect(sim.received.filter((c) => c === CMD.DATA_RDY)).toHaveLength(Math.ceil(at / MAX_CHUNK) + 1);
  });

  it('the backup carries each user with the templates of their fingers; users without any get none', async () => {
    sim = await new ZkSimulator({ port: 0, users: 5, records: 3, seed: 8, fingerprintUsers: 3, longIds: true }).start();
    const users = await driverFor(sim).getUsers();
    expect(users.map((u) => u.pin)).toEqual(sim.device.users.map((u) => u.userId));
    const all = expected(sim);
    for (const u of users) expect(u.templates).toEqual(all.filter((t) => t.pin === u.pin));
    expect(users.slice(0, 3).every((u) => (u.templates ?? []).length > 0)).toBe(true);
    expect(users.slice(3).map((u) => u.templates)).toEqual([[], []]);
  });

  it.each([
    ['announces more bytes than it sends', 'before-cut', /announces \d+ bytes but holds/],
    ['ends inside a record', 'after-cut', /template record at byte \d+ announces \d+ bytes but \d+ remain; read refused/],
  ] as const)('refuses a template read that %s', async (_, announced, message) => {
    sim = await new ZkSimulator({
      port: 0,
      users: 30,
      records: 0,
      seed: 2,
      faults: { templateCut: { cutBytes: 100, announced } },
    }).start();
    await expect(driverFor(sim).readTemplates()).rejects.toThrow(message);
    await expect(driverFor(sim).getUsers()).rejects.toThrow(message);
    expect(sim.device.enabled).toBe(true);
  });

  it("answers pyzk's CMD_DB_RRQ for users and attendance as for zkteco-js's table numbers", async () => {
    sim = await new ZkSimulator({ port: 0, users: 3, records: 4, seed: 6 }).start();
    const tcp = new ZTCP('127.0.0.1', sim.port, 5000);
    await tcp.createSocket();
    try {
      await tcp.executeCmd(CMD.CONNECT, '');
      const ask = async (table: number, fct: number) => {
        const req = Buffer.alloc(11);
        req.writeUInt8(1, 0);
        req.writeUInt16LE(table, 1);
        req.writeUInt32LE(fct, 3);
        const raw: Buffer = await tcp.executeCmd(CMD.DATA_WRRQ, req);
        expect(raw.readUInt16LE(0)).toBe(CMD.DATA);
        return raw.subarray(8);
      };
      expect(await ask(TABLE_DB, FCT_USER)).toEqual(await ask(TABLE_USERS, 0));
      expect(await ask(TABLE_DB, FCT_ATTLOG)).toEqual(await ask(TABLE_ATTLOG, 0));
      expect((await ask(TABLE_DB, FCT_USER)).readUInt32LE(0)).toBe(3 * USER_RECORD_SIZE);
    } finally {
      await tcp.closeSocket().catch(() => {});
    }
  });

  it('GET_FREE_SIZES counts the templates (fingers@24, free fingers@68)', async () => {
    sim = await new ZkSimulator({ port: 0, users: 6, records: 2, seed: 5, fingerCapacity: 100 }).start();
    const tcp = new ZTCP('127.0.0.1', sim.port, 5000);
    await tcp.createSocket();
    try {
      await tcp.executeCmd(CMD.CONNECT, '');
      const data = (await tcp.executeCmd(CMD.GET_FREE_SIZES, '')).subarray(8);
      const n = sim.device.templates.length;
      expect(n).toBeGreaterThanOrEqual(6);
      expect([data.readInt32LE(16), data.readInt32LE(24), data.readInt32LE(56), data.readInt32LE(68)]).toEqual([
        6,
        n,
        100,
        100 - n,
      ]);
      sim.device.deleteUser((u) => u.uid === 1);
      const after = (await tcp.executeCmd(CMD.GET_FREE_SIZES, '')).subarray(8);
      expect(after.readInt32LE(24)).toBe(sim.device.templates.length);
      expect(sim.device.templates.length).toBeLessThan(n);
    } finally {
      await tcp.closeSocket().catch(() => {});
    }
  });
});
