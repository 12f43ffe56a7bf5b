/**
 * Loopback ports of the browser tests besides the app's own (E2E_PORT, playwright.config.ts).
 * Every one is derived from E2E_SMTP_PORT, so parallel runs on one machine given different
 * ports never share one; nothing here is a fixed number of its own.
 */
export const e2eSmtpPort = Number(process.env.E2E_SMTP_PORT ?? 2599);
/** The app's SMTP mailbox view. */
export const e2eMailboxPort = e2eSmtpPort + 1;
/** Port of the local server speaking Google's OAuth protocol for the browser tests. */
export const e2eGooglePort = e2eSmtpPort + 2;
/** Port of a second app server some browser tests start with settings of their own (origin.spec.ts). */
export const e2eSecondServerPort = e2eSmtpPort + 3;
/** Port of a third app server (accounts.spec.ts: codes that expire in 2 s). */
export const e2eThirdServerPort = e2eSmtpPort + 4;
/** Port of the local server speaking Crossref's and OpenAlex's REST APIs (tests/support/fake-bibliographic.ts). */
export const e2eBibliographicPort = e2eSmtpPort + 5;
/** Port of an app server with a language model (writer.spec.ts: the streamed, citation-checked draft). */
export const e2eLlmServerPort = e2eSmtpPort + 6;
