import { audit } from '../../audit/index';
import type { Grant } from '../../access/index';
import { type Ctx, inTransaction } from '../../shared/context';
import type { In } from '../../shared/zod';
import { querySettings } from './queries';
import { type PayrollSettings, updatePayrollSettingsInput } from './schema';

import type { View } from './access';

/* Payroll settings (salary/setting). */

export async function getPayrollSettings(ctx: Ctx, _grant: View): Promise<PayrollSettings> {
  return querySettings(ctx.db);
}

export async function updatePayrollSettings(
  ctx: Ctx,
  _grant: Grant<'salary.setting'>,
  raw: In<typeof updatePayrollSettingsInput>,
): Promise<PayrollSettings> {
  const input = updatePayrollSettingsInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await querySettings(trx);
    const set: Record<string, unknown> = { updated_at: ctx.clock() };
    if (input.cutOffDay !== undefined) set.cut_off_day = input.cutOffDay;
    if (input.payDay !== undefined) set.pay_day = input.payDay;
    if (input.jkkRatePercent !== undefined) set.jkk_rate_percent = input.jkkRatePercent;
    if (input.terRounding !== undefined) set.ter_rounding = input.terRounding;
    if (input.componentRounding !== undefined) set.component_rounding = input.componentRounding;
    if (input.workWeek !== undefined) set.work_week = input.workWeek;
    if (input.bpjsEnabled !== undefined) set.bpjs_enabled = input.bpjsEnabled;
    if (input.absenceCutBasis !== undefined) set.absence_cut_basis = input.absenceCutBasis;
    if (input.absenceCutDivisor !== undefined) set.absence_cut_divisor = input.absenceCutDivisor;
    if (input.absenceCutFixedAllowances !== undefined) set.absence_cut_fixed_allowances = input.absenceCutFixedAllowances;
    if (input.prorationBasis !== undefined) set.proration_basis = input.prorationBasis;
    if (input.taxBorneBy !== undefined) set.tax_borne_by = input.taxBorneBy;
    if (input.pph21DtpEligible !== undefined) set.pph21_dtp_eligible = input.pph21DtpEligible;
    if (input.pph21DtpKlu !== undefined) set.pph21_dtp_klu = input.pph21DtpKlu;
    if (input.minimumWageRegion !== undefined) set.minimum_wage_region = input.minimumWageRegion;
    await trx.updateTable('payroll_settings').set(set).where('id', '=', 1).execute();
    const after = await querySettings(trx);
    await audit(ctx, trx, { action: 'update', entity: 'payroll_settings', entityId: 1, before, after });
    return after;
  });
}
