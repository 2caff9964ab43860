import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createErrorBatcher, isCrawler } from './error-batcher.ts';

describe('error batching', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function batcher(send: (batch: number[]) => Promise<unknown>, onDiscard = vi.fn()) {
    return createErrorBatcher({
      send,
      batchSize: 10,
      flushMs: 5000,
      setTimer: (run: () => void, ms: number) => setTimeout(run, ms),
      clearTimer: (timer: ReturnType<typeof setTimeout>) => clearTimeout(timer),
      onDiscard,
    });
  }

  it('sends ten entries at once', () => {
    const send = vi.fn(() => Promise.resolve());
    const errors = batcher(send);
    for (let entry = 1; entry <= 12; entry++) errors.add(entry);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    vi.advanceTimersByTime(5000);
    expect(send).toHaveBeenLastCalledWith([11, 12]);
  });

  it('sends fewer five seconds after the first entry', () => {
    const send = vi.fn(() => Promise.resolve());
    const errors = batcher(send);
    errors.add(1);
    vi.advanceTimersByTime(4000);
    errors.add(2);
    expect(send).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(send).toHaveBeenCalledWith([1, 2]);
    vi.advanceTimersByTime(60000);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('discards a batch that could not be sent, and sends the next one anew', async () => {
    const send = vi.fn<(batch: number[]) => Promise<unknown>>(() => Promise.reject(new Error('down')));
    const onDiscard = vi.fn();
    const errors = batcher(send, onDiscard);
    errors.add(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(onDiscard).toHaveBeenCalledWith([1], expect.any(Error));
    await vi.advanceTimersByTimeAsync(60000);
    expect(send).toHaveBeenCalledTimes(1);
    errors.add(2);
    await vi.advanceTimersByTimeAsync(5000);
    expect(send).toHaveBeenLastCalledWith([2]);
  });

  it('flushes on demand', () => {
    const send = vi.fn(() => Promise.resolve());
    const errors = batcher(send);
    errors.flush();
    expect(send).not.toHaveBeenCalled();
    errors.add(1);
    errors.flush();
    expect(send).toHaveBeenCalledWith([1]);
  });
});

describe('crawlers', () => {
  it.each([
    ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', true],
    ['Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)', true],
    ['facebookexternalhit/1.1', true],
    ['Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)', true],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
      false,
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      false,
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
      false,
    ],
  ])('%s: %s', (userAgent, expected) => {
    expect(isCrawler(userAgent)).toBe(expected);
  });
});
