import nodemailer, { type Transporter } from 'nodemailer';
import { desc } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import type { MailContent } from '../mail/templates.ts';
import { maskEmail, redactText } from '../log-redaction.ts';

/** Sends e-mail over SMTP when configured; always records it in the outbox table. */
export interface Mailer {
  send(to: string, content: MailContent): Promise<void>;
  /**
   * Sends after the caller has answered: account mails never make a request wait
   * on SMTP, so how long an answer takes cannot tell whether an address has an
   * account (hole 6 of issue 10). A failure is logged; `close` waits for what is in flight.
   */
  sendLater(to: string, content: MailContent | (() => MailContent)): void;
  /** Resolves once every mail promised by `sendLater` so far has been recorded (or has failed). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/** Builds the mailer: SMTP_URL through nodemailer, or the outbox plus a console line. */
export function createMailer(db: Db, options: { smtpUrl: string | undefined; from: string; /** Where the dev outbox is served (with its key), when it is. */ outboxPage?: string; log: (line: string) => void; warn?: (error: unknown) => void }): Mailer {
  const transport: Transporter | undefined = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  const inFlight = new Set<Promise<void>>();
  const mailer: Mailer = {
    async send(to, content) {
      let error: string | null = null;
      if (transport) {
        try {
          await transport.sendMail({ from: options.from, to, subject: content.subject, text: content.text, html: content.html });
        } catch (err) {
          error = err instanceof Error ? err.message : String(err);
        }
      } else {
        // No mail server configured (the embedded default): show the mail to the developer.
        // The address and subject only: the body may hold a code, and logs travel further than this machine.
        options.log(`mail to ${maskEmail(to)} — ${options.outboxPage ? `open ${options.outboxPage} to read it` : 'not sent (no SMTP_URL)'}`);
      }
      // With a mail server the outbox keeps a record of the sending, not the body: bodies carry codes and links
      // (issue 29). Without one the body stays for the dev outbox page, for a day (services/maintenance.ts).
      const body = transport ? { text: '', html: '' } : { text: content.text, html: content.html };
      await db.insert(mailOutbox).values({ to, subject: content.subject, ...body, transport: transport ? 'smtp' : 'outbox', error });
      if (error) throw new Error(`SMTP delivery failed: ${error}`);
    },
    sendLater(to, content) {
      // Rendering waits too (setImmediate runs after the answer is written), so it costs the request nothing.
      const sending = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => mailer.send(to, typeof content === 'function' ? content() : content))
        .catch((error: unknown) => (options.warn ?? options.log)(`mail delivery to ${maskEmail(to)} failed: ${error instanceof Error ? redactText(error.message) : 'unknown error'}`))
        .finally(() => inFlight.delete(sending));
      inFlight.add(sending);
    },
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    async close() {
      // Mails already promised get their chance, within a bound, before the transport closes.
      await Promise.race([Promise.allSettled([...inFlight]), new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
      transport?.close();
    },
  };
  return mailer;
}

/** The latest e-mails, for the dev-only outbox page. */
export async function latestMail(db: Db, limit = 50) {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit);
}
