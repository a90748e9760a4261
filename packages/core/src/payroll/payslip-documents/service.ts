import { sql } from 'kysely';
import type { z } from 'zod';
import { audit } from '../../audit/service';
import { deliverMail, enqueueMail, type MailConfig, type NewMail } from '../../mail/index';
import type { Grant } from '../../permissions/grant';
import { type Ctx, inTransaction } from '../../shared/context';
import { AppError, notFound } from '../../shared/errors';
import { payslipPassword, periodLabel, renderPayslipsPdf, TRACE_NOTE } from './payslip-pdf';
import { type PayslipDocRow, queryAlreadyMailed, queryLatestMessages, queryPayslipDocs } from './queries';
import { type PayslipPdfDownload, payslipPdfInput, type SendPayslipsResult, sendPayslipsInput } from './schema';

type In<S extends z.ZodType> = z.input<S>;

const PDF = 'application/pdf' as const;

const safe = (s: string) => s.replace(/[^\w.-]+/g, '_');
const slipFileName = (s: Pick<PayslipDocRow, 'period' | 'employeeNumber'>) => `payslip-${s.period}-${safe(s.employeeNumber)}.pdf`;
const download = (fileName: string, pdf: Buffer): PayslipPdfDownload => ({
  fileName,
  contentType: PDF,
  base64: pdf.toString('base64'),
});

/** One payslip as a PDF (scoped like getPayslip: out of the caller's data scope is NOT_FOUND). */
export async function payslipPdf(
  ctx: Ctx,
  grant: Grant<'salary.view'>,
  raw: In<typeof payslipPdfInput>,
): Promise<PayslipPdfDownload> {
  const { id } = payslipPdfInput.parse(raw);
  const [slip] = await queryPayslipDocs(ctx.db, grant.scope, { payslipId: id });
  if (!slip) throw notFound('Payslip');
  return download(slipFileName(slip), await renderPayslipsPdf([slip], { title: `Payslip ${slip.period}` }));
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
  return download(
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
  return download(slipFileName(slip), await renderPayslipsPdf([slip], { title: `Payslip ${slip.period}` }));
}

function payslipMail(slip: PayslipDocRow, pdf: Buffer, protect: boolean): NewMail {
  const period = periodLabel(slip.period);
  const fileName = slipFileName(slip);
  return {
    to: { address: slip.email!, name: slip.employeeName },
    subject: `Payslip ${period} - ${slip.office}`,
    text: [
      `Dear ${slip.employeeName},`,
      '',
      `Your payslip for ${period} is attached (${fileName}).`,
      ...(protect ? ['The PDF is protected: its password is your birth date as ddmmyyyy (for 17 August 1990: 17081990).'] : []),
      TRACE_NOTE,
      '',
      'This message was sent by the HR system. Please do not reply to it.',
    ].join('\n'),
    attachments: [{ fileName, contentType: PDF, content: pdf }],
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
  const withMail = slips.filter((s) => {
    if (s.email) return true;
    skipped.push({ employeeId: s.employeeId, name: s.employeeName, reason: 'No e-mail address' });
    return false;
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
        ...(input.protect ? { userPassword: payslipPassword(s.birthDate) } : {}),
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
          .where('id', 'in', again)
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
