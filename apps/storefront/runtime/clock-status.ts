import type { ApiClient } from '../../../lib/api/client.ts';
import { CLOCK_POLL_MS } from '../../../lib/constants.ts';
import type { ClockStatus } from '../../../lib/tenant/index.ts';
import { $clockStatus } from '../stores/clock.ts';

let firstRefresh: Promise<void> | undefined;
let pageApi: ApiClient | undefined;
let inFlight: Promise<void> | undefined;

/**
 * Reads the retailer's live clock into `$clockStatus`; a failure is only logged (spec section 8).
 * Requests arriving while one is under way share it, so a burst of refresh pings is one call.
 */
export function refreshClockStatus(api: ApiClient | undefined = pageApi): Promise<void> {
  if (!api) return Promise.resolve();
  inFlight ??= api
    .getClockStatus()
    .then(
      (status) => $clockStatus.set(status),
      (error: unknown) => console.warn('Clock status could not be refreshed', error),
    )
    .finally(() => (inFlight = undefined));
  return inFlight;
}

/** A live clock-status message: a full status applies at once, a bare ping refetches. */
export function applyLiveClockStatus(status: ClockStatus | null): void {
  if (status) $clockStatus.set(status);
  else void refreshClockStatus();
}

/**
 * Fetches the clock status now and every CLOCK_POLL_MS, once per page however many services
 * ask; resolves when the first answer (or failure) is in.
 */
export function startClockStatus(api: ApiClient): Promise<void> {
  if (firstRefresh) return firstRefresh;
  pageApi = api;
  firstRefresh = refreshClockStatus(api);
  setInterval(() => void refreshClockStatus(api), CLOCK_POLL_MS);
  return firstRefresh;
}
