/** Fixed loopback ports of the browser-test helpers (the app's SMTP server and its mailbox view). */
export const e2eSmtpPort = Number(process.env.E2E_SMTP_PORT ?? 2599);
export const e2eMailboxPort = e2eSmtpPort + 1;
/** Port of the local server speaking Google's OAuth protocol for the browser tests. */
export const e2eGooglePort = e2eSmtpPort + 2;
/** Port of a second app server some browser tests start with settings of their own. */
export const e2eSecondServerPort = e2eSmtpPort + 3;
