import type { RouterOutputs } from '../../lib/trpc';

export type IncomeTaxRow = RouterOutputs['salary']['incomeTax']['list']['rows'][number];
export type IncomeTaxDetail = RouterOutputs['salary']['incomeTax']['detail'];
export type IncomeTaxMonth = IncomeTaxDetail['months'][number];
export type A1Line = IncomeTaxDetail['a1'][number];
export type BonusPeriodRow = RouterOutputs['salary']['reportBonus']['list']['rows'][number];
export type BonusLineRow = RouterOutputs['salary']['reportBonus']['detail']['lines']['rows'][number];
export type Basis = IncomeTaxRow['basis'];

/** Month numbers 1–12 with their mm/yyyy-style short labels (spec §9: months are shown as numbers). */
export const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);
export const mm = (m: number): string => String(m).padStart(2, '0');

/** The tax year shown first: the year in the URL (?year=) when valid, else the current calendar year. */
export function yearFromParam(v: string | null, now = new Date()): number {
  const n = Number(v);
  return Number.isInteger(n) && n >= 2000 && n <= 2099 ? n : now.getFullYear();
}
