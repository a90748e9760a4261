import type { Ctx } from '../shared/context';
import { AppError } from '../shared/errors';
import { COMPANY_TIME_ZONE } from '../shared/time-zone';

/** The company's calendar date now (Asia/Jakarta), 'yyyy-mm-dd'. */
export const todayOf = (ctx: Ctx): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: COMPANY_TIME_ZONE }).format(ctx.clock());
export const dmy = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;
export const fmtDays = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;
/** The year of a 'yyyy-mm-dd' date (a request's balance year is its start date's). */
export const yearOf = (date: string): number => Number(date.slice(0, 4));

export const decidedMeanwhile = () =>
  new AppError('CONFLICT', 'This leave request has been decided already; reload to see its status');
