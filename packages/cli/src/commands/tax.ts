import { writeFile } from 'node:fs/promises';
import { requirePermission } from '@hr/core/access';
import { AppError } from '@hr/core/shared';
import { exportTaxReport, taxReportExportInput } from '@hr/core/tax-reporting';
import type { Command } from 'commander';
import type { CliConfig } from '../config';
import { CliError } from '../errors';
import { type Io, withDatabase } from '../runtime';
import { CLI_ACTOR } from './payroll';

/**
 * `hr tax export`: the Coretax e-Bupot PPh 21 file of a month (issue 18 §1; docs/coretax.md), recorded like an
 * export from the web app. Exits 1 with one line per employee while any lacks a valid NIK or NPWP.
 */
export function registerTaxCommands(program: Command, cfg: CliConfig, io: Io): void {
  const tax = program.command('tax').description('Coretax e-Bupot PPh 21 files');
  tax
    .command('export')
    .description('Write the BPMP, BP21 or BPA1 XML of a month from its finalised payroll')
    .requiredOption('--period <yyyy-mm>', 'the tax period (month), e.g. 2026-11')
    .requiredOption('--kind <bpmp|bp21|bpa1>', 'bpmp: permanent employees (TER); bp21: non-permanent; bpa1: 1721-A1')
    .requiredOption('--out <file>', 'the .xml file to write')
    .option('--office <id>', 'only this company office')
    .option('--replacement', 'a replacement (pembetulan) of the filed export: only the slips changed since')
    .action(async (raw: { period: string; kind: string; out: string; office?: string; replacement?: boolean }) => {
      const input = taxReportExportInput.parse({
        period: raw.period,
        kind: raw.kind,
        companyOfficeId: raw.office,
        replacement: raw.replacement ?? false,
      });
      if (!raw.out.toLowerCase().endsWith('.xml')) throw new CliError('out: must be a .xml file name');
      await withDatabase(cfg, async (_h, services) => {
        const ctx = services.ctx(null, 'cli:tax export');
        const file = await exportTaxReport(ctx, requirePermission(CLI_ACTOR, 'salary.update'), input).catch((e: unknown) => {
          throw blockedEmployees(e) ?? e;
        });
        await writeFile(raw.out, Buffer.from(file.base64, 'base64'));
        io.out(`Wrote export #${file.id} (${file.fileName}) to ${raw.out}.`);
      });
    });
}

/** The refusal of an export with employees that cannot be reported: one line per employee. */
function blockedEmployees(e: unknown): CliError | null {
  if (!(e instanceof AppError) || e.code !== 'PRECONDITION_FAILED' || !e.detail) return null;
  const list = JSON.parse(e.detail) as { name: string; errors: string[] }[];
  return new CliError(
    [
      `${list.length} employee${list.length === 1 ? '' : 's'} cannot be reported yet:`,
      ...list.map((r) => `  ${r.name}: ${r.errors.join('; ')}`),
    ].join('\n'),
  );
}
