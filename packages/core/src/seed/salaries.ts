import { sql } from 'kysely';
import type { Db } from '../shared/context';

/**
 * Demo salaries (issue 5): employment contracts carrying the basic salary, and three fixed allowances
 * as employee salary components, so that a payroll run of the demo company pays most people.
 *
 * Who is NOT given a salary (documented in docs/payroll-runs.md, "Demo salaries"): every employee whose
 * number ends in 0 (JKT-00010, SBY-00020, …) except the demo logins, so the salary queue has people to
 * pay. The demo logins are paid (issue 19: their own payslip page shows last month's finalised payslip).
 *
 * Amounts are deterministic (a hash of the e-mail address, not the faker stream, so the rest of the
 * demo company is unchanged): basic salary by job level as a multiple of a UMK-like monthly floor of
 * the office's city (demo figures, not the official minimum wages), rounded to 50,000.
 */

export interface SalarySeedEmployee {
  id: number;
  employeeNumber: string;
  email: string;
  officeCode: string;
  level: string;
  contractType: number;
  firstJoinDate: string;
  contractStartDate: string;
  persona: boolean;
}

/** UMK-like monthly floors (rupiah) of the offices' cities: demo values. */
export const DEMO_WAGE_FLOOR: Record<string, number> = { JKT: 5_400_000, SBY: 5_000_000, BTM: 5_100_000 };

/** Basic salary range per job level, as multiples of the office floor. */
const LEVEL_RANGE: Record<string, [number, number]> = {
  Staff: [1, 1.35],
  'Senior Staff': [1.35, 1.9],
  Supervisor: [1.9, 2.6],
  'Assistant Manager': [2.6, 3.4],
  Manager: [3.4, 5.2],
  'General Manager': [6, 8.5],
  Director: [10, 16],
};

/** Position allowance (Tunjangan Jabatan) per level. */
const POSITION_ALLOWANCE: Record<string, number> = {
  Supervisor: 750_000,
  'Assistant Manager': 1_500_000,
  Manager: 2_500_000,
  'General Manager': 4_000_000,
  Director: 7_500_000,
};

const CONTRACT_PREFIX: Record<number, string> = { 1: 'TRN', 2: 'MAG', 3: 'HL', 4: 'PKWT', 5: 'PKWTT' };

/** Demo components: name → kind (all taxable fixed allowances entered as amounts per employee). */
export const DEMO_COMPONENTS = ['Tunjangan Jabatan', 'Tunjangan Transport', 'Tunjangan Komunikasi'] as const;

/** A number in [0, 1) from a string (FNV-1a): stable across runs and platforms. */
function unit(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h / 2 ** 32;
}

const round50k = (n: number) => Math.round(n / 50_000) * 50_000;
const dayBefore = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
function addMonths(iso: string, months: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth() + 1, 0)).getUTCDate();
  t.setUTCDate(Math.min(d, last));
  return t.toISOString().slice(0, 10);
}

/** True for the employees the demo leaves without a salary (see the module comment). */
export const demoUnsalaried = (e: { employeeNumber: string; persona: boolean }) => !e.persona && e.employeeNumber.endsWith('0');

/** Monthly basic salary (daily rate for Freelance, contract type 3) in whole rupiah. */
export function demoBasicSalary(e: Pick<SalarySeedEmployee, 'email' | 'officeCode' | 'level' | 'contractType'>): number {
  const floor = DEMO_WAGE_FLOOR[e.officeCode] ?? 5_000_000;
  if (e.contractType === 3) return Math.ceil((floor * 1.15) / 21 / 5_000) * 5_000; // daily rate
  if (e.contractType === 2) return 3_000_000; // internship allowance (uang saku)
  if (e.contractType === 1) return floor;
  const [lo, hi] = LEVEL_RANGE[e.level] ?? [1, 1.35];
  return Math.max(floor, round50k(floor * (lo + (hi - lo) * unit(e.email))));
}

interface ContractRow {
  employee_id: number;
  contract_number: string;
  contract_type: number;
  start_date: string;
  end_date: string | null;
  basic_salary: string;
  notes: string;
  created_by: null;
}

/** The contracts of one employee: the current one, and for a permanent employee hired on a PKWT first, that PKWT. */
function contractsOf(e: SalarySeedEmployee, today: string): ContractRow[] {
  const basic = demoBasicSalary(e);
  const row = (type: number, start: string, end: string | null, amount: number): ContractRow => ({
    employee_id: e.id,
    contract_number: `${CONTRACT_PREFIX[type]}/${e.employeeNumber}/${start.slice(0, 4)}`,
    contract_type: type,
    start_date: start,
    end_date: end,
    basic_salary: String(amount),
    notes: 'Demo contract',
    created_by: null,
  });
  if (e.contractType === 5) {
    const out = [row(5, e.contractStartDate, null, basic)];
    if (e.contractStartDate > e.firstJoinDate) {
      out.unshift(row(4, e.firstJoinDate, dayBefore(e.contractStartDate), Math.max(5_000_000, round50k(basic * 0.9))));
    }
    return out;
  }
  // Fixed-term (PKWT), training, internship and freelance: yearly terms; the current one started on the last renewal.
  let start = e.contractType === 4 ? e.contractStartDate : e.firstJoinDate;
  while (addMonths(start, 12) <= today) start = addMonths(start, 12);
  return [row(e.contractType, start, dayBefore(addMonths(start, 12)), basic)];
}

/**
 * Inserts the demo contracts and allowance components (set-based: one statement per 1,000 rows).
 * Returns how many employees got a salary.
 */
export async function seedSalariesDemo(db: Db, employees: SalarySeedEmployee[], today: string): Promise<number> {
  const salaried = employees.filter((e) => !demoUnsalaried(e));
  const contracts = salaried.flatMap((e) => contractsOf(e, today));
  for (let i = 0; i < contracts.length; i += 1000)
    await db
      .insertInto('employee_contracts')
      .values(contracts.slice(i, i + 1000))
      .execute();

  await db
    .insertInto('salary_components')
    .values(
      DEMO_COMPONENTS.map((name) => ({ name, kind: 'fixed-allowance' as const, taxable: true, formula: null, everyone: false })),
    )
    .onConflict((oc) => oc.expression(sql`lower(name)`).doNothing())
    .execute();
  // A component of the same name made by hand before seeding is reused.
  const existing = await db.selectFrom('salary_components').select(['id', 'name']).execute();
  const ids = new Map(existing.map((c) => [c.name.toLowerCase(), c.id]));
  const components: {
    employee_id: number;
    component_id: number;
    amount: string;
    formula: null;
    start_month: string;
    end_month: null;
  }[] = [];
  const add = (e: SalarySeedEmployee, name: (typeof DEMO_COMPONENTS)[number], amount: number) =>
    components.push({
      employee_id: e.id,
      component_id: ids.get(name.toLowerCase())!,
      amount: String(amount),
      formula: null,
      start_month: e.firstJoinDate.slice(0, 7),
      end_month: null,
    });
  for (const e of salaried) {
    if (e.contractType !== 4 && e.contractType !== 5) continue; // trainees, interns and day workers: basic pay only
    const position = POSITION_ALLOWANCE[e.level];
    if (position) add(e, 'Tunjangan Jabatan', position);
    if (e.level === 'Staff' || e.level === 'Senior Staff' || e.level === 'Supervisor')
      add(e, 'Tunjangan Transport', e.officeCode === 'JKT' ? 500_000 : 400_000);
    else add(e, 'Tunjangan Komunikasi', 300_000);
  }
  for (let i = 0; i < components.length; i += 1000)
    await db
      .insertInto('employee_salary_components')
      .values(components.slice(i, i + 1000))
      .execute();
  return salaried.length;
}
