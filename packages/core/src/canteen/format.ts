import { COMPANY_TIME_ZONE } from '../shared/time-zone';
import { MEAL_KIND_LABELS, MENU_PREFERENCE_LABELS, MENU_PREFERENCES, type MealKind, type MenuPreference } from './schema';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const hhmm = (t: string) => t.slice(0, 5);
export const ddmmyyyy = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;

/** The company's local calendar date and time of an instant: { date: 'yyyy-mm-dd', time: 'hh:mm:ss' }. */
export function canteenLocalTime(at: Date): { date: string; time: string } {
  const s = new Intl.DateTimeFormat('sv-SE', {
    timeZone: COMPANY_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(at);
  return { date: s.slice(0, 10), time: s.slice(11, 19) };
}

/** A stored preference as one of the menu preferences ('regular' when none or unknown). */
export const preferenceOf = (p: string | null): MenuPreference =>
  p && (MENU_PREFERENCES as readonly string[]).includes(p) ? (p as MenuPreference) : 'regular';

/** A row's meal kind and stored preference with their labels. */
export function labelled<R extends { mealKind: MealKind; preference: string | null }>(r: R) {
  const preference = preferenceOf(r.preference);
  return { ...r, mealLabel: MEAL_KIND_LABELS[r.mealKind], preference, preferenceLabel: MENU_PREFERENCE_LABELS[preference] };
}
