import { spawn, type ChildProcess } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { dismissWelcome, signUpFresh } from './mailbox.ts';
import { e2eSecondServerPort, e2eSmtpPort } from './ports.ts';

/**
 * `npm start` as a new user runs it: no SITE_URL. The address it prints is the
 * one people open, and a checkout must stay on it (another origin has no login).
 */
let server: ChildProcess;
let printed = '';

test.beforeAll(async () => {
  // Starting a second server (PGlite, migrations) can take long on a busy 2-core machine.
  test.setTimeout(90_000);
  server = spawn(process.execPath, ['server/main.ts'], {
    env: { ...process.env, LLM_EMBEDDED: 'false', REFERENCE_LOOKUPS: 'false', PLAGIARISM_WEB: 'false', SITE_URL: '', PORT: String(e2eSecondServerPort), HOST: '127.0.0.1', DATABASE_URL: 'memory://', LOG_LEVEL: 'warn', SMTP_URL: `smtp://127.0.0.1:${e2eSmtpPort}`, RATE_LIMIT_ALLOWLIST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  printed = await new Promise<string>((resolve, reject) => {
    let out = '';
    server.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /Ready: open (\S+)/.exec(out);
      if (match) resolve(match[1]!);
    });
    server.once('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
});

test.afterAll(() => {
  server.kill();
});

test('[COM-08] a plan bought from the printed address, or from localhost, checks out on the origin it was opened on', async ({ page, browser }) => {
  const origin = new URL(printed).origin;
  expect(printed).toBe(`http://127.0.0.1:${e2eSecondServerPort}/en`);
  const email = await signUpFresh(page, { tag: 'origin', origin });
  await page.goto(`${origin}/en/try-premium`);
  await expect(page.locator('[data-checkout-ready]')).toBeAttached();
  await page.getByRole('link', { name: 'Choose Premium' }).click();
  await expect(page).toHaveURL(new RegExp(`^${origin}/en/checkout/sandbox\\?session=`));
  await expect(page.getByRole('button', { name: 'Pay (test)' })).toBeEnabled();

  // The same server opened as localhost: a separate login, and the checkout stays there too.
  const other = await browser.newContext();
  const local = await other.newPage();
  const localhost = `http://localhost:${e2eSecondServerPort}`;
  await local.goto(`${localhost}/en/login`);
  await local.getByLabel('E-mail').fill(email);
  await local.getByLabel('Password', { exact: true }).fill('Study hard 2026');
  await local.getByRole('button', { name: 'Log in' }).last().click();
  await expect(local).toHaveURL(`${localhost}/en`);
  // Local storage is per origin: the welcome offer has not been seen here yet.
  await dismissWelcome(local, 'Welcome to Inkwise!', 'Maybe later');
  await local.goto(`${localhost}/en/try-premium`);
  await expect(local.locator('[data-checkout-ready]')).toBeAttached();
  await local.getByRole('link', { name: 'Choose Pro' }).click();
  await expect(local).toHaveURL(new RegExp(`^${localhost}/en/checkout/sandbox\\?session=`));
  await expect(local.getByRole('button', { name: 'Pay (test)' })).toBeEnabled();
  await other.close();
});
