import { medicalSectionInput, personalSectionInput } from '../employees/index';
import { CONTRACT_TYPES } from '../reference/index';
import type { BpjsEmployeeRow, BpjsFile, BpjsProblem, BpjsProgramme, BpjsRecapRow } from './schema';
import { BPJS_PROGRAMMES } from './schema';

/*
 * Pure rules of the BPJS reports: a payslip's BPJS lines → the employee's figures, the problems that would make
 * BPJS refuse a row, and the recap per programme. Amounts are whole rupiah summed as bigint (never a float).
 */

/** A payslip line as payroll stores it (payroll/payslip.ts): amounts are whole rupiah; `trace` explains them. */
export interface SlipLine {
  code: string;
  amount: string | number;
  trace: unknown;
}

/**
 * Which payslip line codes carry which programme and share (payroll/payslip.ts, docs/payroll-runs.md).
 * `bpjs-jkp` is not produced by the payroll engine today: JKP is paid by the government and by recomposing
 * the JKK and JKM contributions (PP 37/2021 as amended by PP 6/2025), so the employer pays nothing extra and
 * the report shows 0. Should a run ever carry such a line, it is reported, not dropped.
 */
export const BPJS_LINE_CODES: Record<string, { programme: BpjsProgramme; share: 'company' | 'employee' }> = {
  'bpjs-kes-employer': { programme: 'kesehatan', share: 'company' },
  'bpjs-kes-employee': { programme: 'kesehatan', share: 'employee' },
  'bpjs-kes-family': { programme: 'kesehatan', share: 'employee' },
  'bpjs-jht-employer': { programme: 'jht', share: 'company' },
  'bpjs-jht-employee': { programme: 'jht', share: 'employee' },
  'bpjs-jkk': { programme: 'jkk', share: 'company' },
  'bpjs-jkm': { programme: 'jkm', share: 'company' },
  'bpjs-jp-employer': { programme: 'jp', share: 'company' },
  'bpjs-jp-employee': { programme: 'jp', share: 'employee' },
  'bpjs-jkp': { programme: 'jkp', share: 'company' },
};

export const hasBpjsLines = (lines: readonly SlipLine[]): boolean => lines.some((l) => l.code in BPJS_LINE_CODES);

/** An input of a line's trace (payroll/trace.ts `inputs`), as text; null when the line or input is absent. */
function traceInput(lines: readonly SlipLine[], code: string, key: string): string | null {
  const t = lines.find((l) => l.code === code)?.trace as { inputs?: Record<string, unknown> } | undefined;
  const v = t?.inputs?.[key];
  return v === undefined || v === null ? null : String(v);
}

const amountOf = (lines: readonly SlipLine[], ...codes: string[]): bigint =>
  lines.filter((l) => codes.includes(l.code)).reduce((s, l) => s + BigInt(l.amount), 0n);

export type BpjsFigures = Pick<
  BpjsEmployeeRow,
  | 'wage'
  | 'kesehatanBase'
  | 'jpBase'
  | 'kesehatanEmployer'
  | 'kesehatanEmployee'
  | 'jhtEmployer'
  | 'jhtEmployee'
  | 'jkk'
  | 'jkm'
  | 'jpEmployer'
  | 'jpEmployee'
  | 'jkp'
  | 'ketenagakerjaanTotal'
>;

/**
 * The BPJS figures of one payslip, read from its lines. The wage is the trace input the payslip's BPJS formula
 * used (payroll/formulas/bpjs.ts): `salary` (basic wage + fixed allowances) of the JHT line, the base of the
 * BPJS Kesehatan and JP lines; never recomputed here.
 */
export function bpjsFigures(lines: readonly SlipLine[]): BpjsFigures {
  const a = (...codes: string[]) => amountOf(lines, ...codes);
  const kesehatanBase = traceInput(lines, 'bpjs-kes-employer', 'base') ?? '0';
  const wage = traceInput(lines, 'bpjs-jht-employer', 'salary') ?? traceInput(lines, 'bpjs-jkk', 'salary') ?? kesehatanBase;
  const tk = a(
    'bpjs-jht-employer',
    'bpjs-jht-employee',
    'bpjs-jkk',
    'bpjs-jkm',
    'bpjs-jp-employer',
    'bpjs-jp-employee',
    'bpjs-jkp',
  );
  return {
    wage,
    kesehatanBase,
    jpBase: traceInput(lines, 'bpjs-jp-employer', 'base') ?? '0',
    kesehatanEmployer: a('bpjs-kes-employer').toString(),
    kesehatanEmployee: a('bpjs-kes-employee', 'bpjs-kes-family').toString(),
    jhtEmployer: a('bpjs-jht-employer').toString(),
    jhtEmployee: a('bpjs-jht-employee').toString(),
    jkk: a('bpjs-jkk').toString(),
    jkm: a('bpjs-jkm').toString(),
    jpEmployer: a('bpjs-jp-employer').toString(),
    jpEmployee: a('bpjs-jp-employee').toString(),
    jkp: a('bpjs-jkp').toString(),
    ketenagakerjaanTotal: tk.toString(),
  };
}

/**
 * A number that BPJS would refuse: missing, or not what the employee record accepts today (the same zod
 * fields that save it: NIK 16 digits, JKN card 13 digits, KPJ 11 digits; employees/detail-schema.ts). A
 * number saved before those checks existed, or imported, is caught here.
 */
export function bpjsProblems(e: {
  nationalId: string | null;
  jknNumber: string | null;
  kpjNumber: string | null;
}): BpjsProblem[] {
  const checks: { field: BpjsProblem['field']; files: BpjsFile[]; label: string; value: string | null; ok: boolean }[] = [
    {
      field: 'nationalId',
      files: ['kesehatan', 'ketenagakerjaan'],
      label: 'NIK',
      value: e.nationalId,
      ok: personalSectionInput.shape.nationalId.safeParse(e.nationalId).success,
    },
    {
      field: 'jknNumber',
      files: ['kesehatan'],
      label: 'JKN card number',
      value: e.jknNumber,
      ok: medicalSectionInput.shape.bpjsKesehatanNumber.safeParse(e.jknNumber).success,
    },
    {
      field: 'kpjNumber',
      files: ['ketenagakerjaan'],
      label: 'KPJ number',
      value: e.kpjNumber,
      ok: medicalSectionInput.shape.bpjsKetenagakerjaanNumber.safeParse(e.kpjNumber).success,
    },
  ];
  const out: BpjsProblem[] = [];
  for (const c of checks) {
    const blank = c.value === null || c.value.trim() === '';
    if (blank)
      out.push({ field: c.field, kind: 'missing', files: c.files, message: `${c.label} is missing on the employee record` });
    else if (!c.ok)
      out.push({ field: c.field, kind: 'format', files: c.files, message: `${c.label} "${c.value}" has the wrong format` });
  }
  return out;
}

/**
 * e-Dabu "Status Pegawai" from the employee's contract type (reference CONTRACT_TYPES): a permanent worker is
 * "Tetap", a fixed-term one "Kontrak", training, internship and freelance "Tidak Tetap". The wording follows
 * the Indonesian terms of UU 13/2003 (PKWTT / PKWT); the value list of the e-Dabu template is not public
 * (id-compliance-2026.md), so it is text, not a code.
 */
export function employmentStatusOf(contractType: number | null): string {
  if (contractType === CONTRACT_TYPES.Permanent) return 'Tetap';
  if (contractType === CONTRACT_TYPES.Contracted) return 'Kontrak';
  return contractType === null ? '' : 'Tidak Tetap';
}

type RecapSource = Pick<BpjsFigures, Exclude<keyof BpjsFigures, 'wage' | 'kesehatanBase' | 'jpBase' | 'ketenagakerjaanTotal'>>;

/** Company and employee share of each programme in one row's figures. */
function shares(f: RecapSource): Record<BpjsProgramme, { company: bigint; employee: bigint }> {
  const b = (s: string) => BigInt(s);
  return {
    kesehatan: { company: b(f.kesehatanEmployer), employee: b(f.kesehatanEmployee) },
    jht: { company: b(f.jhtEmployer), employee: b(f.jhtEmployee) },
    jkk: { company: b(f.jkk), employee: 0n },
    jkm: { company: b(f.jkm), employee: 0n },
    jp: { company: b(f.jpEmployer), employee: b(f.jpEmployee) },
    jkp: { company: b(f.jkp), employee: 0n },
  };
}

/** The recap per programme over some employees' figures: company share, employee share, total, headcount. */
export function bpjsRecap(rows: readonly RecapSource[]): BpjsRecapRow[] {
  const acc = new Map(BPJS_PROGRAMMES.map((p) => [p, { company: 0n, employee: 0n, headcount: 0 }]));
  for (const r of rows) {
    const s = shares(r);
    for (const p of BPJS_PROGRAMMES) {
      const a = acc.get(p)!;
      a.company += s[p].company;
      a.employee += s[p].employee;
      if (s[p].company !== 0n || s[p].employee !== 0n) a.headcount++;
    }
  }
  return BPJS_PROGRAMMES.map((programme) => {
    const a = acc.get(programme)!;
    return {
      programme,
      company: a.company.toString(),
      employee: a.employee.toString(),
      total: (a.company + a.employee).toString(),
      headcount: a.headcount,
    };
  });
}
