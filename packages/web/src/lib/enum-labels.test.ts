import * as core from '@hr/core/browser';
import { describe, expect, it } from 'vitest';
import { ENUM_TEXTS, enumLabel, enumOptions, enumOptionsNow } from './enum-labels';
import { i18n } from '../i18n';

describe('enum labels: one place, both languages (issue 19 item 6)', () => {
  it('shows the spec’s exact English labels', () => {
    for (const [code, label] of Object.entries(core.ATTENDANCE_STATUS))
      expect(enumLabel('attendanceStatus', code, null, 'en')).toBe(label);
    for (const [label, code] of Object.entries(core.REQUEST_STATUS))
      expect(enumLabel('requestStatus', code, null, 'en')).toBe(label);
    for (const [label, code] of Object.entries(core.CONTRACT_TYPES))
      expect(enumLabel('contractType', code, null, 'en')).toBe(label);
    for (const [label, code] of Object.entries(core.HOME_OWNERSHIP))
      expect(enumLabel('homeOwnership', code, null, 'en')).toBe(label);
    for (const g of core.GENDERS) expect(enumLabel('gender', g, null, 'en')).toBe(g);
    for (const [code, p] of Object.entries(core.PERMIT_TYPES)) expect(enumLabel('permitType', code, null, 'en')).toBe(p.label);
    for (const [code, label] of Object.entries(core.LEAVE_STATUS_LABELS))
      expect(enumLabel('requestStatus', code, null, 'en')).toBe(label);
    for (const [code, label] of Object.entries(core.OVERTIME_DAY_KIND_LABELS))
      expect(enumLabel('overtimeDayKind', code, null, 'en')).toBe(label);
    for (const [code, label] of Object.entries(core.PURCHASE_REQUEST_STATUS_LABELS))
      expect(enumLabel('purchaseRequestStatus', code, null, 'en')).toBe(label);
  });

  it('has an Indonesian label for every code, in the usual HR terms', () => {
    const en = ENUM_TEXTS.en as Record<string, Record<string, string>>;
    const id = ENUM_TEXTS.id as Record<string, Record<string, string>>;
    for (const name of Object.keys(en)) expect(Object.keys(id[name] ?? {})).toEqual(Object.keys(en[name] ?? {}));
    expect(
      ['Approved', 'Pending', 'Cancel'].map((l) => enumLabel('requestStatus', core.REQUEST_STATUS[l as 'Pending'], null, 'id')),
    ).toEqual(['Disetujui', 'Menunggu', 'Dibatalkan']);
    expect(enumLabel('gender', 'Male', null, 'id')).toBe('Laki-laki');
    expect(enumLabel('maritalStatus', 1, null, 'id')).toBe('Menikah');
    expect(enumLabel('contractType', 4, null, 'id')).toBe('Kontrak');
    expect(enumLabel('overtimeDayKind', 'workday', null, 'id')).toBe('Hari Kerja');
    expect(enumLabel('attendanceStatus', 2, null, 'id')).toBe('Tidak Absen Masuk');
  });

  it('shows an unknown code as the server’s label, else as given', () => {
    expect(enumLabel('requestStatus', 9, 'Archived', 'id')).toBe('Archived');
    expect(enumLabel('requestStatus', 9, null, 'id')).toBe('9');
  });

  it('gives selects their options in the order asked, numbers as numbers, labels in the screen’s language', async () => {
    expect(enumOptions('requestStatus', 'id', [3, 1])).toEqual([
      { value: 3, label: 'Menunggu' },
      { value: 1, label: 'Disetujui' },
    ]);
    const live = enumOptionsNow('gender');
    await i18n.changeLanguage('id');
    expect(live.map((o) => o.label)).toEqual(['Laki-laki', 'Perempuan']);
    await i18n.changeLanguage('en');
    expect(live.map((o) => o.label)).toEqual(['Male', 'Female']);
    expect(live.map((o) => o.value)).toEqual(['Male', 'Female']);
  });
});

describe('permission descriptions (issue 19 item 6)', () => {
  it('are in Bahasa Indonesia for every permission, and name no internal document', async () => {
    const { PERMISSION_KEYS } = await import('@hr/core/browser');
    const { permissionDescription } = await import('./permission-descriptions');
    for (const key of PERMISSION_KEYS) {
      const en = permissionDescription(key, 'en');
      const id = permissionDescription(key, 'id');
      expect(id, key).toBeTruthy();
      expect(id, key).not.toBe(en);
      expect(`${en} ${id}`, key).not.toMatch(/spec §|issue \d|\.md/);
    }
    expect(permissionDescription('personal.access', 'id')).toBe('Absensi, cuti, lembur, slip gaji dan profil sendiri');
    expect(permissionDescription('no.such', 'id')).toBeUndefined();
  });
});
