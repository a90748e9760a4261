import { windowPageOf } from '../shared/window-page';
import { employeeSearch } from '../shared/employee-sql';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { audit } from '../audit/index';
import { refuseOwn } from '../access/index';
import { type Ctx, inTransaction } from '../shared/context';
import { AppError } from '../shared/errors';
import { assertPlausibleDates } from '../shared/plausible-date';
import type { In, Page } from '../shared/zod';
import { inScope, memberVisible, visibleMember } from './access';
import { todayOf } from './format';
import type { Manage } from './grants';
import { memberBase, memberColumns, type RawMember, toMember } from './rows';
import {
  type AddCooperativeMembersResult,
  addCooperativeMembersInput,
  type CooperativeMemberRow,
  listCooperativeMembersInput,
  setCooperativeMemberStatusInput,
} from './schema';
import { anyId } from '../shared/sql';

// Members

/** Members in the caller's scope, filtered by office, department, status and name/number. */
export async function listCooperativeMembers(
  ctx: Ctx,
  grant: Manage,
  raw: In<typeof listCooperativeMembersInput>,
): Promise<Page<CooperativeMemberRow>> {
  const f = listCooperativeMembersInput.parse(raw);
  let q = memberBase(ctx.db).where(memberVisible(grant.actor));
  if (f.companyOfficeId) q = q.where('e.company_office_id', '=', f.companyOfficeId);
  if (f.departmentId) q = q.where('e.department_id', '=', f.departmentId);
  if (f.status !== undefined) q = q.where('m.status', '=', f.status);
  if (f.search) q = q.where(employeeSearch(f.search));
  return windowPageOf(
    q.select(memberColumns),
    f,
    (q) => q.orderBy('e.employee_number'),
    (r) => toMember(r as RawMember),
  );
}

/**
 * Adds members in bulk: every working employee of the office / department (and in the caller's
 * scope), or the listed employees. One set-based insert; employees who are members already are
 * skipped and counted.
 */
export async function addCooperativeMembers(
  ctx: Ctx,
  grant: Manage,
  raw: In<typeof addCooperativeMembersInput>,
): Promise<AddCooperativeMembersResult> {
  const input = addCooperativeMembersInput.parse(raw);
  assertPlausibleDates(todayOf(ctx), [{ param: 'joinDate', value: input.joinDate }]);
  return inTransaction(ctx, async (trx) => {
    const conds: RawBuilder<SqlBool>[] = [sql<SqlBool>`e.resigned = 0`, inScope(grant.actor)];
    if (input.companyOfficeId) conds.push(sql<SqlBool>`e.company_office_id = ${input.companyOfficeId}`);
    if (input.departmentId) conds.push(sql<SqlBool>`e.department_id = ${input.departmentId}`);
    if (input.employeeIds && input.employeeIds.length > 0) conds.push(anyId('e.id', input.employeeIds));
    const where = sql.join(conds, sql` and `);
    const result = await sql<{ matched: number; added: number }>`
      with matched as (select e.id from employees e where ${where}),
      ins as (
        insert into cooperative_members (employee_id, join_date)
        select id, ${input.joinDate}::date from matched
        on conflict (employee_id) do nothing
        returning id
      )
      select (select count(*)::int from matched) as matched, (select count(*)::int from ins) as added`.execute(trx);
    const { matched, added } = result.rows[0]!;
    if (matched === 0) {
      throw new AppError('VALIDATION', 'No working employee matches this selection', {
        fields: [{ param: input.employeeIds?.length ? 'employeeIds' : 'companyOfficeId', msg: 'matches no working employee' }],
      });
    }
    await audit(ctx, trx, {
      action: 'cooperative.member.add',
      entity: 'cooperative_members',
      after: { ...input, added, skipped: matched - added },
    });
    return { added, skipped: matched - added };
  });
}

/** Activates or deactivates a member (an inactive member gets no payroll deduction and cannot request). */
export async function setCooperativeMemberStatus(
  ctx: Ctx,
  grant: Manage,
  raw: In<typeof setCooperativeMemberStatusInput>,
): Promise<CooperativeMemberRow> {
  const input = setCooperativeMemberStatusInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await visibleMember(trx, grant.actor, input.id);
    // Segregation of duties (docs/security.md): an inactive member pays no mandatory saving.
    refuseOwn(grant.actor, before.employeeId, 'cooperative membership');
    await trx
      .updateTable('cooperative_members')
      .set({ status: input.status, updated_at: sql`now()` })
      .where('id', '=', input.id)
      .execute();
    const after = await visibleMember(trx, grant.actor, input.id);
    await audit(ctx, trx, {
      action: 'cooperative.member.status',
      entity: 'cooperative_members',
      entityId: input.id,
      before,
      after,
    });
    return after;
  });
}
