import { router } from '../trpc/procedures';
import { authRouter } from './auth.router';
import { employeeRouter } from './employee.router';
import { lookupRouter } from './lookup.router';
import { permissionRouter } from './permission.router';

export const appRouter = router({
  auth: authRouter,
  lookup: lookupRouter,
  employee: employeeRouter,
  permission: permissionRouter,
});

export type AppRouter = typeof appRouter;
