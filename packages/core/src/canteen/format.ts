import { MEAL_KIND_LABELS, MENU_PREFERENCE_LABELS, MENU_PREFERENCES, type MealKind, type MenuPreference } from './schema';

export const hhmm = (t: string) => t.slice(0, 5);
export { ddmmyyyy } from '../shared/date-ranges';

export { companyLocalTime as canteenLocalTime } from '../shared/time-zone';

/** A stored preference as one of the menu preferences ('regular' when none or unknown). */
export const preferenceOf = (p: string | null): MenuPreference =>
  p && (MENU_PREFERENCES as readonly string[]).includes(p) ? (p as MenuPreference) : 'regular';

/** A row's meal kind and stored preference with their labels. */
export function labelled<R extends { mealKind: MealKind; preference: string | null }>(r: R) {
  const preference = preferenceOf(r.preference);
  return { ...r, mealLabel: MEAL_KIND_LABELS[r.mealKind], preference, preferenceLabel: MENU_PREFERENCE_LABELS[preference] };
}
