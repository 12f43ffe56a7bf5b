import { afterEach, describe, expect, it, vi } from 'vitest';
import { $toasts, showToast, toastDurationMs } from '../../../src/stores/toast.ts';

afterEach(() => {
  vi.useRealTimers();
  $toasts.set([]);
});

describe('toasts', () => {
  it('[API-09] shows a message for 3000 ms', () => {
    vi.useFakeTimers();
    showToast('Saved', 'success');
    expect($toasts.get().map((t) => t.message)).toEqual(['Saved']);
    vi.advanceTimersByTime(toastDurationMs - 1);
    expect($toasts.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($toasts.get()).toEqual([]);
    expect(toastDurationMs).toBe(3000);
  });
});
