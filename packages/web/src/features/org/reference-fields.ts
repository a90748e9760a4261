import type { ReferenceKind } from '@hr/core/browser';

/** The extra fields of each reference kind as the /misc screens show and edit them. */
export interface RefField {
  key: 'code' | 'address' | 'yearlyAmount' | 'lowerBound' | 'upperBound' | 'rateBp';
  /** money: integer rupiah; percent: entered and shown in %, sent in basis points. */
  kind: 'text' | 'money' | 'percent';
  required?: boolean;
  maxLength?: number;
}

export const REFERENCE_FIELDS_UI: Record<ReferenceKind, RefField[]> = {
  bank: [{ key: 'code', kind: 'text', maxLength: 10 }],
  country: [{ key: 'code', kind: 'text', maxLength: 3 }],
  educationLevel: [],
  maritalStatus: [],
  religion: [],
  pkp: [
    { key: 'lowerBound', kind: 'money', required: true },
    { key: 'upperBound', kind: 'money' },
    { key: 'rateBp', kind: 'percent', required: true },
  ],
  pkpSecond: [
    { key: 'lowerBound', kind: 'money', required: true },
    { key: 'upperBound', kind: 'money' },
    { key: 'rateBp', kind: 'percent', required: true },
  ],
  ptkp: [
    { key: 'code', kind: 'text', required: true, maxLength: 10 },
    { key: 'yearlyAmount', kind: 'money', required: true },
  ],
  company: [
    { key: 'code', kind: 'text', maxLength: 20 },
    { key: 'address', kind: 'text', maxLength: 500 },
  ],
  companySecond: [
    { key: 'code', kind: 'text', maxLength: 20 },
    { key: 'address', kind: 'text', maxLength: 500 },
  ],
  fingerspotType: [],
};

/** "5", "2.5", "12.75" (%) → basis points as a whole number, by digits (no float arithmetic); other text is passed on for the schema to reject. */
export function percentToBp(s: string): number | string | undefined {
  const v = s.trim().replace(',', '.');
  if (v === '') return undefined;
  const m = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(v);
  if (!m) return v;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** 250 → "2.5" (%). */
export function bpToPercent(bp: number): string {
  const whole = Math.trunc(bp / 100);
  const frac = String(bp % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : String(whole);
}

/** Integer rupiah (a string of digits) shown as "Rp 54.000.000". */
export function formatRupiah(digits: string | null | undefined): string {
  if (!digits || !/^\d+$/.test(digits)) return '';
  return `Rp ${BigInt(digits).toLocaleString('id-ID')}`;
}
