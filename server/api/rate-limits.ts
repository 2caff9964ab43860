import type { Context } from 'hono';
import type { ApiEnv } from './app.ts';
import { ApiProblem } from './problems.ts';

/** At most `attempts` in a window of `windowMs`, counted from the first attempt of the window. */
export interface Limit {
  attempts: number;
  windowMs: number;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * Limits of the anonymous calls that guess or spam: per account (the email as sent, known or not, so
 * a 429 says nothing about whether an account exists) and per client address.
 */
export const DEFAULT_RATE_LIMITS = {
  loginPerEmail: { attempts: 10, windowMs: 15 * MINUTE_MS },
  loginPerAddress: { attempts: 50, windowMs: 15 * MINUTE_MS },
  resetRequestPerEmail: { attempts: 3, windowMs: HOUR_MS },
  resetRequestPerAddress: { attempts: 20, windowMs: HOUR_MS },
  resetPasswordPerAddress: { attempts: 20, windowMs: HOUR_MS },
  signupPerAddress: { attempts: 30, windowMs: HOUR_MS },
  // A visitor sends a page view per page and one per outbound click; 5 a second is far beyond any
  // person, with room for an office behind one address and for the e2e suite's browsers.
  analyticsHitsPerAddress: { attempts: 300, windowMs: MINUTE_MS },
} satisfies Record<string, Limit>;

export type RateLimitSettings = Record<keyof typeof DEFAULT_RATE_LIMITS, Limit>;

/** Entries past their window are dropped once the map grows this large, so idle keys cannot pile up. */
const SWEEP_AT = 10_000;

export function createRateLimiter(limit: Limit) {
  const windows = new Map<string, { count: number; resetAt: number }>();
  // At most one full pass per window, so a flood of distinct keys does not make every request walk the map.
  let nextSweep = 0;

  function sweep(now: number): void {
    if (windows.size < SWEEP_AT || now < nextSweep) return;
    nextSweep = now + limit.windowMs;
    for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
  }

  return {
    /**
     * Counts one attempt before any slow work, so parallel requests cannot all slip in before the
     * first one is counted. Answers null when allowed, else the seconds until the window ends.
     */
    take(key: string, now: number): number | null {
      sweep(now);
      const current = windows.get(key);
      const window = current && current.resetAt > now ? current : { count: 0, resetAt: now + limit.windowMs };
      window.count += 1;
      windows.set(key, window);
      return window.count <= limit.attempts ? null : Math.max(1, Math.ceil((window.resetAt - now) / 1000));
    },
    /** Clears a key, e.g. an account's failed logins once the right password was given. */
    forgive(key: string): void {
      windows.delete(key);
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
export type RateLimiters = Record<keyof RateLimitSettings, RateLimiter>;

export function createRateLimiters(settings: Partial<RateLimitSettings> = {}): RateLimiters {
  const all = { ...DEFAULT_RATE_LIMITS, ...settings };
  return {
    loginPerEmail: createRateLimiter(all.loginPerEmail),
    loginPerAddress: createRateLimiter(all.loginPerAddress),
    resetRequestPerEmail: createRateLimiter(all.resetRequestPerEmail),
    resetRequestPerAddress: createRateLimiter(all.resetRequestPerAddress),
    resetPasswordPerAddress: createRateLimiter(all.resetPasswordPerAddress),
    signupPerAddress: createRateLimiter(all.signupPerAddress),
    analyticsHitsPerAddress: createRateLimiter(all.analyticsHitsPerAddress),
  };
}

/**
 * The address the request came from. Behind a reverse proxy every request comes from the proxy, so
 * with `trustProxy` the last X-Forwarded-For entry (the one the proxy itself added) is used instead.
 */
export function clientAddress(c: Context<ApiEnv>, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  return c.env.incoming?.socket.remoteAddress ?? 'unknown';
}

function waitText(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return seconds < 60 ? `${seconds} seconds` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** Counts the attempt against every limiter given; a 429 with Retry-After when any is spent. */
export function throttle(what: string, now: Date, ...checks: readonly (readonly [RateLimiter, string])[]): void {
  const waits = checks.map(([limiter, key]) => limiter.take(key, now.getTime())).filter((wait) => wait !== null);
  if (waits.length === 0) return;
  const seconds = Math.max(...waits);
  throw new ApiProblem(429, `Too many ${what}. Please try again in ${waitText(seconds)}.`, {}, { 'retry-after': String(seconds) });
}
