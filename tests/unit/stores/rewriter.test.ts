import { afterEach, describe, expect, it } from 'vitest';
import { $rewriter, resetRewriter, resultText } from '../../../src/stores/rewriter.ts';

describe('the essay rewriter store', () => {
  afterEach(() => resetRewriter());

  it('[TOOL-04] copies the rewrite with its paragraphs separated by a blank line, as in the source', () => {
    $rewriter.set({
      ...$rewriter.get(),
      phase: 'done',
      text: 'First paragraph.\n\nSecond paragraph.',
      result: { orderNo: 'r1', status: 50, data: null, dataWithoutFormat: 'First, rewritten.\nSecond, rewritten.', rawInputData: 'First paragraph.\n\nSecond paragraph.' },
    });
    expect(resultText()).toBe('First, rewritten.\n\nSecond, rewritten.');
  });
});
