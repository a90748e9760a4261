import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Outbox, type Punch, punchKey } from './outbox';
import { readState, writeState } from './state';

const dir = mkdtempSync(path.join(tmpdir(), 'hr-agent-outbox-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const fresh = () => path.join(dir, String(n++));

const punch = (pin: string, minute: number, serial = 'SN1'): Punch => ({
  deviceSerial: serial,
  pin,
  localTime: `2026-11-20T08:${String(minute).padStart(2, '0')}:00`,
  state: 0,
  verifyType: 1,
});

describe('outbox', () => {
  it('requeues confirmed punches (a quarantine retry) durably, once, and survives a reopen and a compaction', () => {
    const d = fresh();
    const box = new Outbox(d);
    box.add([punch('1', 1), punch('2', 1)]);
    box.markDone([punchKey(punch('1', 1)), punchKey(punch('2', 1))]);
    expect(box.size).toBe(0);
    expect(box.requeue([punch('1', 1), punch('1', 1), punch('2', 1)])).toBe(2);
    expect(box.requeue([punch('1', 1)])).toBe(0);
    expect(box.isDone(punchKey(punch('1', 1)))).toBe(false);
    const reopened = new Outbox(d);
    expect(reopened.nextBatch(10).map((p) => p.pin)).toEqual(['1', '2']);
    reopened.compact();
    expect(new Outbox(d).size).toBe(2);
  });

  it('adds each punch once, keeps it after a reopen, and forgets it only once confirmed', () => {
    const d = fresh();
    const box = new Outbox(d);
    expect(box.add([punch('1', 1), punch('2', 1), punch('1', 1)])).toBe(2);
    expect(box.add([punch('1', 1), punch('3', 2, 'SN2')])).toBe(1);
    expect(box.size).toBe(3);
    expect(box.nextBatch(10).map((p) => p.pin)).toEqual(['1', '2']);
    box.markDone([punchKey(punch('1', 1))]);
    const again = new Outbox(d);
    expect(again.size).toBe(2);
    expect(again.isDone(punchKey(punch('1', 1)))).toBe(true);
    expect(again.add([punch('1', 1)])).toBe(0);
    expect(again.pendingFor('SN2')).toBe(1);
  });

  it('ignores a line torn by a crash', () => {
    const d = fresh();
    const box = new Outbox(d);
    box.add([punch('1', 1)]);
    appendFileSync(box.file, '{"op":"add","p":{"deviceSerial":"SN1","pin":"9"');
    const again = new Outbox(d);
    expect(again.size).toBe(1);
    again.add([punch('2', 2)]);
    expect(new Outbox(d).size).toBe(2);
  });

  it('compacts a mostly-confirmed journal without changing what it holds', () => {
    const d = fresh();
    const box = new Outbox(d);
    const many = Array.from({ length: 1500 }, (_, i) => punch(String(i), i % 60));
    box.add(many.slice(0, 750));
    box.add(many.slice(750));
    for (let i = 0; i < 1490; i += 10) box.markDone(many.slice(i, i + 10).map(punchKey));
    const linesBefore = readFileSync(box.file, 'utf8').trim().split('\n').length;
    const again = new Outbox(d);
    const linesAfter = readFileSync(box.file, 'utf8').trim().split('\n').length;
    expect(linesBefore).toBe(2 * 750 + 149);
    expect(linesAfter).toBe(2 + 10);
    expect(again.size).toBe(10);
    expect(again.has(punchKey(many[0]!))).toBe(true);
    expect(new Outbox(d).size).toBe(10);
  });

  it('writes state atomically and reads it back', () => {
    const d = fresh();
    expect(readState(d)).toEqual({ devices: {}, upload: {} });
    writeState(d, { devices: { Gate: { highWaterMark: '2026-11-20T08:00:00', lastLogCount: 3 } }, upload: {} });
    expect(readState(d).devices.Gate).toEqual({ highWaterMark: '2026-11-20T08:00:00', lastLogCount: 3 });
  });
});
