import { calculateOvertime } from '@hr/core/payroll';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Headers, pastWeekday, useTestApp } from './test-app';

const t = useTestApp({ employees: 4 });

// Issue 17: overtime pay has one home (payroll overtimeWageBase / calculateOvertime). The pay preview
// (GET /v2/h/attendance/overtime/payPreview), the payslip's overtime line and `hr calc overtime` must agree to
// the rupiah, for a monthly employee and for a daily worker (Freelance: the daily rate × 21 in a 5-day week,
// PP 35/2021 Pasal 32). Before the fix the preview took a daily worker's daily rate as the monthly wage:
// 280,000 / 173 × 3.5 = 5,665 where the payslip pays 118,960.

const A = '/v2/h/attendance';
const P = '/v2/h/personal';
const S = '/v2/h/salary';

let admin: Headers;

interface Worker {
  employeeId: number;
  headers: Headers;
}
let monthly: Worker;
let daily: Worker;

const date = pastWeekday(10);
const period = date.slice(0, 7);

const call = t.call;

async function worker(n: number, contractType: number, basicSalary: number): Promise<Worker> {
  const emp = { id: await t.employeeId(n) };
  await t.tdb.db
    .insertInto('employee_contracts')
    .values({
      employee_id: emp.id,
      contract_number: `C-OT-${n}`,
      contract_type: contractType,
      start_date: '2025-01-01',
      end_date: contractType === 5 ? null : '2099-12-31', // only a permanent contract may be open-ended
      basic_salary: basicSalary,
      notes: null,
      created_by: null,
    })
    .execute();
  await t.tdb.db
    .updateTable('employees')
    .set({ entry_date: '2025-01-01', contract_type: contractType })
    .where('id', '=', emp.id)
    .execute();
  const who = { email: `ot${n}@test.co.id`, password: 'overtime-pass-1' };
  return { employeeId: emp.id, headers: (await t.signUp(who, ['employee'], emp.id)).headers };
}

beforeAll(async () => {
  admin = await t.bearer(t.admin);
  // A Monday–Friday office shift for everyone, so the overtime date is a workday.
  const shift = await call('POST', `${A}/shift`, admin, {
    name: 'Office',
    startTime: '08:00',
    endTime: '17:00',
    breakMinutes: 60,
  });
  expect(shift.statusCode).toBe(200);
  const settings = await call('POST', `${A}/setting/update`, admin, {
    defaultShiftId: shift.json().result.id,
    workdays: [1, 2, 3, 4, 5],
  });
  expect(settings.statusCode).toBe(200);
  monthly = await worker(1, 5, 6_000_000); // Permanent
  daily = await worker(2, 3, 280_000); // Freelance: the basic salary is the daily rate
  // The monthly employee has a fixed allowance entered as an amount and one computed by a formula: both
  // are part of the overtime wage (PP 35/2021 Pasal 32), on the payslip and in the preview alike.
  for (const [name, formula, amount] of [
    ['Position allowance', null, 500_000],
    ['Skill allowance', 'basic * 0.05', null],
  ] as const) {
    const c = await call('POST', `${S}/formula`, admin, { name, kind: 'fixed-allowance', ...(formula ? { formula } : {}) });
    expect(c.statusCode).toBe(200);
    const ec = await call('POST', `${S}/employeeComponent`, admin, {
      employeeId: monthly.employeeId,
      componentId: c.json().result.id,
      startMonth: '2025-01',
      ...(amount ? { amount } : {}),
    });
    expect(ec.statusCode).toBe(200);
  }
});

/** The employee requests 2 hours of overtime on a workday and the admin approves them. */
async function approvedOvertime(w: Worker): Promise<void> {
  const req = await call('POST', `${P}/overtime`, w.headers, {
    date,
    startTime: '18:00',
    endTime: '20:00',
    reason: 'Stock count',
  });
  expect(req.statusCode).toBe(200);
  const approved = await call('POST', `${A}/overtime/${req.json().result.id}/approve`, admin, { hours: 2 });
  expect(approved.json().result).toMatchObject({ status: 1, approvedHours: '2', dayType: 'workday' });
}

const preview = async (w: Worker) => {
  const r = await call('GET', `${A}/overtime/payPreview?employeeId=${w.employeeId}&dayType=workday&date=${date}&hours=2`, admin);
  expect(r.statusCode).toBe(200);
  return r.json().result as { monthlyWage: string; pay: string; workWeek: 5 | 6 };
};

type Preview = { monthlyWage: string; pay: string; workWeek: 5 | 6 };
const previews = new Map<number, Preview>();
const overtimeLines = new Map<number, { code: string; amount: string }[]>();

/** What `hr calc overtime` prints for the same wage description, 2 h on a workday in a 5-day week. */
const calc = (input: Record<string, unknown>) =>
  calculateOvertime({ workWeek: 5, dayType: 'workday', hours: 2, ...input } as Parameters<typeof calculateOvertime>[0]).output;

describe('overtime pay: preview == payslip == hr calc (issue 17)', () => {
  beforeAll(async () => {
    for (const w of [monthly, daily]) {
      await approvedOvertime(w);
      previews.set(w.employeeId, await preview(w));
    }
    const g = await call('POST', `${S}/report/generate`, admin, { period });
    expect(g.statusCode).toBe(200);
    const runId = g.json().result.runId;
    const rows = (await call('GET', `${S}/report/${runId}/detail?pageSize=50`, admin)).json().result.payslips.rows as {
      id: number;
      employeeId: number;
    }[];
    for (const w of [monthly, daily]) {
      const slip = rows.find((r) => r.employeeId === w.employeeId);
      expect(slip).toBeDefined();
      const lines = (await call('GET', `${S}/report/payslip/${slip!.id}`, admin)).json().result.lines as {
        code: string;
        amount: string;
      }[];
      overtimeLines.set(
        w.employeeId,
        lines.filter((l) => l.code.startsWith('overtime')),
      );
    }
  });

  it('agree for a monthly employee with an entered and a formula fixed allowance', () => {
    // (6,000,000 + 500,000 + 5% × 6,000,000) / 173 × (1.5 + 2) = 137,572.25 → 137,572. Before the fix the preview
    // left the formula allowance out (6,500,000 → 131,503).
    const lines = overtimeLines.get(monthly.employeeId)!;
    expect(lines).toHaveLength(1);
    expect(lines[0]!.amount).toBe('137572');
    expect(previews.get(monthly.employeeId)).toMatchObject({ monthlyWage: '6800000', pay: lines[0]!.amount });
    expect(String(calc({ employmentType: 'permanent', basicSalary: 6_000_000, fixedAllowances: 800_000 }).pay)).toBe(
      lines[0]!.amount,
    );
  });

  it('agree for a daily (Freelance) worker: the daily rate × 21, not the daily rate', () => {
    // 280,000 × 21 = 5,880,000 a month; / 173 × 3.5 = 118,959.54 → 118,960. Before the fix the preview said 5,665.
    const lines = overtimeLines.get(daily.employeeId)!;
    expect(lines).toHaveLength(1);
    expect(lines[0]!.amount).toBe('118960');
    expect(previews.get(daily.employeeId)).toMatchObject({ workWeek: 5, monthlyWage: '5880000', pay: lines[0]!.amount });
    expect(String(calc({ employmentType: 'daily', basicSalary: 280_000 }).pay)).toBe(lines[0]!.amount);
  });
});
