import { z } from 'zod';
import { id, pageInput, text } from '../shared/zod';

/*
 * Mail outbox (issue 5: payslips by e-mail; on the embedded default mail goes to an outbox visible in
 * the app). Browser-safe.
 */

/**
 * queued: written, not sent yet · sent: the SMTP server accepted it · failed: sending failed (see
 * lastError; can be retried) · stored: no SMTP server is configured, kept in the outbox only (not sent).
 */
export const MAIL_STATUSES = ['queued', 'sent', 'failed', 'stored'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const listOutboxInput = pageInput.extend({
  status: z.enum(MAIL_STATUSES).optional(),
  /** Part of the recipient's address or name, or of the subject. */
  search: text(100).optional(),
});
export const outboxMessageInput = z.object({ id });

export interface OutboxRow {
  id: number;
  to: string;
  toName: string | null;
  subject: string;
  status: MailStatus;
  attempts: number;
  lastError: string | null;
  relatedEntity: string | null;
  relatedId: number | null;
  employeeId: number | null;
  createdAt: Date;
  sentAt: Date | null;
  /** Attachment file names, in order. */
  attachments: string[];
}

export interface OutboxMessage extends OutboxRow {
  from: string;
  text: string;
  html: string | null;
  attachmentDetails: { fileName: string; contentType: string; size: number }[];
}
