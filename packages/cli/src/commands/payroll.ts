import { writeFile } from 'node:fs/promises';
import { type Actor, requirePermission } from '@hr/core/access';
import {
  dryRunThr,
  generateRunInput,
  generateThr,
  generateThrInput,
  payrollWorkbook,
  runPayroll,
  type SlipTotals,
  streamPayrollRun,
  THR_HOLIDAYS,
  type ThrHoliday,
  thrDatesFor,
  thrPayDateFor,
} from '@hr/core/payroll';
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
    .option('--confirm-future', 'generate a month that has not started yet (refused without it)')
    .action(async (raw: { period: string; office?: string; dryRun?: boolean; confirmFuture?: boolean }) => {
      const input = generateRunInput.parse({
        period: raw.period,
        companyOfficeId: raw.office,
        ...(raw.confirmFuture ? { confirmFuturePeriod: true } : {}),
      });
      await withDatabase(cfg, async (_h, services) => {
        const ctx = services.ctx(null, 'cli:payroll run');
        if (raw.dryRun) {
          // Only each payslip's totals are kept: a dry run of 100,000 employees holds no lines in memory.
          const slips: SlipTotals[] = [];
          const run = await streamPayrollRun(ctx, {
            ...input,
            onBatch: async (b) => {
              slips.push(...b.totals);
            },
          });
          io.out(`Dry run ${input.period}${input.companyOfficeId ? ` office #${input.companyOfficeId}` : ''}: nothing written.`);
          io.out(`Employees: ${slips.length} (skipped ${run.skipped.length})`);
          io.out(`Gross: ${rupiah(sumOf(slips.map((s) => s.gross)))}`);
          io.out(`Tax (PPh 21): ${rupiah(sumOf(slips.map((s) => s.pph21)))}`);
          io.out(`Net: ${rupiah(sumOf(slips.map((s) => s.net)))}`);
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
    .command('thr')
    .description('Generate (or re-generate) the draft THR run of a religious holiday; --dry-run computes without writing')
    .requiredOption('--holiday <code|name>', `the holiday: ${THR_HOLIDAYS.map((h) => `${h.code} ${h.name}`).join(', ')}`)
    .requiredOption('--year <yyyy>', 'the year of the holiday')
    .option('--date <yyyy-mm-dd>', "the holiday's date (default: from the holiday calendar)")
    .option('--pay-date <yyyy-mm-dd>', 'when the THR is paid (default: 7 days before the holiday)')
    .option('--office <id>', 'only this company office')
    .option('--pay-other-religions', 'also pay employees whose religion has none of the four holidays')
    .option('--dry-run', 'compute and print the summary, write nothing')
    .option('--json', 'print the result as one JSON object')
    .action(
      async (raw: {
        holiday: string;
        year: string;
        date?: string;
        payDate?: string;
        office?: string;
        payOtherReligions?: boolean;
        dryRun?: boolean;
        json?: boolean;
      }) => {
        const holiday = thrHolidayOf(raw.holiday);
        if (!/^\d{4}$/.test(raw.year)) throw new CliError('year: must be a year yyyy');
        if (raw.office !== undefined && !/^[1-9]\d{0,9}$/.test(raw.office)) throw new CliError('office: must be an office id');
        await withDatabase(cfg, async (_h, services) => {
          const ctx = services.ctx(null, `cli:payroll thr${raw.dryRun ? ' --dry-run' : ''}`);
          const holidayDate = raw.date ?? (await holidayDateOf(services.db, holiday, raw.year, raw.office));
          if (holidayDate.slice(0, 4) !== raw.year) throw new CliError(`date: must be in ${raw.year}`);
          const input = generateThrInput.parse({
            holiday,
            holidayDate,
            payDate: raw.payDate ?? thrPayDateFor(holidayDate),
            companyOfficeId: raw.office,
            payOtherReligions: raw.payOtherReligions ?? false,
          });
          const grant = requirePermission(CLI_ACTOR, 'salary.update');
          const name = THR_HOLIDAYS.find((h) => h.code === holiday)!.name;
          const where = `${input.companyOfficeId ? ` office #${input.companyOfficeId}` : ''} (holiday ${input.holidayDate}, pay date ${input.payDate})`;
          if (raw.dryRun) {
            const r = await dryRunThr(ctx, grant, input);
            if (raw.json)
              return io.out(JSON.stringify({ dryRun: true, holidayDate: input.holidayDate, payDate: input.payDate, ...r }));
            io.out(`Dry run THR ${name} ${r.year}${where}: nothing written.`);
            io.out(`Employees: ${r.employees - r.notEligible} eligible, ${r.notEligible} not eligible`);
            io.out(`Total THR: ${rupiah(r.total)}`);
            io.out(`PPh 21 estimate: ${rupiah(r.pph21Estimate)}`);
            return;
          }
          const r = await generateThr(ctx, grant, input);
          if (raw.json)
            return io.out(JSON.stringify({ dryRun: false, holidayDate: input.holidayDate, payDate: input.payDate, ...r }));
          io.out(
            `Draft THR run #${r.runId}: THR ${name} ${r.year}${where}` +
              (r.replacedRunId ? ` (replaces draft #${r.replacedRunId})` : '') +
              '.',
          );
          io.out(`Employees: ${r.employees - r.notEligible} eligible, ${r.notEligible} not eligible`);
          io.out(`Total THR: ${rupiah(r.total)}`);
          io.out(`PPh 21 estimate: ${rupiah(r.pph21Estimate)}`);
        });
      },
    );

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

/**
 * The CLI acts as the system with company-wide scope (like `hr payroll run`, which needs no grant): whoever can
 * run it can open the database. Its runs record no user (created_by null).
 */
export const CLI_ACTOR: Actor = {
  userId: 0,
  email: 'cli',
  employeeId: null,
  companyOfficeId: null,
  departmentId: null,
  divisionId: null,
  roles: ['superadmin'],
  permissions: new Set(['salary.view', 'salary.update'] as const),
  kind: 'user',
};

/** `--holiday`: a code 1–4 or a name ("Idul Fitri", "natal", "waisak", …; case-insensitive, part of the name). */
export function thrHolidayOf(raw: string): ThrHoliday {
  const v = raw.trim().toLowerCase();
  const byCode = THR_HOLIDAYS.find((h) => String(h.code) === v);
  const byName = THR_HOLIDAYS.filter((h) => v.length >= 3 && h.name.toLowerCase().includes(v));
  const found = byCode ?? (byName.length === 1 ? byName[0] : undefined);
  if (!found) throw new CliError(`holiday: must be one of ${THR_HOLIDAYS.map((h) => `${h.code} (${h.name})`).join(', ')}`);
  return found.code;
}

/** The first day of the holiday in the year from the holiday calendar (company-wide, or the office's own): core's thrDatesFor, as the generate screen uses it. */
async function holidayDateOf(db: Parameters<typeof payrollWorkbook>[0], holiday: ThrHoliday, year: string, office?: string) {
  const { holidayDate } = await thrDatesFor(
    db,
    { holiday, year: Number(year), ...(office ? { companyOfficeId: Number(office) } : {}) },
    // The year is given: the first of that year; `today` only matters without one.
    `${year}-01-01`,
  );
  if (!holidayDate) {
    const name = THR_HOLIDAYS.find((h) => h.code === holiday)!.name;
    throw new CliError(`No ${name} in the ${year} holiday calendar; add it to the holidays or pass --date yyyy-mm-dd`);
  }
  return holidayDate;
}
