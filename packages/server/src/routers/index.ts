import { router } from '../trpc/procedures';
import { authRouter } from './auth.router';
import { employeeRouter } from './employee.router';
import { lookupRouter } from './lookup.router';
import { orgRouter } from './org.router';
import { permissionRouter } from './permission.router';
import { referenceRouter } from './reference.router';

export const appRouter = router({
  auth: authRouter,
  lookup: lookupRouter,
  employee: employeeRouter,
  permission: permissionRouter,
  org: orgRouter,
  reference: referenceRouter,
});

export type AppRouter = typeof appRouter;
