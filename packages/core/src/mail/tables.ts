import type { ColumnType, Generated } from 'kysely';

export type MailStatusCol = 'queued' | 'sent' | 'failed' | 'stored';

/** Mail outbox: tables (migration 20261123T0790_mail_outbox). */
export interface MailTables {
  mail_outbox: {
    id: Generated<number>;
    to_address: string;
    to_name: string | null;
    from_address: string;
    subject: string;
    text_body: string;
    html_body: string | null;
    status: ColumnType<MailStatusCol, MailStatusCol | undefined, MailStatusCol>;
    attempts: Generated<number>;
    last_error: string | null;
    related_entity: string | null;
    related_id: number | null;
    employee_id: number | null;
    created_by: number | null;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
    sent_at: Date | null;
  };
  mail_outbox_attachments: {
    id: Generated<number>;
    message_id: number;
    file_name: string;
    content_type: string;
    size: number;
    /** bytea: a Buffer from pg, a Uint8Array from PGlite. */
    content: ColumnType<Uint8Array, Uint8Array, Uint8Array>;
  };
}
