import { randomBytes } from 'node:crypto';
import PDFDocument from 'pdfkit';
import { groupedRupiah as formatRupiah } from '../money';
import type { PayslipDocRow } from './queries';

/*
 * The payslip as a PDF: one A4 page per payslip (a run's PDF has one page per employee), drawn with
 * pdfkit and the standard fonts only. It is its own small layout rather than shared/pdf.ts's renderPdf
 * because a payslip is a fixed one-page form: several of them go into one document, each starting on
 * a new page.
 */

const MARGIN = 40;
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** 'yyyy-mm' → 'November 2026'. */
export const periodLabel = (period: string): string => `${MONTHS[Number(period.slice(5, 7)) - 1] ?? ''} ${period.slice(0, 4)}`;

export const rp = (digits: string): string => `Rp ${formatRupiah(digits)}`;

export const TRACE_NOTE =
  'How every amount was calculated (rule, inputs and legal source) is shown in the HR app under Personal > Salary.';

/** Renders the payslips, one page each; with `userPassword` the PDF opens only with that password. */
export function renderPayslipsPdf(
  slips: readonly PayslipDocRow[],
  opts: { title: string; userPassword?: string },
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    autoFirstPage: false,
    info: { Title: opts.title, Creator: 'HR system' },
    // AES-128 (PDF 1.7). A random owner password keeps the "no changes" permission in force.
    ...(opts.userPassword
      ? {
          pdfVersion: '1.7' as const,
          userPassword: opts.userPassword,
          ownerPassword: randomBytes(18).toString('base64url'),
          permissions: { printing: 'highResolution' as const, copying: true, modifying: false },
        }
      : {}),
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  for (const slip of slips) drawPayslip(doc, slip);
  if (slips.length === 0) {
    doc.addPage();
    doc.font(FONT).fontSize(10).text('No payslips.');
  }
  doc.end();
  return done;
}

function drawPayslip(doc: PDFKit.PDFDocument, s: PayslipDocRow) {
  doc.addPage();
  const width = doc.page.width - MARGIN * 2;
  doc.font(BOLD).fontSize(16).fillColor('black').text('Payslip', MARGIN, MARGIN, { width });
  doc
    .font(FONT)
    .fontSize(10)
    .fillColor('#444')
    .text(`${[s.companyName, s.office].filter(Boolean).join(' · ')} · ${periodLabel(s.period)}`, { width });
  doc.fillColor('black').moveDown(0.8);

  const facts: [string, string][] = [
    // The company is the legal entity from the settings, the office is where the employee works (issue 19).
    ['Company', s.companyName || '-'],
    ['Office', s.office],
    ['Period', periodLabel(s.period)],
    ['Employee', s.employeeName],
    ['Employee number', s.employeeNumber],
    ['Position', s.position ?? '-'],
    ['Department', s.department ?? '-'],
    ['PTKP status', s.ptkpStatus],
    ['Status', s.runStatus === 'finalised' ? 'Final' : s.runStatus === 'draft' ? 'Draft (not final)' : 'Cancelled'],
  ];
  const half = width / 2;
  doc.fontSize(9);
  for (let i = 0; i < facts.length; i += 2) {
    const y = doc.y;
    let bottom = y;
    facts.slice(i, i + 2).forEach(([label, value], k) => {
      doc.font(BOLD).text(`${label}: `, MARGIN + k * half, y, { width: half - 10, continued: true });
      doc.font(FONT).text(value);
      bottom = Math.max(bottom, doc.y);
    });
    doc.y = bottom + 2;
  }
  doc.x = MARGIN;
  doc.moveDown(0.8);

  const section = (title: string, kind: PayslipDocRow['lines'][number]['kind'], total?: [string, string]) => {
    const lines = s.lines.filter((l) => l.kind === kind);
    if (lines.length === 0 && !total) return;
    doc.font(BOLD).fontSize(11).text(title, MARGIN, doc.y, { width });
    doc.moveDown(0.2);
    for (const l of lines) row(doc, l.name, rp(l.amount), width, FONT);
    if (total) row(doc, total[0], total[1], width, BOLD);
    doc.moveDown(0.6);
  };
  section('Earnings', 'earning', ['Gross pay', rp(s.gross)]);
  section('Deductions', 'deduction', ['Total deductions', rp(s.totalDeductions)]);
  section('Paid by the company (not deducted)', 'employer');

  doc.font(BOLD).fontSize(11).text('Summary', MARGIN, doc.y, { width });
  doc.moveDown(0.2);
  row(doc, 'Gross pay', rp(s.gross), width, FONT);
  row(doc, 'Total deductions', rp(s.totalDeductions), width, FONT);
  row(doc, 'of which PPh 21 (income tax)', rp(s.pph21), width, FONT);
  row(doc, 'Net pay', rp(s.net), width, BOLD);
  doc.moveDown(1);
  doc.font(FONT).fontSize(8).fillColor('#444').text(TRACE_NOTE, MARGIN, doc.y, { width });
  doc.fillColor('black');
}

function row(doc: PDFKit.PDFDocument, label: string, amount: string, width: number, font: string) {
  const y = doc.y;
  doc.font(font).fontSize(9);
  doc.text(label, MARGIN + 4, y, { width: width * 0.65 });
  const bottom = doc.y;
  doc.text(amount, MARGIN + width * 0.65, y, { width: width * 0.35 - 4, align: 'right' });
  doc.y = Math.max(bottom, doc.y) + 2;
  doc
    .moveTo(MARGIN, doc.y - 1)
    .lineTo(MARGIN + width, doc.y - 1)
    .lineWidth(0.5)
    .strokeColor('#dddddd')
    .stroke();
  doc.x = MARGIN;
}
