import { writeFile } from 'node:fs/promises';
import { computePayrollRun, generateRunInput, payrollWorkbook, runPayroll } from '@hr/core';
import type { Command } from 'commander';
import type { CliConfig } from '../config';
import { CliError } from '../errors';
import { type Io, withDatabase } from '../runtime';

const rupiah = (s: string | number | bigint) => BigInt(s).toLocaleString('en-US');
const sumOf = (xs: readonly number[]) => xs.reduce((a, x) => a + BigInt(x), 0n);

/**
 * `hr payroll …`: scripted payroll runs (issue 5). The CLI acts as the system (like `hr user add`): whoever
 * can run it can open the database. Attendance figures are a full month without overtime (not linked yet).
 */
export function registerPayrollCommands(program: Command, cfg: CliConfig, io: Io): void {
  const payroll = program.command('payroll').description('Payroll runs');

  payroll
    .command('run')
    .description('Generate (or re-generate) the draft payroll of a month; --dry-run computes without writing')
    .requiredOption('--period <yyyy-mm>', 'the month, e.g. 2026-11')
    .option('--office <id>', 'only this company office')
    .option('--dry-run', 'compute and print the summary, write nothing')
    .action(async (raw: { period: string; office?: string; dryRun?: boolean }) => {
      const input = generateRunInput.parse({ period: raw.period, companyOfficeId: raw.office });
      await withDatabase(cfg, async (_h, services) => {
        const ctx = services.ctx(null, 'cli:payroll run');
        if (raw.dryRun) {
          const run = await computePayrollRun(ctx.db, input);
          io.out(`Dry run ${input.period}${input.companyOfficeId ? ` office #${input.companyOfficeId}` : ''}: nothing written.`);
          io.out(`Employees: ${run.slips.length} (skipped ${run.skipped.length})`);
          io.out(`Gross: ${rupiah(sumOf(run.slips.map((s) => s.gross)))}`);
          io.out(`Tax (PPh 21): ${rupiah(sumOf(run.slips.map((s) => s.pph21)))}`);
          io.out(`Net: ${rupiah(sumOf(run.slips.map((s) => s.net)))}`);
          return;
        }
        const r = await runPayroll(ctx, input);
        io.out(
          `Draft payroll run #${r.runId} for ${r.period}${r.companyOfficeId ? ` office #${r.companyOfficeId}` : ''}` +
            (r.replacedRunId ? ` (replaces draft #${r.replacedRunId})` : '') +
            '.',
        );
        io.out(`Employees: ${r.employees} (skipped ${r.skipped.length})`);
        io.out(`Gross: ${rupiah(r.gross)}`);
        io.out(`Tax (PPh 21): ${rupiah(r.tax)}`);
        io.out(`Net: ${rupiah(r.net)}`);
      });
    });

  payroll
    .command('export')
    .description('Write the payroll of a month (finalised, else draft) as an XLSX file')
    .requiredOption('--period <yyyy-mm>', 'the month, e.g. 2026-11')
    .option('--office <id>', 'the office run, when the month has several')
    .requiredOption('--out <file>', 'the .xlsx file to write')
    .action(async (raw: { period: string; office?: string; out: string }) => {
      const input = generateRunInput.parse({ period: raw.period, companyOfficeId: raw.office });
      if (!raw.out.toLowerCase().endsWith('.xlsx')) throw new CliError('out: must be a .xlsx file name');
      await withDatabase(cfg, async (_h, services) => {
        let q = services.db
          .selectFrom('payroll_runs')
          .select(['id', 'status', 'company_office_id'])
          .where('period', '=', input.period)
          .where('status', 'in', ['draft', 'finalised']);
        if (input.companyOfficeId) q = q.where('company_office_id', '=', input.companyOfficeId);
        const runs = await q.orderBy('id').execute();
        if (runs.length === 0)
          throw new CliError(`No payroll run for ${input.period}; run \`hr payroll run --period ${input.period}\` first`);
        if (runs.length > 1)
          throw new CliError(`${input.period} has ${runs.length} runs (one per office); choose one with --office`);
        const run = runs[0]!;
        const { buffer } = await payrollWorkbook(services.db, run.id, { kind: 'all' });
        await writeFile(raw.out, buffer);
        io.out(`Wrote ${run.status} payroll run #${run.id} for ${input.period} to ${raw.out}.`);
      });
    });
}
