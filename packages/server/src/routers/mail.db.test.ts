import { createMailConfig, enqueueMail, type MailConfig } from '@hr/core/mail';
import { createUser } from '@hr/core/auth';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Headers, useTestApp } from './test-app';

const t = useTestApp({ employees: 2 });

const M = '/v2/h/mail/outbox';
let admin: Headers;
let staff: Headers;
let ids: number[];
let messages: number[];
const delivered: string[] = [];

/** A transport that refuses mail to addresses containing "bounce". */
const fake: MailConfig = {
  from: 'HR <hr@test.co.id>',
  describe: 'fake',
  transport: {
    async send(m) {
      if (m.to.address.includes('bounce')) throw new Error('550 5.1.1 Mailbox unavailable');
      delivered.push(m.to.address);
    },
    close() {},
  },
};

beforeAll(async () => {
  ids = await t.employeeIds();
  [admin, staff] = await t.bearers(t.admin, t.staff);
  await createUser(t.services.ctx(null), { email: 'x@test.co.id', password: 'mail-pass-1234', roles: ['employee'] });
  // Outbox only: both are `stored`; the first is then marked failed.
  messages = await enqueueMail(t.services.ctx(null), createMailConfig(), [
    {
      to: { address: 'bounce@test.co.id', name: 'Bounce Person' },
      subject: 'Payslip November 2026',
      text: 'Dear Bounce Person,\nyour payslip is attached.',
      attachments: [
        { fileName: 'payslip-2026-11-JKT-00001.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.3') },
      ],
      related: { entity: 'payslip', id: 1 },
      employeeId: ids[0]!,
    },
    { to: { address: 'ok@test.co.id', name: null }, subject: 'Welcome', text: 'Hello', employeeId: ids[1]! },
  ]);
  await t.tdb.db
    .updateTable('mail_outbox')
    .set({ status: 'failed', last_error: '550 earlier' })
    .where('id', '=', messages[0]!)
    .execute();
});

const call = (method: 'GET' | 'POST', url: string, headers: Headers) => t.app.inject({ method, url, headers });

describe('mail outbox over REST', () => {
  it('lists newest first with filters; needs salary.view', async () => {
    const all = await call('GET', M, admin);
    expect(all.json()).toMatchObject({ status: 'success', success: 'Mail outbox', results: { total: 2 } });
    expect(all.json().results.rows.map((r: { id: number }) => r.id)).toEqual([messages[1], messages[0]]);
    const failed = await call('GET', `${M}?status=failed&search=bounce`, admin);
    expect(failed.json().results.rows).toMatchObject([
      { id: messages[0], status: 'failed', lastError: '550 earlier', attachments: ['payslip-2026-11-JKT-00001.pdf'] },
    ]);
    expect((await call('GET', `${M}?search=nobody`, admin)).json().results.total).toBe(0);
    expect((await call('GET', M, staff)).statusCode).toBe(403);
    expect((await call('GET', M, {})).statusCode).toBe(401);
  });

  it('a message: subject, recipient, text and attachment names; unknown is 404', async () => {
    const r = await call('GET', `${M}/${messages[0]}`, admin);
    expect(r.json().result).toMatchObject({
      to: 'bounce@test.co.id',
      subject: 'Payslip November 2026',
      text: expect.stringContaining('your payslip is attached'),
      attachmentDetails: [{ fileName: 'payslip-2026-11-JKT-00001.pdf', contentType: 'application/pdf', size: 8 }],
    });
    expect((await call('GET', `${M}/999999`, admin)).statusCode).toBe(404);
  });

  it('retry: 412 without SMTP; with SMTP a failure stays failed with the reason (200), a sent message is 409', async () => {
    const none = await call('POST', `${M}/${messages[0]}/retry`, admin);
    expect(none.statusCode).toBe(412);
    expect(none.json().errors[0].message).toMatch(/SMTP_URL/);
    const original = t.services.mail;
    t.services.mail = fake;
    try {
      const r = await call('POST', `${M}/${messages[0]}/retry`, admin);
      expect(r.statusCode).toBe(200);
      expect(r.json().result).toMatchObject({ status: 'failed', attempts: 1, lastError: '550 5.1.1 Mailbox unavailable' });
      const stored = await call('POST', `${M}/${messages[1]}/retry`, admin);
      expect(stored.json().result).toMatchObject({ status: 'sent', attempts: 1 });
      expect(delivered).toEqual(['ok@test.co.id']);
      expect((await call('POST', `${M}/${messages[1]}/retry`, admin)).statusCode).toBe(409);
    } finally {
      t.services.mail = original;
    }
  });
});
