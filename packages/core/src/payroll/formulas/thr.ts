import { Dec, type DecInput, dec, toInt, toRupiah } from '../money';
import { type ThrInput, type ThrMonthCounting, thrInput } from '../schema';
import { type TraceMap, trace } from '../trace';

const SOURCE = 'Permenaker 6/2016 Pasal 2–3, 7; PP 36/2021';

interface Ymd {
  y: number;
  m: number;
  d: number;
}
const parse = (s: string): Ymd => ({ y: Number(s.slice(0, 4)), m: Number(s.slice(5, 7)), d: Number(s.slice(8, 10)) });
const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
const dayNumber = (x: Ymd) => Date.UTC(x.y, x.m - 1, x.d) / 86_400_000;
const fmt = (x: Ymd) => `${x.y}-${String(x.m).padStart(2, '0')}-${String(x.d).padStart(2, '0')}`;

/** joinDate plus k months, the day clamped to the month's end (31 Jan + 1 month = 28/29 Feb). */
function addMonths(x: Ymd, k: number): Ymd {
  const idx = x.y * 12 + (x.m - 1) + k;
  const y = Math.floor(idx / 12);
  const m = (idx % 12) + 1;
  return { y, m, d: Math.min(x.d, daysInMonth(y, m)) };
}

/**
 * Months of continuous service from `start` to `end` (both yyyy-mm-dd). The rules give no method for partial
 * months (payroll-id.md §4, UNCONFIRMED): `completed` (recommended) counts whole months, a month being complete
 * on the same day-of-month (clamped to month end); `fractional` adds the share of the started month by days.
 */
export function monthsOfService(start: string, end: string, counting: ThrMonthCounting = 'completed'): Dec {
  const a = parse(start);
  const b = parse(end);
  if (dayNumber(b) < dayNumber(a)) return new Dec(0);
  let k = (b.y - a.y) * 12 + (b.m - a.m);
  while (k > 0 && dayNumber(addMonths(a, k)) > dayNumber(b)) k--;
  if (counting === 'completed') return new Dec(k);
  const from = dayNumber(addMonths(a, k));
  const to = dayNumber(addMonths(a, k + 1));
  return new Dec(k).plus(new Dec(dayNumber(b) - from).div(to - from));
}

/** THR amount: ≥ 12 months one month's wage, 1 to < 12 months months/12 × wage, rounded half up; under 1 month nothing. */
export function thrAmount(monthlyWage: DecInput, months: Dec): Dec {
  if (months.lt(1)) return new Dec(0);
  if (months.gte(12)) return dec(monthlyWage);
  return toRupiah(dec(monthlyWage).times(months).div(12));
}

export type ThrEmploymentEnd = 'dismissed' | 'resigned' | 'contract-ended';

/**
 * Whether a worker who stopped before the holiday still gets THR (Permenaker 6/2016 Pasal 7; payroll-id.md §4):
 * a permanent (PKWTT) worker dismissed within the 30 days before the holiday does; a fixed-term (PKWT) worker
 * whose contract ended before it, and anyone who resigned, does not.
 */
export function thrEntitledAfterLeaving(args: {
  contract: 'PKWTT' | 'PKWT';
  endDate: string;
  endReason: ThrEmploymentEnd;
  holidayDate: string;
}): boolean {
  const days = dayNumber(parse(args.holidayDate)) - dayNumber(parse(args.endDate));
  if (days <= 0) return true; // still employed on the holiday
  return args.contract === 'PKWTT' && args.endReason === 'dismissed' && days <= 30;
}

export interface ThrOutput {
  monthsOfService: number;
  eligible: boolean;
  thr: number;
}

/** `hr calc thr`: months of service up to the holiday, eligibility (≥ 1 month) and the amount. */
export function calculateThr(raw: ThrInput): { output: ThrOutput; trace: TraceMap } {
  const input = thrInput.parse(raw);
  const months = monthsOfService(input.joinDate, input.holidayDate, input.monthCounting);
  const eligible = months.gte(1);
  const thr = thrAmount(input.monthlyWage, months);
  const anniversary = fmt(addMonths(parse(input.joinDate), Math.floor(months.toNumber())));
  return {
    output: { monthsOfService: months.toDecimalPlaces(4).toNumber(), eligible, thr: toInt(thr) },
    trace: {
      monthsOfService: trace(
        'THR months of service',
        input.monthCounting === 'completed'
          ? 'whole months from joinDate to holidayDate (a month completes on the same day of the month)'
          : 'whole months + days into the started month / its length',
        {
          joinDate: input.joinDate,
          holidayDate: input.holidayDate,
          lastCompletedMonthOn: anniversary,
          monthCounting: input.monthCounting,
        },
        `${SOURCE}; partial months not regulated (company setting monthCounting)`,
      ),
      eligible: trace('THR eligibility', 'monthsOfService ≥ 1', { monthsOfService: months.toString() }, SOURCE),
      thr: trace(
        'THR amount',
        months.gte(12)
          ? 'one month’s wage (≥ 12 months)'
          : months.lt(1)
            ? '0 (under 1 month)'
            : 'round half up(monthsOfService / 12 × monthlyWage)',
        { monthlyWage: input.monthlyWage, monthsOfService: months.toString() },
        SOURCE,
      ),
    },
  };
}
