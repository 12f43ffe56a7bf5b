import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductId } from '../../src/domain/products.ts';
import type { WriterPlan } from '../../src/domain/writer.ts';
import { moveBeans } from '../../server/services/ledger.ts';
import { startFakeLlm, type FakeLlm } from '../support/fake-llm.ts';
import { accountWithSession } from './fixtures.ts';
import { createTestApp, secondDatabaseRun, type TestApp } from './helpers.ts';

type Json = Record<string, any>;
const sources = ['Twenge, J. (2017). iGen: smartphones and adolescent sleep loss.', 'OECD (2019). Students who use phones in class score lower in reading.'];
const request = { essayType: 'argumentative', length: 600, outline: ['Phones harm sleep', 'Phones in class lower reading scores'], sources };

async function call(t: TestApp, method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: unknown): Promise<Json> {
  const res = await t.app.inject({ method, url, headers, payload: payload as object | undefined });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function rich(t: TestApp) {
  const user = await accountWithSession(t);
  await t.database.db.transaction((tx) => moveBeans(tx, { userId: user.id, amount: 2_000, reason: 'admin', ref: 'test' }));
  return user;
}

async function write(t: TestApp, headers: Record<string, string>, extraInfo: Json, topic = 'Should schools ban phones in class?'): Promise<Json> {
  const order = await call(t, 'POST', '/api/createOrder', headers, { productId: ProductId.AI_WRITE, content: topic, extraInfo });
  expect(order.code, JSON.stringify(order)).toBe(0);
  expect(order.data.orderType).toBe(11);
  expect((await call(t, 'POST', '/api/createPayment', headers, { orderNo: order.data.orderNo })).code).toBe(0);
  for (let i = 0; i < 400; i++) {
    const r = await call(t, 'POST', '/api/aiWrite', headers, { orderNo: order.data.orderNo });
    if (r.code !== 0 || r.data.data) return r;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('no writer result');
}

describe('AI writer API without a language model', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('[TOOL-06] answers an honest outline with the sources mapped to the claims and the "no language model" note, never prose', async () => {
    expect((await call(t, 'GET', '/api/aiWrite/backend', {})).data).toEqual({ llm: false });
    const user = await rich(t);
    const r = await write(t, user.headers, request);
    expect(r.code, JSON.stringify(r)).toBe(0);
    const plan = r.data.data as WriterPlan;
    expect(plan).toMatchObject({ backend: 'offline', draft: null, note: 'noLlm', topic: 'Should schools ban phones in class?', sources });
    expect(plan.sections.map((s) => s.role)).toEqual(['introduction', 'claim', 'claim', 'counterargument', 'conclusion']);
    expect(plan.sections.filter((s) => s.role === 'claim').map((s) => [s.point, s.sources])).toEqual([
      ['Phones harm sleep', [0]],
      ['Phones in class lower reading scores', [1]],
    ]);
  });

  it('[TOOL-06] bad requests are refused with a translated message and charge nothing', async () => {
    const user = await rich(t);
    const wallet = async () => (await call(t, 'GET', '/api/getUserWallet', user.headers)).data.wallet.balance;
    const before = await wallet();
    const order = (extraInfo: Json, locale = 'en') =>
      call(t, 'POST', '/api/createOrder', { ...user.headers, 'accept-language': locale }, { productId: ProductId.AI_WRITE, content: 'Phones', extraInfo });
    expect(await order({ essayType: 'haiku' })).toMatchObject({ code: 1, message: 'Choose one of the essay types.' });
    expect(await order({ length: 50 })).toMatchObject({ code: 1, message: 'Choose a length between 150 and 3,000 words.' });
    expect((await order({ sources: Array.from({ length: 16 }, (_, i) => `Source ${i}`) }, 'fr')).message).toBe('Indiquez au plus 15 sources de 500 caractères maximum chacune.');
    expect(await wallet()).toBe(before);
  });
});

// The LLM path does not depend on the database: it runs once, on PGlite.
describe.skipIf(secondDatabaseRun)('AI writer API with the LLM backend', () => {
  let t: TestApp;
  let llm: FakeLlm;
  beforeAll(async () => {
    llm = await startFakeLlm('writer-key');
    t = await createTestApp({ LLM_BASE_URL: llm.baseUrl, LLM_API_KEY: 'writer-key', LLM_MODEL: 'fake-model' });
  });
  afterAll(async () => {
    await t.close();
    await llm.close();
  });

  it("[TOOL-06] drafts along the outline citing only the user's sources; a draft with a made-up reference is replaced by the outline", async () => {
    expect((await call(t, 'GET', '/api/aiWrite/backend', {})).data).toEqual({ llm: true });
    const user = await rich(t);
    llm.reply = () => 'Phones divide schools.\nThey harm sleep [1].\nThey lower reading scores [2].\nSome say phones help.\nSchools should limit them.';
    const r = await write(t, user.headers, request);
    expect(r.data.data).toMatchObject({ backend: 'llm', note: null, draft: ['Phones divide schools.', 'They harm sleep [1].', 'They lower reading scores [2].', 'Some say phones help.', 'Schools should limit them.'] });
    const prompt = llm.requests[llm.requests.length - 1]!.body.messages!.map((m) => m.content).join('\n');
    expect(prompt).toContain('[2] OECD (2019)');
    expect(prompt).toContain('Phones harm sleep');

    llm.reply = () => 'Phones harm sleep (Miller, 2021).\nThey lower scores [3].';
    const refused = await write(t, user.headers, request);
    expect(refused.data.data).toMatchObject({ backend: 'offline', draft: null, note: 'llmRefused' });
  });
});
