import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { z } from 'zod';
import { audit } from '../audit/index';
import type { Actor } from '../access/index';
import { refuseOwn } from '../access/index';
import { scopeOf } from '../access/index';
import type { Manage, View } from './grants';
import { scopeSql } from '../access/index';
import { type Ctx, type Db, inTransaction } from '../shared/context';
import { dbWrite } from '../shared/db-errors';
import { AppError } from '../shared/errors';
import type { In } from '../shared/zod';
import { balanceOf, lockBalance } from './queries';
import {
  APPROVER_KIND_LABELS,
  type ApproverKind,
  approvalRuleIdInput,
  approvalRuleInput,
  type LeaveApprovalRuleRow,
  type LeaveApprovalStep,
  type LeaveBalance,
  leaveAdjustmentInput,
  updateApprovalRuleInput,
} from './schema';

/**
 * Leave approval rules (spec §7 component/attendance/leave/approval) and manual balance
 * adjustments. A request copies the steps of its matching rule when it is made (or edited);
 * service.ts walks them on approval, one guarded update per step.
 */

const personName = (alias: string) =>
  sql<string>`trim(${sql.ref(`${alias}.given_name`)} || ' ' || ${sql.ref(`${alias}.surname`)})`;

// ---------------------------------------------------------------------------------------------
// Who qualifies for a step

/** HR = an approver with company-wide data scope (`hr.all`, or superadmin). */
export const isHrApprover = (actor: Actor) => scopeOf(actor).kind === 'all';

/**
 * SQL (aliases `r` = leave_requests, `e` = its employee): the caller qualifies for the request's
 * current step (number `approved_steps + 1`). False for a request without steps.
 */
export function qualifiesForCurrentStep(actor: Actor): RawBuilder<SqlBool> {
  const me = actor.employeeId ?? -1;
  const head =
    actor.roles.includes('department-head') && actor.departmentId !== null
      ? sql<SqlBool>`e.department_id = ${actor.departmentId}`
      : sql<SqlBool>`false`;
  const hr = isHrApprover(actor) ? sql<SqlBool>`true` : sql<SqlBool>`false`;
  // "Managed by me" is one set read once per statement (an uncorrelated IN: a hashed subplan), not a lookup per
  // request: a list of 600 pending requests looked the manager links up 600 times (issue 22, the 08:00 benchmark).
  return sql<SqlBool>`exists (select 1 from leave_request_approvals a
    where a.request_id = r.id and a.step = r.approved_steps + 1 and a.status = 'pending' and (
      (a.kind = 'manager' and r.employee_id in (select mg.employee_id from employee_managers mg
        where mg.manager_employee_id = ${me} and mg.active))
      or (a.kind = 'department_head' and ${head})
      or (a.kind = 'hr' and ${hr})
      or (a.kind = 'employee' and a.employee_id = ${me})))`;
}

/** SQL (alias `r`): the caller is named as a specific approver of the request (they may see it). */
export function namedApproverOf(actor: Actor): RawBuilder<SqlBool> {
  if (actor.employeeId === null) return sql<SqlBool>`false`;
  return sql<SqlBool>`exists (select 1 from leave_request_approvals na
    where na.request_id = r.id and na.kind = 'employee' and na.employee_id = ${actor.employeeId})`;
}

/** Whether the caller may approve or disapprove the current step of request `id`. */
export async function mayDecideStep(db: Db, actor: Actor, id: number): Promise<boolean> {
  const r = await sql<{ ok: boolean }>`select ${qualifiesForCurrentStep(actor)} as ok
    from leave_requests r join employees e on e.id = r.employee_id where r.id = ${id}`.execute(db);
  return r.rows[0]?.ok === true;
}

function stepWho(kind: ApproverKind, employeeName: string | null): string {
  if (kind === 'manager') return "the employee's manager";
  if (kind === 'department_head') return "the head of the employee's department";
  if (kind === 'hr') return 'HR';
  return employeeName ?? 'the named employee';
}

/** 403 naming who must approve the current step. */
export async function refuseStep(db: Db, id: number, step: number, total: number): Promise<never> {
  const s = await sql<{ kind: ApproverKind; name: string | null }>`
    select a.kind, ${personName('pe')} as name from leave_request_approvals a
    left join employees pe on pe.id = a.employee_id where a.request_id = ${id} and a.step = ${step}`.execute(db);
  const row = s.rows[0];
  throw new AppError(
    'FORBIDDEN',
    `Step ${step} of ${total} of this leave request must be decided by ${row ? stepWho(row.kind, row.name) : 'another approver'}`,
  );
}

/** A step with its label (a named employee's name, else the approver kind's label) in place of the name. */
function labelled<S extends { kind: ApproverKind; employeeName: string | null }>({
  employeeName,
  ...s
}: S): Omit<S, 'employeeName'> & { label: string } {
  return { ...s, label: s.kind === 'employee' ? (employeeName ?? 'Employee') : APPROVER_KIND_LABELS[s.kind] };
}

/** The request's steps with who decided each and when. */
export async function stepsOf(db: Db, requestId: number): Promise<LeaveApprovalStep[]> {
  const r = await sql<Omit<LeaveApprovalStep, 'label'> & { employeeName: string | null }>`
    select a.step, a.kind, a.status, a.decided_at as "decidedAt", a.note, ${personName('pe')} as "employeeName",
      case when du.id is null then null
        else coalesce(nullif(${personName('de')}, ''), du.email) end as "decidedBy"
    from leave_request_approvals a
    left join employees pe on pe.id = a.employee_id
    left join users du on du.id = a.decided_by_user_id
    left join employees de on de.id = du.employee_id
    where a.request_id = ${requestId}
    order by a.step`.execute(db);
  return r.rows.map(labelled);
}

/**
 * Copies the steps of the rule matching the request (type, the employee's office and department;
 * the most specific rule wins: type, then department, then office) into the request, replacing
 * earlier ones, and sets `approval_steps`. A manager step is left out when the employee has no
 * active manager, a department-head step when the employee has no department: nobody could
 * approve them. Returns the number of steps (0 = one decision by any approver in scope).
 */
export async function copyApprovalSteps(trx: Db, requestId: number): Promise<number> {
  await trx.deleteFrom('leave_request_approvals').where('request_id', '=', requestId).execute();
  const r = await sql<{ n: number }>`
    with rq as (
      select r.id, r.employee_id, r.leave_type_id, e.company_office_id, e.department_id
      from leave_requests r join employees e on e.id = r.employee_id where r.id = ${requestId}
    ), rule as (
      select ru.id from leave_approval_rules ru, rq
      where (ru.leave_type_id = rq.leave_type_id or ru.leave_type_id is null)
        and (ru.company_office_id = rq.company_office_id or ru.company_office_id is null)
        and (ru.department_id = rq.department_id or ru.department_id is null)
      order by (ru.leave_type_id is not null) desc, (ru.department_id is not null) desc,
        (ru.company_office_id is not null) desc, ru.id
      limit 1
    ), kept as (
      select s.step, s.kind, s.employee_id from leave_approval_rule_steps s, rule, rq
      where s.rule_id = rule.id
        and (s.kind <> 'manager' or exists (select 1 from employee_managers mg
          where mg.employee_id = rq.employee_id and mg.active))
        and (s.kind <> 'department_head' or rq.department_id is not null)
    ), ins as (
      insert into leave_request_approvals (request_id, step, kind, employee_id)
      select ${requestId}, row_number() over (order by step), kind, employee_id from kept
      returning 1
    )
    select count(*)::int as n from ins`.execute(trx);
  const n = r.rows[0]?.n ?? 0;
  await trx.updateTable('leave_requests').set({ approval_steps: n, approved_steps: 0 }).where('id', '=', requestId).execute();
  return n;
}

// ---------------------------------------------------------------------------------------------
// Rules: reading and writing (attendance.manage)

async function rules(db: Db, id?: number): Promise<LeaveApprovalRuleRow[]> {
  const r = await sql<Omit<LeaveApprovalRuleRow, 'steps'> & { steps: string }>`
    select ru.id, ru.leave_type_id as "leaveTypeId", t.name as "leaveType", ru.company_office_id as "companyOfficeId",
      o.name as "companyOffice", ru.department_id as "departmentId", d.name as department,
      (select coalesce(json_agg(json_build_object('step', s.step, 'kind', s.kind, 'employeeId', s.employee_id,
        'employeeName', ${personName('pe')}) order by s.step), '[]')
        from leave_approval_rule_steps s left join employees pe on pe.id = s.employee_id where s.rule_id = ru.id)::text as steps
    from leave_approval_rules ru
    left join leave_types t on t.id = ru.leave_type_id
    left join company_offices o on o.id = ru.company_office_id
    left join departments d on d.id = ru.department_id
    where (${id ?? null}::int is null or ru.id = ${id ?? null}::int)
    order by t.name nulls first, o.name nulls first, d.name nulls first, ru.id`.execute(db);
  return r.rows.map((row) => ({
    ...row,
    steps: (
      JSON.parse(row.steps) as { step: number; kind: ApproverKind; employeeId: number | null; employeeName: string | null }[]
    ).map(labelled),
  }));
}

/** Every approval rule, with its steps in order. */
export async function listLeaveApprovalRules(ctx: Ctx, _grant: View): Promise<LeaveApprovalRuleRow[]> {
  return rules(ctx.db);
}

async function ruleById(db: Db, id: number): Promise<LeaveApprovalRuleRow> {
  const [row] = await rules(db, id);
  if (!row) throw new AppError('NOT_FOUND', 'Approval rule not found');
  return row;
}

const ruleTaken = () =>
  new AppError('CONFLICT', 'A rule for this leave type, office and department exists already', {
    fields: [{ param: 'leaveTypeId', msg: 'has a rule for this office and department already' }],
  });

type RuleInput = z.output<typeof approvalRuleInput>;

/** A rule's scope columns: its leave type, office and department (none = any). */
const ruleScope = (input: RuleInput) => ({
  leave_type_id: input.leaveTypeId ?? null,
  company_office_id: input.companyOfficeId ?? null,
  department_id: input.departmentId ?? null,
});

async function checkRefs(trx: Db, input: RuleInput): Promise<void> {
  const bad = (param: string, msg: string) => new AppError('VALIDATION', `${param} ${msg}`, { fields: [{ param, msg }] });
  if (
    input.leaveTypeId &&
    !(await trx.selectFrom('leave_types').select('id').where('id', '=', input.leaveTypeId).executeTakeFirst())
  )
    throw bad('leaveTypeId', 'is not a leave type');
  if (
    input.companyOfficeId &&
    !(await trx.selectFrom('company_offices').select('id').where('id', '=', input.companyOfficeId).executeTakeFirst())
  )
    throw bad('companyOfficeId', 'is not an office');
  if (input.departmentId) {
    const d = await trx
      .selectFrom('departments')
      .select('company_office_id')
      .where('id', '=', input.departmentId)
      .executeTakeFirst();
    if (!d) throw bad('departmentId', 'is not a department');
    if (input.companyOfficeId && d.company_office_id !== input.companyOfficeId)
      throw bad('departmentId', 'is not a department of the chosen office');
  }
  for (const [i, s] of input.steps.entries()) {
    if (s.kind !== 'employee') continue;
    const e = await trx.selectFrom('employees').select(['id', 'resigned']).where('id', '=', s.employeeId!).executeTakeFirst();
    if (e?.resigned !== 0) throw bad(`steps.${i}.employeeId`, 'is not an active employee');
  }
}

async function writeSteps(trx: Db, ruleId: number, input: RuleInput): Promise<void> {
  await trx.deleteFrom('leave_approval_rule_steps').where('rule_id', '=', ruleId).execute();
  await trx
    .insertInto('leave_approval_rule_steps')
    .values(
      input.steps.map((s, i) => ({
        rule_id: ruleId,
        step: i + 1,
        kind: s.kind,
        employee_id: s.kind === 'employee' ? s.employeeId! : null,
      })),
    )
    .execute();
}

/**
 * Adds a rule. It applies to requests made (or edited) afterwards; pending requests keep the
 * steps they were made with.
 */
export async function createLeaveApprovalRule(
  ctx: Ctx,
  grant: Manage,
  raw: In<typeof approvalRuleInput>,
): Promise<LeaveApprovalRuleRow> {
  const input = approvalRuleInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    await checkRefs(trx, input);
    const row = await dbWrite(
      () =>
        trx
          .insertInto('leave_approval_rules')
          .values({ ...ruleScope(input), created_by_user_id: grant.actor.userId })
          .returning('id')
          .executeTakeFirstOrThrow(),
      { unique: { leave_approval_rules_uq: ruleTaken } },
    );
    await writeSteps(trx, row.id, input);
    const after = await ruleById(trx, row.id);
    await audit(ctx, trx, { action: 'leave.approvalRule.create', entity: 'leave_approval_rules', entityId: row.id, after });
    return after;
  });
}

/** Changes a rule (scope and steps); pending requests keep their steps. */
export async function updateLeaveApprovalRule(
  ctx: Ctx,
  _grant: Manage,
  raw: In<typeof updateApprovalRuleInput>,
): Promise<LeaveApprovalRuleRow> {
  const input = updateApprovalRuleInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await ruleById(trx, input.id);
    await checkRefs(trx, input);
    await dbWrite(
      () =>
        trx
          .updateTable('leave_approval_rules')
          .set({ ...ruleScope(input), updated_at: sql`now()` })
          .where('id', '=', input.id)
          .execute(),
      { unique: { leave_approval_rules_uq: ruleTaken } },
    );
    await writeSteps(trx, input.id, input);
    const after = await ruleById(trx, input.id);
    await audit(ctx, trx, {
      action: 'leave.approvalRule.update',
      entity: 'leave_approval_rules',
      entityId: input.id,
      before,
      after,
    });
    return after;
  });
}

/** Deletes a rule; pending requests keep their steps. */
export async function deleteLeaveApprovalRule(
  ctx: Ctx,
  _grant: Manage,
  raw: In<typeof approvalRuleIdInput>,
): Promise<{ id: number }> {
  const { id } = approvalRuleIdInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await ruleById(trx, id);
    await trx.deleteFrom('leave_approval_rules').where('id', '=', id).execute();
    await audit(ctx, trx, { action: 'leave.approvalRule.delete', entity: 'leave_approval_rules', entityId: id, before });
    return { id };
  });
}

// ---------------------------------------------------------------------------------------------
// Manual balance adjustments (attendance.manage, employee in scope)

const fmtDays = (n: number) => `${n} ${Math.abs(n) === 1 ? 'day' : 'days'}`;

/**
 * HR adds a signed adjustment (whole or half days) with a reason to an employee's balance of a
 * year. One guarded update under the balance row's lock: the remaining days never go below 0
 * (the table's check holds too). The ledger row and the audit log record it.
 */
export async function adjustLeaveBalance(ctx: Ctx, grant: Manage, raw: In<typeof leaveAdjustmentInput>): Promise<LeaveBalance> {
  const input = leaveAdjustmentInput.parse(raw);
  await inTransaction(ctx, async (trx) => {
    const emp = await trx
      .selectFrom('employees as e')
      .select('e.id')
      .where('e.id', '=', input.employeeId)
      .where(scopeSql(grant.scope, 'e'))
      .executeTakeFirst();
    if (!emp) throw new AppError('NOT_FOUND', 'Employee not found');
    // Segregation of duties (docs/security.md): nobody adjusts their own balance, superadmin included.
    refuseOwn(grant.actor, input.employeeId, 'leave balance');
    const before = await lockBalance(trx, input.employeeId, input.year);
    const ok = await sql<{ ok: number }>`
      update leave_balances set adjustment = adjustment + ${input.days}::numeric, updated_at = now()
      where employee_id = ${input.employeeId} and year = ${input.year}
        and entitled + carried + adjustment - used - reserved + ${input.days}::numeric >= 0
      returning 1 as ok`.execute(trx);
    if (ok.rows.length !== 1)
      throw new AppError(
        'CONFLICT',
        `The balance cannot go below 0: ${fmtDays(before.remaining)} left, ${fmtDays(-input.days)} taken off`,
        { fields: [{ param: 'days', msg: 'would make the balance negative' }] },
      );
    const row = await trx
      .insertInto('leave_balance_adjustments')
      .values({
        employee_id: input.employeeId,
        year: input.year,
        days: input.days,
        reason: input.reason,
        created_by_user_id: grant.actor.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await audit(ctx, trx, {
      action: 'leave.balance.adjust',
      entity: 'leave_balance_adjustments',
      entityId: row.id,
      before: { adjustment: before.adjustment, remaining: before.remaining },
      after: { employeeId: input.employeeId, year: input.year, days: input.days, reason: input.reason },
    });
  });
  return (await balanceOf(ctx.db, input.employeeId, input.year))!;
}
