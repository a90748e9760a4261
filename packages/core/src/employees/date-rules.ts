import type { FieldIssue } from '../shared/errors';
import { type DateKind, dateIssues } from '../shared/date-ranges';

// The ranges themselves live in shared/date-ranges.ts (one rule for every date a person types).
export { DATE_RANGES, type DateKind, dateIssue, dateIssues, dateRange, todayWib } from '../shared/date-ranges';

type Values = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v : null);
const list = (v: unknown) => (Array.isArray(v) ? (v as Values[]) : []);

/**
 * The date issues of one section's values (as sent to `employee/update/{section}` or proposed in a
 * data update request); params are the field paths within the section, `prefix` is put before them
 * ("changes." for a request).
 */
export function sectionDateIssues(section: string, v: Values, today: string, prefix = ''): FieldIssue[] {
  const dates: [string, DateKind, string | null | undefined][] = [];
  switch (section) {
    case 'personal':
      dates.push(['birthDate', 'birth', str(v.birthDate)]);
      break;
    case 'employment':
      for (const f of ['entryDate', 'firstJoinDate', 'contractStartDate', 'annualLeaveDate'])
        dates.push([f, 'employment', str(v[f])]);
      break;
    case 'parents':
      for (const p of ['father', 'mother'] as const) {
        const parent = v[p] as Values | null | undefined;
        if (parent) dates.push([`${p}.birthDate`, 'family', str(parent.birthDate)]);
      }
      break;
    case 'sibling':
      list(v.siblings).forEach((s, i) => {
        dates.push([`siblings.${i}.birthDate`, 'family', str(s.birthDate)]);
      });
      break;
    case 'previousCompany':
      list(v.companies).forEach((c, i) => {
        dates.push([`companies.${i}.startDate`, 'past', str(c.startDate)]);
        dates.push([`companies.${i}.endDate`, 'past', str(c.endDate)]);
      });
      break;
  }
  return dateIssues(today, dates).map((f) => ({ ...f, param: `${prefix}${f.param}` }));
}
