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

/**
 * The time, renewed as each minute of the clock begins: a promised "about 7:45 pm" turns with the
 * minute, as place-order's own clock does, rather than up to OPEN_STATUS_REFRESH_MS late.
 */
export const $minute = atom<Date | null>(null);

onMount($minute, () => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = () => {
    $minute.set(new Date());
    timer = setTimeout(tick, 60_000 - (Date.now() % 60_000));
  };
  tick();
  return () => clearTimeout(timer);
});
