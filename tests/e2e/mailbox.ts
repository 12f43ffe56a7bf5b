import { expect } from '@playwright/test';
import type { ReceivedMail } from '../support/smtp-inbox.ts';
import { e2eMailboxPort } from './ports.ts';

/** The mails the app sent to `to` over SMTP during the browser tests. */
export async function mailsTo(to: string): Promise<ReceivedMail[]> {
  const res = await fetch(`http://127.0.0.1:${e2eMailboxPort}/?to=${encodeURIComponent(to)}`);
  return (await res.json()) as ReceivedMail[];
}

/** Waits for the `count`-th mail to `to` and answers its 6-digit code. */
export async function codeFrom(to: string, count = 1): Promise<string> {
  let mails: ReceivedMail[] = [];
  await expect.poll(async () => (mails = await mailsTo(to)).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(count);
  const code = /\b(\d{6})\b/.exec(mails[count - 1]!.text)?.[1];
  if (!code) throw new Error(`no code in "${mails[count - 1]!.subject}"`);
  return code;
}

let n = 0;
/** A fresh address for one test. */
export const freshEmail = (tag = 'e2e') => `${tag}${Date.now()}${n++}${Math.floor(Math.random() * 1e4)}@example.edu`;

/** A new account sees the welcome coupon modal once (spec §4); tests that go on close it. */
export async function dismissWelcome(page: import('@playwright/test').Page, title: string, dismiss: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: dismiss }).click();
  await expect(dialog).toBeHidden();
}

/**
 * Signs a fresh account up in English through the real form and mailed code,
 * then closes the welcome modal. With `returnTo`, sign-up starts with ?cb= and must land there.
 */
export async function signUpFresh(page: import('@playwright/test').Page, { tag = 'e2e', returnTo, origin = '' }: { tag?: string; returnTo?: string; origin?: string } = {}): Promise<string> {
  const email = freshEmail(tag);
  await page.goto(returnTo ? `${origin}/en/signup?cb=${encodeURIComponent(returnTo)}` : `${origin}/en/signup`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  // The notice says the code is on its way; without it the mailbox wait below would only say "no mail".
  await expect(page.getByRole('status').filter({ hasText: email }), 'the code notice after Send code').toBeVisible({ timeout: 15_000 });
  const code = await codeFrom(email);
  await page.getByLabel('Password', { exact: true }).fill('Study hard 2026');
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(returnTo ? new RegExp(`${returnTo.replace(/[/?]/g, '\\$&')}$`) : /\/en$/);
  await dismissWelcome(page, 'Welcome to Inkwise!', 'Maybe later');
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  return email;
}
