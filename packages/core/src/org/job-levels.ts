import { type Ctx, inTransaction } from '../shared/context';
import { dbWrite } from '../shared/db-errors';
import type { In, Page } from '../shared/zod';
import type { Manage, View } from './grants';
import { queryJobLevels } from './queries';
import { jobLevelUsage } from './usage';
import { auditRow, deleteUnused, lockedRow, nameTaken } from './records';
import { createJobLevelInput, idInput, type JobLevelRow, listJobLevelsInput, updateJobLevelInput } from './schema';

// Job levels

export async function findJobLevels(ctx: Ctx, _grant: View, raw: In<typeof listJobLevelsInput>): Promise<Page<JobLevelRow>> {
  return queryJobLevels(ctx.db, listJobLevelsInput.parse(raw));
}

const levelNameTaken = (name: string) => ({
  unique: { job_levels_name_uq: nameTaken(`A job level named ${name} already exists`) },
});

export async function createJobLevel(ctx: Ctx, _grant: Manage, raw: In<typeof createJobLevelInput>) {
  const input = createJobLevelInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const row = await dbWrite(
      () => trx.insertInto('job_levels').values({ name: input.name, rank: input.rank }).returningAll().executeTakeFirstOrThrow(),
      levelNameTaken(input.name),
    );
    return auditRow(ctx, trx, 'job_level', row);
  });
}

export async function updateJobLevel(ctx: Ctx, _grant: Manage, raw: In<typeof updateJobLevelInput>) {
  const { id, ...input } = updateJobLevelInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await lockedRow(trx, 'job_levels', id, 'Job level');
    const row = await dbWrite(
      () =>
        trx
          .updateTable('job_levels')
          .set({ name: input.name ?? before.name, rank: input.rank ?? before.rank })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow(),
      levelNameTaken(input.name ?? before.name),
    );
    return auditRow(ctx, trx, 'job_level', row, before);
  });
}

export async function deleteJobLevel(ctx: Ctx, _grant: Manage, raw: In<typeof idInput>): Promise<{ ok: true }> {
  const { id } = idInput.parse(raw);
  return inTransaction(ctx, (trx) =>
    deleteUnused(ctx, trx, 'job_levels', id, {
      entity: 'job_level',
      label: 'Job level',
      uses: async () => {
        const u = await jobLevelUsage(trx, id);
        return [
          [u.employees, 'employee', 'employees'],
          [u.jobPositions, 'job position', 'job positions'],
        ];
      },
    }),
  );
}
