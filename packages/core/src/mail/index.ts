// Mail outbox (issue 5): every message is written to mail_outbox first, then sent over SMTP when configured.
export {
  createMailConfig,
  DEFAULT_MAIL_FROM,
  type MailConfig,
  type MailTransport,
  type OutgoingMail,
  redactSmtpUrl,
  smtpTransport,
} from './mailer';
export type { NewMail } from './queries';
export * from './schema';
export { type DeliveryResult, deliverMail, enqueueMail, getOutboxMessage, listOutbox, redactMail, retryMail } from './service';
export type { MailTables } from './tables';
export * from './outputs';
