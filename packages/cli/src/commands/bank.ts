import { writeFile } from 'node:fs/promises';
import { requirePermission } from '@hr/core/access';
import {
  type BankTransferLine,
  bankTransferExportInput,
  bankTransferPreviewInput,
  exportBankTransfer,
  listBankTemplates,
  previewBankTransfer,
} from '@hr/core/bank-transfers';
import type { Command } from 'commander';
import type { CliConfig } from '../config';
import { type Io, withDatabase } from '../runtime';
import { CLI_ACTOR } from './payroll';

const rupiah = (s: string | bigint) => BigInt(s).toLocaleString('en-US');
const idList = (raw?: string) => (raw ? raw.split(',').map((s) => s.trim()) : []);

/** One line per employee the file will not pay, and why. */
function printLeftOut(io: Io, lines: readonly BankTransferLine[]): void {
  for (const l of lines.filter((x) => x.status !== 'pay'))
    io.out(
      `  #${l.employeeId} ${l.employeeNumber} ${l.employeeName}: ${l.status}, net ${rupiah(l.net)}` +
        (l.problems.length ? ` (${l.problems.map((p) => p.message).join('; ')})` : ''),
    );
}

/**
 * `hr bank …`: the salary transfer file of a finalised payroll run (issue 18 §2; docs/bank-files.md). The CLI
 * acts as the system with company-wide scope, like `hr payroll` (the export records no user).
 */
export function registerBankCommands(program: Command, cfg: CliConfig, io: Io): void {
  const bank = program.command('bank').description('Bank salary transfer files of finalised payroll runs');

  bank
    .command('templates')
    .description('List the transfer file templates (built-in and added by admins)')
    .action(async () => {
      await withDatabase(cfg, async (_h, services) => {
        const list = await listBankTemplates(
          services.ctx(null, 'cli:bank templates'),
          requirePermission(CLI_ACTOR, 'salary.view'),
        );
        for (const t of list)
          io.out(`${t.code}\t${t.format}\t${t.bankCode ?? 'any bank'}\t${t.builtIn ? 'built-in' : 'admin'}\t${t.name}`);
      });
    });

  bank
    .command('preview')
    .description('Show who a run pays by a template, and who cannot be paid and why; writes nothing')
    .requiredOption('--run <id>', 'the finalised payroll run')
    .requiredOption('--template <code>', 'the template, e.g. GENERIC-CSV (see `hr bank templates`)')
    .option('--exclude <ids>', 'employee ids to leave out on purpose, comma-separated')
    .action(async (raw: { run: string; template: string; exclude?: string }) => {
      const input = bankTransferPreviewInput.parse({
        id: raw.run,
        template: raw.template,
        excludeEmployeeIds: idList(raw.exclude),
      });
      await withDatabase(cfg, async (_h, services) => {
        const p = await previewBankTransfer(
          services.ctx(null, 'cli:bank preview'),
          requirePermission(CLI_ACTOR, 'salary.view'),
          input,
        );
        io.out(
          `Run #${p.runId} ${p.period}, template ${p.template.code}: net pay ${rupiah(p.runNet)} for ${p.employees} employees.`,
        );
        io.out(
          `Pays ${p.payCount} (${rupiah(p.payTotal)}); problems ${p.problemCount}; excluded ${p.excludedCount}; zero net ${p.zeroNetCount}.`,
        );
        printLeftOut(io, p.lines);
      });
    });

  bank
    .command('export')
    .description('Write the transfer file of a finalised run; refused while someone cannot be paid unless --exclude lists them')
    .requiredOption('--run <id>', 'the finalised payroll run')
    .requiredOption('--template <code>', 'the template, e.g. BCA-MULTIPAYROLL (see `hr bank templates`)')
    .requiredOption('--out <file>', 'the file to write')
    .option('--exclude <ids>', 'employee ids to leave out on purpose (paid another way), comma-separated')
    .option('--date <yyyy-mm-dd>', 'the effective transfer date written in the file (default: today)')
    .option('--company-code <code>', "the company's code at the bank, when the template does not carry it")
    .option('--company-account <digits>', "the company's debit account, when the template does not carry it")
    .action(
      async (raw: {
        run: string;
        template: string;
        out: string;
        exclude?: string;
        date?: string;
        companyCode?: string;
        companyAccount?: string;
      }) => {
        const input = bankTransferExportInput.parse({
          id: raw.run,
          template: raw.template,
          excludeEmployeeIds: idList(raw.exclude),
          effectiveDate: raw.date,
          companyCode: raw.companyCode,
          companyAccount: raw.companyAccount,
        });
        await withDatabase(cfg, async (_h, services) => {
          const r = await exportBankTransfer(
            services.ctx(null, 'cli:bank export'),
            requirePermission(CLI_ACTOR, 'salary.update'),
            input,
          );
          await writeFile(raw.out, Buffer.from(r.base64, 'base64'));
          io.out(`Wrote ${r.fileName} (export #${r.id}, template ${r.templateCode}) to ${raw.out}.`);
          io.out(
            `Transfers: ${r.rowCount}, total ${rupiah(r.total)} = run net ${rupiah(r.runNet)} − excluded ${rupiah(r.excludedTotal)}.`,
          );
          for (const x of [...r.excluded, ...r.zeroNet])
            io.out(`  left out #${x.employeeId} ${x.employeeNumber} ${x.employeeName}, net ${rupiah(x.net)}: ${x.reason}`);
        });
      },
    );
}
