import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

/** A received e-mail, decoded. */
export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** A real SMTP server on loopback that keeps what it receives, for tests. */
export interface SmtpInbox {
  url: string;
  mails: ReceivedMail[];
  /** Waits for the next mail to `to` after `since` mails had arrived. */
  waitFor(to: string, options?: { since?: number; timeoutMs?: number }): Promise<ReceivedMail>;
  /** The 6-digit code of the latest mail to `to`. */
  codeFor(to: string, options?: { since?: number }): Promise<string>;
  /** While true, new SMTP connections get no greeting: a mail server that hangs. */
  holdReplies: boolean;
  close(): Promise<void>;
}

/** Starts the inbox on a free port. */
export async function startSmtpInbox(port = 0): Promise<SmtpInbox> {
  const mails: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  let held = false;
  const heldConnections: (() => void)[] = [];
  const server = new SMTPServer({
    onConnect(_session, callback) {
      if (held) heldConnections.push(() => callback());
      else callback();
    },
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        void PostalMime.parse(Buffer.concat(chunks)).then((parsed) => {
          for (const rcpt of session.envelope.rcptTo) {
            mails.push({ to: rcpt.address.toLowerCase(), subject: parsed.subject ?? '', text: parsed.text ?? '', html: parsed.html ?? '' });
          }
          waiters.splice(0).forEach((wake) => wake());
          callback();
        }, callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.server.address() as AddressInfo).port;

  const waitFor: SmtpInbox['waitFor'] = async (to, { since = 0, timeoutMs = 10_000 } = {}) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = mails.slice(since).filter((m) => m.to === to.toLowerCase()).at(-1);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no mail to ${to} within ${timeoutMs} ms (received: ${mails.map((m) => m.to).join(', ') || 'none'})`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  };

  return {
    url: `smtp://127.0.0.1:${bound}`,
    mails,
    waitFor,
    get holdReplies() {
      return held;
    },
    set holdReplies(value: boolean) {
      held = value;
      if (!value) heldConnections.splice(0).forEach((release) => release());
    },
    async codeFor(to, options) {
      const mail = await waitFor(to, options);
      const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
      if (!code) throw new Error(`no code in mail "${mail.subject}"`);
      return code;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
