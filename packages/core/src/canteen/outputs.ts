/*
 * Output schemas of the canteen procedures (issue 17): what the services return today, field for field,
 * so the OpenAPI document types each result. Procedures check results against them with the
 * server's `returns()` (it never strips a field). Dates are Date objects here; JSON carries ISO text.
 */
import { z } from 'zod';
import { idOutput, pageOutput } from '../shared/outputs';

const canteenMealShape = z.object({
  id: z.number(),
  kind: z.enum(['breakfast', 'lunch', 'dinner', 'overtime']),
  label: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  quota: z.number().nullable(),
  subsidy: z.string(),
  employeePrice: z.string(),
  active: z.boolean(),
});
const canteenShape = z.object({
  id: z.number(),
  companyOfficeId: z.number(),
  companyOffice: z.string(),
  name: z.string(),
  location: z.string().nullable(),
  active: z.boolean(),
  terminals: z.array(z.string()),
  meals: z.array(canteenMealShape),
});
const mealScheduleRowShape = z.object({
  date: z.string(),
  mealId: z.number(),
  mealKind: z.enum(['breakfast', 'lunch', 'dinner', 'overtime']),
  mealLabel: z.string(),
  canteenId: z.number(),
  canteen: z.string(),
  companyOffice: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  quota: z.number().nullable(),
  scheduled: z.number(),
  taken: z.number(),
});
const mealScheduleEmployeeRowShape = z.object({
  employeeId: z.number(),
  employeeNumber: z.string(),
  name: z.string(),
  companyOffice: z.string(),
  department: z.string().nullable(),
  division: z.string().nullable(),
  date: z.string(),
  mealId: z.number(),
  mealKind: z.enum(['breakfast', 'lunch', 'dinner', 'overtime']),
  mealLabel: z.string(),
  canteen: z.string(),
  preference: z.enum(['regular', 'vegetarian', 'vegan', 'no_spicy', 'no_seafood', 'low_salt']),
  preferenceLabel: z.string(),
  preferenceNote: z.string().nullable(),
  taken: z.boolean(),
  takenAt: z.date().nullable(),
});
const assignMealScheduleResultShape = z.object({
  added: z.number(),
  moved: z.number(),
  unchanged: z.number(),
  taken: z.number(),
});
const removeMealScheduleResultShape = z.object({ removed: z.number(), kept: z.number() });
const presenceRowShape = z.object({
  id: z.string(),
  takenAt: z.date(),
  mealDate: z.string(),
  mealKind: z.enum(['breakfast', 'lunch', 'dinner', 'overtime']),
  mealLabel: z.string(),
  canteenId: z.number(),
  canteen: z.string(),
  companyOffice: z.string(),
  employeeId: z.number(),
  employeeNumber: z.string(),
  name: z.string(),
  department: z.string().nullable(),
  preference: z.enum(['regular', 'vegetarian', 'vegan', 'no_spicy', 'no_seafood', 'low_salt']),
  preferenceLabel: z.string(),
  source: z.enum(['card', 'fingerprint']),
  sourceLabel: z.string(),
  deviceSerial: z.string().nullable(),
  employeePrice: z.string(),
  subsidy: z.string(),
});
const presenceResultShape = z.object({
  id: z.string(),
  employeeId: z.number(),
  employeeNumber: z.string(),
  name: z.string(),
  canteenId: z.number(),
  canteen: z.string(),
  mealKind: z.enum(['breakfast', 'lunch', 'dinner', 'overtime']),
  mealLabel: z.string(),
  mealDate: z.string(),
  takenAt: z.date(),
  preference: z.enum(['regular', 'vegetarian', 'vegan', 'no_spicy', 'no_seafood', 'low_salt']),
  preferenceLabel: z.string(),
  employeePrice: z.string(),
  source: z.enum(['card', 'fingerprint']),
});
const importCanteenPunchesResultShape = z.object({
  recorded: z.number(),
  alreadyTaken: z.number(),
  notScheduled: z.number(),
  quotaReached: z.number(),
  outsideWindow: z.number(),
  unknownPin: z.number(),
});
const mealCostRowShape = z.object({
  employeeNumber: z.string(),
  name: z.string(),
  companyOffice: z.string(),
  department: z.string().nullable(),
  employeeId: z.number(),
  meals: z.number(),
  employeePaid: z.string(),
  subsidy: z.string(),
});
const mealCostPageShape = z.object({
  rows: z.array(mealCostRowShape),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  from: z.string(),
  to: z.string(),
  totals: z.object({ meals: z.number(), employeePaid: z.string(), subsidy: z.string() }),
});

export const getCanteenSettingOutput = z.array(canteenShape);
export const saveCanteenOutput = canteenShape;
export const deleteCanteenOutput = idOutput;
export const listMealSchedulesOutput = pageOutput(mealScheduleRowShape);
export const listMealScheduleEmployeesOutput = pageOutput(mealScheduleEmployeeRowShape);
export const assignMealScheduleOutput = assignMealScheduleResultShape;
export const removeMealScheduleOutput = removeMealScheduleResultShape;
export const setMenuPreferenceOutput = z.object({ updated: z.number() });
export const listPresencesOutput = pageOutput(presenceRowShape);
export const scanPresenceOutput = presenceResultShape;
export const recordFingerprintPresenceOutput = presenceResultShape;
export const importCanteenPunchesOutput = importCanteenPunchesResultShape;
export const deletePresenceOutput = idOutput;
export const listMealCostsOutput = mealCostPageShape;
