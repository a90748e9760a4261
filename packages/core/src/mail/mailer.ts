import nodemailer from 'nodemailer';

/** One message as handed to the SMTP server. */
export interface OutgoingMail {
  from: string;
  to: { address: string; name: string | null };
  subject: string;
  text: string;
  html: string | null;
  attachments: { fileName: string; contentType: string; content: Buffer }[];
}

/** Sends one message or throws with the SMTP server's reason. */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  /** Closes pooled connections (server shutdown, end of a test). */
  close(): void;
}

/**
 * How the app sends mail. `transport: null` is the outbox-only mode of the embedded default (no
 * SMTP_URL): messages are kept in the outbox as `stored`, visible in the app, and never sent.
 */
export interface MailConfig {
  /** Sender address (MAIL_FROM), e.g. `HR <hr@company.co.id>`. */
  from: string;
  transport: MailTransport | null;
  /** Where mail goes, without credentials: `smtp://host:587` or `outbox only`. */
  describe: string;
}

export const DEFAULT_MAIL_FROM = 'HR <no-reply@localhost>';

/**
 * An SMTP transport from a URL such as `smtp://user:pass@host:587` (STARTTLS when the server offers it)
 * or `smtps://user:pass@host:465` (TLS from the start), via nodemailer. Connections are pooled (at most
 * 3) and every wait is bounded, so a dead server fails each message within seconds instead of hanging.
 */
export function smtpTransport(url: string, opts: { timeoutMs?: number } = {}): MailTransport {
  const timeout = opts.timeoutMs ?? 15_000;
  const t = nodemailer.createTransport(url, {
    pool: true,
    maxConnections: 3,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout * 2,
    // The typings pair a URL only with SMTPTransport options; nodemailer reads `pool` from these defaults.
  } as never);
  return {
    async send(m) {
      await t.sendMail({
        from: m.from,
        to: m.to.name ? { name: m.to.name, address: m.to.address } : m.to.address,
        subject: m.subject,
        text: m.text,
        ...(m.html ? { html: m.html } : {}),
        attachments: m.attachments.map((a) => ({ filename: a.fileName, contentType: a.contentType, content: a.content })),
      });
    },
    close: () => t.close(),
  };
}

/** `smtp://user:secret@host:587` → `smtp://host:587` (never log or show credentials). */
export function redactSmtpUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}`;
  } catch {
    return 'smtp (unparseable URL)';
  }
}

/**
 * Mail configuration from SMTP_URL / MAIL_FROM values. Without an SMTP URL: the outbox-only mode.
 * A URL that is not smtp:// or smtps:// is refused at start, not at the first send.
 */
export function createMailConfig(opts: { smtpUrl?: string | undefined; from?: string | undefined } = {}): MailConfig {
  const from = opts.from?.trim() || DEFAULT_MAIL_FROM;
  const url = opts.smtpUrl?.trim();
  if (!url) return { from, transport: null, describe: 'outbox only' };
  if (!/^smtps?:\/\/[^/]/i.test(url)) throw new Error('SMTP_URL must look like smtp://user:pass@host:587 or smtps://…:465');
  return { from, transport: smtpTransport(url), describe: redactSmtpUrl(url) };
}
