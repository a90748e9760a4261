import { z } from 'zod';
import { id, optionalId, pageInput, text } from '../shared/zod';
import { optionalText } from '../shared/zod-optional';

export const listManagersInput = pageInput.extend({
  search: text(100).optional(),
  managerEmployeeId: optionalId,
  /** "1" active only, "0" inactive only, empty both. */
  active: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number().int().min(0).max(1).optional()),
});

export const createManagersInput = z.strictObject({
  managerEmployeeId: id,
  /** The employees this person manages (added in one go; existing pairs are reactivated). */
  employeeIds: z.array(id).min(1, 'choose at least one employee').max(500, 'at most 500 at once'),
  note: optionalText(300),
});

export const updateManagerInput = z.strictObject({ id, managerEmployeeId: id.optional(), note: optionalText(300) });
export const managerIdInput = z.strictObject({ id });

export interface ManagerRow {
  id: number;
  managerEmployeeId: number;
  managerName: string;
  managerNumber: string;
  employeeId: number;
  employeeName: string;
  employeeNumber: string;
  department: string | null;
  active: boolean;
  note: string | null;
}
