import { z } from 'zod';

/*
 * Result shapes every module's outputs.ts shares (issue 17): a page of rows, the id of what was created or
 * updated, and the acknowledgement of a delete. The services return exactly these (shared/page.ts builds the page).
 */

/** One page of a list: `{ rows, total, page, pageSize }`. */
export const pageOutput = <T extends z.ZodType>(row: T) =>
  z.object({ rows: z.array(row), total: z.number(), page: z.number(), pageSize: z.number() });

/** What a create or update answers: the record's id. */
export const idOutput = z.object({ id: z.number() });

/** What a delete answers. */
export const okOutput = z.object({ ok: z.literal(true) });
