import { z } from 'zod';
import type { FileDownload } from '../shared/outputs';
import { rupiah } from '../reference/schema';
import { id, isoDate, isoMonth, optionalId, pageInput, requiredText, text } from '../shared/zod';

/**
 * Canteen (issue 8; spec §2 /canteen/setting, /canteen/mealSchedule, /canteen/presence; §7
 * "Canteen calls"). Browser-safe: the web forms validate with these same schemas.
 *
 * Money is integer rupiah carried as digit strings (never a JS float). Times are the office's
 * local time (Asia/Jakarta), 'hh:mm'.
 */

export const MEAL_KINDS = ['breakfast', 'lunch', 'dinner', 'overtime'] as const;
export type MealKind = (typeof MEAL_KINDS)[number];
export const MEAL_KIND_LABELS: Record<MealKind, string> = {
  breakfast: 'Breakfast',
  lunch: 'Lunch',
  dinner: 'Dinner',
  overtime: 'Overtime meal',
};

/**
 * Menu preferences (issue 8 leaves the list to us): one per employee, 'regular' when none is set.
 * The kitchen plans portions from the preference report.
 */
export const MENU_PREFERENCES = ['regular', 'vegetarian', 'vegan', 'no_spicy', 'no_seafood', 'low_salt'] as const;
export type MenuPreference = (typeof MENU_PREFERENCES)[number];
export const MENU_PREFERENCE_LABELS: Record<MenuPreference, string> = {
  regular: 'Regular',
  vegetarian: 'Vegetarian',
  vegan: 'Vegan',
  no_spicy: 'No spicy',
  no_seafood: 'No seafood',
  low_salt: 'Low salt',
};

/** How a presence was recorded: a card / QR scan at the kiosk, or a punch at a canteen fingerprint terminal. */
export const PRESENCE_SOURCES = ['card', 'fingerprint'] as const;
export type PresenceSource = (typeof PRESENCE_SOURCES)[number];
export const PRESENCE_SOURCE_LABELS: Record<PresenceSource, string> = { card: 'Card / QR', fingerprint: 'Fingerprint' };

/** Why a scan was refused (REST `internalMsg.reason`; the message says it in words). */
export const PRESENCE_REFUSALS = [
  'unknown_card',
  'unknown_terminal',
  'outside_window',
  'not_scheduled',
  'already_taken',
  'quota_reached',
] as const;
export type PresenceRefusal = (typeof PRESENCE_REFUSALS)[number];

/** The preference report's file name (spec §7, exactly). */
export const PREFERENCE_REPORT_FILE = 'preference-report.xlsx';
/** Longest date range of a bulk schedule, a report or a punch import. */
export const CANTEEN_MAX_DAYS = 62;

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time hh:mm');
const serial = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(64)
  .regex(/^[A-Za-z0-9._-]+$/, 'must be letters, digits, dot, dash or underscore');
const quota = z.preprocess(
  (v) => (v === '' || v === undefined ? null : v),
  z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').max(100_000).nullable(),
);

const daysBetween = (from: string, to: string) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

/** Refines a { from, to } pair: to not before from, at most `max` days. */
function checkRange(v: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx, max = CANTEEN_MAX_DAYS) {
  if (!v.from || !v.to) return;
  if (v.from > v.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
  else if (daysBetween(v.from, v.to) + 1 > max) ctx.addIssue({ code: 'custom', path: ['to'], message: `at most ${max} days` });
}

// ---------------------------------------------------------------------------------------------
// Settings

export const canteenMealInput = z
  .object({
    kind: z.enum(MEAL_KINDS),
    /** Serving window, local time; a window does not cross midnight. */
    startTime: hhmm,
    endTime: hhmm,
    /** Meals served per day at most; null or empty = unlimited. */
    quota: quota.optional(),
    /** What the company pays per meal, rupiah. */
    subsidy: rupiah,
    /** What the employee pays per meal (deducted through payroll), rupiah. */
    employeePrice: rupiah,
    active: z.boolean().default(true),
  })
  .superRefine((v, ctx) => {
    if (v.startTime >= v.endTime) ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'must be after the start time' });
  });

/** Spec §7 "One save call": a canteen with its meals and terminals, created (no id) or replaced (id). */
export const saveCanteenInput = z
  .object({
    id: optionalId,
    companyOfficeId: id,
    name: requiredText(100),
    location: text(200).optional(),
    active: z.boolean().default(true),
    /** Serials of the fingerprint terminals that belong to this canteen. */
    terminals: z.array(serial).max(20, 'at most 20 terminals').default([]),
    meals: z.array(canteenMealInput).max(MEAL_KINDS.length).default([]),
  })
  .superRefine((v, ctx) => {
    const kinds = new Set<string>();
    v.meals.forEach((m, i) => {
      if (kinds.has(m.kind)) ctx.addIssue({ code: 'custom', path: ['meals', i, 'kind'], message: 'is listed twice' });
      kinds.add(m.kind);
    });
    const serials = new Set<string>();
    v.terminals.forEach((s, i) => {
      if (serials.has(s.toUpperCase())) ctx.addIssue({ code: 'custom', path: ['terminals', i], message: 'is listed twice' });
      serials.add(s.toUpperCase());
    });
  });

export const canteenSettingInput = z.object({ companyOfficeId: optionalId });
export const canteenIdInput = z.object({ id });

export interface CanteenMeal {
  id: number;
  kind: MealKind;
  label: string;
  /** 'hh:mm' */
  startTime: string;
  endTime: string;
  quota: number | null;
  subsidy: string;
  employeePrice: string;
  active: boolean;
}

export interface Canteen {
  id: number;
  companyOfficeId: number;
  companyOffice: string;
  name: string;
  location: string | null;
  active: boolean;
  terminals: string[];
  meals: CanteenMeal[];
}

// ---------------------------------------------------------------------------------------------
// Meal schedules and preferences

const selection = {
  companyOfficeId: optionalId,
  departmentId: optionalId,
  divisionId: optionalId,
  employeeIds: z.array(id).max(1000).optional(),
};

function needSelection(
  v: {
    companyOfficeId?: number | undefined;
    departmentId?: number | undefined;
    divisionId?: number | undefined;
    employeeIds?: number[] | undefined;
  },
  ctx: z.RefinementCtx,
) {
  if (!v.companyOfficeId && !v.departmentId && !v.divisionId && !(v.employeeIds && v.employeeIds.length > 0))
    ctx.addIssue({
      code: 'custom',
      path: ['companyOfficeId'],
      message: 'choose an office, a department, a division or employees',
    });
}

/**
 * Bulk schedule: every working employee of the office / department / division (or the listed
 * employees) eats this meal on every day of the range, or only on the days they have a shift.
 */
export const assignMealScheduleInput = z
  .object({
    mealId: id,
    from: isoDate,
    to: isoDate,
    ...selection,
    /** Only days the employee's roster gives a shift (attendance schedule or the default shift on a workday), holidays excluded. */
    onlyRosteredDays: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    checkRange(v, ctx);
    needSelection(v, ctx);
  });

export const removeMealScheduleInput = z
  .object({ mealId: id, from: isoDate, to: isoDate, ...selection })
  .superRefine((v, ctx) => {
    checkRange(v, ctx);
    needSelection(v, ctx);
  });

export interface AssignMealScheduleResult {
  /** Employee-days newly scheduled. */
  added: number;
  /** Employee-days that were scheduled for this kind of meal at another canteen and now are here. */
  moved: number;
  /** Employee-days scheduled here already. */
  unchanged: number;
  /** Employee-days left as they were because the meal was taken already at another canteen. */
  taken: number;
}

export interface RemoveMealScheduleResult {
  removed: number;
  /** Schedules kept because the meal was taken already. */
  kept: number;
}

export const listMealSchedulesInput = pageInput
  .extend({
    from: isoDate.optional(),
    to: isoDate.optional(),
    canteenId: optionalId,
    companyOfficeId: optionalId,
    mealKind: z.enum(MEAL_KINDS).optional(),
  })
  .superRefine((v, ctx) => checkRange(v, ctx, 366));

/** One meal on one day: how many are scheduled and how many took it. */
export interface MealScheduleRow {
  date: string;
  mealId: number;
  mealKind: MealKind;
  mealLabel: string;
  canteenId: number;
  canteen: string;
  companyOffice: string;
  startTime: string;
  endTime: string;
  quota: number | null;
  scheduled: number;
  taken: number;
}

export const listMealScheduleEmployeesInput = pageInput
  .extend({
    date: isoDate.optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
    mealId: optionalId,
    canteenId: optionalId,
    mealKind: z.enum(MEAL_KINDS).optional(),
    companyOfficeId: optionalId,
    departmentId: optionalId,
    divisionId: optionalId,
    preference: z.enum(MENU_PREFERENCES).optional(),
    taken: z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean().optional()),
    search: text(100).optional(),
  })
  .superRefine((v, ctx) => checkRange(v, ctx, 366));

export interface MealScheduleEmployeeRow {
  employeeId: number;
  employeeNumber: string;
  name: string;
  companyOffice: string;
  department: string | null;
  division: string | null;
  date: string;
  mealId: number;
  mealKind: MealKind;
  mealLabel: string;
  canteen: string;
  preference: MenuPreference;
  preferenceLabel: string;
  preferenceNote: string | null;
  taken: boolean;
  takenAt: Date | null;
}

export const setMenuPreferenceInput = z.object({
  employeeIds: z.array(id).min(1, 'choose at least one employee').max(1000),
  preference: z.enum(MENU_PREFERENCES),
  /** Allergies or other notes for the kitchen. */
  note: text(200).optional(),
});

// ---------------------------------------------------------------------------------------------
// Presence

/**
 * A scan at the kiosk. The card / QR value is the employee number ("JKT-00012"), or a QR payload
 * "EMP:<employee number>"; case and surrounding spaces do not matter.
 */
export const scanPresenceInput = z.object({ canteenId: id, code: requiredText(200) });

/** A punch at a canteen fingerprint terminal: serial, PIN and the terminal's local time. */
export const fingerprintPresenceInput = z.object({
  serial,
  pin: z
    .string()
    .trim()
    .min(1, 'is required')
    .max(32)
    .regex(/^[A-Za-z0-9]+$/, 'must be letters and digits'),
  time: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2})?$/, 'must be a local time yyyy-mm-ddThh:mm:ss')
    .refine(
      (s) => isoDate.safeParse(s.slice(0, 10)).success && /^([01]\d|2[0-3]):[0-5]\d/.test(s.slice(11)),
      'must be a real time',
    ),
});

/** Takes the punches of canteen terminals from the attendance punch table for a date range. */
export const importCanteenPunchesInput = z.object({ from: isoDate, to: isoDate }).superRefine((v, ctx) => checkRange(v, ctx, 31));

export interface ImportCanteenPunchesResult {
  recorded: number;
  alreadyTaken: number;
  notScheduled: number;
  quotaReached: number;
  /** Punches at canteen terminals outside every serving window. */
  outsideWindow: number;
  /** Punches whose PIN is not mapped to an employee. */
  unknownPin: number;
}

export interface PresenceResult {
  id: string;
  employeeId: number;
  employeeNumber: string;
  name: string;
  canteenId: number;
  canteen: string;
  mealKind: MealKind;
  mealLabel: string;
  mealDate: string;
  takenAt: Date;
  preference: MenuPreference;
  preferenceLabel: string;
  employeePrice: string;
  source: PresenceSource;
}

export const listPresencesInput = pageInput
  .extend({
    from: isoDate.optional(),
    to: isoDate.optional(),
    mealKind: z.enum(MEAL_KINDS).optional(),
    canteenId: optionalId,
    companyOfficeId: optionalId,
    departmentId: optionalId,
    source: z.enum(PRESENCE_SOURCES).optional(),
    search: text(100).optional(),
  })
  .superRefine((v, ctx) => checkRange(v, ctx, 366));

export interface PresenceRow {
  id: string;
  takenAt: Date;
  mealDate: string;
  mealKind: MealKind;
  mealLabel: string;
  canteenId: number;
  canteen: string;
  companyOffice: string;
  employeeId: number;
  employeeNumber: string;
  name: string;
  department: string | null;
  preference: MenuPreference;
  preferenceLabel: string;
  source: PresenceSource;
  sourceLabel: string;
  deviceSerial: string | null;
  employeePrice: string;
  subsidy: string;
}

export const presenceIdInput = z.object({ id });

export const preferenceReportInput = z
  .object({
    from: isoDate,
    to: isoDate,
    canteenId: optionalId,
    companyOfficeId: optionalId,
    mealKind: z.enum(MEAL_KINDS).optional(),
  })
  .superRefine((v, ctx) => checkRange(v, ctx));

export type CanteenFileDownload = FileDownload;

/** A month 'yyyy-mm' of meal costs (what payroll deducts for that month). */
export const listMealCostsInput = pageInput.extend({
  month: isoMonth,
  companyOfficeId: optionalId,
  departmentId: optionalId,
  search: text(100).optional(),
});

/** Meals taken by one employee in a period, for payroll (canteenMealCosts). */
export interface MealCost {
  employeeId: number;
  meals: number;
  /** Sum of the employee prices, rupiah: what payroll deducts. */
  employeePaid: string;
  /** Sum of the company subsidies, rupiah. */
  subsidy: string;
}

export interface MealCostRow extends MealCost {
  employeeNumber: string;
  name: string;
  companyOffice: string;
  department: string | null;
}

export interface MealCostPage {
  rows: MealCostRow[];
  total: number;
  page: number;
  pageSize: number;
  from: string;
  to: string;
  /** Over every matching employee (not only this page). */
  totals: { meals: number; employeePaid: string; subsidy: string };
}
