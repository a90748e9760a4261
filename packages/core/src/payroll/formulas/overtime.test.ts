import { describe, expect, it } from 'vitest';
import { overtimeInput } from '../schema';
import {
  calculateOvertime,
  checkOvertimeLimits,
  overtimeMultiplier,
  overtimeOfDay,
  overtimeOfDayRemembered,
  overtimeWageBase,
} from './overtime';

const mult = (week: 5 | 6, day: 'workday' | 'restday' | 'holiday-shortest-workday', n: number) =>
  Array.from({ length: n }, (_, i) => overtimeMultiplier(week, day, i + 1)?.toNumber());

describe('overtime multipliers (PP 35/2021 Pasal 31, payroll-id.md §3)', () => {
  it('workday: 1.5 for the first hour, 2 for each later hour', () => {
    expect(mult(5, 'workday', 4)).toEqual([1.5, 2, 2, 2]);
    expect(mult(6, 'workday', 4)).toEqual([1.5, 2, 2, 2]);
  });
  it('rest day or public holiday, 6-day week: hours 1–7 ×2, 8 ×3, 9–11 ×4', () => {
    expect(mult(6, 'restday', 11)).toEqual([2, 2, 2, 2, 2, 2, 2, 3, 4, 4, 4]);
    expect(overtimeMultiplier(6, 'restday', 12)).toBeNull();
  });
  it('public holiday on the shortest workday, 6-day week: hours 1–5 ×2, 6 ×3, 7–9 ×4', () => {
    expect(mult(6, 'holiday-shortest-workday', 9)).toEqual([2, 2, 2, 2, 2, 3, 4, 4, 4]);
    expect(overtimeMultiplier(5, 'holiday-shortest-workday', 1)).toBeNull();
  });
  it('rest day or public holiday, 5-day week: hours 1–8 ×2, 9 ×3, 10–12 ×4', () => {
    expect(mult(5, 'restday', 12)).toEqual([2, 2, 2, 2, 2, 2, 2, 2, 3, 4, 4, 4]);
  });
});

describe('overtime pay (hr calc overtime)', () => {
  it('pays 3 workday hours on 5,000,000 a month at 1/173 an hour, exact hourly wage', () => {
    const { output, trace } = calculateOvertime({
      monthlyWage: 5_000_000,
      workWeek: 5,
      dayType: 'workday',
      hours: 3,
      hourlyWageRounding: 'none',
    });
    expect(output).toEqual({
      monthlyWage: 5_000_000,
      hourlyWage: 28_901.734104, // 5,000,000 / 173, shown to 6 decimals
      hours: [
        { hour: 1, multiplier: 1.5, pay: 43_353 },
        { hour: 2, multiplier: 2, pay: 57_803 },
        { hour: 3, multiplier: 2, pay: 57_803 },
      ],
      pay: 158_960, // 5.5 × 28,901.7341… = 158,959.54 → half up once
    });
    expect(trace.hourlyWage?.source).toMatch(/PP 35\/2021/);
  });

  it('cuts the hourly wage to whole rupiah when the company chooses floor (Kemnaker examples)', () => {
    const { output } = calculateOvertime({
      monthlyWage: 5_000_000,
      workWeek: 5,
      dayType: 'workday',
      hours: 3,
      hourlyWageRounding: 'floor',
    });
    expect(output.hourlyWage).toBe(28_901);
    expect(output.pay).toBe(158_956); // 5.5 × 28,901 = 158,955.5 → 158,956
  });

  it('rest day in a 6-day week, 7 hours on 4,000,000: 14 × 23,121.39 (the IDX Channel example, payroll-id.md §5)', () => {
    const exact = calculateOvertime({ monthlyWage: 4_000_000, workWeek: 6, dayType: 'restday', hours: 7 }).output;
    expect(exact.pay).toBe(323_699); // 14 × 4,000,000 / 173 = 323,699.42
    const cut = calculateOvertime({
      monthlyWage: 4_000_000,
      workWeek: 6,
      dayType: 'restday',
      hours: 7,
      hourlyWageRounding: 'floor',
    }).output;
    expect(cut.pay).toBe(323_694); // 14 × 23,121
  });

  it('pays the longest rest-day and holiday schedules in full', () => {
    const pay = (week: 5 | 6, day: 'restday' | 'holiday-shortest-workday', hours: number) =>
      calculateOvertime({ monthlyWage: 1_730_000, workWeek: week, dayType: day, hours }).output.pay;
    expect(pay(5, 'restday', 12)).toBe(31 * 10_000);
    expect(pay(6, 'restday', 11)).toBe(29 * 10_000);
    expect(pay(6, 'holiday-shortest-workday', 9)).toBe(25 * 10_000);
  });

  it('pays a partial last hour pro rata', () => {
    const { output } = calculateOvertime({ monthlyWage: 1_730_000, workWeek: 5, dayType: 'workday', hours: 1.5 });
    expect(output.hours).toEqual([
      { hour: 1, multiplier: 1.5, pay: 15_000 },
      { hour: 2, multiplier: 2, pay: 10_000 },
    ]);
    expect(output.pay).toBe(25_000);
  });

  it('refuses hours beyond the table and the 6-day holiday schedule in a 5-day week', () => {
    const issues = (x: unknown) => overtimeInput.safeParse(x).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(issues({ monthlyWage: 5_000_000, workWeek: 5, dayType: 'restday', hours: 13 })).toEqual([
      'hours: must be at most 12 on a restday in a 5-day week (PP 35/2021 Pasal 31)',
    ]);
    expect(issues({ monthlyWage: 5_000_000, workWeek: 5, dayType: 'holiday-shortest-workday', hours: 2 })?.[0]).toMatch(
      /^dayType: .*6-day/,
    );
    expect(issues({ monthlyWage: 5_000_000, workWeek: 7, dayType: 'workday', hours: 2 })).toEqual([
      'workWeek: must be one of 5, 6',
    ]);
  });
});

describe('overtime wage base: the one home (PP 35/2021 Pasal 32–33, payroll-id.md §3)', () => {
  const wage = (x: Parameters<typeof overtimeWageBase>[0]) => overtimeWageBase(x).monthlyWage.toNumber();
  it('uses basic + fixed allowances, or 75% of the total wage when that is more', () => {
    const monthly = { employmentType: 'permanent', workWeek: 5 } as const;
    expect(wage({ ...monthly, basicSalary: 4_000_000, fixedAllowances: 1_000_000, nonFixedAllowances: 500_000 })).toBe(5_000_000);
    expect(wage({ ...monthly, basicSalary: 3_000_000, fixedAllowances: 500_000, nonFixedAllowances: 2_000_000 })).toBe(4_125_000);
    // 75% of 3,333,333 = 2,499,999.75: the monthly wage is whole rupiah, half up.
    expect(wage({ ...monthly, basicSalary: 1_000_000, nonFixedAllowances: 2_333_333 })).toBe(2_500_000);
  });
  it('multiplies a daily rate by 25 (6-day week) or 21 (5-day week) and adds fixed allowances, like the payslip', () => {
    expect(wage({ employmentType: 'daily', basicSalary: 200_000, workWeek: 6 })).toBe(5_000_000);
    expect(wage({ employmentType: 'daily', basicSalary: 200_000, workWeek: 5 })).toBe(4_200_000);
    expect(wage({ employmentType: 'daily', basicSalary: 280_000, fixedAllowances: 100_000, workWeek: 5 })).toBe(5_980_000);
    // Training / internship contracts are paid monthly: their basic salary is the monthly wage.
    expect(wage({ employmentType: 'non-permanent-monthly', basicSalary: 280_000, workWeek: 5 })).toBe(280_000);
  });
  it('never goes below the minimum wage, and traces what it did', () => {
    const r = overtimeWageBase({ employmentType: 'permanent', basicSalary: 3_000_000, minimumWage: 5_396_761, workWeek: 5 });
    expect(r.monthlyWage.toNumber()).toBe(5_396_761);
    expect(r.trace.monthlyWage.formula).toMatch(/raised to the minimum wage/);
    expect(r.hourlyWage.toFixed(6)).toBe('31195.150289');
  });
  it('hr calc overtime takes the same wage description: a daily worker, 2 h on a workday (issue 17)', () => {
    const daily = calculateOvertime({
      employmentType: 'daily',
      basicSalary: 280_000,
      workWeek: 5,
      dayType: 'workday',
      hours: 2,
    }).output;
    // 280,000 × 21 = 5,880,000 a month; / 173 = 33,988.44 an hour; × (1.5 + 2) = 118,959.54 → 118,960.
    expect(daily).toMatchObject({ monthlyWage: 5_880_000, hourlyWage: 33_988.439306, pay: 118_960 });
    // The monthly wage given directly is the same thing.
    expect(calculateOvertime({ monthlyWage: 5_880_000, workWeek: 5, dayType: 'workday', hours: 2 }).output).toEqual(daily);
  });
  it('refuses an input that gives both or neither wage, or allowances next to monthlyWage', () => {
    const issues = (x: unknown) => {
      const r = overtimeInput.safeParse(x);
      return r.success ? null : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    };
    const day = { workWeek: 5, dayType: 'workday', hours: 1 };
    expect(issues(day)).toEqual(['monthlyWage: is required (or give basicSalary)']);
    expect(issues({ ...day, monthlyWage: 1, basicSalary: 1 })).toEqual([
      'basicSalary: give either monthlyWage or basicSalary, not both',
    ]);
    expect(issues({ ...day, monthlyWage: 1, fixedAllowances: 1 })).toEqual(['fixedAllowances: only with basicSalary']);
    expect(issues({ ...day, basicSalary: 1, employmentType: 'weekly' })?.[0]).toMatch(/^employmentType: must be one of/);
  });
});

describe('legal overtime limits (PP 35/2021 Pasal 26)', () => {
  it('flags more than 4 hours a day or 18 a week on workdays, ignoring rest days and holidays', () => {
    const week = ['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20'].map((date) => ({
      date,
      hours: 4,
      dayType: 'workday' as const,
    }));
    expect(checkOvertimeLimits(week.slice(0, 4))).toEqual([]);
    expect(checkOvertimeLimits([...week.slice(0, 4), { date: '2026-11-21', hours: 10, dayType: 'restday' }])).toEqual([]);
    expect(checkOvertimeLimits(week)).toEqual([
      { kind: 'week', date: '2026-11-16', hours: 20, limit: 18, source: 'PP 35/2021 Pasal 26' },
    ]);
    expect(checkOvertimeLimits([{ date: '2026-11-22', hours: 4.5, dayType: 'workday' }])).toMatchObject([
      { kind: 'day', date: '2026-11-22', hours: 4.5, limit: 4 },
    ]);
  });
  it('can check against the old Kepmen 102/2004 limits (3 a day, 14 a week)', () => {
    expect(checkOvertimeLimits([{ date: '2026-11-16', hours: 3.5, dayType: 'workday' }], 'kepmen-102-2004')).toMatchObject([
      { kind: 'day', limit: 3 },
    ]);
  });
});

describe('overtime days remembered by a payroll run', () => {
  it('gives each distinct wage, week, day type and hours its own pay, equal to a fresh calculation', () => {
    const base = overtimeInput.parse({
      basicSalary: 5_190_000,
      fixedAllowances: 500_000,
      workWeek: 5,
      dayType: 'workday',
      hours: 3,
    });
    const variants = [
      base,
      { ...base, hours: 2 },
      { ...base, dayType: 'restday' as const },
      { ...base, basicSalary: 280_000, employmentType: 'daily' as const },
      // A daily rate × 25 in a 6-day week instead of × 21.
      { ...base, basicSalary: 280_000, employmentType: 'daily' as const, workWeek: 6 as const },
      { ...base, fixedAllowances: 0 },
      { ...base, hourlyWageRounding: 'floor' as const },
    ];
    for (const v of [...variants, ...variants]) expect(overtimeOfDayRemembered(v)).toEqual(overtimeOfDay(v));
    const pays = variants.map((v) => overtimeOfDayRemembered(v).output.pay);
    expect(new Set(pays).size).toBe(pays.length);
    // 5,690,000 / 173 × (1.5 + 2 + 2), rounded half up once.
    expect(pays[0]).toBe(180_896);
  });
});
