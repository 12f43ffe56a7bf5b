import { createServer } from 'node:http';
import { startSmtpInbox } from '../support/smtp-inbox.ts';
import { startFakeGoogle } from '../support/fake-google.ts';
import { startFakeBibliographic } from '../support/fake-bibliographic.ts';
import { e2eBibliographicPort, e2eGooglePort, e2eMailboxPort, e2eSmtpPort } from './ports.ts';

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
  // Google: the account is named by login_hint, as Google's own parameter does.
  const google = await startFakeGoogle(undefined, undefined, {
    port: e2eGooglePort,
    autoConsentAccount: (url) => {
      const email = url.searchParams.get('login_hint') ?? 'student@gmail.com';
      return { sub: `google-${email}`, email };
    },
  });
  // The reference checker looks entries up here (CROSSREF_BASE_URL and OPENALEX_BASE_URL in playwright.config.ts).
  const bibliographic = await startFakeBibliographic(e2eBibliographicPort);
  return async () => {
    await bibliographic.close();
    await google.close();
    await inbox.close();
    await new Promise((resolve) => http.close(resolve));
  };
}
