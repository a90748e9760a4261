import { sql } from 'kysely';
import { COMPANY_TIME_ZONE } from '../shared/time-zone';
import type { Ctx } from '../shared/context';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The company's calendar date now (Asia/Jakarta), 'yyyy-mm-dd'. */
export const todayOf = (ctx: Ctx): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: COMPANY_TIME_ZONE }).format(ctx.clock());
export const companyDate = (col: string) => sql<string>`(${sql.ref(col)} at time zone ${COMPANY_TIME_ZONE})::date`;
export const ddmmyyyy = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;

export const formatRp = (v: bigint): string => v.toString().replace(/\B(?=(\d{3})+(?!\d))/g, '.');
/** '1234567' → '1.234.567' (rupiah digit strings, exact). */
export const formatRupiahDigits = (digits: string): string => formatRp(BigInt(digits));
