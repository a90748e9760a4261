import { describe, expect, it } from 'vitest';
import { useTestApp, refusedParams } from './test-app';

const t = useTestApp({ employees: 1 });
const S = '/v2/h/salary/legalTable';
const login = t.seededLogins();

describe('legal tables over REST (issue 18 §4)', () => {
  it('lists the dated values with their sources, filtered by key; needs salary.view', async () => {
    const r = await t.call('GET', `${S}?key=bpjs.jp.wage-cap`, login.admin);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ status: 'success', success: 'Legal tables' });
    const rows = r.json().result.rows as { value: string; validFrom: string; source: string }[];
    expect(rows.map((x) => [x.validFrom, x.value])).toEqual([
      ['2023-03-01', '9559600'],
      ['2024-03-01', '10042300'],
      ['2025-03-01', '10547400'],
      ['2026-03-01', '11086300'],
    ]);
    expect(rows.every((x) => /BPJS TK letter/.test(x.source))).toBe(true);
    expect((await t.call('GET', S, {})).statusCode).toBe(401);
    expect((await t.call('GET', S, login.staff)).statusCode).toBe(403);
  });

  it('adds next year’s value (GL0001 naming the bad fields), deletes an unused row', async () => {
    const bad = await t.call('POST', S, login.admin, {
      key: 'bpjs.jkk.group-1',
      value: '12',
      validFrom: '2027-01-01',
      source: '',
    });
    expect(refusedParams(bad)).toEqual(['source', 'value']);
    expect((await t.call('POST', S, login.staff, { key: 'minimum-wage' })).statusCode).toBe(403);

    const ok = await t.call('POST', S, login.admin, {
      key: 'minimum-wage',
      region: 'kota-surabaya',
      value: '5600000',
      validFrom: '2027-01-01',
      source: 'UMK Kota Surabaya 2027, Keputusan Gubernur Jawa Timur (test)',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result).toMatchObject({ key: 'minimum-wage', region: 'kota-surabaya', value: '5600000', usedAt: null });
    const id = ok.json().result.id as number;
    const dup = await t.call('POST', S, login.admin, {
      key: 'minimum-wage',
      region: 'kota-surabaya',
      value: '5600001',
      validFrom: '2027-01-01',
      source: 'UMK (test)',
    });
    expect(dup.statusCode).toBe(409);
    const del = await t.call('POST', `${S}/${id}/delete`, login.admin);
    expect(del.json()).toMatchObject({ status: 'success', result: { id, deleted: true } });
    expect((await t.call('POST', `${S}/${id}/delete`, login.admin)).statusCode).toBe(404);
  });
});
