import { describe, expect, it } from 'vitest';
import { EXIT_INVALID_INPUT, runCalculator } from './commands/calc';
import { CliError } from './errors';
import { runHr, tempDir } from './testing/run-hr';

// `hr calc bpjs` takes any JKK rate from 0 to 10% (issue 18 §4: an official worked example uses 0.5%) and warns on
// stderr when the rate is none of the PP 44/2015 groups nor their 50% relief (PP 7/2025).

const input = (jkkRatePercent: number) => JSON.stringify({ salary: 10_000_000, payDate: '2026-04-25', jkkRatePercent });

describe('hr calc bpjs: JKK rates 0–10%', () => {
  it('computes 0.5% with a warning on stderr; stdout stays one JSON object', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: tempDir() };
    delete env.DATABASE_URL;
    const r = await runHr(['calc', 'bpjs'], env, input(0.5));
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).jkk).toEqual({ employer: 50_000 });
    expect(r.stderr).toMatch(
      /^warning: jkkRatePercent 0\.5 is not a PP 44\/2015 risk group rate \(0\.24, 0\.54, 0\.89, 1\.27, 1\.74\)/,
    );
  });

  it('group rates, relief halves, 0 and 10 pass; only 0 and 10 of these warn', () => {
    const warned = (rate: number) => {
      const w: string[] = [];
      const out = JSON.parse(runCalculator('bpjs', input(rate), false, (x) => w.push(x)));
      return { jkk: out.jkk.employer as number, warned: w.length > 0 };
    };
    expect(warned(0.24)).toEqual({ jkk: 24_000, warned: false });
    expect(warned(0.445)).toEqual({ jkk: 44_500, warned: false });
    expect(warned(1.74)).toEqual({ jkk: 174_000, warned: false });
    expect(warned(0)).toEqual({ jkk: 0, warned: true });
    expect(warned(10)).toEqual({ jkk: 1_000_000, warned: true });
  });

  it.each([
    [10.5, 'jkkRatePercent: must be from 0 to 10 (% of monthly wage)'],
    [-0.1, 'jkkRatePercent: must be from 0 to 10 (% of monthly wage)'],
    [0.12345, 'jkkRatePercent: must have at most 4 decimals'],
  ])('refuses %s with exit code 2', (rate, message) => {
    let error: unknown;
    try {
      runCalculator('bpjs', input(rate), false);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).exitCode).toBe(EXIT_INVALID_INPUT);
    expect((error as CliError).message).toBe(message);
  });
});
