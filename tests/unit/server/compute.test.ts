import { describe, expect, it } from 'vitest';
import { createComputePool, inlineCompute, renderCache, type Compute } from '../../../server/jobs/compute.ts';
import { plagiarismRunner, referenceRunner } from '../../../server/jobs/runners.ts';
import type { OrderRow } from '../../../server/services/orders.ts';

// Issue 29: PDFs, Word files, reference parsing and plagiarism alignment held the event loop (1.5 s, 4 s, 341 ms).
const references = [
  'Smith, J. (2019). Sleep and memory in students. Journal of Sleep Research, 28(3), 1–12. https://doi.org/10.1111/jsr.12345',
  'Brown, A., & Lee, K. (2020). Learning at night. Nature, 580, 22–25.',
].join('\n');

describe('the compute pool', () => {
  it('runs a task in its own thread with the same answer as this thread, and keeps going after a bad task', async () => {
    const pool = createComputePool({ timeoutMs: 30_000 });
    try {
      const there = await pool.run('analyzeReferences', { text: references, currentYear: 2026 });
      const here = await inlineCompute().run('analyzeReferences', { text: references, currentYear: 2026 });
      expect(there).toEqual(here);
      expect(there.entries.length).toBe(2);
      await expect(pool.run('nothing' as 'wordFile', { text: '', title: '' })).rejects.toThrow(/no compute task/);
      const file = await pool.run('wordFile', { text: 'One line.\nTwo lines.', title: 'Test' });
      // A .docx is a zip.
      expect([...file.slice(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
    } finally {
      await pool.close();
    }
  });
});

/** A compute that counts what it is asked and answers bytes that say which call made them. */
function countingCompute(size = 10) {
  const calls: string[] = [];
  let fail = false;
  const compute: Compute = {
    run: async (task, input) => {
      calls.push(`${task}:${JSON.stringify(input)}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (fail) throw new Error('render failed');
      return new Uint8Array(size).fill(calls.length) as never;
    },
    close: async () => {},
  };
  return { compute, calls, failNext: (value: boolean) => (fail = value) };
}

describe('rendered files are kept', () => {
  it('renders the same input once, also when asked twice at once; other input is rendered for itself', async () => {
    const { compute, calls } = countingCompute();
    const render = renderCache(compute);
    const input = { text: 'A', title: 'T' };
    const [a, b] = await Promise.all([render('wordFile', input), render('wordFile', { ...input })]);
    expect(a).toBe(b);
    expect(await render('wordFile', input)).toBe(a);
    expect(calls.length).toBe(1);
    await render('wordFile', { text: 'B', title: 'T' });
    expect(calls.length).toBe(2);
  });

  it('drops the least recently used past its size, and keeps no failure', async () => {
    const { compute, calls, failNext } = countingCompute(40);
    const render = renderCache(compute, 100);
    const one = { text: '1', title: '' };
    const two = { text: '2', title: '' };
    const three = { text: '3', title: '' };
    await render('wordFile', one);
    await render('wordFile', two);
    await render('wordFile', one); // one is now the most recent
    await render('wordFile', three); // 120 bytes: two goes
    expect(calls.length).toBe(3);
    await render('wordFile', one);
    expect(calls.length).toBe(3);
    await render('wordFile', two);
    expect(calls.length).toBe(4);
    failNext(true);
    await expect(render('wordFile', { text: '4', title: '' })).rejects.toThrow('render failed');
    failNext(false);
    await render('wordFile', { text: '4', title: '' });
    expect(calls.filter((c) => c.includes('"4"')).length).toBe(2);
  });
});

describe('the runners that stay beside the database hand their CPU work to the compute pool', () => {
  const order = (orderType: number, content: string) => ({ orderNo: 'C1', orderType, content, userId: 'u', createdAt: new Date(), extraInfo: null }) as unknown as OrderRow;

  it('the reference checker parses there and looks up here', async () => {
    const asked: string[] = [];
    const inline = inlineCompute();
    const compute: Compute = { run: (task, input) => (asked.push(task), inline.run(task, input)), close: async () => {} };
    const output = await referenceRunner({ references: undefined }, undefined, undefined, compute)(order(6, references));
    expect(asked).toEqual(['analyzeReferences']);
    expect((output.format as { entries: unknown[] }).entries.length).toBe(2);
  });

  it('the plagiarism check fingerprints and aligns there', async () => {
    const asked: string[] = [];
    const inline = inlineCompute();
    const compute: Compute = { run: (task, input) => (asked.push(task), inline.run(task, input)), close: async () => {} };
    // A database that holds nothing: the library lookup answers no candidates, the owner shares nothing.
    const empty = { execute: async () => ({ rows: [] }), select: () => ({ from: () => Object.assign(Promise.resolve([{ n: 0 }]), { where: async () => [] }) }) };
    const output = await plagiarismRunner(empty as never, undefined, compute)(order(5, 'Some words that nobody wrote before in this library at all.'));
    expect(asked).toEqual(['plagiarismHashes', 'plagiarismAlign']);
    expect((output.format as { matches: unknown[] }).matches).toEqual([]);
  });
});
