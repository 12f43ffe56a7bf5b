import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpInbox, type SmtpInbox } from '../support/smtp-inbox.ts';
import { createUser } from '../../server/services/users.ts';
import { createTestApp, type TestApp, secondDatabaseRun } from './helpers.ts';

// Hole 6 of issue 10: registerV2 with a bad invite code, tryVerifyEmailCode and repeated forgetPassword answered differently for existing addresses.
let t: TestApp;
let inbox: SmtpInbox;
let n = 0;
beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({ SMTP_URL: inbox.url });
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});

type Step = { method: 'GET' | 'POST'; url: (email: string) => string; body?: (email: string) => unknown };
/** Runs the same steps for an address with an account and one without; answers both transcripts without the address. */
async function transcripts(steps: Step[]) {
  const existing = `owner${Date.now()}${n++}@example.edu`;
  const unknown = `nobody${Date.now()}${n++}@example.edu`;
  await createUser(t.database.db, { email: existing, passwordHash: null, locale: 'en', userType: '1' });
  const run = async (email: string, ip: string) => {
    const answers = [];
    for (const step of steps) {
      const res = await t.app.inject({ method: step.method, url: step.url(email), payload: step.body?.(email) as object | undefined, remoteAddress: ip });
      const body = res.json();
      // The wait left depends on the clock, not the address: a slow step may cross a second.
      const message = typeof body.message === 'string' ? body.message.replace(/\d+/g, 'n') : body.message;
      answers.push({ status: res.statusCode, ...body, message, ...(body.data?.retryAfter ? { data: { ...body.data, retryAfter: 'n' } } : {}) });
    }
    return answers;
  };
  return { existing: await run(existing, `10.9.${n}.1`), unknown: await run(unknown, `10.9.${n}.2`) };
}

const forget: Step = { method: 'GET', url: (e) => `/api/forgetPassword?email=${encodeURIComponent(e)}` };
const sendCode: Step = { method: 'POST', url: () => '/sendVerifyMailV2', body: (email) => ({ email }) };
const tryCode = (code: string): Step => ({ method: 'POST', url: () => '/tryVerifyEmailCode', body: (email) => ({ email, code }) });
const register = (verifyCode: string, referCode?: string): Step => ({ method: 'POST', url: () => '/registerV2', body: (email) => ({ email, password: 'Study hard 2026', verifyCode, referCode }) });
const reset = (verifyCode: string): Step => ({ method: 'POST', url: () => '/api/resetPassword', body: (email) => ({ email, password: 'Study hard 2027', verifyCode }) });

describe.skipIf(secondDatabaseRun)('[ACC-01] [ACC-13] [ACC-14] answers never tell whether an address has an account', () => {
  it('repeated forgetPassword', async () => {
    const { existing, unknown } = await transcripts([forget, forget, forget]);
    expect(existing).toEqual(unknown);
  });

  it('forgetPassword, then wrong reset codes until the code dies', async () => {
    const { existing, unknown } = await transcripts([forget, ...Array.from({ length: 6 }, () => reset('000000'))]);
    expect(existing).toEqual(unknown);
  });

  it('resetPassword with no code ever sent', async () => {
    const { existing, unknown } = await transcripts([reset('123456')]);
    expect(existing).toEqual(unknown);
  });

  it('registerV2 with a bad invite code, with and without a code sent', async () => {
    const { existing, unknown } = await transcripts([register('123456', 'NO-SUCH-INVITE'), sendCode, register('123456', 'NO-SUCH-INVITE'), register('123456')]);
    expect(existing).toEqual(unknown);
  });

  it('tryVerifyEmailCode before and after a code is sent, until the code dies', async () => {
    const { existing, unknown } = await transcripts([tryCode('123456'), sendCode, sendCode, ...Array.from({ length: 6 }, () => tryCode('000000'))]);
    expect(existing).toEqual(unknown);
  });

  it('sends mail after answering, so an SMTP round trip never shows in the timing', async () => {
    const email = `owner${Date.now()}${n++}@example.edu`;
    await createUser(t.database.db, { email, passwordHash: null, locale: 'en', userType: '1' });
    const since = inbox.mails.length;
    inbox.holdReplies = true;
    try {
      // The SMTP server does not answer yet: the request must not wait for it.
      const res = await t.app.inject({ method: 'GET', url: `/api/forgetPassword?email=${encodeURIComponent(email)}`, remoteAddress: '10.9.250.1' });
      expect(res.json()).toEqual({ code: 0, data: { sent: true } });
    } finally {
      inbox.holdReplies = false;
    }
    expect((await inbox.waitFor(email, { since })).subject).toMatch(/reset/i);
  });
});
