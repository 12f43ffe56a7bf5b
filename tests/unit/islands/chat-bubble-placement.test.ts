import { describe, expect, it, vi } from 'vitest';
import { bubbleLayout, bubbleRules, findWithRetry } from '../../../src/islands/ChatBubble/placement.ts';

describe('support chat bubble', () => {
  it('[SITE-16] sits 120 px from the bottom on wide screens and 20 px under 1024 px', () => {
    expect(bubbleLayout({ width: 1280, height: 800 }, 56)).toEqual({ hidden: false, bottom: 120 });
    expect(bubbleLayout({ width: 1024, height: 800 }, 56)).toEqual({ hidden: false, bottom: 120 });
    expect(bubbleLayout({ width: 1023, height: 800 }, 56)).toEqual({ hidden: false, bottom: 20 });
  });

  it('[SITE-16] is hidden under 768 px wide', () => {
    expect(bubbleLayout({ width: 767, height: 800 }, 56).hidden).toBe(true);
    expect(bubbleLayout({ width: 768, height: 800 }, 56).hidden).toBe(false);
  });

  it('[SITE-16] never goes below 20 px nor off the top when dragged', () => {
    expect(bubbleLayout({ width: 1280, height: 800 }, 56, -300).bottom).toBe(20);
    expect(bubbleLayout({ width: 1280, height: 800 }, 56, 5).bottom).toBe(20);
    expect(bubbleLayout({ width: 1280, height: 800 }, 56, 400).bottom).toBe(400);
    expect(bubbleLayout({ width: 1280, height: 800 }, 56, 5000).bottom).toBe(800 - 56 - 20);
  });

  it('[SITE-17] looks for a third-party bubble up to 10 times, every 2 seconds', async () => {
    vi.useFakeTimers();
    try {
      const find = vi.fn(() => null);
      const result = findWithRetry(find, { timers: globalThis });
      expect(find).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1999);
      expect(find).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(find).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(find).toHaveBeenCalledTimes(bubbleRules.findTries);
      await expect(result).resolves.toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('[SITE-17] stops as soon as the bubble appears', async () => {
    vi.useFakeTimers();
    try {
      let calls = 0;
      const widget = { id: 'widget' };
      const result = findWithRetry(() => (++calls === 3 ? widget : undefined), { timers: globalThis });
      await vi.advanceTimersByTimeAsync(10_000);
      await expect(result).resolves.toBe(widget);
      expect(calls).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
