import { groupedRupiah as formatRupiah } from '../money';
import { renderPdf } from '../../shared/pdf';
import type { IncomeTaxDetail } from './schema';

const BASIS_NOTE: Record<IncomeTaxDetail['basis'], string> = {
  final: 'Last tax period: December (PMK 168/2023 Pasal 15(1)b).',
  left: 'Last tax period: the last month with a finalised payslip (the employee left or the year is over; not annualised).',
  projection:
    'PROJECTION, NOT FINAL: the year is still running. Lines 14–17 annualise the year-to-date net income; line 19 is line 17 × n/12 for the months so far.',
};

const mm = (n: number) => String(n).padStart(2, '0');

/** The 1721-A1-style annual summary of one employee as a PDF (lines 1–20 and the monthly withholding). */
export function a1Pdf(d: IncomeTaxDetail): Promise<Buffer> {
  const rp = (v: string) => formatRupiah(v);
  return renderPdf({
    title: `Bukti potong PPh 21 tahunan (1721-A1) ${d.year}`,
    subtitle: 'Annual PPh 21 summary for a permanent employee, from the finalised payslips',
    facts: [
      ['Employee', `${d.employeeNumber} ${d.name}`],
      ['Office', d.companyOffice ?? '-'],
      ['NPWP / NIK', d.taxId || d.nationalId || '-'],
      ['PTKP status', d.ptkpStatus],
      ['Tax year', String(d.year)],
      ['Tax period', `${mm(d.firstMonth)}/${d.year} – ${mm(d.lastMonth)}/${d.year}`],
    ],
    tables: [
      {
        title: 'Rincian penghasilan dan penghitungan PPh 21',
        columns: [
          { label: 'No', width: 0.4, align: 'right' },
          { label: 'Uraian', width: 5 },
          { label: 'Jumlah (Rp)', width: 1.6, align: 'right' },
        ],
        rows: d.a1.map((l) => [String(l.no), l.label, rp(l.amount)]),
      },
      {
        title: 'PPh 21 per month',
        columns: [
          { label: 'Period', width: 1 },
          { label: 'PTKP', width: 0.8 },
          { label: 'Taxable gross (Rp)', width: 1.6, align: 'right' },
          { label: 'JHT + JP (Rp)', width: 1.4, align: 'right' },
          { label: 'PPh 21 (Rp)', width: 1.4, align: 'right' },
        ],
        rows: d.months.map((m) => [
          `${mm(m.month)}/${d.year}`,
          m.ptkpStatus,
          rp(m.taxableGross),
          rp(m.annualDeductions),
          rp(m.pph21),
        ]),
        footer: ['Total', '', rp(d.taxableGross), '', rp(d.totalWithheld)],
      },
    ],
    notes: [
      BASIS_NOTE[d.basis],
      `Income-tax debt (line 19 - line 20): Rp ${rp(d.debt)} (positive: still owed by the employee; negative: over-withheld, to be refunded).`,
    ],
    footerText: `1721-A1 ${d.year} ${d.employeeNumber}`,
  });
}
