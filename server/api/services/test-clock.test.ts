import { describe, expect, it } from 'vitest';
import { testClockFromEnv } from './test-clock.ts';

describe('the API test clock (API_CLOCK_START)', () => {
  it('is the real clock when unset or blank', () => {
    expect(testClockFromEnv({})).toBeUndefined();
    expect(testClockFromEnv({ API_CLOCK_START: '  ' })).toBeUndefined();
  });

  it('starts at the instant given and runs on at real speed', () => {
    let real = 1_000_000;
    const now = testClockFromEnv({ API_CLOCK_START: '2026-11-25T08:00:00Z' }, () => real);
    expect(now?.().toISOString()).toBe('2026-11-25T08:00:00.000Z');
    real += 90_000;
    expect(now?.().toISOString()).toBe('2026-11-25T08:01:30.000Z');
  });

  it.each(['yesterday', '2026-11-25', '2026-13-45T08:00:00Z'])('refuses %s with what it expects', (start) => {
    expect(() => testClockFromEnv({ API_CLOCK_START: start })).toThrow(/must be an ISO instant/);
  });

  it('is refused in production', () => {
    expect(() => testClockFromEnv({ API_CLOCK_START: '2026-11-25T08:00:00Z', NODE_ENV: 'production' })).toThrow(
      'API_CLOCK_START is for tests and refused when NODE_ENV=production',
    );
  });
});
