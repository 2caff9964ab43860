import { atom, onMount } from 'nanostores';
import type { ClockStatus } from '../../../lib/tenant/index.ts';
import { OPEN_STATUS_REFRESH_MS } from '../../../lib/constants.ts';

/** The visitor's current time, refreshed while anything shows it; `null` until the page runs in a browser. */
export const $now = atom<Date | null>(null);

onMount($now, () => {
  $now.set(new Date());
  const timer = setInterval(() => $now.set(new Date()), OPEN_STATUS_REFRESH_MS);
  return () => clearInterval(timer);
});

/** The retailer's live clock status (capacity, wait times, online); undefined until fetched. */
export const $clockStatus = atom<ClockStatus | undefined>(undefined);
