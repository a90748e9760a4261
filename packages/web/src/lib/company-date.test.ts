import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { companyClock, todayWib } from './company-date';

describe('the company clock (Asia/Jakarta, WIB)', () => {
  it('shows the company wall clock whatever the browser zone: 17:30 UTC is 00:30 the next day in WIB', () => {
    const at = new Date('2026-11-24T17:30:05Z');
    expect(companyClock(at)).toBe('25/11/2026 00:30:05');
    expect(todayWib(at)).toBe('2026-11-25');
  });
});

describe('favicon', () => {
  it('index.html names an icon that the build ships (no 404 for /favicon.ico)', () => {
    const web = resolve(__dirname, '../..');
    const html = readFileSync(resolve(web, 'index.html'), 'utf8');
    expect(html).toContain('rel="icon" href="/favicon.ico"');
    const ico = readFileSync(resolve(web, 'public/favicon.ico'));
    // ICONDIR: reserved 0, type 1 (icon), at least one image.
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([0, 1, 1]);
    expect(existsSync(resolve(web, 'public/icons/icon-192.png'))).toBe(true);
  });
});
