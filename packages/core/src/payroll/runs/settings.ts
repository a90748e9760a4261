import { updateAuditedSettings } from '../../audit/index';
import type { Grant } from '../../access/index';
import type { Ctx } from '../../shared/context';
import { defined } from '../../shared/patch';
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
  return updateAuditedSettings(ctx, {
    action: 'update',
    table: 'payroll_settings',
    read: querySettings,
    set: {
      ...defined({
        cut_off_day: input.cutOffDay,
        pay_day: input.payDay,
        jkk_rate_percent: input.jkkRatePercent,
        ter_rounding: input.terRounding,
        component_rounding: input.componentRounding,
        work_week: input.workWeek,
        bpjs_enabled: input.bpjsEnabled,
        absence_cut_basis: input.absenceCutBasis,
        absence_cut_divisor: input.absenceCutDivisor,
        absence_cut_fixed_allowances: input.absenceCutFixedAllowances,
        proration_basis: input.prorationBasis,
        tax_borne_by: input.taxBorneBy,
        pph21_dtp_eligible: input.pph21DtpEligible,
        pph21_dtp_klu: input.pph21DtpKlu,
        minimum_wage_region: input.minimumWageRegion,
        company_name: input.companyName,
      }),
      updated_at: ctx.clock(),
    },
  });
}
