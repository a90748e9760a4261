import { type Kysely, sql } from 'kysely';

// Frozen: never import application code here. Later changes are new migrations.

/**
 * Mail outbox (issue 5: payslips by e-mail). Every message is written here first, then sent over
 * SMTP when the server has SMTP_URL. Status: 'queued' (written, not yet sent), 'sent', 'failed'
 * (last_error says why; can be retried) or 'stored' (no SMTP configured: kept in the outbox, not sent).
 * Attachments keep their bytes so a retry sends exactly what was written. related_entity/related_id
 * name what the message is about (e.g. 'payslip', 42); employee_id is the addressee's employee record
 * (data scope of the outbox list).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of SCHEMA.split(/;\s*\n/)
    .map((s) => s.trim())
    .filter(Boolean)) {
    await sql.raw(statement).execute(db);
  }
}

const SCHEMA = `
    create table mail_outbox (
      id serial primary key,
      to_address text not null,
      to_name text,
      from_address text not null,
      subject text not null,
      text_body text not null,
      html_body text,
      status text not null default 'queued' check (status in ('queued', 'sent', 'failed', 'stored')),
      attempts integer not null default 0 check (attempts >= 0),
      last_error text,
      related_entity text,
      related_id integer,
      employee_id integer references employees(id),
      created_by integer references users(id),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      sent_at timestamptz
    );
    create index mail_outbox_status_idx on mail_outbox (status, id);
    create index mail_outbox_related_idx on mail_outbox (related_entity, related_id);
    create index mail_outbox_employee_idx on mail_outbox (employee_id);

    create table mail_outbox_attachments (
      id serial primary key,
      message_id integer not null references mail_outbox(id) on delete cascade,
      file_name text not null,
      content_type text not null,
      size integer not null check (size >= 0),
      content bytea not null
    );
    create index mail_outbox_attachments_message_idx on mail_outbox_attachments (message_id);
`;
