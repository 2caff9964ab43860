import { isProduction, type Env } from '../../secrets.ts';

/**
 * API_CLOCK_START: the instant the API's clock reads as it starts, running on at real speed from
 * there. Journeys that place an order for now at a shop's fixed hour (the page's clock set to the
 * same instant) need the server to agree what now is; with the real clock they could only place
 * orders for later. Refused in production, where orders, sessions and rate-limit windows must run
 * on the real time. Undefined (the real clock) when unset.
 */
export function testClockFromEnv(env: Env, realNow: () => number = Date.now): (() => Date) | undefined {
  const start = env['API_CLOCK_START']?.trim() ?? '';
  if (start === '') return undefined;
  if (isProduction(env)) throw new Error('API_CLOCK_START is for tests and refused when NODE_ENV=production');
  const startsAt = Date.parse(start);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(start) || Number.isNaN(startsAt))
    throw new Error(
      `API_CLOCK_START must be an ISO instant such as 2026-11-25T08:00:00Z, got ${JSON.stringify(start)}`,
    );
  const bootedAt = realNow();
  return () => new Date(startsAt + (realNow() - bootedAt));
}
