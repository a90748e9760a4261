import {
  bpjsInput,
  calculateBpjs,
  calculateOvertime,
  calculatePph21,
  calculatePph21Daily,
  calculateThr,
  overtimeInput,
  pph21DailyInput,
  pph21Input,
  type TraceMap,
  thrInput,
} from '@hr/core/browser';
import type { Command } from 'commander';
import type { z } from 'zod';
import { CliError } from '../errors';
import type { Io } from '../runtime';

/** `hr calc` refuses invalid input with exit code 2 (issue 5, calculator contract). */
export const EXIT_INVALID_INPUT = 2;

interface Calculator {
  description: string;
  schema: z.ZodType;
  /** `warnings`: computed anyway, but worth a second look (e.g. a JKK rate outside the PP 44/2015 groups); go to stderr. */
  run: (input: never) => { output: unknown; trace: TraceMap; warnings?: readonly string[] };
}

// The public calculator contract (issue 5): one JSON object in on stdin, one JSON object out on stdout.
// Pure functions from @hr/core's browser surface: no database is opened and the data-dir lock is not taken.
const CALCULATORS: Record<string, Calculator> = {
  pph21: {
    description: 'PPh 21 of a tax year: monthly TER and the last-period reconciliation (PMK 168/2023)',
    schema: pph21Input,
    run: calculatePph21,
  },
  'pph21-daily': {
    description: 'PPh 21 of daily / piece / unit workers: daily TER, Art. 17 × 50% above 2,500,000 a day',
    schema: pph21DailyInput,
    run: calculatePph21Daily,
  },
  overtime: {
    // The same calculateOvertime the payslip and the pay preview call: give monthlyWage, or basicSalary with
    // employmentType (daily: the daily rate × 21 or 25) and fixedAllowances, and overtimeWageBase computes the wage.
    description:
      'Overtime pay of one day (PP 35/2021: monthly wage from monthlyWage or basicSalary + employmentType + allowances, 1/173 hourly wage, multipliers)',
    schema: overtimeInput,
    run: calculateOvertime,
  },
  thr: { description: 'THR: months of service, eligibility and amount (Permenaker 6/2016)', schema: thrInput, run: calculateThr },
  bpjs: {
    description:
      'BPJS Kesehatan, JHT, JP, JKK, JKM with the wage caps in force on the pay date (built-in legal table); any JKK rate 0–10%, warns outside the PP 44/2015 groups',
    schema: bpjsInput,
    run: calculateBpjs,
  },
};

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let v: unknown = root;
  for (const k of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[k];
  }
  return v;
}

/** The zod issues as one line naming each bad field by its JSON path ("months.0.gross: …; taxYear: …"). */
export function describeIssues(issues: readonly z.core.$ZodIssue[], input: unknown): string {
  const parts = issues.map((i) => {
    const where = i.path.map(String).join('.');
    if (i.code === 'unrecognized_keys') {
      return i.keys.map((k) => `${where ? `${where}.` : ''}${k}: is not a known field`).join('; ');
    }
    const msg = i.code !== 'custom' && valueAt(input, i.path) === undefined ? 'is required' : i.message;
    return `${where || 'input'}: ${msg}`;
  });
  return parts.join('; ');
}

/**
 * Parses and runs one calculator on a JSON text; throws CliError(exit 2) naming the bad field. The calculator's
 * warnings go to `onWarning` (the command prints them on stderr; stdout stays one JSON object).
 */
export function runCalculator(
  name: string,
  text: string,
  withTrace: boolean,
  onWarning: (warning: string) => void = () => {},
): string {
  const calc = CALCULATORS[name];
  if (!calc) throw new CliError(`unknown calculator ${name}`, EXIT_INVALID_INPUT);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new CliError(`input: not valid JSON (${(e as Error).message.replace(/\s+/g, ' ').trim()})`, EXIT_INVALID_INPUT);
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json)) {
    throw new CliError('input: must be one JSON object', EXIT_INVALID_INPUT);
  }
  const parsed = calc.schema.safeParse(json);
  if (!parsed.success) throw new CliError(describeIssues(parsed.error.issues, json), EXIT_INVALID_INPUT);
  const { output, trace, warnings } = calc.run(parsed.data as never);
  for (const w of warnings ?? []) onWarning(w);
  return JSON.stringify(withTrace ? { ...(output as object), trace } : output);
}

/** `hr calc <name>`: the payroll calculators. */
export function registerCalcCommands(program: Command, io: Io): void {
  const calc = program
    .command('calc')
    .description('Payroll calculators: read one JSON object on stdin, write one JSON object on stdout (no database needed)');
  for (const [name, c] of Object.entries(CALCULATORS)) {
    calc
      .command(name)
      .description(c.description)
      .option('--trace', 'add a "trace" object: rule, formula, inputs and source of every amount')
      .action(async (opts: { trace?: boolean }) => {
        io.out(runCalculator(name, await (io.readInput?.() ?? readStdin()), opts.trace === true, (w) => io.err(`warning: ${w}`)));
      });
  }
}
