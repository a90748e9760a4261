import ExcelJS from 'exceljs';
import type { Ctx } from '../shared/context';
import { renderPdf } from '../shared/pdf';
import type { In } from '../shared/zod';
import { visibleMember } from './access';
import { balanceOfMember, ledgerWithBalance } from './balances';
import { ddmmyyyy, formatRupiahDigits, todayOf } from './format';
import { xlsxDownload } from '../shared/xlsx';
import type { Any } from './grants';
import { type CooperativeFileDownload, cooperativeStatementInput } from './schema';
import { pdfDownload } from '../shared/file-download';

// Member statement

/** The member statement: every ledger entry with its running balance, as XLSX (base64). */
export async function downloadCooperativeStatement(
  ctx: Ctx,
  grant: Any,
  raw: In<typeof cooperativeStatementInput>,
): Promise<CooperativeFileDownload> {
  const { id, format } = cooperativeStatementInput.parse(raw);
  const member = await visibleMember(ctx.db, grant.actor, id);
  const balance = await balanceOfMember(ctx.db, member);
  const { rows } = await ledgerWithBalance(ctx.db, id, undefined, undefined, 'asc', 100_000, 0);
  if (format === 'pdf') {
    const rp = (v: string) => `Rp ${formatRupiahDigits(v)}`;
    const pdf = await renderPdf({
      title: 'Cooperative member statement',
      subtitle: `${member.employeeNumber} ${member.name}`,
      facts: [
        ['Member', `${member.employeeNumber} ${member.name}`],
        ['Joined', ddmmyyyy(member.joinDate)],
        ...balance.products.map((p): [string, string] => [p.label, rp(p.balance)]),
        ['Total balance', rp(balance.total)],
        ['Printed', ddmmyyyy(todayOf(ctx))],
      ],
      tables: [
        {
          title: 'Entries',
          columns: [
            { label: 'Date', width: 1.1 },
            { label: 'Saving', width: 1.4 },
            { label: 'Type', width: 1.3 },
            { label: 'Period', width: 0.9 },
            { label: 'Amount (Rp)', width: 1.3, align: 'right' },
            { label: 'Balance (Rp)', width: 1.3, align: 'right' },
            { label: 'Note', width: 2 },
          ],
          rows: rows.map((r) => [
            ddmmyyyy(r.date),
            r.productLabel,
            r.kindLabel,
            r.period ?? '',
            formatRupiahDigits(r.amount),
            formatRupiahDigits(r.balance),
            r.note ?? '',
          ]),
          footer: ['Total', '', '', '', '', formatRupiahDigits(balance.total), ''],
        },
      ],
      footerText: `Cooperative statement ${member.employeeNumber}`,
    });
    return pdfDownload(`cooperative-statement-${member.employeeNumber}.pdf`, pdf);
  }
  const wb = new ExcelJS.Workbook();
  wb.created = ctx.clock();
  const ws = wb.addWorksheet('Statement');
  ws.addRow(['Cooperative member statement']).font = { bold: true };
  ws.addRow(['Member', `${member.employeeNumber} ${member.name}`]);
  ws.addRow(['Joined', ddmmyyyy(member.joinDate)]);
  ws.addRow(['Printed', ddmmyyyy(todayOf(ctx))]);
  for (const p of balance.products) ws.addRow([p.label, Number(p.balance)]);
  ws.addRow(['Total', Number(balance.total)]);
  ws.addRow([]);
  const header = ws.addRow(['Date', 'Product', 'Type', 'Period', 'Amount', 'Balance', 'Note']);
  header.font = { bold: true };
  // Rupiah amounts are whole numbers well below 2^53, so a spreadsheet number is exact.
  for (const r of rows)
    ws.addRow([ddmmyyyy(r.date), r.productLabel, r.kindLabel, r.period ?? '', Number(r.amount), Number(r.balance), r.note ?? '']);
  ws.columns.forEach((c, i) => {
    c.width = [12, 20, 18, 10, 16, 16, 30][i] ?? 12;
  });
  return xlsxDownload(wb, `cooperative-statement-${member.employeeNumber}.xlsx`);
}
