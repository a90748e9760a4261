import { readFileSync } from 'node:fs';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import type { Actor } from '../access/actor';
import { requirePermission } from '../access/grant';
import type { TestDb } from '../db/testing';
import { getIncomeTax, getPayrollRun, incomeTaxSummary } from '../payroll/index';
import type { Ctx } from '../shared/context';
import { failure, zodIssues } from '../testing/expect';
import { finalisedYear, type TaxPayer } from '../testing/finalised-year';
import type { Org } from '../testing/fixtures';
import { BPA1_LINES } from './rules';
import {
  discardTaxReport,
  downloadTaxReport,
  exportTaxReport,
  getTaxIdentity,
  listTaxReports,
  markTaxReportFiled,
  previewTaxReport,
  saveTaxIdentity,
} from './service';
import type { TaxReportKind } from './schema';

let tdb: TestDb;
let org: Org;
let admin: Actor;
let ctx: Ctx;
let scoped: Actor; // salary.view + salary.update, department 0 only
const ids: Record<string, number> = {};
const runs = new Map<string, number>();
const NPWP = '0953284617031000';

const view = (a: Actor = admin) => requirePermission(a, 'salary.view');
const upd = (a: Actor = admin) => requirePermission(a, 'salary.update');
const setting = () => requirePermission(admin, 'salary.setting');
/** A well-formed NIK of a woman born 01-01-1990 (makeEmployee), serial n. */
const nik = (n: number) => `31710141019${String(n).padStart(5, '0')}`;

/** The fields of an input refused by its schema (the server answers them as GL0001 attributes). */
async function invalidFields(p: Promise<unknown>): Promise<{ param: string; msg: string }[]> {
  return (await zodIssues(p)).map((i) => ({ param: i.path.join('.'), msg: i.message }));
}

const parser = new XMLParser({
  parseTagValue: false,
  ignoreAttributes: false,
  isArray: (n) => ['MmPayroll', 'Bp21', 'A1'].includes(n),
});
const xsd = (kind: TaxReportKind) => readFileSync(new URL(`./xsd/${kind}.xsd`, import.meta.url), 'utf8');

/** Exports, checks the XML against the shipped XSD and parses it back. */
async function exported(kind: TaxReportKind, period: string, replacement = false) {
  const file = await exportTaxReport(ctx, upd(), { kind, period, replacement });
  const xml = Buffer.from(file.base64, 'base64').toString('utf8');
  const v = await validateXML({
    xml: [{ fileName: file.fileName, contents: xml }],
    schema: [{ fileName: `${kind}.xsd`, contents: xsd(kind) }],
  });
  expect(v.errors).toEqual([]);
  expect(v.valid).toBe(true);
  const doc = parser.parse(xml);
  const root = {
    bpmp: ['MmPayrollBulk', 'ListOfMmPayroll', 'MmPayroll'],
    bp21: ['Bp21Bulk', 'ListOfBp21', 'Bp21'],
    bpa1: ['A1Bulk', 'ListOfA1', 'A1'],
  }[kind];
  expect(doc[root[0]!].TIN).toBe(NPWP);
  const rows = doc[root[0]!][root[1]!][root[2]!] as Record<string, string>[];
  return { file, xml, rows };
}

const sumOf = (xs: readonly (string | number)[]) => xs.reduce<bigint>((a, x) => a + BigInt(x), 0n);
/** PPh 21 of a row as Coretax computes it: Gross × Deemed × Rate, rounded down to the rupiah (TER rounding floor). */
const taxOfRow = (r: Record<string, string>) => {
  const rate = Math.round(Number(r.Rate) * 10_000); // rate × 10^4 as an integer: exact for 2-decimal rates
  const deemed = BigInt(r.Deemed ?? '100');
  return (BigInt(r.Gross!) * deemed * BigInt(rate)) / 100n / 1_000_000n;
};

beforeAll(async () => {
  // contract type: 5 permanent, 2 internship (monthly TER, BP21 21-100-35), 3 freelance (daily TER, BP21 21-100-24).
  const people = {
    alice: { name: 'Alice Permanent', dept: 0, ptkp: 'K/1', basicSalary: 10_000_000, nationalId: nik(1) },
    bob: { name: 'Bob Npwp', dept: 1, ptkp: 'TK/0', basicSalary: 15_000_000, taxId: '123456789012345' },
    nina: { name: 'Nina Nonik', dept: 0, ptkp: 'TK/0', basicSalary: 4_000_000 },
    dina: { name: 'Dina Intern', dept: 0, ptkp: 'TK/0', contractType: 2, basicSalary: 4_500_000, nationalId: nik(4) },
    fred: { name: 'Fred Freelance', dept: 0, ptkp: 'TK/0', contractType: 3, basicSalary: 600_000, nationalId: nik(5) },
  } as const satisfies Record<string, TaxPayer>;
  const year = await finalisedYear(Object.values(people));
  ({ tdb, org, admin, ctx, scoped } = year);
  Object.keys(people).forEach((key, i) => {
    ids[key] = year.employees[i]!;
  });
  for (const period of ['2026-11', '2026-12']) runs.set(period, await year.payMonth(period));
}, 120_000);
afterAll(() => tdb.destroy());

describe('company tax identity', () => {
  it('validates the NPWP and each NITKU (GL0001 fields), saves and reads them back', async () => {
    const bad = await invalidFields(
      saveTaxIdentity(ctx, setting(), {
        npwp: '12345',
        offices: [{ companyOfficeId: org.officeId, nitku: '1234567890123456000000' }],
      }),
    );
    expect(bad).toEqual([{ param: 'npwp', msg: 'must be 16 digits' }]);
    const wrong = await invalidFields(
      saveTaxIdentity(ctx, setting(), {
        npwp: NPWP,
        offices: [{ companyOfficeId: org.officeId, nitku: '1234567890123456000000' }],
      }),
    );
    expect(wrong).toEqual([{ param: 'offices.0.nitku', msg: 'must start with the company NPWP' }]);
    const unknown = await failure(
      saveTaxIdentity(ctx, setting(), { npwp: NPWP, offices: [{ companyOfficeId: 999_999, nitku: `${NPWP}000000` }] }),
    );
    expect(unknown.fields).toEqual([{ param: 'offices.0.companyOfficeId', msg: 'is not a known company office' }]);

    expect((await getTaxIdentity(ctx, view())).npwp).toBeNull();
    const saved = await saveTaxIdentity(ctx, setting(), {
      npwp: '09.532.846.1-703.1000',
      offices: [{ companyOfficeId: org.officeId, nitku: `${NPWP}000000` }],
    });
    expect(saved).toEqual({
      npwp: NPWP,
      offices: [{ companyOfficeId: org.officeId, name: 'Test Office', nitku: `${NPWP}000000` }],
    });
    expect(await getTaxIdentity(ctx, view())).toEqual(saved);
    const log = await tdb.db.selectFrom('audit_log').select('action').where('action', '=', 'taxReport.identity.save').execute();
    expect(log).toHaveLength(1);
  });
});

describe('BPMP and BP21 of a month', () => {
  it('previews every finalised slip with its form, rate and errors; a missing NIK is listed and the export refused', async () => {
    const p = await previewTaxReport(ctx, view(), { period: '2026-11', kind: 'bpmp' });
    expect(p.rows.map((r) => r.employeeId).sort()).toEqual([ids.alice, ids.bob, ids.nina].sort());
    const bob = p.rows.find((r) => r.employeeId === ids.bob)!;
    // Bob has no NIK: his 15-digit NPWP of the old format goes with a leading 0.
    expect(bob).toMatchObject({
      counterpartTin: '0123456789012345',
      ptkpStatus: 'TK/0',
      taxObjectCode: '21-100-01',
      certificate: 'N/A',
      errors: [],
    });
    expect(bob.rate).toBe('7'); // TER A on 15,561,000 (15M + employer premiums; PP 58/2023 Lampiran A)
    const nina = p.rows.find((r) => r.employeeId === ids.nina)!;
    expect(nina.errors).toEqual(['has no NIK and no NPWP']);
    expect(p).toMatchObject({ next: 'new', reason: null, identityErrors: [], totals: { slips: 3, withErrors: 1 } });

    const e = await failure(exportTaxReport(ctx, upd(), { period: '2026-11', kind: 'bpmp' }));
    expect(e.code).toBe('PRECONDITION_FAILED');
    expect(e.message).toBe('1 employee cannot be reported yet: Nina Nonik (' + nina.employeeNumber + '): has no NIK and no NPWP');
    expect((await listTaxReports(ctx, view(), {})).total).toBe(0);
  });

  it('exports XSD-valid BPMP and BP21 files whose totals are the run’s figures', async () => {
    await tdb.db
      .updateTable('employees')
      .set({ national_id: nik(3) })
      .where('id', '=', ids.nina!)
      .execute();
    const bpmp = await exported('bpmp', '2026-11');
    expect(bpmp.file.fileName).toBe('BPMP_2026-11_all-offices.xml');
    expect(bpmp.rows).toHaveLength(3);
    const alice = bpmp.rows.find((r) => r.CounterpartTin === nik(1))!;
    expect(Object.keys(alice)).toEqual([
      'TaxPeriodMonth',
      'TaxPeriodYear',
      'CounterpartOpt',
      'CounterpartPassport',
      'CounterpartTin',
      'StatusTaxExemption',
      'Position',
      'TaxCertificate',
      'TaxObjectCode',
      'Gross',
      'Rate',
      'IDPlaceOfBusinessActivity',
      'WithholdingDate',
    ]);
    expect(alice).toMatchObject({
      TaxPeriodMonth: '11',
      TaxPeriodYear: '2026',
      CounterpartOpt: 'Resident',
      StatusTaxExemption: 'K/1',
      TaxCertificate: 'N/A',
      IDPlaceOfBusinessActivity: `${NPWP}000000`,
      WithholdingDate: '2026-11-30',
    });

    const bp21 = await exported('bp21', '2026-11');
    const byTin = new Map(bp21.rows.map((r) => [r.CounterpartTin, r]));
    expect(byTin.get(nik(4))).toMatchObject({ TaxObjectCode: '21-100-35', Deemed: '100', Document: 'PaymentProof' });
    // Fred: 600,000 a day, daily TER 0.5% (PP 58/2023 Lampiran D).
    expect(byTin.get(nik(5))).toMatchObject({
      TaxObjectCode: '21-100-24',
      Deemed: '100',
      Rate: '0.5',
      IDPlaceOfBusinessActivityOfIncomeRecipient: `${nik(5)}000000`,
    });

    // The run: every slip of November is in exactly one of the two files, to the rupiah.
    const run = await getPayrollRun(ctx, view(), { id: runs.get('2026-11')!, pageSize: 50 });
    const rows = [...bpmp.rows, ...bp21.rows];
    expect(rows).toHaveLength(run.payslips.total);
    expect(sumOf(rows.map((r) => r.Gross!))).toBe(sumOf(run.payslips.rows.map((s) => s.taxableGross)));
    // PPh 21 as Coretax computes it from Gross × Rate is what payroll withheld, slip by slip, for the monthly TER
    // rows; the export records the payslips' PPh 21, so the two files together carry the run's tax to the rupiah.
    const pph21 = new Map(run.payslips.rows.map((s) => [s.taxableGross, BigInt(s.pph21)]));
    for (const r of [...bpmp.rows, byTin.get(nik(4))!]) expect(taxOfRow(r)).toBe(pph21.get(r.Gross!));
    const recorded = (await listTaxReports(ctx, view(), { period: '2026-11' })).rows;
    expect(sumOf(recorded.map((x) => x.tax))).toBe(BigInt(run.tax));
    expect(sumOf(recorded.map((x) => x.gross))).toBe(sumOf(run.payslips.rows.map((s) => s.taxableGross)));
    // A daily worker is withheld per day (daily TER rounded down each day, PP 58/2023 Lampiran D); Coretax's
    // Gross × 0.5% on the month differs by less than a rupiah a day (docs/coretax.md "Not done").
    const fred = byTin.get(nik(5))!;
    const diff = taxOfRow(fred) - pph21.get(fred.Gross!)!;
    expect(diff >= 0n && diff < 23n).toBe(true);
  });

  it('exports a period as new once (CONFLICT); a filed export is immutable', async () => {
    const again = await failure(exportTaxReport(ctx, upd(), { period: '2026-11', kind: 'bpmp' }));
    expect(again.code).toBe('CONFLICT');
    expect(again.message).toMatch(/BPMP 2026-11 \(all offices\) was already exported as #\d+; a period is exported as new once/);

    const [first] = (await listTaxReports(ctx, view(), { kind: 'bpmp' })).rows;
    const filed = await markTaxReportFiled(ctx, upd(), { id: first!.id, coretaxReference: 'BPMP-REF-1' });
    expect(filed).toMatchObject({ status: 'filed', coretaxReference: 'BPMP-REF-1' });
    const twice = await failure(markTaxReportFiled(ctx, upd(), { id: first!.id, coretaxReference: 'OTHER' }));
    expect(twice.code).toBe('CONFLICT');
    expect(twice.message).toContain('was filed (Coretax reference BPMP-REF-1) and cannot change');
    expect((await failure(discardTaxReport(ctx, upd(), { id: first!.id }))).code).toBe('CONFLICT');
    const actions = await tdb.db.selectFrom('audit_log').select('action').where('entity', '=', 'tax_report_export').execute();
    expect(actions.map((a) => a.action).sort()).toEqual(['taxReport.export', 'taxReport.export', 'taxReport.file']);
  });

  it('after a correction a replacement (pembetulan) carries only the changed slips', async () => {
    const nothing = await failure(exportTaxReport(ctx, upd(), { period: '2026-11', kind: 'bpmp', replacement: true }));
    expect(nothing.message).toMatch(/^Nothing changed since export #\d+/);
    // Bob's tax data is corrected: he now has a NIK.
    await tdb.db
      .updateTable('employees')
      .set({ national_id: nik(2) })
      .where('id', '=', ids.bob!)
      .execute();
    const p = await previewTaxReport(ctx, view(), { period: '2026-11', kind: 'bpmp' });
    expect(Object.fromEntries(p.rows.map((r) => [r.employeeId, r.change]))).toEqual({
      [ids.alice!]: 'unchanged',
      [ids.bob!]: 'changed',
      [ids.nina!]: 'unchanged',
    });
    expect(p.next).toBe('replacement');
    const r = await exported('bpmp', '2026-11', true);
    expect(r.file.fileName).toBe('BPMP_2026-11_all-offices_pembetulan-1.xml');
    expect(r.rows.map((x) => x.CounterpartTin)).toEqual([nik(2)]);
    const slips = await tdb.db.selectFrom('tax_report_export_slips').selectAll().where('export_id', '=', r.file.id).execute();
    expect(slips).toMatchObject([{ employee_id: ids.bob, replaces: true }]);
    expect((await listTaxReports(ctx, view(), { period: '2026-11', kind: 'bpmp' })).rows.map((x) => x.sequence)).toEqual([1, 0]);
    // The recorded file is the one handed out.
    expect((await downloadTaxReport(ctx, view(), { id: r.file.id })).base64).toBe(r.file.base64);
  });

  it('a replacement waits until the earlier export is filed; an unfiled export can be discarded and redone', async () => {
    const bp21 = (await listTaxReports(ctx, view(), { kind: 'bp21' })).rows[0]!;
    await tdb.db
      .updateTable('employees')
      .set({ national_id: nik(6) })
      .where('id', '=', ids.dina!)
      .execute();
    const waits = await failure(exportTaxReport(ctx, upd(), { period: '2026-11', kind: 'bp21', replacement: true }));
    expect(waits.message).toBe(`Export #${bp21.id} is not filed yet: upload it to Coretax and mark it filed, or discard it`);
    expect(await discardTaxReport(ctx, upd(), { id: bp21.id })).toMatchObject({ status: 'discarded' });
    const again = await exported('bp21', '2026-11');
    expect(again.rows.map((r) => r.CounterpartTin).sort()).toEqual([nik(5), nik(6)].sort());
  });
});

describe('December: the last tax period', () => {
  it('permanent employees get a BPA1 only (no BPMP row); BP21 stays monthly', async () => {
    const p = await previewTaxReport(ctx, view(), { period: '2026-12', kind: 'bpmp' });
    expect(p.rows).toEqual([]);
    const e = await failure(exportTaxReport(ctx, upd(), { period: '2026-12', kind: 'bpmp' }));
    expect(e.message).toBe('BPMP 2026-12 (all offices) has no finalised payslips to report');
    const bp21 = await previewTaxReport(ctx, view(), { period: '2026-12', kind: 'bp21' });
    expect(bp21.rows.map((r) => r.employeeId).sort()).toEqual([ids.dina, ids.fred].sort());
  });

  it('BPA1 is XSD-valid and equals the 1721-A1 summary to the rupiah, nil tax included', async () => {
    const { rows } = await exported('bpa1', '2026-12');
    expect(rows).toHaveLength(3);
    for (const key of ['alice', 'bob', 'nina'] as const) {
      const id = ids[key]!;
      const e = await tdb.db.selectFrom('employees').select('national_id').where('id', '=', id).executeTakeFirstOrThrow();
      const row = rows.find((r) => r.CounterpartTin === e.national_id)!;
      const detail = await getIncomeTax(ctx, view(), { id, year: 2026 });
      const summary = (await incomeTaxSummary(ctx, view(), { employeeId: id, year: 2026 }))!;
      const line = (no: number) => detail.a1.find((l) => l.no === no)!.amount;
      for (const [tag, no] of Object.entries(BPA1_LINES)) expect(row[tag], `${key} ${tag}`).toBe(line(no));
      const income = [
        'SalaryPensionJhtTht',
        'IncomeTaxBenefit',
        'OtherBenefit',
        'Honorarium',
        'InsurancePaidByEmployer',
        'Natura',
        'TantiemBonusThr',
      ];
      expect(sumOf(income.map((t) => row[t]!)).toString()).toBe(summary.taxableGross);
      expect(row.Article21IncomeTax).toBe(summary.totalWithheld);
      expect(row).toMatchObject({
        TaxPeriodMonthStart: '11',
        TaxPeriodMonthEnd: '12',
        StatusOfWithholding: 'PartialYear',
        NumberOfMonths: '2',
        TaxExemptOpt: summary.ptkpStatus,
        GrossUpOpt: 'No',
        WithholdingDate: '2026-12-31',
      });
    }
    // Nina earns below PTKP: her BPA1 is there with nil tax (Coretax requires it).
    expect(rows.find((r) => r.CounterpartTin === nik(3))!.Article21IncomeTax).toBe('0');
  });
});

describe('data scope', () => {
  it('a department-scoped user previews their employees only and cannot export or download a file', async () => {
    const p = await previewTaxReport(ctx, view(scoped), { period: '2026-11', kind: 'bpmp' });
    expect(p.rows.map((r) => r.employeeId).sort()).toEqual([ids.alice, ids.nina].sort());
    const e = await failure(exportTaxReport(ctx, upd(scoped), { period: '2026-10', kind: 'bpmp' }));
    expect(e.code).toBe('FORBIDDEN');
    const [x] = (await listTaxReports(ctx, view(), {})).rows;
    expect((await failure(downloadTaxReport(ctx, view(scoped), { id: x!.id }))).code).toBe('FORBIDDEN');
  });
});
