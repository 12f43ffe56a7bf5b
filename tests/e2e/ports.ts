/** Fixed loopback ports of the browser-test helpers (the app's SMTP server and its mailbox view). */
export const e2eSmtpPort = Number(process.env.E2E_SMTP_PORT ?? 2599);
export const e2eMailboxPort = e2eSmtpPort + 1;
/** Port of the local server speaking Google's OAuth protocol for the browser tests. */
export const e2eGooglePort = e2eSmtpPort + 2;
/** Port of the local server speaking Crossref's and OpenAlex's REST APIs (tests/support/fake-bibliographic.ts). */
export const e2eBibliographicPort = e2eSmtpPort + 3;
