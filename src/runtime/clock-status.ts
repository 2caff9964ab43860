import type { ApiClient } from '../lib/api/client.ts';
import { CLOCK_POLL_MS } from '../lib/constants.ts';
import type { ClockStatus } from '../lib/tenant/index.ts';
import { $clockStatus } from '../stores/clock.ts';

let firstRefresh: Promise<void> | undefined;
let pageApi: ApiClient | undefined;

/** Reads the retailer's live clock into `$clockStatus`; a failure is only logged (spec section 8). */
export async function refreshClockStatus(api: ApiClient | undefined = pageApi): Promise<void> {
  if (!api) return;
  try {
    $clockStatus.set(await api.getClockStatus());
  } catch (error) {
    console.warn('Clock status could not be refreshed', error);
  }
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
