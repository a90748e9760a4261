import { AppError } from '../shared/errors';

export { todayOf } from '../shared/date-ranges';
export { ddmmyyyy as dmy } from '../shared/date-ranges';
export const fmtDays = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;
/** The year of a 'yyyy-mm-dd' date (a request's balance year is its start date's). */
export const yearOf = (date: string): number => Number(date.slice(0, 4));

export const decidedMeanwhile = () =>
  new AppError('CONFLICT', 'This leave request has been decided already; reload to see its status');
