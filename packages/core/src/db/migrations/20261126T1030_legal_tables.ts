import { type Kysely, sql } from 'kysely';

// Frozen once landed: never import application code here. Later changes are new migrations (or rows added on the
// Salary → Legal tables screen).

/**
 * One dated legal value as this migration seeds it. `LEGAL_TABLE_SEED` is also the engine's built-in fallback when no
 * database is open (`hr calc`, the web calculators): core legal-tables/defaults.ts reads it from here, so the seed
 * and the fallback are one list.
 */
export interface LegalSeedRow {
  key: string;
  region: string | null;
  /** A decimal number as text: whole rupiah, a percent or a factor (legal-tables/catalogue.ts says which). */
  value: string;
  validFrom: string;
  /** Last day in force; null: until the next row of the same key and region. */
  validTo: string | null;
  source: string;
  note: string | null;
}

const PP44 = 'PP 44/2015 Pasal 16(2) and Lampiran I (JKK rate by risk group)';
const KES = 'Perpres 82/2018 Pasal 30–32 as amended by Perpres 75/2019 (from 1 January 2020); restated in Perpres 59/2024';
const JP = 'PP 45/2015 Pasal 28–29: the cap is indexed each March by the previous year’s GDP growth (Pasal 29(3)–(4))';
const DTP_NOTE =
  'Eligible employers by KLU (footwear, textiles and apparel, furniture, leather goods; 2026 also tourism); permanent employees: fixed regular gross ≤ limit, non-permanent: average daily wage ≤ daily limit';

/** The values known on 26 November 2026 (payroll-id.md §1.12 and §2, id-compliance-2026.md "2026 regulation state"). */
export const LEGAL_TABLE_SEED: readonly LegalSeedRow[] = [
  // BPJS Ketenagakerjaan JP wage cap (payroll-id.md §2, JP wage cap table).
  ...(
    [
      ['2023-03-01', '9559600', 'BPJS TK letter B/77/022023'],
      ['2024-03-01', '10042300', 'BPJS TK letter B/1387/022024'],
      ['2025-03-01', '10547400', 'BPJS TK letter B/726/022025'],
      ['2026-03-01', '11086300', 'BPJS TK letter B/3307/022026 (confidence medium)'],
    ] as const
  ).map(([validFrom, value, letter]) => ({
    key: 'bpjs.jp.wage-cap',
    region: null,
    value,
    validFrom,
    validTo: null,
    source: letter,
    note: JP,
  })),
  // BPJS Kesehatan (PPU, private-sector wage earners).
  {
    key: 'bpjs.kesehatan.wage-cap',
    region: null,
    value: '12000000',
    validFrom: '2020-01-01',
    validTo: null,
    source: KES,
    note: null,
  },
  {
    key: 'bpjs.kesehatan.employer-percent',
    region: null,
    value: '4',
    validFrom: '2020-01-01',
    validTo: null,
    source: KES,
    note: null,
  },
  {
    key: 'bpjs.kesehatan.employee-percent',
    region: null,
    value: '1',
    validFrom: '2020-01-01',
    validTo: null,
    source: KES,
    note: null,
  },
  // JKK by risk group (very low … very high), PP 44/2015 in force 1 July 2015.
  ...['0.24', '0.54', '0.89', '1.27', '1.74'].map((value, i) => ({
    key: `bpjs.jkk.group-${i + 1}`,
    region: null,
    value,
    validFrom: '2015-07-01',
    validTo: null,
    source: PP44,
    note: null,
  })),
  {
    key: 'bpjs.jkk.relief-factor',
    region: null,
    value: '0.5',
    validFrom: '2025-02-01',
    validTo: '2026-01-31',
    source:
      'PP 7/2025 (50% JKK relief from the February 2025 contribution), extended by PP 36/2025 to the January 2026 contribution',
    note: 'Labour-intensive industries with at least 50 workers (food and beverages, tobacco, textiles and apparel, leather, footwear, children’s toys, furniture): applies when the payroll setting uses a relief JKK rate',
  },
  {
    key: 'bpjs.jkm.percent',
    region: null,
    value: '0.3',
    validFrom: '2015-07-01',
    validTo: null,
    source: 'PP 44/2015 Pasal 18(1)',
    note: null,
  },
  {
    key: 'bpjs.jkp.percent',
    region: null,
    value: '0.36',
    validFrom: '2025-02-07',
    validTo: null,
    source: 'PP 37/2021 as amended by PP 6/2025 (0.22% government + 0.14% re-allocated from JKK)',
    note: 'Reference only: no extra contribution on the payslip. Valid-from is the promulgation date of PP 6/2025 (UNCONFIRMED)',
  },
  {
    key: 'bpjs.jkp.wage-cap',
    region: null,
    value: '5000000',
    validFrom: '2025-02-07',
    validTo: null,
    source: 'PP 37/2021 as amended by PP 6/2025 (wage cap for JKP)',
    note: 'Reference only (JKP benefit and contribution base)',
  },
  // Regional minimum wages 2026 (secondary sources, id-compliance-2026.md).
  {
    key: 'minimum-wage',
    region: 'dki-jakarta',
    value: '5729876',
    validFrom: '2026-01-01',
    validTo: null,
    source: 'UMP DKI Jakarta 2026, Keputusan Gubernur DKI Jakarta (secondary sources, id-compliance-2026.md)',
    note: null,
  },
  {
    key: 'minimum-wage',
    region: 'kota-surabaya',
    value: '5288796',
    validFrom: '2026-01-01',
    validTo: null,
    source: 'UMK Kota Surabaya 2026, Keputusan Gubernur Jawa Timur (secondary sources, id-compliance-2026.md)',
    note: null,
  },
  {
    key: 'minimum-wage',
    region: 'kota-batam',
    value: '5357982',
    validFrom: '2026-01-01',
    validTo: null,
    source: 'UMK Kota Batam 2026, Keputusan Gubernur Kepulauan Riau (secondary sources, id-compliance-2026.md)',
    note: 'Sources conflict: 5,424,743 is also published; check the governor’s decree',
  },
  // PPh 21 borne by the government (DTP), payroll-id.md §1.12.
  ...(
    [
      ['2025-01-01', '2025-12-31', 'PMK 10/2025'],
      ['2026-01-01', '2026-12-31', 'PMK 105/2025'],
    ] as const
  ).flatMap(([validFrom, validTo, pmk]) => [
    {
      key: 'pph21.dtp.monthly-gross-limit',
      region: null,
      value: '10000000',
      validFrom,
      validTo,
      source: `${pmk} (PPh 21 DTP: fixed regular gross ≤ 10,000,000 a month)`,
      note: DTP_NOTE,
    },
    {
      key: 'pph21.dtp.daily-gross-limit',
      region: null,
      value: '500000',
      validFrom,
      validTo,
      source: `${pmk} (PPh 21 DTP: non-permanent workers, average daily wage ≤ 500,000)`,
      note: DTP_NOTE,
    },
  ]),
];

/**
 * Issue 18 §4: dated legal values (BPJS caps and rates, minimum wages, PPh 21 DTP windows) that the payroll engine
 * reads for the pay date; each row cites its regulation. A row is in force from `valid_from` to `valid_to` (or until
 * the next row of the same key and region). `used_at` is set when a finalised run used the row (it can then no
 * longer be deleted). Also the company's PPh 21 DTP setting (PMK 10/2025, PMK 105/2025).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table legal_values (
      id serial primary key,
      key text not null check (key ~ '^[a-z0-9]+([.-][a-z0-9]+)*$' and length(key) <= 80),
      region text check (region is null or (region ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(region) <= 60)),
      value numeric(20, 6) not null check (value >= 0),
      valid_from date not null,
      valid_to date check (valid_to is null or valid_to >= valid_from),
      source text not null check (length(source) between 3 and 500),
      note text check (note is null or length(note) <= 500),
      used_at timestamptz,
      used_by text,
      created_by integer references users (id) on delete set null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index legal_values_key_region_from_uq on legal_values (key, coalesce(region, ''), valid_from)`.execute(
    db,
  );
  for (const r of LEGAL_TABLE_SEED)
    await sql`
      insert into legal_values (key, region, value, valid_from, valid_to, source, note)
      values (${r.key}, ${r.region}, ${r.value}, ${r.validFrom}, ${r.validTo}, ${r.source}, ${r.note})`.execute(db);
  // Rows that finalised runs already used (conservatively: in force at any time of a finalised run's month).
  await sql`
    update legal_values v set used_at = now(), used_by = 'finalised payroll runs before the legal table'
    where exists (
      select 1 from payroll_runs r
      where r.status = 'finalised'
        and r.period >= to_char(v.valid_from, 'YYYY-MM')
        and (v.valid_to is null or r.period <= to_char(v.valid_to, 'YYYY-MM')))`.execute(db);
  await sql`
    alter table payroll_settings
      add column pph21_dtp_eligible boolean not null default false,
      add column pph21_dtp_klu text check (pph21_dtp_klu is null or length(pph21_dtp_klu) <= 200),
      add column minimum_wage_region text`.execute(db);
}
