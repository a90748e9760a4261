import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * Test-only: a real SMTP server (smtp-server) on 127.0.0.1 that keeps what it receives, parsed by
 * mailparser. With `auth` it demands those credentials; with `reject` it refuses every recipient
 * with the given SMTP reply (e.g. '550 Mailbox unavailable').
 */
export interface SmtpSink {
  /** smtp://user:pass@127.0.0.1:port (credentials only with `auth`). */
  url: string;
  messages: ParsedMail[];
  close(): Promise<void>;
}

export async function startSmtpSink(opts: { auth?: { user: string; pass: string }; reject?: string } = {}): Promise<SmtpSink> {
  const messages: ParsedMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: !opts.auth,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, cb) {
      if (opts.auth && auth.username === opts.auth.user && auth.password === opts.auth.pass) cb(null, { user: auth.username });
      else cb(new Error('Invalid username or password'));
    },
    onRcptTo(_address, _session, cb) {
      if (!opts.reject) return cb();
      const err = new Error(opts.reject) as Error & { responseCode: number };
      err.responseCode = Number(opts.reject.slice(0, 3)) || 550;
      cb(err);
    },
    onData(stream, _session, cb) {
      simpleParser(stream).then(
        (m) => {
          messages.push(m);
          cb();
        },
        (err: Error) => cb(err),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  const cred = opts.auth ? `${encodeURIComponent(opts.auth.user)}:${encodeURIComponent(opts.auth.pass)}@` : '';
  return {
    url: `smtp://${cred}127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
