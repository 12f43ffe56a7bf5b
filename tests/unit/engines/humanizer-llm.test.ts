import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { humanize } from '../../../server/engines/humanizer/index.ts';
import { acceptsRewrite, humanizeWithLlm, lostProtectedSpans, refusal, systemPrompt, type LlmSettings } from '../../../server/engines/humanizer/llm.ts';
import { humanizerRunner } from '../../../server/jobs/runners.ts';
import type { OrderRow } from '../../../server/services/orders.ts';
import { OrderType } from '../../../src/domain/orders.ts';
import { startFakeLlm, type FakeLlm } from '../../support/fake-llm.ts';

const P1 = 'Furthermore, the survey of 1,200 students found that 64% utilize AI tools weekly, according to Dr. Ana Ruiz.';
const P2 = 'In conclusion, the findings (Ruiz et al., 2024) suggest that schools must not ignore the change.';
const INPUT = `${P1}\n\n${P2}`;
// Rewrites that keep every protected span and the negation.
const GOOD: Record<string, string> = {
  [P1]: 'The survey of 1,200 students also found that 64% use AI tools every week, according to Dr. Ana Ruiz.',
  [P2]: 'So the findings (Ruiz et al., 2024) suggest schools must not ignore the change.',
};
const good = (user: string) => GOOD[Object.keys(GOOD).find((p) => user.endsWith(p))!] ?? user;

let llm: FakeLlm;
let settings: LlmSettings;
beforeAll(async () => {
  llm = await startFakeLlm('test-llm-key');
  settings = { baseUrl: llm.baseUrl, apiKey: 'test-llm-key', model: 'fake-model', priceInputPerMTok: 0.5, priceOutputPerMTok: 1.5 };
});
afterAll(() => llm.close());
beforeEach(() => {
  llm.reply = good;
  llm.status = 200;
  llm.delayMs = 0;
  llm.requests.length = 0;
});

describe('humanizeWithLlm', () => {
  it('accepts an answer that recases a word holding a short protected string ("Climate" → "climate", with "1.1°C" kept)', () => {
    const paragraph = 'Climate change has warmed the planet by about 1.1°C since 1900, and someone must act.';
    expect(lostProtectedSpans(paragraph, 'Since 1900, climate change has warmed the planet by about 1.1°C, and somebody must act.')).toEqual([]);
    expect(lostProtectedSpans(paragraph, 'Climate change has warmed the planet since 1900, and someone must act.')).not.toEqual([]);
  });

  it('[HUM-07] rewrites paragraph by paragraph with the mode prompt, reports progress and counts tokens and cost', async () => {
    const progress: Array<[number, number]> = [];
    const result = await humanizeWithLlm(INPUT, { ultra: true, seed: 5 }, settings, { onProgress: (done, total) => void progress.push([done, total]) });
    expect(result.backend).toBe('llm');
    expect(result.text).toBe(`${GOOD[P1]}\n${GOOD[P2]}`);
    expect(result.paragraphs.map((p) => p.map((s) => s.text).join(''))).toEqual([GOOD[P1], GOOD[P2]]);
    expect(result.paragraphs[0]).toContainEqual({ text: 'use', change: 'edited' });
    for (const span of ['1,200', '64%', 'Dr. Ana Ruiz', '(Ruiz et al., 2024)']) expect(result.protectedSpans.some((s) => s.includes(span))).toBe(true);
    expect(progress).toEqual([
      [1, 2],
      [2, 2],
    ]);
    // One chat-completions request per paragraph, the protocol's fields, the Ultra prompt.
    expect(llm.requests).toHaveLength(2);
    for (const [i, request] of llm.requests.entries()) {
      expect(request.authorization).toBe('Bearer test-llm-key');
      expect(request.body.model).toBe('fake-model');
      expect(request.body.messages?.map((m) => m.role)).toEqual(['system', 'user']);
      expect(request.body.messages?.[0]?.content).toBe(systemPrompt(true));
      expect(request.body.messages?.[1]?.content).toBe([P1, P2][i]);
    }
    // Usage as the server reported it; cost from the configured prices (micro-dollars).
    const prompt = llm.requests.reduce((n, r) => n + r.body.messages!.reduce((k, m) => k + m.content.split(/\s+/).filter(Boolean).length, 0), 0);
    const completion = [GOOD[P1]!, GOOD[P2]!].reduce((n, t) => n + t.split(/\s+/).length, 0);
    expect(result.usage).toEqual({ requests: 2, promptTokens: prompt, completionTokens: completion, costMicroUsd: Math.round(prompt * 0.5 + completion * 1.5), offlineParagraphs: 0, refused: {} });
  });

  it('uses a different prompt for normal and Ultra, both asking to keep facts, negations and the register', () => {
    expect(systemPrompt(false)).not.toBe(systemPrompt(true));
    for (const prompt of [systemPrompt(false), systemPrompt(true)]) {
      expect(prompt).toMatch(/numbers, dates, names, quotations, citations, URLs and technical terms/);
      expect(prompt).toMatch(/negation/);
      expect(prompt).toMatch(/register/);
    }
    expect(systemPrompt(true)).toMatch(/restructure most sentences/);
  });

  it('asks again naming the lost span, and uses the second answer when it keeps every fact', async () => {
    let calls = 0;
    llm.reply = (user) => (user === P1 && calls++ === 0 ? GOOD[P1]!.replace('64%', 'most') : good(user));
    const result = await humanizeWithLlm(INPUT, { seed: 5 }, settings);
    expect(result.backend).toBe('llm');
    expect(result.text.split('\n')[0]).toBe(GOOD[P1]);
    expect(llm.requests).toHaveLength(3);
    const retry = llm.requests[1]!.body.messages!;
    expect(retry.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(retry[3]!.content).toContain('«64%»');
    expect(result.usage.requests).toBe(3);
  });

  it('rewrites a paragraph offline when the LLM loses a fact twice; the other paragraph keeps the LLM answer', async () => {
    llm.reply = (user) => (user.endsWith(P1) ? GOOD[P1]!.replace('64%', 'most') : good(user));
    const result = await humanizeWithLlm(INPUT, { seed: 5 }, settings);
    expect(result.backend).toBe('mixed');
    expect(result.usage.offlineParagraphs).toBe(1);
    const offline = humanize(INPUT, { seed: 5 });
    expect(result.text.split('\n')).toEqual([offline.text.split('\n')[0], GOOD[P2]]);
    expect(result.paragraphs[0]).toEqual(offline.paragraphs[0]);
    expect(result.text).toContain('64%');
  });

  it('refuses answers that drop a negation, add chatter, change the paragraph count or length', async () => {
    expect(refusal(P2, GOOD[P2]!)).toBeUndefined();
    expect(refusal(P2, GOOD[P2]!.replace('must not ignore', 'must ignore'))?.reason).toBe('negation');
    expect(refusal(P2, `Here is the rewritten paragraph: ${GOOD[P2]}`)?.reason).toBe('chatter');
    expect(refusal(P2, `${GOOD[P2]}\n\nAnother paragraph.`)?.reason).toBe('paragraphs');
    expect(refusal(P2, 'So (Ruiz et al., 2024) not.')?.reason).toBe('length');
    expect(refusal(P2, '   ')?.reason).toBe('empty');
    expect(refusal(P1, GOOD[P1]!.replace('Dr. Ana Ruiz', 'Dr Ruiz'))).toEqual({ reason: 'spans', lost: ['Dr. Ana Ruiz'] });
    llm.reply = (user) => `Sure! ${good(user)}`;
    const result = await humanizeWithLlm(INPUT, { seed: 5 }, settings);
    expect(result.backend).toBe('offline');
    expect(result.text).toBe(humanize(INPUT, { seed: 5 }).text);
  });

  it('goes offline for the rest of the run after a server error, a wrong key or an unreachable server, without waiting', async () => {
    llm.status = 500;
    const failed = await humanizeWithLlm(INPUT, { seed: 1 }, settings);
    expect(failed.backend).toBe('offline');
    expect(llm.requests).toHaveLength(1);
    expect(failed.text).toBe(humanize(INPUT, { seed: 1 }).text);
    llm.status = 200;
    expect((await humanizeWithLlm(INPUT, {}, { ...settings, apiKey: 'wrong-key' })).backend).toBe('offline');
    expect((await humanizeWithLlm(INPUT, {}, { ...settings, baseUrl: 'http://127.0.0.1:9/v1' })).backend).toBe('offline');
    expect((await humanizeWithLlm(INPUT, {}, settings)).backend).toBe('llm');
  });

  it('a run the model did not write tells the operator why (the error, or the refusals by reason), never the text', async () => {
    const order = { orderNo: 'NOTICE-1', orderType: OrderType.HUMANIZER, content: INPUT } as OrderRow;
    llm.status = 500;
    const runner = humanizerRunner({ baseUrl: settings.baseUrl, apiKey: settings.apiKey, model: settings.model, timeoutMs: 5_000, priceInputPerMTok: 0, priceOutputPerMTok: 0 });
    const failed = await runner(order);
    expect(failed.engine).toBe('humanizer-offline');
    expect(failed.notice).toMatch(/^the http model failed: /);
    llm.status = 200;
    llm.reply = (user) => `Sure! ${good(user)}`;
    const refused = await runner(order);
    expect(refused.notice).toBe('every answer of the http model was refused (chatter 4)');
    llm.reply = good;
    const written = await runner(order);
    expect(written.engine).toBe('humanizer-llm');
    expect(written.notice).toBeUndefined();
    for (const notice of [failed.notice, refused.notice]) expect(notice).not.toContain('1,200 students');
  });

  it('goes offline when the LLM does not answer within the timeout', async () => {
    llm.delayMs = 2_000;
    const slow = await humanizeWithLlm(INPUT, {}, { ...settings, timeoutMs: 150 });
    expect(slow.backend).toBe('offline');
    expect(llm.requests).toHaveLength(1);
  });

  it('accepts a whole rewrite only when each protected span occurs as often as in the input', () => {
    expect(acceptsRewrite(INPUT, `${GOOD[P1]}\n${GOOD[P2]}`)).toBe(true);
    expect(acceptsRewrite(INPUT, `${GOOD[P1]!.replace('Dr. Ana Ruiz', 'Dr Ruiz')}\n${GOOD[P2]}`)).toBe(false);
    expect(acceptsRewrite('He said "stop now" twice.', 'He said "stop" twice.')).toBe(false);
  });
});
