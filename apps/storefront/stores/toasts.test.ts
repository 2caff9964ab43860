import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $toasts, dismissToast, toast } from './toasts.ts';

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    $toasts.set([]);
  });
  afterEach(() => vi.useRealTimers());

  it('keeps the newest three, each with the 5000 ms default', () => {
    for (const title of ['one', 'two', 'three', 'four']) toast({ title });
    expect($toasts.get().map((entry) => [entry.title, entry.durationMs, entry.variant])).toEqual([
      ['four', 5000, 'default'],
      ['three', 5000, 'default'],
      ['two', 5000, 'default'],
    ]);
  });

  it('keeps a dismissed toast closed for 500000 ms, then removes it', () => {
    const id = toast({ title: 'Notification', description: 'Your order is ready', variant: 'destructive' });
    dismissToast(id);
    expect($toasts.get()).toEqual([expect.objectContaining({ id, open: false, variant: 'destructive' })]);
    vi.advanceTimersByTime(499999);
    expect($toasts.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($toasts.get()).toEqual([]);
  });
});
