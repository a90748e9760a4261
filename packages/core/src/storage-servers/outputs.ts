/*
 * Output schemas of the storage-servers procedures (issue 17): what the services return today, field for field,
 * so the OpenAPI document types each result. Procedures check results against them with the
 * server's `returns()` (it never strips a field). Dates are Date objects here; JSON carries ISO text.
 */
import { z } from 'zod';
import { idOutput, pageOutput } from '../shared/outputs';

const storageServerRowShape = z.object({
  id: z.number(),
  name: z.string(),
  typeId: z.number(),
  typeName: z.string(),
  categoryId: z.number(),
  categoryName: z.string(),
  location: z.string(),
  address: z.string(),
  capacityGb: z.string(),
  usageGb: z.string(),
  usagePercent: z.number(),
  ownerEmployeeId: z.number(),
  ownerNumber: z.string(),
  ownerName: z.string(),
  status: z.enum(['active', 'maintenance', 'inactive']),
  statusLabel: z.string(),
  updatedAt: z.date(),
});
const storageServerLookupShape = z.object({ id: z.number(), name: z.string() });
const storageServerOwnerShape = z.object({ id: z.number(), employeeNumber: z.string(), name: z.string() });

export const listStorageServersOutput = pageOutput(storageServerRowShape);
export const getStorageServerOutput = storageServerRowShape;
export const createStorageServerOutput = storageServerRowShape;
export const updateStorageServerOutput = storageServerRowShape;
export const deleteStorageServerOutput = idOutput;
export const listStorageServerTypesOutput = z.array(storageServerLookupShape);
export const listStorageServerCategoriesOutput = z.array(storageServerLookupShape);
export const listStorageServerOwnersOutput = z.array(storageServerOwnerShape);
