import { existsSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

/** Lighthouse category scores (0–100) of one URL, mobile preset (Lighthouse's default). */
export async function lighthouseScores(url: string, chromePath: string) {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] });
    const categories = result?.lhr.categories ?? {};
    const audits = result?.lhr.audits ?? {};
    return {
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
      bestPractices: Math.round((categories['best-practices']?.score ?? 0) * 100),
      seo: Math.round((categories.seo?.score ?? 0) * 100),
      fcp: audits['first-contentful-paint']?.displayValue,
      lcp: audits['largest-contentful-paint']?.displayValue,
      tbt: audits['total-blocking-time']?.displayValue,
      cls: audits['cumulative-layout-shift']?.displayValue,
      failing: Object.values(categories).flatMap((c) =>
        c.auditRefs.filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1).map((ref) => `${c.id}:${ref.id}`),
      ),
    };
  } finally {
    chrome.kill();
  }
}

/** The Chromium the benchmarks use, or undefined. */
export function benchChromium(): string | undefined {
  return [process.env.CHROME_PATH, process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((p): p is string => Boolean(p && existsSync(p)));
}
