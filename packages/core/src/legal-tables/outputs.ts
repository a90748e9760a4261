/* Output schemas of the legal-table procedures (`.output(returns(…))`): what the services return, field for field. */
import { z } from 'zod';

export const legalValueRowOutput = z.object({
  id: z.number(),
  key: z.string(),
  region: z.string().nullable(),
  value: z.string(),
  validFrom: z.string(),
  validTo: z.string().nullable(),
  source: z.string(),
  note: z.string().nullable(),
  usedAt: z.date().nullable(),
  usedBy: z.string().nullable(),
  createdAt: z.date(),
});
export const listLegalValuesOutput = z.object({ rows: z.array(legalValueRowOutput) });
export const deleteLegalValueOutput = z.object({ id: z.number(), deleted: z.literal(true) });
