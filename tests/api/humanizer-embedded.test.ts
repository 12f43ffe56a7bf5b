import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductId } from '../../src/domain/products.ts';
import { docToText, type Doc } from '../../src/domain/humanizer.ts';
import { loadConfig } from '../../server/config.ts';
import { embeddedPlan } from '../../server/llm/embedded.ts';
import { accountWithSession } from './fixtures.ts';
import { createTestApp, secondDatabaseRun, type TestApp } from './helpers.ts';

// A paid humanizer run on the embedded model, through the engine pool (a worker thread), as a user meets it.
const plan = embeddedPlan(loadConfig({}).modelCacheDir);
const why = plan.ready ? '' : ` (skipped: ${plan.degraded}; npm run models fetches it)`;

const text =
  'Remote work offers employees greater flexibility, allowing them to balance their professional responsibilities with personal commitments more effectively. ' +
  'A 2021 study by Bloom et al. found that employees who worked from home were 13% more productive. ' +
  'However, remote work can also lead to feelings of isolation and make collaboration more difficult for teams that rarely meet.';

describe.skipIf(!plan.ready || secondDatabaseRun)(`humanizer on the embedded model${why}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    // Warnings are printed: a run the model did not write says why in the log ('tool run degraded').
    t = await createTestApp({ LLM_EMBEDDED: 'true', LOG_LEVEL: 'warn' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('[TOOL-07] [HUM-07] a paid run is rewritten by the model in an engine thread, reports progress, and the API answers meanwhile', async () => {
    const user = await accountWithSession(t, { level: 3 });
    const call = async (url: string, payload?: unknown) => (await t.app.inject({ method: 'POST', url, headers: user.headers, payload: payload as object })).json();
    const order = await call('/api/createOrder', { productId: ProductId.HUMANIZE, content: text });
    expect(order.code, JSON.stringify(order)).toBe(0);
    expect((await call('/api/createPayment', { orderNo: order.data.orderNo })).code).toBe(0);
    const seen = new Set<number>();
    let answer: Record<string, any> | undefined;
    for (let i = 0; i < 2400 && !answer?.data?.data; i++) {
      answer = await call('/api/humanizer', { orderNo: order.data.orderNo });
      expect(answer!.code, JSON.stringify(answer)).toBe(0);
      seen.add(answer!.data.progress);
      // The server keeps answering while the model works in its thread.
      if (!answer!.data.data) expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(answer?.data?.data, 'no result').toBeTruthy();
    expect(['model', 'mixed']).toContain(answer!.data.engine);
    const out = docToText(answer!.data.data as Doc);
    for (const fact of ['2021', 'Bloom et al.', '13%']) expect(out).toContain(fact);
    expect(out).not.toBe(text);
    expect(seen.has(100)).toBe(true);
  }, 300_000);
});
