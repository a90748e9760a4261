import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT_INVALID_INPUT, runCalculator } from './commands/calc';
import { CliError } from './errors';
import { dataDirHeldByServer, hrInProcess, type Result, runHr, tempDir } from './testing/run-hr';

// Runs the real `hr calc …` as a child process with JSON on standard input, exactly as a script would.
function spawnCalc(args: string[], stdin: string, env: Record<string, string> = {}): Promise<Result> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  return runHr(['calc', ...args], childEnv, stdin);
}
// The same command tree in-process (the spawned cases prove the binary's stdin, stdout and exit codes):
// starting the binary costs seconds per call on a loaded 2-core machine.
function calc(args: string[], stdin: string, env: Record<string, string> = {}): Promise<Result> {
  return hrInProcess(['calc', ...args], env, stdin);
}

const ok = async (name: string, input: unknown, args: string[] = [], run = calc) => {
  const r = await run([name, ...args], JSON.stringify(input), { DATA_DIR: tempDir() });
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  expect(r.stdout.endsWith('\n')).toBe(true);
  expect(r.stdout.trim().split('\n')).toHaveLength(1);
  return JSON.parse(r.stdout);
};

describe('hr calc: the public calculator contract (issue 5)', () => {
  it('pph21 with the issue’s example input (the real binary: JSON on stdin, one line on stdout)', async () => {
    const input = {
      taxYear: 2026,
      ptkpStatus: 'K/1',
      employeeType: 'permanent',
      lastTaxPeriod: 12,
      annualise: false,
      grossUp: false,
      months: [{ month: 1, gross: 10000000, annualDeductions: 100000 }],
    };
    const out = await ok('pph21', input, [], spawnCalc);
    expect(out).toEqual({
      monthly: [{ month: 1, gross: 10000000, terCategory: 'B', terRatePercent: 1.5, pph21: 150000 }],
      lastPeriod: null,
    });
  });

  it('pph21 reconciles the last tax period and can refund', async () => {
    const months = Array.from({ length: 12 }, (_, i) => ({
      month: i + 1,
      gross: i === 2 ? 16000000 : 8000000,
      annualDeductions: 240000,
    }));
    const out = await ok('pph21', { taxYear: 2026, ptkpStatus: 'TK/0', months });
    expect(out.monthly).toHaveLength(11);
    expect(out.lastPeriod).toEqual({
      month: 12,
      grossYear: 104000000,
      biayaJabatan: 5200000,
      deductions: 2880000,
      netIncome: 95920000,
      ptkp: 54000000,
      pkp: 41920000,
      pph21Year: 2096000,
      withheldBefore: 2320000,
      pph21: -224000,
    });
  });

  it('pph21-daily', async () => {
    expect(await ok('pph21-daily', { taxYear: 2026, dailyGross: [500000, 450000, 3000000] })).toEqual({
      days: [
        { gross: 500000, ratePercent: 0.5, pph21: 2500 },
        { gross: 450000, ratePercent: 0, pph21: 0 },
        { gross: 3000000, ratePercent: 2.5, pph21: 75000 },
      ],
      total: 77500,
    });
  });

  it('overtime', async () => {
    expect(
      await ok('overtime', { monthlyWage: 5000000, workWeek: 5, dayType: 'workday', hours: 3, hourlyWageRounding: 'floor' }),
    ).toEqual({
      monthlyWage: 5000000,
      hourlyWage: 28901,
      hours: [
        { hour: 1, multiplier: 1.5, pay: 43352 },
        { hour: 2, multiplier: 2, pay: 57802 },
        { hour: 3, multiplier: 2, pay: 57802 },
      ],
      pay: 158956,
    });
  });

  it('overtime of a daily worker from the wage the payslip knows (issue 17: daily rate × 21, not the daily rate)', async () => {
    const out = await ok(
      'overtime',
      { employmentType: 'daily', basicSalary: 280000, workWeek: 5, dayType: 'workday', hours: 2 },
      ['--trace'],
    );
    expect(out).toMatchObject({ monthlyWage: 5880000, pay: 118960 });
    expect(out.trace.monthlyWage).toMatchObject({
      formula: 'round half up(dailyRate × 21 + fixed allowances)',
      source: expect.stringMatching(/PP 35\/2021 Pasal 32/),
    });
  });

  it('thr', async () => {
    expect(await ok('thr', { monthlyWage: 5000000, joinDate: '2025-06-10', holidayDate: '2026-03-20' })).toEqual({
      monthsOfService: 9,
      eligible: true,
      thr: 3750000,
    });
  });

  it('bpjs, with --trace explaining each amount', async () => {
    const out = await ok('bpjs', { salary: 15000000, payDate: '2026-04-25', jkkRatePercent: 0.24, extraFamilyMembers: 0 }, [
      '--trace',
    ]);
    const { trace, ...rest } = out;
    expect(rest).toEqual({
      kesehatan: { base: 12000000, employer: 480000, employee: 120000, extraFamily: 0 },
      jht: { employer: 555000, employee: 300000 },
      jp: { base: 11086300, employer: 221726, employee: 110863 },
      jkk: { employer: 36000 },
      jkm: { employer: 45000 },
      taxableEmployerPremiums: 561000,
    });
    expect(trace['jp.base']).toMatchObject({
      rule: 'JP wage base',
      formula: 'min(salary, JP wage cap on payDate)',
      inputs: { wageCap: 11086300 },
    });
    expect(trace['jp.base'].source).toMatch(/PP 45\/2015/);
  });
});

describe('hr calc refuses invalid input with exit code 2 and one line naming the field', () => {
  it.each([
    [
      'pph21',
      '{"ptkpStatus":"K/1","months":[{"month":1,"gross":"10000000"}],"bonus":1}',
      'taxYear: is required; months.0.gross: must be a whole number of rupiah; bonus: is not a known field',
    ],
    ['bpjs', '[1,2]', 'input: must be one JSON object'],
    ['thr', '{"monthlyWage": 5000000,', 'input: not valid JSON'],
  ])('hr calc %s %s', async (name, stdin, message) => {
    const r = await spawnCalc([name], stdin, { DATA_DIR: tempDir() });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.endsWith('\n')).toBe(true);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr.startsWith(message)).toBe(true);
  });

  // The same parser in-process (the spawned cases above prove the exit code and the one line).
  it.each([
    [
      'pph21',
      '{"taxYear":2026,"ptkpStatus":"K/I/1","months":[{"month":1,"gross":1}]}',
      'ptkpStatus: must be one of TK/0, TK/1, TK/2, TK/3, K/0, K/1, K/2, K/3 (K/I/x is for the annual return only)',
    ],
    [
      'pph21',
      '{"taxYear":2026,"ptkpStatus":"K/1","lastTaxPeriod":8,"months":[{"month":9,"gross":1}]}',
      'months.0.month: must not be after lastTaxPeriod (8)',
    ],
    [
      'pph21',
      '{"taxYear":2026,"ptkpStatus":"K/1","months":[{"month":3,"gross":1},{"month":3,"gross":2}]}',
      'months.1.month: month 3 is listed twice',
    ],
    ['pph21', '{"taxYear":2026,"ptkpStatus":"K/1","months":[]}', 'months: must list at least one month'],
    [
      'pph21',
      '{"taxYear":2026,"ptkpStatus":"K/1","grossUp":"yes","months":[{"month":1,"gross":-5}]}',
      'grossUp: grossUp must be true or false; months.0.gross: must not be negative',
    ],
    [
      'pph21-daily',
      '{"taxYear":2023,"dailyGross":[1]}',
      'taxYear: must be 2024 or later: the TER method applies from 1 January 2024 (PP 58/2023)',
    ],
    ['pph21-daily', '{"taxYear":2026,"dailyGross":[1.5]}', 'dailyGross.0: must be a whole number of rupiah'],
    [
      'overtime',
      '{"monthlyWage":5000000,"workWeek":5,"dayType":"weekend","hours":3}',
      'dayType: must be one of workday, restday, holiday-shortest-workday',
    ],
    ['overtime', '{"monthlyWage":5000000,"workWeek":5,"dayType":"workday","hours":0}', 'hours: must be more than 0'],
    ['overtime', '{"monthlyWage":5000000,"dayType":"workday","hours":1}', 'workWeek: is required'],
    ['overtime', '{"workWeek":5,"dayType":"workday","hours":1}', 'monthlyWage: is required (or give basicSalary)'],
    [
      'overtime',
      '{"monthlyWage":5000000,"fixedAllowances":1,"workWeek":5,"dayType":"workday","hours":1}',
      'fixedAllowances: only with basicSalary',
    ],
    [
      'overtime',
      '{"monthlyWage":5000000,"workWeek":6,"dayType":"restday","hours":12}',
      'hours: must be at most 11 on a restday in a 6-day week (PP 35/2021 Pasal 31)',
    ],
    ['thr', '{"monthlyWage":5000000,"joinDate":"2025-02-30","holidayDate":"2026-03-20"}', 'joinDate: must be a real date'],
    ['thr', '{"monthlyWage":5000000,"joinDate":"2025-02-03"}', 'holidayDate: is required'],
    [
      'bpjs',
      '{"salary":15000000,"payDate":"2026-04-25","jkkRatePercent":24}',
      // Any rate from 0 to 10% is accepted since issue 18 §4 (0.5 warns); 24 is out of range.
      'jkkRatePercent: must be from 0 to 10 (% of monthly wage)',
    ],
    [
      'bpjs',
      '{"salary":15000000,"payDate":"2023-02-28","jkkRatePercent":0.24}',
      'payDate: must be 2023-03-01 or later (the earliest JP wage cap on record)',
    ],
  ])('%s %s', (name, stdin, message) => {
    let error: unknown;
    try {
      runCalculator(name, stdin, false);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).exitCode).toBe(EXIT_INVALID_INPUT);
    expect((error as CliError).message).toBe(message);
  });
});

describe('hr calc needs no database', () => {
  // A live process "owns" DATA_DIR the way packages/core/src/db/lock.ts records it: calc must not care.
  const { dataDir } = dataDirHeldByServer();

  it('works while a server holds the data-dir lock, without creating a database', async () => {
    const r = await calc(['thr'], '{"monthlyWage":5000000,"joinDate":"2025-03-20","holidayDate":"2026-03-20"}', {
      DATA_DIR: dataDir,
    });
    expect(r).toEqual({ code: 0, stdout: '{"monthsOfService":12,"eligible":true,"thr":5000000}\n', stderr: '' });
    expect(readdirSync(dataDir)).toEqual(['owner.lock']);
    expect(existsSync(path.join(dataDir, 'pgdata'))).toBe(false);
  });

  it('works with DATABASE_URL pointing at no server (it never connects)', async () => {
    const r = await calc(['overtime'], '{"monthlyWage":1730000,"workWeek":6,"dayType":"restday","hours":8}', {
      DATA_DIR: tempDir(),
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
    });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).pay).toBe(170000); // 7 × 2 × 10,000 + 3 × 10,000
  });
});
