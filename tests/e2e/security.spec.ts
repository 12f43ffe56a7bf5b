import { expect, test } from '@playwright/test';
import { codeFrom, dismissWelcome, freshEmail } from './mailbox.ts';

test.use({ viewport: { width: 1280, height: 800 } });

// Hole 5 of issue 10: /en/login?cb=/%09/evil.example/phish landed on evil.example after signing in.
test('[ACC-11] a return path that browsers would turn into another site is dropped: the new account lands home', async ({ page, baseURL }) => {
  const offsite: string[] = [];
  await page.route((url) => url.hostname.endsWith('evil.example'), (route) => {
    offsite.push(route.request().url());
    return route.abort();
  });
  const email = freshEmail('redirect');
  // Exactly as an attacker's link would carry it: %09 is a tab, which browsers strip from URLs.
  await page.goto('/en/signup?cb=/%09/evil.example/phish');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  const code = await codeFrom(email);
  await page.getByLabel('Password', { exact: true }).fill('Study hard 2026');
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(`${baseURL}/en`);
  await dismissWelcome(page, 'Welcome to Inkwise!', 'Maybe later');
  expect(offsite).toEqual([]);
  expect(await page.evaluate(() => sessionStorage.getItem('g_cb'))).toBeNull();
});
