import { type Actor, type Grant, requirePermission } from '@hr/core/access';
import { AppError } from '@hr/core/shared';
import { generateRunInput, generateThr, generateThrInput, runPayroll, sendPayslips, sendPayslipsInput } from '@hr/core/payroll';
import type { Services } from '@hr/core/services';
import { type JobService, JobService as Jobs, type JobServiceOptions, jobsFor } from './service';

/** The application's job kinds: each calls a core service function, with the permission re-checked when it runs. */
export const JOB_KINDS = {
  payroll: 'salary.report.generate',
  thr: 'salary.holidayAllowance.generate',
  payslipMail: 'salary.payslip.sendEmail',
} as const;

/** Same rule as the synchronous generations: a run covers every employee, so the caller's scope must be the whole company. */
export function requireCompanyScope(grant: Grant, runs = 'Payroll runs'): void {
  if (grant.scope.kind !== 'all')
    throw new AppError('FORBIDDEN', `${runs} need access to every employee (superadmin or HR wildcard)`);
}

export function createJobService(services: Services, opts: JobServiceOptions = {}): JobService {
  return new Jobs(services, opts)
    .register(JOB_KINDS.payroll, {
      async run(ctx, raw, progress) {
        const grant = requirePermission(ctx.actor, 'salary.update');
        const input = generateRunInput.parse(raw);
        requireCompanyScope(grant);
        const { timings: _t, ...result } = await runPayroll(ctx, { ...input, onProgress: progress });
        return result;
      },
    })
    .register(JOB_KINDS.thr, {
      run: (ctx, raw, progress) =>
        generateThr(ctx, requirePermission(ctx.actor, 'salary.update'), generateThrInput.parse(raw), { onProgress: progress }),
    })
    .register(JOB_KINDS.payslipMail, {
      run: (ctx, raw, progress) =>
        sendPayslips(ctx, requirePermission(ctx.actor, 'salary.update'), services.mail, sendPayslipsInput.parse(raw), {
          onProgress: progress,
        }),
    });
}

/** The job service of these services (main.ts's started one, else an in-process one made on first use). */
export const jobsOf = (services: Services): JobService => jobsFor(services, (s) => createJobService(s));

/** Enqueues a job after the same input and scope checks its synchronous twin makes up front. */
export async function enqueueJob(services: Services, kind: string, input: unknown, actor: Actor) {
  return jobsOf(services).enqueue(kind, input, actor);
}
