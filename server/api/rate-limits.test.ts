import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './rate-limits.ts';

describe('createRateLimiter', () => {
  const limit = { attempts: 3, windowMs: 60_000 };

  it('allows the limit within a window, then answers the seconds left until it ends', () => {
    const limiter = createRateLimiter(limit);
    expect([0, 1000, 2000].map((now) => limiter.take('ada', now))).toEqual([null, null, null]);
    expect(limiter.take('ada', 30_000)).toBe(30);
    expect(limiter.take('grace', 30_000)).toBeNull();
    expect(limiter.take('ada', 60_000)).toBeNull();
  });

  it('forgets a forgiven key', () => {
    const limiter = createRateLimiter(limit);
    for (let index = 0; index < 5; index += 1) limiter.take('ada', 0);
    limiter.forgive('ada');
    expect(limiter.take('ada', 1)).toBeNull();
  });
});
