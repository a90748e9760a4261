/** Display formats (ARCHITECTURE "Dates", spec §9): dd/mm/yyyy, mm/yyyy, yyyy, 24-hour hh:mm. */

const pad2 = (n: number) => String(n).padStart(2, '0');

function toDate(v: Date | string | null | undefined): Date | null {
  if (v === null || v === undefined || v === '') return null;
  const d = v instanceof Date ? v : new Date(v);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** A calendar date "yyyy-mm-dd" shown as dd/mm/yyyy (no time-zone shift); "" when missing. */
export function formatIsoDate(iso: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso ?? '');
  if (m) return `${m[3]}/${m[2]}/${m[1]}`;
  const d = toDate(iso);
  return d ? formatDate(d) : '';
}

/** An instant shown as dd/mm/yyyy in local time. */
export function formatDate(v: Date | string | null | undefined): string {
  const d = toDate(v);
  return d ? `${pad2(d.getDate())}/${pad2(d.getMonth() + 1)}/${d.getFullYear()}` : '';
}

/** An instant shown as dd/mm/yyyy HH:mm (24-hour, local time). */
export function formatDateTime(v: Date | string | null | undefined): string {
  const d = toDate(v);
  return d ? `${formatDate(d)} ${pad2(d.getHours())}:${pad2(d.getMinutes())}` : '';
}

/** The header clock: dd/mm/yyyy HH:mm:ss (24-hour). */
export function formatClock(d: Date): string {
  return `${formatDate(d)} ${pad2(d.getHours())}:${pad2(d.getMinutes())}:${pad2(d.getSeconds())}`;
}

/** mm/yyyy */
export function formatMonth(year: number, month: number): string {
  return `${pad2(month)}/${year}`;
}

/** Whole numbers with thousands separators (id-ID uses dots). */
export function formatNumber(n: number, locale = 'id-ID'): string {
  return new Intl.NumberFormat(locale).format(n);
}

/**
 * "givenName" / "birth_date" / "company office" → "Given Name" / "Birth Date" / "Company Office".
 * Used for "<Field name in start case> field is required" (spec §5).
 */
export function startCase(s: string): string {
  return s
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-.]+/g, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

/** The general required-field notice of spec §5. */
export function requiredNotice(field: string): string {
  return `${startCase(field)} field is required`;
}
