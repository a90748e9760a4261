import { sql } from 'kysely';
import type { Db } from '../shared/context';

// Reference lists every deployment needs (the registration form uses the first three).
export const RELIGIONS = ['Islam', 'Kristen Protestan', 'Katolik', 'Hindu', 'Buddha', 'Konghucu'] as const;
export const EDUCATION_LEVELS = ['SD', 'SMP', 'SMA/SMK', 'D1', 'D2', 'D3', 'D4', 'S1', 'S2', 'S3'] as const;
/** Spec §3 marital status codes: married 1, remarried 2, divorced 3, widowed 4, unmarried 5. */
export const MARITAL_STATUSES = [
  { id: 1, name: 'Married' },
  { id: 2, name: 'Remarried' },
  { id: 3, name: 'Divorced' },
  { id: 4, name: 'Widowed' },
  { id: 5, name: 'Unmarried' },
] as const;
/** PTKP yearly amounts in rupiah, PMK 101/PMK.010/2016 (still in force for 2024–2026). */
export const PTKP = [
  { code: 'TK/0', name: 'TK/0 - Tidak kawin, tanpa tanggungan', yearly_amount: 54_000_000 },
  { code: 'TK/1', name: 'TK/1 - Tidak kawin, 1 tanggungan', yearly_amount: 58_500_000 },
  { code: 'TK/2', name: 'TK/2 - Tidak kawin, 2 tanggungan', yearly_amount: 63_000_000 },
  { code: 'TK/3', name: 'TK/3 - Tidak kawin, 3 tanggungan', yearly_amount: 67_500_000 },
  { code: 'K/0', name: 'K/0 - Kawin, tanpa tanggungan', yearly_amount: 58_500_000 },
  { code: 'K/1', name: 'K/1 - Kawin, 1 tanggungan', yearly_amount: 63_000_000 },
  { code: 'K/2', name: 'K/2 - Kawin, 2 tanggungan', yearly_amount: 67_500_000 },
  { code: 'K/3', name: 'K/3 - Kawin, 3 tanggungan', yearly_amount: 72_000_000 },
] as const;
export const BANKS = [
  { code: '014', name: 'Bank Central Asia (BCA)' },
  { code: '008', name: 'Bank Mandiri' },
  { code: '009', name: 'Bank Negara Indonesia (BNI)' },
  { code: '002', name: 'Bank Rakyat Indonesia (BRI)' },
  { code: '022', name: 'CIMB Niaga' },
  { code: '451', name: 'Bank Syariah Indonesia (BSI)' },
  { code: '011', name: 'Bank Danamon' },
  { code: '013', name: 'Bank Permata' },
] as const;
export const COUNTRIES = [
  { code: 'ID', name: 'Indonesia' },
  { code: 'MY', name: 'Malaysia' },
  { code: 'SG', name: 'Singapore' },
  { code: 'JP', name: 'Japan' },
  { code: 'CN', name: 'China' },
  { code: 'KR', name: 'South Korea' },
  { code: 'AU', name: 'Australia' },
  { code: 'US', name: 'United States' },
] as const;

/** Inserts the reference lists where missing; safe to run on every start. */
export async function ensureReferenceData(db: Db): Promise<void> {
  const n = await db.selectFrom('religions').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  if (n.n > 0) return;
  await db
    .insertInto('religions')
    .values(RELIGIONS.map((name) => ({ name })))
    .execute();
  await db
    .insertInto('education_levels')
    .values(EDUCATION_LEVELS.map((name) => ({ name })))
    .execute();
  await db
    .insertInto('marital_statuses')
    .values(MARITAL_STATUSES.map((m) => ({ ...m })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('ptkp_statuses')
    .values(PTKP.map((p) => ({ ...p })))
    .execute();
  await db
    .insertInto('banks')
    .values(BANKS.map((b) => ({ ...b })))
    .execute();
  await db
    .insertInto('countries')
    .values(COUNTRIES.map((c) => ({ ...c })))
    .execute();
}
