import { z } from 'zod';
import { id, isoDate, text } from './zod';

/** An optional reference id where "" or null means none (null), and leaving it out means "keep". */
export const nullableId = z.preprocess((v) => (v === '' ? null : v), id.nullable().optional());

/** A form field left blank ('' or only spaces) as null. */
export const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/** Optional free text: blank means none (null); leaving it out means "keep". */
export const optionalText = (max: number) => z.preprocess(blankToNull, text(max).nullable().optional());

/** An optional date 'yyyy-mm-dd': blank means none (null); leaving it out means "keep". */
export const optionalDate = z.preprocess(blankToNull, isoDate.nullable().optional());
