import { type Ctx, inTransaction } from '../shared/context';
import type { In } from '../shared/zod';
import type { Manage } from './grants';
import { listProcedure, queryJobLevels } from './queries';
import { jobLevelUses } from './usage';
import { auditRow, insertRow, updateRow, deleteProcedure, lockedRow, nameTaken } from './records';
import { createJobLevelInput, listJobLevelsInput, updateJobLevelInput } from './schema';

// Job levels

export const findJobLevels = listProcedure(listJobLevelsInput, queryJobLevels);

const levelNameTaken = (name: string) => ({
  unique: { job_levels_name_uq: nameTaken(`A job level named ${name} already exists`) },
});

export async function createJobLevel(ctx: Ctx, _grant: Manage, raw: In<typeof createJobLevelInput>) {
  const input = createJobLevelInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const row = await insertRow(trx, 'job_levels', { name: input.name, rank: input.rank }, levelNameTaken(input.name));
    return auditRow(ctx, trx, 'job_level', row);
  });
}

export async function updateJobLevel(ctx: Ctx, _grant: Manage, raw: In<typeof updateJobLevelInput>) {
  const { id, ...input } = updateJobLevelInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await lockedRow(trx, 'job_levels', id, 'Job level');
    const row = await updateRow(
      trx,
      'job_levels',
      id,
      { name: input.name ?? before.name, rank: input.rank ?? before.rank },
      levelNameTaken(input.name ?? before.name),
    );
    return auditRow(ctx, trx, 'job_level', row, before);
  });
}

export const deleteJobLevel = deleteProcedure('job_levels', { entity: 'job_level', label: 'Job level', uses: jobLevelUses });
