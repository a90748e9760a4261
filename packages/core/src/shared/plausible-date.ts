import { addYears, DATE_RANGES, refuseDatesOutOfRange } from './date-ranges';

/**
 * The plausible range of a date a person books or plans (a deposit, a join date, a needed-by or
 * delivery date): the `booking` range of shared/date-ranges.ts, 01/01/2000 to one year after today
 * (company date). Anything outside is a typing error (a 1900 deposit, a 2099 order), refused with
 * GL0001 naming the field and the range (issue 16 item 13, docs/security.md).
 */
export const PLAUSIBLE_DATE_FROM = DATE_RANGES.booking.from;

/** 'yyyy-mm-dd' one year after `today` ('yyyy-mm-dd'); 29 February becomes 28 February. */
export const oneYearAfter = (today: string): string => addYears(today, 1);

/**
 * Refuses every given date outside 01/01/2000 … today + 1 year with one VALIDATION error naming each
 * field: "must be between 01/01/2000 and dd/mm/yyyy". Undefined / null values are skipped.
 */
export function assertPlausibleDates(today: string, dates: { param: string; value: string | null | undefined }[]): void {
  refuseDatesOutOfRange(
    today,
    dates.map((d) => [d.param, 'booking', d.value]),
  );
}
