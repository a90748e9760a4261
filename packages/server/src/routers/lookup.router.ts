import { listCompanyOffices, listDepartments, listDivisions, listJobLevels, listJobPositions, listSections } from '@hr/core/org';
import { listPtkp, listReference } from '@hr/core/reference';
import { forbidden, optionalId } from '@hr/core/shared';
import { z } from 'zod';
import { authedProcedure, publicProcedure, router } from '../trpc/procedures';
import {
  listCompanyOfficesOutput,
  listDepartmentsOutput,
  listDivisionsOutput,
  listJobLevelsOutput,
  listJobPositionsOutput,
  listSectionsOutput,
} from '@hr/core/org';
import { listPtkpOutput, listReferenceOutput } from '@hr/core/reference';
import { returns } from '../trpc/output';
import { templateRow, templatesFor } from './templates';

type ReferenceTable = Parameters<typeof listReference>[1];

/** The rows of a reference table at `path`, for anyone: the registration form reads them before signing in. */
const publicReference = (path: string, message: string, table: ReferenceTable) =>
  publicProcedure
    .meta({ rest: { method: 'GET', path, message, results: true } })
    .output(returns(listReferenceOutput))
    .query(({ ctx }) => listReference(ctx.services.ctx(null), table));

/** The rows of a reference table at `path`, for any signed-in user. */
const signedInReference = (path: string, message: string, table: ReferenceTable) =>
  authedProcedure
    .meta({ rest: { method: 'GET', path, message, results: true } })
    .output(returns(listReferenceOutput))
    .query(({ ctx }) => listReference(ctx.svc, table));

// Reference lists the public registration form needs are public; org lookups need a login.
export const lookupRouter = router({
  religions: publicReference('/v2/h/component/religion', 'Religions', 'religions'),
  educationLevels: publicReference('/v2/h/component/education/level', 'Education levels', 'education_levels'),
  maritalStatuses: publicReference('/v2/h/component/marital/status', 'Marital statuses', 'marital_statuses'),
  banks: signedInReference('/v2/h/component/bank', 'Banks', 'banks'),
  countries: signedInReference('/v2/h/component/country', 'Countries', 'countries'),
  ptkp: authedProcedure
    .meta({ rest: { method: 'GET', path: '/v2/h/component/PTKP', message: 'PTKP statuses', results: true } })
    .output(returns(listPtkpOutput))
    .query(({ ctx }) => listPtkp(ctx.svc)),
  companyOffices: authedProcedure
    .meta({ rest: { method: 'GET', path: '/v2/h/component/companyOffice', message: 'Company offices', results: true } })
    .input(z.object({ developerAccess: z.coerce.number().int().min(0).max(1).optional() }).optional())
    .output(returns(listCompanyOfficesOutput))
    .query(({ ctx, input }) => {
      // spec §2 "The company-offices lookup sends a developerAccess flag" (issue 20 item 8): the developer
      // menu's list of every office. Offices are not scoped data here, so every login sees them all; the
      // flag is honoured for developer-menu users and refused (403) for anyone else, never ignored.
      if (input?.developerAccess === 1 && !ctx.actor.permissions.has('developer.access'))
        throw forbidden('developerAccess=1 is for the developer menu (permission developer.access)');
      return listCompanyOffices(ctx.svc);
    }),
  departments: authedProcedure
    .meta({ rest: { method: 'GET', path: '/v2/h/component/department', message: 'Departments', results: true } })
    .input(
      z.object({ companyOfficeId: optionalId, divisionIncluded: z.coerce.number().int().min(0).max(1).optional() }).optional(),
    )
    .output(returns(listDepartmentsOutput))
    .query(({ ctx, input }) =>
      listDepartments(ctx.svc, {
        companyOfficeId: input?.companyOfficeId,
        // divisionIncluded=1 limits a caller without hr.all to the department of their own division.
        divisionLimitedTo:
          input?.divisionIncluded === 1 && !ctx.actor.permissions.has('hr.all')
            ? { departmentId: ctx.actor.departmentId, divisionId: ctx.actor.divisionId }
            : undefined,
      }),
    ),
  divisions: authedProcedure
    .meta({ rest: { method: 'GET', path: '/v2/h/component/division', message: 'Divisions', results: true } })
    .input(z.object({ companyOfficeId: optionalId, departmentId: optionalId }).optional())
    .output(returns(listDivisionsOutput))
    .query(({ ctx, input }) => listDivisions(ctx.svc, input ?? {})),
  sections: authedProcedure
    .meta({ rest: { method: 'GET', path: '/v2/h/component/section', message: 'Sections', results: true } })
    .input(z.object({ divisionId: optionalId, departmentId: optionalId }).optional())
    .output(returns(listSectionsOutput))
    .query(({ ctx, input }) => listSections(ctx.svc, input ?? {})),
  jobPositions: authedProcedure
    .meta({ rest: { method: 'GET', path: '/v2/h/component/jobPosition', message: 'Job positions', results: true } })
    .input(z.object({ departmentId: optionalId, divisionId: optionalId, sectionId: optionalId }).optional())
    .output(returns(listJobPositionsOutput))
    .query(({ ctx, input }) => listJobPositions(ctx.svc, input ?? {})),
  templates: authedProcedure
    .meta({ rest: { method: 'GET', path: '/v2/h/component/template', message: 'Templates', results: true } })
    .output(returns(z.array(templateRow)))
    .query(({ ctx }) => templatesFor(ctx.actor.permissions)),
  jobLevels: authedProcedure
    .meta({ rest: { method: 'GET', path: '/v2/h/component/jobLevel', message: 'Job levels', results: true } })
    .output(returns(listJobLevelsOutput))
    .query(({ ctx }) => listJobLevels(ctx.svc)),
});
