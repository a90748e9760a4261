import type { z } from 'zod';
import type { Grant } from '../access/index';
import { audit } from '../audit/index';
import { verifyPassword } from '../auth/index';
import { deliverMail, enqueueMail, type MailConfig, redactMail } from '../mail/index';
import { type Ctx, inTransaction } from '../shared/context';
import { employeeName } from '../shared/employee-sql';
import { AppError, invalid, notFound } from '../shared/errors';
import { emailOneTimePasswordInput } from './schema';

/** The message: who it is for, the login and the password, in English and Bahasa Indonesia. */
function oneTimePasswordText(name: string, email: string, password: string): string {
  return [
    `Dear ${name},`,
    '',
    'Your login to the HR app is active.',
    `E-mail: ${email}`,
    `One-time password: ${password}`,
    'Sign in with it and choose your own password; it works only for that.',
    '',
    `Yth. ${name},`,
    '',
    'Akun Anda di aplikasi HR sudah aktif.',
    `E-mail: ${email}`,
    `Kata sandi sekali pakai: ${password}`,
    'Masuk dengan kata sandi ini lalu buat kata sandi Anda sendiri; kata sandi ini hanya untuk itu.',
  ].join('\n');
}

/**
 * employee/registration/sendPassword (issue 19): e-mails the one-time password an activation showed to the new
 * login's holder, through the mail outbox. The password is checked against the login's hash (the server never
 * kept it) and only while the holder has not yet changed it; it is removed from the outbox message as soon as
 * SMTP took it or refused it, so it is stored nowhere in clear. Needs SMTP: in the outbox-only mode the message
 * would sit in the outbox with the password, so it is refused with a message saying to hand it over in person.
 * An employee without an activated registration is NOT_FOUND.
 */
export async function emailOneTimePassword(
  ctx: Ctx,
  _grant: Grant<'employee.registration.decide'>,
  mail: MailConfig,
  raw: z.input<typeof emailOneTimePasswordInput>,
): Promise<{ messageId: number; to: string; status: 'sent' | 'failed'; error: string | null }> {
  const input = emailOneTimePasswordInput.parse(raw);
  const login = await ctx.db
    .selectFrom('registrations as r')
    .innerJoin('employees as e', 'e.id', 'r.employee_id')
    .innerJoin('users as u', 'u.employee_id', 'r.employee_id')
    .select([
      'r.id as registrationId',
      'u.email',
      'u.password_hash as hash',
      'u.must_change_password as mustChange',
      employeeName.as('name'),
    ])
    .where('r.employee_id', '=', input.employeeId)
    .where('r.status', '=', 1)
    .executeTakeFirst();
  if (!login) throw notFound('Activated registration');
  if (!mail.transport)
    throw new AppError(
      'PRECONDITION_FAILED',
      'E-mail is not set up (no SMTP server), so the password would stay in the outbox: give it to the person yourself',
    );
  if (!login.mustChange)
    throw new AppError('PRECONDITION_FAILED', 'The one-time password has already been replaced by its holder');
  if (!(await verifyPassword(input.password, login.hash)))
    throw invalid([{ param: 'password', msg: 'is not the current one-time password of this login' }]);

  const messageId = await inTransaction(ctx, async (trx) => {
    const [id] = await enqueueMail({ ...ctx, db: trx }, mail, [
      {
        to: { address: login.email, name: login.name },
        subject: 'Your HR login / Akun HR Anda',
        text: oneTimePasswordText(login.name, login.email, input.password),
        related: { entity: 'registration', id: login.registrationId },
        employeeId: input.employeeId,
      },
    ]);
    // Who sent which message to whom; never the password (the audit redacts a `password` field anyway).
    await audit(ctx, trx, {
      action: 'registration.emailOneTimePassword',
      entity: 'registration',
      entityId: login.registrationId,
      after: { employeeId: input.employeeId, to: login.email, messageId: id },
    });
    return id!;
  });
  const delivery = await deliverMail(ctx, mail, [messageId]);
  await redactMail(ctx, messageId, input.password);
  const failure = delivery.failures.find((f) => f.id === messageId);
  return { messageId, to: login.email, status: failure ? 'failed' : 'sent', error: failure?.error ?? null };
}
