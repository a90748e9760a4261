import { afterEach, describe, expect, it } from 'vitest';
import { generateData } from './device';
import { EasyLinkSimulator } from './easylink/server';
import {
  checksum,
  decodeAttRecord,
  decodeFrame,
  decodeZkTime,
  encodeAttRecord,
  encodeFrame,
  encodeZkTime,
  FrameParser,
  makeCommKey,
} from './zk/protocol';

describe('ZK protocol pieces', () => {
  it('encodes time as the terminal does and back, without any time zone', () => {
    const t = Date.UTC(2026, 10, 22, 7, 59, 3);
    // ((26*12*31 + 10*31 + 21)*86400) + (7*60+59)*60 + 3
    expect(encodeZkTime(t)).toBe(((26 * 12 * 31 + 10 * 31 + 21) * 86_400 + (7 * 60 + 59) * 60 + 3) >>> 0);
    expect(decodeZkTime(encodeZkTime(t))).toBe(t);
  });

  it('keeps a 24-character user id in an attendance record', () => {
    const r = { uid: 7, userId: 'EMP-000123456-JAKARTA-01', verify: 15, time: Date.UTC(2026, 0, 2, 3, 4, 5), state: 255 };
    expect(decodeAttRecord(encodeAttRecord(r))).toEqual(r);
  });

  it('parses frames split across reads and several frames in one read', () => {
    const a = encodeFrame(2000, 12, 3, Buffer.from('abc'));
    const b = encodeFrame(1501, 12, 4, Buffer.alloc(70_000, 1));
    const p = new FrameParser();
    const all = Buffer.concat([Buffer.from('junk'), a, b]);
    expect(p.push(all.subarray(0, 10))).toEqual([]);
    const got = [...p.push(all.subarray(10, 30_000)), ...p.push(all.subarray(30_000))];
    expect(got.map((f) => decodeFrame(f).replyId)).toEqual([3, 4]);
    expect(decodeFrame(got[1]!).data.length).toBe(70_000);
    expect(p.skipped).toBe(4);
  });

  it('computes the device-style checksum and pyzk comm key bytes', () => {
    const packet = Buffer.from([0xe8, 0x03, 0, 0, 0, 0, 0, 0]);
    expect(checksum(packet)).toBe(0xffff - 0x03e8);
    // pyzk make_commkey(0, 0, 50) => XOR of 'ZKSO' swapped, then ticks.
    expect([...makeCommKey(0, 0)]).toEqual([0x53 ^ 50, 0x4f ^ 50, 50, 0x4b ^ 50]);
  });

  it('generates the same device from the same seed, with real work-day punches', () => {
    const a = generateData({ seed: 9, users: 5, records: 95 });
    expect(generateData({ seed: 9, users: 5, records: 95 })).toEqual(a);
    expect(a.log).toHaveLength(95);
    expect(a.log.map((r) => r.time)).toEqual([...a.log.map((r) => r.time)].sort((x, y) => x - y));
    expect(new Set(a.log.map((r) => r.userId))).toEqual(new Set(['1001', '1002', '1003', '1004', '1005']));
    expect(generateData({ seed: 10, users: 5, records: 95 }).log).not.toEqual(a.log);
  });
});

describe('EasyLink twin', () => {
  let sim: EasyLinkSimulator;
  afterEach(() => sim.stop());
  const call = async (path: string, params: Record<string, string> = {}) => {
    const res = await fetch(`http://127.0.0.1:${sim.port}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ sn: sim.device.serial, ...params }).toString(),
    });
    return (await res.json()) as Record<string, unknown> & {
      Result: boolean;
      Data?: Record<string, unknown>[];
      IsSession?: boolean;
    };
  };

  it('pages the scan log with IsSession, hands out new rows once, and manages users and the clock', async () => {
    sim = await new EasyLinkSimulator({ port: 0, users: 4, records: 250, clockSkewMs: 3_600_000 }).start();
    const info = await call('/dev/info');
    expect(info.DEVINFO).toMatchObject({ User: '4', 'All Presensi': '250', 'New Presensi': '250' });
    const pages = [
      await call('/scanlog/all/paging', { limit: '100' }),
      await call('/scanlog/all/paging', { limit: '100' }),
      await call('/scanlog/all/paging', { limit: '100' }),
    ];
    expect(pages.map((p) => [p.Data!.length, p.IsSession])).toEqual([
      [100, true],
      [100, true],
      [50, false],
    ]);
    expect(pages[0]!.Data![0]).toMatchObject({ SN: sim.device.serial, PIN: sim.device.log[0]!.userId, IOMode: 0 });
    expect(pages[0]!.Data![0]!.ScanDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await call('/scanlog/new')).Data).toHaveLength(250);
    expect((await call('/scanlog/new')).Data).toHaveLength(0);
    sim.device.punch('1002');
    expect((await call('/scanlog/new')).Data!.map((r) => r.PIN)).toEqual(['1002']);
    expect(await call('/user/set', { pin: '2001', nama: 'Ayu', pwd: '', rfid: '0', priv: '0', tmp: '' })).toEqual({
      Result: true,
    });
    const users = await call('/user/all/paging', { limit: '10' });
    expect(users.Data!.map((u) => u.PIN)).toEqual(['1001', '1002', '1003', '1004', '2001']);
    expect(sim.device.clockSkewMs).toBe(3_600_000);
    await call('/dev/settime');
    expect(sim.device.clockSkewMs).toBe(0);
    expect(await call('/scanlog/all/paging', { sn: 'WRONG' })).toMatchObject({ Result: false });
  });
});
