import nodemailer, { type Transporter } from 'nodemailer';
import { desc } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import type { MailContent } from '../mail/templates.ts';

/** Sends e-mail over SMTP when configured; always records it in the outbox table. */
export interface Mailer {
  send(to: string, content: MailContent): Promise<void>;
  close(): void;
}

/** Builds the mailer: SMTP_URL through nodemailer, or the outbox plus a console line. */
export function createMailer(db: Db, options: { smtpUrl: string | undefined; from: string; outboxPage?: boolean; log: (line: string) => void }): Mailer {
  const transport: Transporter | undefined = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  return {
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
        options.log(`mail to ${to}: ${content.subject} — ${options.outboxPage ? 'open /dev/outbox to read it' : 'not sent (no SMTP_URL)'}`);
      }
      await db.insert(mailOutbox).values({ to, subject: content.subject, text: content.text, html: content.html, transport: transport ? 'smtp' : 'outbox', error });
      if (error) throw new Error(`SMTP delivery failed: ${error}`);
    },
    close() {
      transport?.close();
    },
  };
}

/** The latest e-mails, for the dev-only outbox page. */
export async function latestMail(db: Db, limit = 50) {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit);
}
