import { describe, expect, it } from 'vitest';
import { ltrIsolate } from '../../../src/islands/shared/format.ts';

describe('dates and numbers inside a sentence', () => {
  it('are isolated left to right on a right-to-left page, and left as written on a left-to-right one', () => {
    expect(ltrIsolate('ar', '2026-11-27 21:15:36')).toBe('\u20662026-11-27 21:15:36\u2069');
    // No invisible marks where the page does not need them: they would travel into copied text.
    for (const lang of ['en', 'de', 'ja', 'zh-CN']) expect(ltrIsolate(lang, '2026-11-27')).toBe('2026-11-27');
    expect(ltrIsolate('ar', '')).toBe('');
  });
});
