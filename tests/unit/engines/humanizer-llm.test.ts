import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { humanize } from '../../../server/engines/humanizer/index.ts';
import { acceptsRewrite, humanizeWithLlm, type LlmSettings } from '../../../server/engines/humanizer/llm.ts';
import { startFakeLlm, type FakeLlm } from '../../support/fake-llm.ts';

const INPUT = [
  'Furthermore, the survey of 1,200 students found that 64% utilize AI tools weekly, according to Dr. Ana Ruiz.',
  'In conclusion, the findings (Ruiz et al., 2024) suggest that schools must adapt.',
].join('\n');
// A rewrite that keeps every protected span and both paragraphs.
const GOOD = [
  'The survey of 1,200 students also found that 64% use AI tools every week, according to Dr. Ana Ruiz.',
  'So the findings (Ruiz et al., 2024) suggest schools have to adapt.',
].join('\n');

let llm: FakeLlm;
let settings: LlmSettings;
beforeAll(async () => {
  llm = await startFakeLlm('test-llm-key');
  settings = { baseUrl: llm.baseUrl, apiKey: 'test-llm-key', model: 'fake-model' };
});
afterAll(() => llm.close());

describe('humanizeWithLlm', () => {
  it('uses the LLM rewrite when every protected span survives, with word-level change marks', async () => {
    llm.reply = () => GOOD;
    llm.status = 200;
    const result = await humanizeWithLlm(INPUT, { ultra: true, seed: 5 }, settings);
    expect(result.backend).toBe('llm');
    expect(result.text).toBe(GOOD);
    expect(result.paragraphs).toHaveLength(2);
    expect(result.paragraphs.map((p) => p.map((s) => s.text).join('')).join('\n')).toBe(GOOD);
    expect(result.paragraphs[0]).toContainEqual({ text: 'use', change: 'edited' });
    expect(result.paragraphs[0]!.some((s) => s.change === 'added' && s.text.includes('also'))).toBe(true);
    for (const span of ['1,200', '64%', 'Dr. Ana Ruiz', '(Ruiz et al., 2024)']) expect(result.protectedSpans.some((s) => s.includes(span))).toBe(true);
    // The request follows the chat-completions protocol.
    const request = llm.requests[llm.requests.length - 1]!;
    expect(request.authorization).toBe('Bearer test-llm-key');
    expect(request.body.model).toBe('fake-model');
    expect(request.body.messages?.map((m) => m.role)).toEqual(['system', 'user']);
    expect(request.body.messages?.[1]?.content).toBe(INPUT);
  });

  it('falls back to the offline engine when the LLM drops a number', async () => {
    llm.reply = () => GOOD.replace('64%', 'most');
    const result = await humanizeWithLlm(INPUT, { seed: 5 }, settings);
    expect(result.backend).toBe('offline');
    const { text, paragraphs, protectedSpans } = humanize(INPUT, { seed: 5 });
    expect(result).toEqual({ text, paragraphs, protectedSpans, backend: 'offline' });
    expect(result.text).toContain('64%');
  });

  it('falls back when the paragraph count differs, the answer is empty, or the server fails', async () => {
    llm.reply = () => GOOD.replace('\n', ' ');
    expect((await humanizeWithLlm(INPUT, {}, settings)).backend).toBe('offline');
    llm.reply = () => '   ';
    expect((await humanizeWithLlm(INPUT, {}, settings)).backend).toBe('offline');
    llm.reply = () => GOOD;
    llm.status = 500;
    expect((await humanizeWithLlm(INPUT, {}, settings)).backend).toBe('offline');
    llm.status = 200;
    expect((await humanizeWithLlm(INPUT, {}, { ...settings, apiKey: 'wrong-key' })).backend).toBe('offline');
    expect((await humanizeWithLlm(INPUT, {}, settings)).backend).toBe('llm');
  });

  it('falls back when the LLM does not answer in time or cannot be reached', async () => {
    llm.reply = () => GOOD;
    llm.delayMs = 2_000;
    const started = Date.now();
    const slow = await humanizeWithLlm(INPUT, {}, settings, fetch, 200);
    expect(slow.backend).toBe('offline');
    expect(Date.now() - started).toBeLessThan(1_900);
    llm.delayMs = 0;
    const unreachable = await humanizeWithLlm(INPUT, {}, { ...settings, baseUrl: 'http://127.0.0.1:9/v1' });
    expect(unreachable.backend).toBe('offline');
  });

  it('accepts a rewrite only when each protected span occurs as often as in the input', () => {
    expect(acceptsRewrite(INPUT, GOOD)).toBe(true);
    expect(acceptsRewrite(INPUT, GOOD.replace('Dr. Ana Ruiz', 'Dr Ruiz'))).toBe(false);
    expect(acceptsRewrite('He said "stop now" twice.', 'He said "stop" twice.')).toBe(false);
  });
});
