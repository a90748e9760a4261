import type { Migration } from 'kysely';
import * as m20261122T1900 from './20261122T1900_foundation';
import * as m20261122T2000 from './20261122T2000_org';
import * as m20261122T2100 from './20261122T2100_employee_detail';
import * as m20261122T2200 from './20261122T2200_employee_history';

/** Every migration, by unique name, in order. Add new ones at the end. */
export const migrations: Record<string, Migration> = {
  '20261122T1900_foundation': m20261122T1900,
  '20261122T2000_org': m20261122T2000,
  '20261122T2100_employee_detail': m20261122T2100,
  '20261122T2200_employee_history': m20261122T2200,
};
