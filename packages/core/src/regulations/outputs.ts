/*
 * Output schemas of the regulations procedures (issue 17): what the services return today, field for field,
 * so the OpenAPI document types each result. Procedures check results against them with the
 * server's `returns()` (it never strips a field). Dates are Date objects here; JSON carries ISO text.
 */
import { z } from 'zod';
import { idOutput, pageOutput } from '../shared/outputs';

const regulationRowShape = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string().nullable(),
  effectiveDate: z.string(),
  companyOfficeId: z.number().nullable(),
  companyOfficeName: z.string(),
  fileName: z.string(),
  mime: z.string(),
  size: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const listRegulationsOutput = pageOutput(regulationRowShape);
export const getRegulationOutput = regulationRowShape;
export const createRegulationOutput = regulationRowShape;
export const updateRegulationOutput = regulationRowShape;
export const deleteRegulationOutput = idOutput;
export const myRegulationsOutput = z.array(regulationRowShape);
