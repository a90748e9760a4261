import { sql } from 'kysely';
import { updateAuditedSettings } from '../audit/index';
import type { Ctx, Db } from '../shared/context';
import type { In } from '../shared/zod';
import type { Any, Manage } from './grants';
import { type CooperativeSettings, cooperativeSettingsInput, SAVING_PRODUCTS, type SavingProduct } from './schema';

// ---------------------------------------------------------------------------------------------
// Settings

export async function readSettings(db: Db): Promise<CooperativeSettings> {
  const s = await db.selectFrom('cooperative_settings').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
  return {
    principalAmount: s.principal_amount,
    mandatoryAmount: s.mandatory_amount,
    withdrawablePrincipal: s.withdrawable_principal,
    withdrawableMandatory: s.withdrawable_mandatory,
    withdrawableVoluntary: s.withdrawable_voluntary,
    approvalSteps: s.approval_steps,
    updatedAt: s.updated_at,
  };
}

export const withdrawableProducts = (s: CooperativeSettings): SavingProduct[] =>
  SAVING_PRODUCTS.filter((p) =>
    p === 'principal' ? s.withdrawablePrincipal : p === 'mandatory' ? s.withdrawableMandatory : s.withdrawableVoluntary,
  );

/** The cooperative settings (every member may read them: amounts and what can be withdrawn). */
export async function getCooperativeSettings(ctx: Ctx, _grant: Any): Promise<CooperativeSettings> {
  return readSettings(ctx.db);
}

/** Saves amounts, withdrawable products and the approval chain (one or two steps). */
export async function updateCooperativeSettings(
  ctx: Ctx,
  grant: Manage,
  raw: In<typeof cooperativeSettingsInput>,
): Promise<CooperativeSettings> {
  const input = cooperativeSettingsInput.parse(raw);
  return updateAuditedSettings(ctx, {
    action: 'cooperative.settings.update',
    table: 'cooperative_settings',
    read: readSettings,
    set: {
      principal_amount: input.principalAmount,
      mandatory_amount: input.mandatoryAmount,
      withdrawable_principal: input.withdrawablePrincipal,
      withdrawable_mandatory: input.withdrawableMandatory,
      withdrawable_voluntary: input.withdrawableVoluntary,
      approval_steps: input.approvalSteps,
      updated_by_user_id: grant.actor.userId,
      updated_at: sql<Date>`now()`,
    },
  });
}
