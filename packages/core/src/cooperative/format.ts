export { todayOf } from '../shared/date-ranges';
export { companyDate } from '../shared/time-zone';
export { ddmmyyyy } from '../shared/date-ranges';

export const formatRp = (v: bigint): string => v.toString().replace(/\B(?=(\d{3})+(?!\d))/g, '.');
/** '1234567' → '1.234.567' (rupiah digit strings, exact). */
export const formatRupiahDigits = (digits: string): string => formatRp(BigInt(digits));
