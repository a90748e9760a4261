/** Mail outbox: tables. */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the mail module
export interface MailTables {}
