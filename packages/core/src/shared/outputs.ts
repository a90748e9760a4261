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

/** A file sent to the browser: its name, content type and bytes in base64 (REST twins send the bytes themselves). */
export interface FileDownload {
  fileName: string;
  contentType: string;
  base64: string;
}

/** What a delete answers. */
export const okOutput = z.object({ ok: z.literal(true) });

/** `{ <key>Id, <key> }` for each key: the id and the display name of a linked record (`companyOfficeId`, `companyOffice`). */
type NamedRefs<K extends string, Id extends z.ZodType, Name extends z.ZodType> = { [P in `${K}Id`]: Id } & { [P in K]: Name };

/** The id and name of linked records every row has: `namedRefs('companyOffice')` is `{ companyOfficeId, companyOffice }`. */
export const namedRefs = <K extends string>(...keys: K[]) =>
  Object.fromEntries(keys.flatMap((k) => [[`${k}Id`, z.number()] as const, [k, z.string()] as const])) as NamedRefs<
    K,
    z.ZodNumber,
    z.ZodString
  >;

/** As `namedRefs`, for links a row may lack (both fields null). */
export const nullableNamedRefs = <K extends string>(...keys: K[]) =>
  Object.fromEntries(
    keys.flatMap((k) => [[`${k}Id`, z.number().nullable()] as const, [k, z.string().nullable()] as const]),
  ) as NamedRefs<K, z.ZodNullable<z.ZodNumber>, z.ZodNullable<z.ZodString>>;

/** Who a row is about: the employee's id, number and name. */
export const employeeRefShape = { employeeId: z.number(), employeeNumber: z.string(), employeeName: z.string() };

/** Who a row is about and the department they work in (null outside any department). */
export const employeeInDepartmentShape = { ...employeeRefShape, department: z.string().nullable() };
