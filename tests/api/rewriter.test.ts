import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductId } from '../../src/domain/products.ts';
import { translate } from '../../src/i18n/translate.ts';
import type { RewriteView } from '../../src/domain/rewriter.ts';
import { startFakeLlm, type FakeLlm } from '../support/fake-llm.ts';
import { accountWithSession } from './fixtures.ts';
import { call, paidRun, richAccount as rich, type Json } from './paid-tool.ts';
import { createTestApp, secondDatabaseRun, type TestApp } from './helpers.ts';

const ESSAY = [
  "It is important to note that social media plays a crucial role in modern communication. Moreover, it allows individuals to utilize numerous platforms in order to share information. According to Smith (2020), 72% of teenagers use Instagram daily. However, many parents don't know what their children are doing online.",
  'The study was carried out in March 2021 at Stanford University. It shows that "screen time is not the enemy" and that students need guidance.',
].join('\n');


const balance = async (t: TestApp, headers: Record<string, string>) => (await call(t, 'GET', '/api/getUserWallet', headers)).data.wallet.balance as number;

/** Orders, pays and polls one rewrite; answers the last /api/copyRewrite answer. */
async function rewriteRun(t: TestApp, headers: Record<string, string>, extraInfo: Json, content = ESSAY): Promise<Json> {
  return paidRun(t, headers, { productId: ProductId.COPY_REWRITE, orderType: 9, content, extraInfo }, async (orderNo) => {
    // Spec §7: POST /api/copyRewrite takes the order number as a multipart field.
    const boundary = 'x-rewriter-boundary';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="orderNo"\r\n\r\n${orderNo}\r\n--${boundary}--\r\n`;
    const res = await t.app.inject({ method: 'POST', url: '/api/copyRewrite', headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  });
}

describe('essay rewriter API (offline)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('[TOOL-04] a paid rewrite (order type 9) keeps protected spans and frozen words, marks its changes and follows the mode', async () => {
    const user = await rich(t);
    const before = await balance(t, user.headers);
    const r = await rewriteRun(t, user.headers, { mode: 'formal', strength: 4, frozen: ['social media', 'guidance'] });
    expect(r.code, JSON.stringify(r)).toBe(0);
    const view = r.data.data as RewriteView;
    const text = r.data.dataWithoutFormat as string;
    expect(r.data.rawInputData).toBe(ESSAY);
    expect(view).toMatchObject({ mode: 'formal', strength: 4, frozen: ['social media', 'guidance'], backend: 'offline' });
    expect(view.paragraphs.map((p) => p.map((s) => s.text).join('')).join('\n')).toBe(text);
    expect(view.paragraphs.flat().some((s) => s.change)).toBe(true);
    for (const kept of ['social media', 'guidance', 'Smith', '(2020)', '72%', 'March 2021', 'Stanford University', '"screen time is not the enemy"']) expect(text).toContain(kept);
    expect(text).toContain('do not know');
    expect(text).not.toMatch(/n't/);
    expect(view.stats.changedShare).toBeGreaterThan(0);
    expect(await balance(t, user.headers)).toBeLessThan(before);

    // The result downloads as a real .docx, and the history lists the run.
    const docx = await t.app.inject({ method: 'GET', url: `/api/download/word?orderNo=${r.data.orderNo}`, headers: user.headers });
    expect(docx.statusCode).toBe(200);
    expect(docx.headers['content-type']).toContain('wordprocessingml');
    expect(docx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const list = await call(t, 'POST', '/api/tool/list', user.headers, { page: 1, pageSize: 10, orderTypeArray: '9' });
    expect(list.data.list.map((o: Json) => o.orderNo)).toContain(r.data.orderNo);
  });

  it('[TOOL-04] bad settings, LLM-only modes without the backend and non-English text are refused with a translated message and charge nothing', async () => {
    const user = await rich(t);
    const before = await balance(t, user.headers);
    const order = (extraInfo: Json, content = ESSAY, locale = 'en') =>
      call(t, 'POST', '/api/createOrder', { ...user.headers, 'accept-language': locale }, { productId: ProductId.COPY_REWRITE, content, extraInfo });
    expect(await order({ mode: 'poetic' })).toMatchObject({ code: 1, message: "Choose one of the rewriter's modes." });
    expect(await order({ strength: 9 })).toMatchObject({ code: 1, message: 'Choose how much to change, from 1 to 5.' });
    expect((await order({ frozen: Array.from({ length: 31 }, (_, i) => `w${i}`) })).message).toBe('Freeze at most 30 words or phrases, each up to 60 characters.');
    // An empty frozen word gets the same specific message, not the generic "some fields are invalid".
    expect(await order({ frozen: ['  '] }, ESSAY, 'fr')).toMatchObject({ code: 1, message: translate('fr', 'rewriter.error.frozen') });
    expect(await order({ mode: 'expand' })).toMatchObject({ code: 1, message: 'This mode needs a language model, and none is configured on this site.' });
    expect((await order({ mode: 'creative' }, ESSAY, 'de')).message).toBe('Dieser Modus braucht ein Sprachmodell, und auf dieser Website ist keines eingerichtet.');
    // The engine reads English only (it shares the humanizer's lexicon), like the humanizer and the detector.
    expect((await order({ mode: 'standard' }, '这是一篇完全用中文写的文章，没有任何英文单词，讨论社交媒体对学生的影响。')).message).toBe(translate('en', 'messages.onlyEnglishError'));
    expect(await balance(t, user.headers)).toBe(before);
    const modes = await call(t, 'GET', '/api/copyRewrite/modes', {});
    expect(modes.data.modes).toEqual(['standard', 'fluent', 'formal', 'simple', 'shorten']);
  });

  it("[TOOL-04] another user's rewrite is not found and an unknown order number is refused", async () => {
    const owner = await rich(t);
    const other = await accountWithSession(t);
    const r = await rewriteRun(t, owner.headers, { mode: 'simple' });
    const peek = await call(t, 'POST', '/api/copyRewrite', other.headers, { orderNo: r.data.orderNo });
    expect(peek.code).toBe(1);
    expect(peek.data).toBeUndefined();
    expect((await t.app.inject({ method: 'POST', url: '/api/copyRewrite', payload: { orderNo: r.data.orderNo } })).statusCode).toBe(401);
  });
});

// The LLM path does not depend on the database: it runs once, on PGlite.
describe.skipIf(secondDatabaseRun)('essay rewriter API with the LLM backend', () => {
  let t: TestApp;
  let llm: FakeLlm;
  beforeAll(async () => {
    llm = await startFakeLlm('rewriter-key');
    t = await createTestApp({ LLM_BASE_URL: llm.baseUrl, LLM_API_KEY: 'rewriter-key', LLM_MODEL: 'fake-model' });
  });
  afterAll(async () => {
    await t.close();
    await llm.close();
  });

  it('[TOOL-04] Expand is offered and runs on the LLM; an answer that drops a frozen word fails the run and returns the beans', async () => {
    expect((await call(t, 'GET', '/api/copyRewrite/modes', {})).data.modes).toEqual(['standard', 'fluent', 'formal', 'simple', 'shorten', 'expand', 'creative']);
    const user = await rich(t);
    llm.reply = (text) => text.split('\n').map((p) => `${p} This point matters for every reader of the essay.`).join('\n');
    const r = await rewriteRun(t, user.headers, { mode: 'expand', strength: 3, frozen: ['guidance'] });
    expect(r.code, JSON.stringify(r)).toBe(0);
    expect(r.data.data).toMatchObject({ mode: 'expand', backend: 'llm' });
    expect(r.data.dataWithoutFormat).toContain('This point matters for every reader of the essay.');
    expect(r.data.data.paragraphs[0].some((s: Json) => s.change === 'added' && s.text.includes('This point matters'))).toBe(true);
    const request = llm.requests[llm.requests.length - 1]!;
    expect(request.authorization).toBe('Bearer rewriter-key');
    expect(request.body.messages?.[0]?.content).toContain('"guidance"');

    const before = await balance(t, user.headers);
    llm.reply = (text) => text.replace(/guidance/g, 'advice');
    const failed = await rewriteRun(t, user.headers, { mode: 'creative', frozen: ['guidance'] });
    expect(failed).toMatchObject({ code: 1, message: 'The rewrite failed; your beans have been returned.' });
    expect(await balance(t, user.headers)).toBe(before);
  });
});
