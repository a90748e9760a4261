/*
 * Output schemas of the reference procedures (issue 17): what the services return today, field for field,
 * so the OpenAPI document types each result. Procedures check results against them with the
 * server's `returns()` (it never strips a field). Dates are Date objects here; JSON carries ISO text.
 */
import { z } from 'zod';
import { okOutput } from '../shared/outputs';
import type { ReferenceKind, ReferenceRows } from './schema';

const lookupItemShape = z.object({ id: z.number(), name: z.string() });
const codedItemShape = z.object({ id: z.number(), name: z.string(), code: z.string().nullable() });
const bracketRowShape = z.object({
  id: z.number(),
  name: z.string(),
  lowerBound: z.string(),
  upperBound: z.string().nullable(),
  rateBp: z.number(),
});
const ptkpRowShape = z.object({ id: z.number(), name: z.string(), code: z.string(), yearlyAmount: z.string() });
const companyRowShape = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string().nullable(),
  address: z.string().nullable(),
});

/** A row of each reference kind (ReferenceRows), as the lists, create and update return it. */
export const referenceRowOutputs: { [K in ReferenceKind]: z.ZodType<ReferenceRows[K]> } = {
  bank: codedItemShape,
  country: codedItemShape,
  educationLevel: lookupItemShape,
  maritalStatus: lookupItemShape,
  religion: lookupItemShape,
  pkp: bracketRowShape,
  pkpSecond: bracketRowShape,
  ptkp: ptkpRowShape,
  company: companyRowShape,
  companySecond: companyRowShape,
  fingerspotType: lookupItemShape,
};

export const listReferenceOutput = z.array(lookupItemShape);
export const listPtkpOutput = z.array(ptkpRowShape);
/** A page of one kind's rows (findReference). */
export const findReferenceOutput = <K extends ReferenceKind>(
  kind: K,
): z.ZodType<{ rows: ReferenceRows[K][]; total: number; page: number; pageSize: number }> =>
  z.object({ rows: z.array(referenceRowOutputs[kind]), total: z.number(), page: z.number(), pageSize: z.number() });
/**
 * One kind's row (create, update), typed as any kind's row: tRPC cannot compare a generic kind's
 * row with its output type; the run-time check still uses the kind's own schema.
 */
export const referenceRowOutput = (kind: ReferenceKind): z.ZodType<ReferenceRows[ReferenceKind]> => referenceRowOutputs[kind];
/** The whole list of one kind (lookupReference). */
export const lookupReferenceOutput = <K extends ReferenceKind>(kind: K): z.ZodType<ReferenceRows[K][]> =>
  z.array(referenceRowOutputs[kind]);
export const deleteReferenceOutput = okOutput;
