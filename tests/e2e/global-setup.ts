import { createServer } from 'node:http';
import { startSmtpInbox } from '../support/smtp-inbox.ts';
import { e2eMailboxPort, e2eSmtpPort } from './ports.ts';

/**
 * Starts a real SMTP server for the app under test (SMTP_URL points at it) and
 * a small HTTP view of what it received, so browser tests read their codes.
 */
export default async function globalSetup() {
  const inbox = await startSmtpInbox(e2eSmtpPort);
  const http = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const to = url.searchParams.get('to')?.toLowerCase();
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(inbox.mails.filter((m) => !to || m.to === to)));
  });
  await new Promise<void>((resolve) => http.listen(e2eMailboxPort, '127.0.0.1', resolve));
  return async () => {
    await inbox.close();
    await new Promise((resolve) => http.close(resolve));
  };
}
