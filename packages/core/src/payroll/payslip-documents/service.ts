import { sql } from 'kysely';
import { audit } from '../../audit/index';
import { deliverMail, enqueueMail, type MailConfig, type NewMail } from '../../mail/index';
import { type Grant, ownEmployeeRecordId } from '../../access/index';
import { type Ctx, inTransaction } from '../../shared/context';
import { AppError, notFound } from '../../shared/errors';
import type { In } from '../../shared/zod';
import { periodLabel, renderPayslipsPdf, TRACE_NOTE } from './payslip-pdf';
import { type PayslipDocRow, queryAlreadyMailed, queryLatestMessages, queryPayslipDocs, queryPdfPasswords } from './queries';
import {
  type PayslipPdfDownload,
  type PayslipPdfPasswordStatus,
  payslipPdfInput,
  payslipPdfPasswordInput,
  type SendPayslipsResult,
  sendPayslipsInput,
} from './schema';
import { anyId } from '../../shared/sql';
import { PDF_TYPE, pdfDownload } from '../../shared/file-download';

const safe = (s: string) => s.replace(/[^\w.-]+/g, '_');
const slipFileName = (s: Pick<PayslipDocRow, 'period' | 'employeeNumber'>) => `payslip-${s.period}-${safe(s.employeeNumber)}.pdf`;

/** One payslip as a PDF (scoped like getPayslip: out of the caller's data scope is NOT_FOUND). */
export async function payslipPdf(
  ctx: Ctx,
  grant: Grant<'salary.view'>,
  raw: In<typeof payslipPdfInput>,
): Promise<PayslipPdfDownload> {
  const { id } = payslipPdfInput.parse(raw);
  const [slip] = await queryPayslipDocs(ctx.db, grant.scope, { payslipId: id });
  if (!slip) throw notFound('Payslip');
  return pdfDownload(slipFileName(slip), await renderPayslipsPdf([slip], { title: `Payslip ${slip.period}` }));
}

async function runOf(ctx: Ctx, id: number) {
  const run = await ctx.db.selectFrom('payroll_runs').select(['id', 'period', 'status']).where('id', '=', id).executeTakeFirst();
  if (!run) throw notFound('Payroll run');
  return run;
}

/** Every payslip of a run the caller may see, one page each, in one PDF. */
export async function runPayslipsPdf(
  ctx: Ctx,
  grant: Grant<'salary.view'>,
  raw: In<typeof payslipPdfInput>,
): Promise<PayslipPdfDownload> {
  const { id } = payslipPdfInput.parse(raw);
  const run = await runOf(ctx, id);
  const slips = await queryPayslipDocs(ctx.db, grant.scope, { runId: id });
  return pdfDownload(
    `payslips-${run.period}-run-${run.id}.pdf`,
    await renderPayslipsPdf(slips, { title: `Payslips ${run.period}` }),
  );
}

/** The caller's own payslip as a PDF: finalised payslips only; anyone else's is NOT_FOUND. */
export async function myPayslipPdf(
  ctx: Ctx,
  grant: Grant<'personal.access'>,
  raw: In<typeof payslipPdfInput>,
): Promise<PayslipPdfDownload> {
  const { id } = payslipPdfInput.parse(raw);
  const employeeId = grant.actor.employeeId;
  if (!employeeId) throw notFound('Payslip');
  const [slip] = await queryPayslipDocs(ctx.db, { kind: 'all' }, { payslipId: id, employeeId });
  if (slip?.runStatus !== 'finalised') throw notFound('Payslip');
  return pdfDownload(slipFileName(slip), await renderPayslipsPdf([slip], { title: `Payslip ${slip.period}` }));
}

function payslipMail(slip: PayslipDocRow, pdf: Buffer, protect: boolean): NewMail {
  const period = periodLabel(slip.period);
  const fileName = slipFileName(slip);
  return {
    to: { address: slip.email!, name: slip.employeeName },
    // The company's name once set in the payroll settings (issue 19), else the office as before.
    subject: `Payslip ${period} - ${slip.companyName || slip.office}`,
    text: [
      `Dear ${slip.employeeName},`,
      '',
      `Your payslip for ${period} is attached (${fileName}).`,
      ...(protect ? ['The PDF is protected with the payslip PDF password you set in the HR app under Personal > Salary.'] : []),
      TRACE_NOTE,
      '',
      'This message was sent by the HR system. Please do not reply to it.',
    ].join('\n'),
    attachments: [{ fileName, contentType: PDF_TYPE, content: pdf }],
    related: { entity: 'payslip', id: slip.id },
    employeeId: slip.employeeId,
  };
}

/**
 * E-mails the payslips of a finalised run, each as a PDF attachment (issue 5). Every message is first
 * written to the outbox, all in one transaction with the run's audit entry (under a per-run advisory
 * lock, so two concurrent sends cannot both write a message for the same payslip); then, after commit,
 * sent over SMTP when configured. A payslip that already has a queued, sent or stored message is skipped
 * unless `resend`; one whose last message failed gets that message sent again (no second copy). A failing
 * SMTP server marks messages failed and is reported in the counts, never as an error of the whole batch.
 */
export async function sendPayslips(
  ctx: Ctx,
  grant: Grant<'salary.update'>,
  mail: MailConfig,
  raw: In<typeof sendPayslipsInput>,
  /** onProgress: payslips prepared so far (rendered or skipped) of those with an e-mail address, for a job's progress bar. */
  opts: { onProgress?: (done: number, total: number) => void } = {},
): Promise<SendPayslipsResult> {
  const input = sendPayslipsInput.parse(raw);
  const run = await runOf(ctx, input.id);
  if (run.status !== 'finalised')
    throw new AppError(
      'PRECONDITION_FAILED',
      `Only a finalised payroll run can be e-mailed; this run for ${run.period} is ${run.status}`,
    );
  const slips = await queryPayslipDocs(ctx.db, grant.scope, {
    runId: run.id,
    ...(input.employeeIds ? { employeeIds: input.employeeIds } : {}),
  });
  const skipped: SendPayslipsResult['skipped'] = [];
  if (input.employeeIds) {
    const found = new Set(slips.map((s) => s.employeeId));
    for (const employeeId of new Set(input.employeeIds))
      if (!found.has(employeeId)) skipped.push({ employeeId, name: '', reason: 'No payslip of yours to send in this run' });
  }
  const passwords = input.protect
    ? await queryPdfPasswords(
        ctx.db,
        slips.map((s) => s.employeeId),
      )
    : new Map<number, string>();
  const withMail = slips.filter((s) => {
    if (!s.email) {
      skipped.push({ employeeId: s.employeeId, name: s.employeeName, reason: 'No e-mail address' });
      return false;
    }
    if (input.protect && !passwords.has(s.employeeId)) {
      skipped.push({
        employeeId: s.employeeId,
        name: s.employeeName,
        reason: 'No payslip PDF password: the employee sets one under Personal > Salary',
      });
      return false;
    }
    return true;
  });
  const latest = await queryLatestMessages(
    ctx.db,
    withMail.map((s) => s.id),
  );
  // Rendered before the transaction: the lock is held only for the writes.
  const fresh: { slip: PayslipDocRow; pdf: Buffer }[] = [];
  const again: number[] = [];
  opts.onProgress?.(0, withMail.length);
  for (const [i, s] of withMail.entries()) {
    if (i && i % 20 === 0) opts.onProgress?.(i, withMail.length);
    const last = latest.get(s.id);
    if (last && !input.resend && last.status !== 'failed') {
      skipped.push({
        employeeId: s.employeeId,
        name: s.employeeName,
        reason: `Already e-mailed (message #${last.id}, ${last.status})`,
      });
    } else if (last && !input.resend) {
      again.push(last.id);
    } else {
      const pdf = await renderPayslipsPdf([s], {
        title: `Payslip ${s.period}`,
        ...(input.protect ? { userPassword: passwords.get(s.employeeId)! } : {}),
      });
      fresh.push({ slip: s, pdf });
    }
  }

  const ids = await inTransaction(ctx, async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`payslip-mail:${run.id}`}))`.execute(trx);
    // A concurrent send may have written some of these meanwhile: it won, these are skipped.
    const taken = input.resend
      ? new Set<number>()
      : await queryAlreadyMailed(
          trx,
          fresh.map((f) => f.slip.id),
        );
    const toWrite = fresh.filter((f) => {
      if (!taken.has(f.slip.id)) return true;
      skipped.push({ employeeId: f.slip.employeeId, name: f.slip.employeeName, reason: 'Already e-mailed' });
      return false;
    });
    const written = await enqueueMail(
      { ...ctx, db: trx },
      mail,
      toWrite.map((f) => payslipMail(f.slip, f.pdf, input.protect)),
    );
    const requeued = again.length
      ? await trx
          .updateTable('mail_outbox')
          .set({ status: mail.transport ? 'queued' : 'stored', updated_at: ctx.clock() })
          .where(anyId('id', again))
          .where('status', '=', 'failed')
          .returning('id')
          .execute()
      : [];
    const all = [...written, ...requeued.map((r) => r.id)];
    await audit(ctx, trx, {
      action: 'send-payslips',
      entity: 'payroll_run',
      entityId: run.id,
      after: { messages: all.length, resend: input.resend, protect: input.protect, skipped: skipped.length },
    });
    return all;
  });

  const delivery = await deliverMail(ctx, mail, ids);
  opts.onProgress?.(withMail.length, withMail.length);
  return {
    sent: delivery.sent,
    queued: ids.length - delivery.sent - delivery.failed,
    failed: delivery.failed,
    skipped,
  };
}

// ---------------------------------------------------------------------------------------------
// The employee's own payslip PDF password (issue 16 item 8; docs/mail.md "Password")

/** Whether the caller has a payslip PDF password (never the password itself). */
export async function payslipPdfPasswordStatus(ctx: Ctx, grant: Grant<'personal.access'>): Promise<PayslipPdfPasswordStatus> {
  const row = await ctx.db
    .selectFrom('payslip_pdf_passwords')
    .select('updated_at')
    .where('employee_id', '=', ownEmployeeRecordId(grant.actor))
    .executeTakeFirst();
  return { set: !!row, updatedAt: row ? row.updated_at.toISOString() : null };
}

/**
 * Sets (or replaces) the caller's own payslip PDF password. Only the employee sets it, and nothing shows it
 * back: an office colleague cannot read it from the app, unlike the birth date it replaces. Refuses what a
 * colleague can read in the app: the birth date, NIK, employee number, phone number or e-mail name.
 */
export async function setPayslipPdfPassword(
  ctx: Ctx,
  grant: Grant<'personal.access'>,
  raw: In<typeof payslipPdfPasswordInput>,
): Promise<PayslipPdfPasswordStatus> {
  const { password } = payslipPdfPasswordInput.parse(raw);
  const employeeId = ownEmployeeRecordId(grant.actor);
  const e = await ctx.db
    .selectFrom('employees')
    .select(['birth_date', 'national_id', 'employee_number', 'phone', 'email', 'personal_email'])
    .where('id', '=', employeeId)
    .executeTakeFirstOrThrow();
  const b = String(e.birth_date).slice(0, 10);
  const [y, m, d] = [b.slice(0, 4), b.slice(5, 7), b.slice(8, 10)];
  const readable = [
    `${d}${m}${y}`,
    `${y}${m}${d}`,
    `${d}-${m}-${y}`,
    `${d}/${m}/${y}`,
    b,
    e.national_id,
    e.employee_number,
    e.phone?.replace(/\D/g, ''),
    e.email?.split('@')[0],
    e.personal_email?.split('@')[0],
  ].filter((x): x is string => !!x && x.length >= 4);
  const lower = password.toLowerCase();
  if (readable.some((x) => lower.includes(x.toLowerCase()))) {
    throw new AppError('VALIDATION', 'Choose a password your colleagues cannot read in the app', {
      fields: [{ param: 'password', msg: 'must not contain your birth date, NIK, employee number, phone number or e-mail name' }],
    });
  }
  return inTransaction(ctx, async (trx) => {
    const row = await trx
      .insertInto('payslip_pdf_passwords')
      .values({ employee_id: employeeId, password })
      .onConflict((oc) => oc.column('employee_id').doUpdateSet({ password, updated_at: ctx.clock() }))
      .returning('updated_at')
      .executeTakeFirstOrThrow();
    // The audit records that it was set, never the password.
    await audit(ctx, trx, { action: 'set', entity: 'payslip_pdf_password', entityId: employeeId, after: { set: true } });
    return { set: true, updatedAt: row.updated_at.toISOString() };
  });
}
