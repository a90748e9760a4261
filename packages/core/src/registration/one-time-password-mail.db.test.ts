import { afterAll, describe, expect, it } from 'vitest';
import { login, resolveToken } from '../auth/service';
import { requirePermission } from '../access/grant';
import { createMailConfig } from '../mail/index';
import { startSmtpSink } from '../mail/smtp-sink';
import { failure } from '../testing/expect';
import { makeUser } from '../testing/fixtures';
import { useOrgTestDb } from '../testing/org-fixtures';
import { emailOneTimePassword } from './one-time-password-mail';
import { activateRegistration, register } from './service';

const t = useOrgTestDb();
const meta = { ip: null, userAgent: null };
const closers: (() => unknown)[] = [];
afterAll(async () => {
  for (const c of closers) await c();
});

async function hr(roles: Parameters<typeof makeUser>[2] = ['human-capital-staff']) {
  const u = await makeUser(t.services, t.org, roles);
  const r = await login(t.services.ctx(null), t.services.auth, { email: u.email, password: u.password }, meta);
  return (await resolveToken(t.services.ctx(null), r.token))!;
}

async function activated(email: string) {
  const actor = await hr();
  const decide = requirePermission(actor, 'employee.registration.decide');
  const reg = await register(t.services.ctx(null), {
    email,
    givenName: 'Dewi',
    surname: 'Lestari',
    gender: 'Female',
    birthDate: '1996-05-01',
    religionId: 1,
    educationLevelId: 8,
    maritalStatusId: 5,
  });
  const act = await activateRegistration(t.services.ctx(actor), decide, { id: reg.id, companyOfficeId: t.org.officeId });
  return { actor, decide, act };
}

async function smtp() {
  const sink = await startSmtpSink();
  const mail = createMailConfig({ smtpUrl: sink.url, from: 'HR <hr@test.co.id>' });
  closers.push(
    () => sink.close(),
    () => mail.transport?.close(),
  );
  return { sink, mail };
}

const outboxOf = (employeeId: number) =>
  t.db.selectFrom('mail_outbox').selectAll().where('employee_id', '=', employeeId).orderBy('id').execute();

describe('e-mailing the one-time password after activation (issue 19)', () => {
  it('HR e-mails it through the outbox: the holder receives it, the outbox keeps no copy, the audit names the message', async () => {
    const { actor, decide, act } = await activated('dewi.otp@example.com');
    const { sink, mail } = await smtp();
    const r = await emailOneTimePassword(t.services.ctx(actor), decide, mail, {
      employeeId: act.employeeId,
      password: act.temporaryPassword,
    });
    expect(r).toMatchObject({ to: 'dewi.otp@example.com', status: 'sent', error: null });
    expect(sink.messages).toHaveLength(1);
    expect(sink.messages[0]!.text).toContain(`One-time password: ${act.temporaryPassword}`);
    expect(sink.messages[0]!.text).toContain('Dear Dewi Lestari');
    expect(sink.messages[0]!.to).toMatchObject({ text: expect.stringContaining('dewi.otp@example.com') });

    const [stored] = await outboxOf(act.employeeId);
    expect(stored).toMatchObject({ id: r.messageId, status: 'sent', to_address: 'dewi.otp@example.com' });
    expect(stored!.text_body).not.toContain(act.temporaryPassword);
    expect(stored!.text_body).toContain('[removed from the outbox after sending]');

    const logged = await t.db
      .selectFrom('audit_log')
      .select(['after'])
      .where('action', '=', 'registration.emailOneTimePassword')
      .executeTakeFirstOrThrow();
    expect(logged.after).toMatchObject({ employeeId: act.employeeId, to: 'dewi.otp@example.com', messageId: r.messageId });
    expect(JSON.stringify(logged.after)).not.toContain(act.temporaryPassword);
  });

  it('refuses a wrong password (GL0001 on the field), a changed one, no SMTP, and an employee without an activated registration', async () => {
    const { actor, decide, act } = await activated('rudi.otp@example.com');
    const { sink, mail } = await smtp();
    const ctx = t.services.ctx(actor);
    const wrong = await failure(emailOneTimePassword(ctx, decide, mail, { employeeId: act.employeeId, password: 'not-it-123' }));
    expect(wrong.code).toBe('VALIDATION');
    expect(wrong.fields).toEqual([{ param: 'password', msg: 'is not the current one-time password of this login' }]);
    // A blank password is refused by the input schema (GL0001 over REST) before anything is looked up.
    await expect(emailOneTimePassword(ctx, decide, mail, { employeeId: act.employeeId, password: '' })).rejects.toMatchObject({
      name: 'ZodError',
    });

    // Outbox-only mode: the password would stay readable in the outbox, so nothing is written.
    const noSmtp = await failure(
      emailOneTimePassword(ctx, decide, createMailConfig({}), { employeeId: act.employeeId, password: act.temporaryPassword }),
    );
    expect(noSmtp.code).toBe('PRECONDITION_FAILED');
    expect(noSmtp.message).toMatch(/give it to the person yourself/);

    const stranger = await makeUser(t.services, t.org, ['employee']);
    const notActivated = await failure(
      emailOneTimePassword(ctx, decide, mail, { employeeId: stranger.employeeId!, password: stranger.password }),
    );
    expect(notActivated.code).toBe('NOT_FOUND');

    await t.db.updateTable('users').set({ must_change_password: false }).where('employee_id', '=', act.employeeId).execute();
    const changed = await failure(
      emailOneTimePassword(ctx, decide, mail, { employeeId: act.employeeId, password: act.temporaryPassword }),
    );
    expect(changed.code).toBe('PRECONDITION_FAILED');
    expect(sink.messages).toHaveLength(0);
    expect(await outboxOf(act.employeeId)).toEqual([]);
  });
});
