import { spawn, type ChildProcess } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { locales } from '../../src/i18n/locales.ts';
import { translate } from '../../src/i18n/translate.ts';
import { startFakeLlm, type FakeLlm } from '../support/fake-llm.ts';
import { signUpFresh } from './mailbox.ts';
import { e2eBibliographicPort, e2eLlmServerPort, e2eSmtpPort } from './ports.ts';

test.use({ viewport: { width: 1280, height: 900 } });

test('[TOOL-06] without a language model the AI writer gives an honest outline: the note, the claims from the outline, each with its source', async ({ page }) => {
  test.setTimeout(90_000);
  await signUpFresh(page, { tag: 'wr', returnTo: '/en/ai-writer' });
  await expect(page.locator('[data-ai-writer][data-hydrated]')).toBeVisible({ timeout: 20_000 });
  // Said before any run, so nobody pays expecting prose.
  await expect(page.getByText('No language model is configured on this site', { exact: false }).first()).toBeVisible();
  await page.getByLabel('Topic').fill('Should schools ban phones in class?');
  await page.getByLabel('Essay type').selectOption({ label: 'Argumentative' });
  await page.getByLabel('Length (words)').fill('600');
  await page.getByLabel('Your outline (optional)').fill('Phones harm sleep\nPhones in class lower reading scores');
  await page.getByLabel('Your sources (optional)').fill('OECD (2019). Students who use phones in class score lower in reading.\nTwenge, J. (2017). iGen: smartphones and adolescent sleep loss.');
  // It cannot draft here, so it says the outline is free, shows no price and takes no beans (issue 30).
  await expect(page.getByText('the outline is free: no beans are taken', { exact: false })).toBeVisible();
  await expect(page.locator('[data-ai-writer] [data-price]')).toHaveCount(0);
  await page.getByRole('button', { name: 'Make the outline' }).click();

  const result = page.getByRole('region', { name: 'Outline' });
  await expect(result.locator('[data-outline] > li')).toHaveCount(5, { timeout: 30_000 });
  await expect(result.getByRole('note')).toContainText('never made-up prose');
  await expect(result.getByRole('heading', { name: 'Counter-argument' })).toBeVisible();
  const claim1 = result.locator('[data-role="claim"]').nth(0);
  await expect(claim1).toContainText('Phones harm sleep');
  await expect(claim1.locator('[data-evidence]')).toHaveText('[2] Twenge, J. (2017). iGen: smartphones and adolescent sleep loss.');
  await expect(result.locator('[data-role="claim"]').nth(1).locator('[data-evidence]')).toContainText('[1] OECD (2019)');
  await expect(result.locator('[data-draft]')).toHaveCount(0);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.locator('#account-menu').getByText('100 beans')).toBeVisible();
  await page.keyboard.press('Escape');

  // The history opens it again.
  await page.goto('/en/history');
  await page.getByRole('link', { name: 'Open' }).first().click();
  await expect(page).toHaveURL(/\/en\/ai-writer\?orderNo=/);
  await expect(page.getByRole('region', { name: 'Outline' }).locator('[data-outline] > li')).toHaveCount(5, { timeout: 20_000 });
});

test('[TOOL-06] the offline writer in Spanish: the translated note and an outline in the essay type’s structure with the sources mapped', async ({ page }) => {
  test.setTimeout(90_000);
  const t = (key: Parameters<typeof translate>[1]) => translate('es', key);
  await signUpFresh(page, { tag: 'wres', returnTo: '/en/ai-writer' });
  await page.goto('/es/ai-writer');
  await expect(page.locator('[data-ai-writer][data-hydrated]')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(t('writer.noLlm').slice(0, 40), { exact: false }).first()).toBeVisible();
  await page.getByLabel(t('writer.topicLabel')).fill('¿Deberían las escuelas prohibir los móviles en clase?');
  await page.getByLabel(t('writer.typeLabel')).selectOption({ label: t('writer.type.argumentative') });
  await page.getByLabel(t('writer.lengthLabel')).fill('600');
  await page.getByLabel(t('writer.sourcesLabel')).fill('OECD (2019). Students who use phones in class score lower in reading.');
  await page.getByRole('button', { name: t('writer.writeOutline'), exact: true }).click();

  const result = page.getByRole('region', { name: t('writer.outlineTitle') });
  // The argumentative structure: introduction, the claims, the counter-argument, the conclusion.
  await expect(result.getByRole('heading', { name: t('writer.role.introduction') })).toBeVisible({ timeout: 30_000 });
  await expect(result.getByRole('heading', { name: t('writer.role.counterargument') })).toBeVisible();
  await expect(result.getByRole('heading', { name: t('writer.role.conclusion') })).toBeVisible();
  await expect(result.locator('[data-evidence]').first()).toContainText('[1] OECD (2019)');
  await expect(result.locator('[data-draft]')).toHaveCount(0);
});

test('[TOOL-06] the AI writer page speaks every locale', async ({ page }) => {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/'/g, '&#39;');
  for (const { code } of locales) {
    const html = await (await page.request.get(`/${code}/ai-writer`)).text();
    for (const key of ['writer.write', 'writer.topicLabel', 'writer.type.compareContrast', 'writer.sourcesHint'] as const) expect(html, `${code} ${key}`).toContain(escape(translate(code, key)));
  }
  await page.goto('/ja/ai-writer');
  await expect(page.locator('[data-ai-writer][data-hydrated]')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(translate('ja', 'writer.noLlm'))).toBeVisible();
});

test.describe('with a language model', () => {
  let server: ChildProcess;
  let llm: FakeLlm;
  const origin = `http://127.0.0.1:${e2eLlmServerPort}`;
  test.beforeAll(async () => {
    // An app server of its own, with the LLM backend (a local server speaking OpenAI's streamed chat completions)
    // and the local Crossref/OpenAlex of the global setup. Starting it can take long on a busy 2-core machine.
    test.setTimeout(90_000);
    llm = await startFakeLlm('e2e-llm-key');
    server = spawn(process.execPath, ['server/main.ts'], {
      env: {
        ...process.env, LLM_EMBEDDED: 'false',
        PORT: String(e2eLlmServerPort),
        HOST: '127.0.0.1',
        DATABASE_URL: 'memory://',
        LOG_LEVEL: 'warn',
        SITE_URL: origin,
        SMTP_URL: `smtp://127.0.0.1:${e2eSmtpPort}`,
        RATE_LIMIT_ALLOWLIST: '127.0.0.1',
        LLM_BASE_URL: llm.baseUrl,
        LLM_API_KEY: 'e2e-llm-key',
        LLM_MODEL: 'fake-model',
        CROSSREF_BASE_URL: `http://127.0.0.1:${e2eBibliographicPort}/crossref`,
        OPENALEX_BASE_URL: `http://127.0.0.1:${e2eBibliographicPort}/openalex`,
        REFERENCES_CONTACT_EMAIL: 'refs@inkwise.test',
        PLAGIARISM_WEB: 'false',
      },
      stdio: 'ignore',
    });
    await expect.poll(async () => (await fetch(`${origin}/api/health`).catch(() => undefined))?.status, { timeout: 80_000 }).toBe(200);
  });
  test.afterAll(async () => {
    server.kill();
    await llm.close();
  });

  test('[TOOL-06] the draft streams into the page, each citation checked against the sources first: an invented one removed, an unfound source marked', async ({ page }) => {
    test.setTimeout(90_000);
    llm.reply = () =>
      [
        'A growth mindset lifts the grades of struggling students [1].',
        'Phones erode reading (Smith, 2020) [2].',
        'Schools should teach both [3].',
      ].join('\n');
    llm.chunkChars = 16;
    // Held after the first paragraph and a little of the second: the page must show the first meanwhile.
    llm.pauseAfterChunks = 5;
    await signUpFresh(page, { tag: 'wrllm', returnTo: '/en/ai-writer', origin });
    await expect(page.locator('[data-ai-writer][data-hydrated]')).toBeVisible({ timeout: 20_000 });
    await page.getByLabel('Topic').fill('Do phones harm learning?');
    await page
      .getByLabel('Your sources (optional)')
      .fill(
        'Yeager, D. S., Hanselman, P., Walton, G. M., et al. (2019). A national experiment reveals where a growth mindset improves achievement. Nature, 573(7774), 364-369.\n' +
          'Miller, T. (2021). Smartphones and the slow collapse of adolescent reading. Journal of Imagined Evidence, 4(2), 1-19.',
      );
    await page.getByRole('button', { name: 'Write' }).click();

    const result = page.getByRole('region', { name: 'Draft' });
    const streaming = result.locator('[data-draft][data-streaming]');
    await expect(streaming.locator('p').first()).toHaveText('A growth mindset lifts the grades of struggling students [1].', { timeout: 30_000 });
    await expect(result.getByRole('status')).toHaveText('Writing… the draft appears as it is written; each citation is checked against your sources before it is shown.');
    llm.resume();

    const draft = result.locator('[data-draft]:not([data-streaming])');
    await expect(draft.locator('p')).toHaveText(['A growth mindset lifts the grades of struggling students [1].', 'Phones erode reading [2].', 'Schools should teach both.'], { timeout: 30_000 });
    const notes = result.locator('[data-citation-notes]');
    await expect(notes.locator('li[data-reason="notASource"]')).toHaveText(['Smith, 2020 matches none of your sources. Removed from the draft.', '[3] matches none of your sources. Removed from the draft.']);
    await expect(notes.locator('li[data-reason="sourceNotFound"]')).toContainText('Your source [2] was not found in Crossref or OpenAlex. That does not prove it is invented');
    await expect(draft.locator('mark[data-flagged-citation]')).toHaveText(['[2]']);
  });
});
