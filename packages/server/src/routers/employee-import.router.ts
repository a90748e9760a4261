import { router } from '../trpc/procedures';

/** Employee import from CSV/XLSX: template, dry run, import (issue 3). */
export const employeeImportRouter = router({});
