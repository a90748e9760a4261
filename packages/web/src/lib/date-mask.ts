/**
 * Masks and conversions for typed dates and times (spec §5: date mask 99/99/9999, time hh:mm).
 * The server takes calendar dates as yyyy-mm-dd; the user sees dd/mm/yyyy.
 */

/** Applies the 99/99/9999 mask to what the user typed: digits only, slashes inserted. */
export function maskDate(raw: string): string {
  const d = raw.replace(/\D/g, '').slice(0, 8);
  if (d.length <= 2) return d;
  if (d.length <= 4) return `${d.slice(0, 2)}/${d.slice(2)}`;
  return `${d.slice(0, 2)}/${d.slice(2, 4)}/${d.slice(4)}`;
}

function isRealDate(y: number, m: number, d: number): boolean {
  if (y < 1000 || m < 1 || m > 12 || d < 1) return false;
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
}

/** "31/12/1990" → "1990-12-31"; null if incomplete or not a real date. */
export function dmyToIso(dmy: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(dmy.trim());
  if (!m) return null;
  const [, dd, mm, yyyy] = m as unknown as [string, string, string, string];
  return isRealDate(Number(yyyy), Number(mm), Number(dd)) ? `${yyyy}-${mm}-${dd}` : null;
}

/** "1990-12-31" (or an ISO timestamp's date part) → "31/12/1990"; "" for anything else. */
export function isoToDmy(iso: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso ?? '');
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}

/** A local Date → "yyyy-mm-dd" (its calendar day, no time-zone shift). */
export function dateToIso(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

/** "yyyy-mm-dd" → a local Date at midnight; undefined if not a real date. */
export function isoToDate(iso: string | null | undefined): Date | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso ?? '');
  if (!m) return undefined;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  return isRealDate(y, mo, d) ? new Date(y, mo - 1, d) : undefined;
}

/** Time step of time inputs, spec §9: 5 minutes. */
export const TIME_STEP_MINUTES = 5;

/** Applies the hh:mm mask to what the user typed. */
export function maskTime(raw: string): string {
  const d = raw.replace(/\D/g, '').slice(0, 4);
  return d.length <= 2 ? d : `${d.slice(0, 2)}:${d.slice(2)}`;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * A typed time as a valid 24-hour "hh:mm" on the 5-minute grid (minutes rounded to the
 * nearest step, never past 23:55); null when it cannot be read.
 */
export function normalizeTime(raw: string): string | null {
  const m = /^(\d{1,2}):?(\d{2})$/.exec(raw.trim());
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (h > 23 || min > 59) return null;
  const total = Math.min(h * 60 + Math.round(min / TIME_STEP_MINUTES) * TIME_STEP_MINUTES, 24 * 60 - TIME_STEP_MINUTES);
  return `${pad2(Math.floor(total / 60))}:${pad2(total % 60)}`;
}

/** Moves a "hh:mm" time by `steps` 5-minute steps, wrapping around midnight. */
export function stepTime(time: string, steps: number): string {
  const t = normalizeTime(time) ?? '00:00';
  const [h, m] = t.split(':').map(Number) as [number, number];
  const day = 24 * 60;
  const total = (((h * 60 + m + steps * TIME_STEP_MINUTES) % day) + day) % day;
  return `${pad2(Math.floor(total / 60))}:${pad2(total % 60)}`;
}
