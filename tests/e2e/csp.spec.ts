import { expect, test, type Page } from '@playwright/test';
import { localizedPath, routes, type RouteName } from '../../src/i18n/routes.ts';

/**
 * Hole 10 of issue 10: a strict Content-Security-Policy on every page (tokens live
 * in local storage, so an injected script must not run), with no violation in Chromium.
 */
declare global {
  interface Window {
    cspViolations: string[];
  }
}

/** Records every CSP violation of the page from its very start (Playwright's init scripts are exempt from the page's CSP). */
async function watchViolations(page: Page) {
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
  });
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) consoleErrors.push(message.text());
  });
  return consoleErrors;
}

for (const locale of ['en', 'ar'] as const) {
  test(`[SITE-07] [SITE-19] every ${locale} page carries a strict CSP and runs without a violation`, async ({ page }) => {
    test.setTimeout(90_000);
    const consoleErrors = await watchViolations(page);
    const paths = [...(Object.keys(routes) as RouteName[]).map((route) => localizedPath(locale, route)), '/', `/${locale}/no-such-page`];
    for (const path of paths) {
      const response = await page.goto(path, { waitUntil: 'load' });
      expect(response, path).not.toBeNull();
      const policy = (await response!.allHeaders())['content-security-policy'] ?? '';
      const scriptSrc = policy.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
      expect(scriptSrc, path).toContain("'self'");
      expect(scriptSrc, path).not.toContain('unsafe-inline');
      expect(policy, path).toContain("frame-ancestors 'none'");
      expect(await page.evaluate(() => window.cspViolations), path).toEqual([]);
    }
    expect(consoleErrors).toEqual([]);
  });
}

test('a script injected into a page does not run', async ({ page }) => {
  await watchViolations(page);
  await page.goto('/en/login');
  // What an XSS would do: add an inline script to the document.
  const ran = await page.evaluate(async () => {
    (window as unknown as { injected?: boolean }).injected = false;
    const script = document.createElement('script');
    script.textContent = 'window.injected = true';
    document.body.append(script);
    await new Promise((resolve) => setTimeout(resolve, 0));
    return (window as unknown as { injected?: boolean }).injected;
  });
  expect(ran).toBe(false);
  await expect.poll(() => page.evaluate(() => window.cspViolations.length)).toBeGreaterThan(0);
});

test('API answers run nothing either', async ({ request }) => {
  const res = await request.get('/api/health');
  expect(res.headers()['content-security-policy']).toContain("default-src 'none'");
});
