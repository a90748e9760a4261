import { z } from 'zod';
import { id, text } from './zod';

/** An optional reference id where "" or null means none (null), and leaving it out means "keep". */
export const nullableId = z.preprocess((v) => (v === '' ? null : v), id.nullable().optional());

/** Optional free text: blank means none (null); leaving it out means "keep". */
export const optionalText = (max: number) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), text(max).nullable().optional());
