import type { ClockStatus } from '../tenant/index.ts';
import type { Service } from './schedule.ts';

/**
 * Until when the shop has paused `service` (the operators' console), as epoch milliseconds, while
 * that is still ahead of `now`; null when it is not paused. The clock status says so
 * (pickupPausedUntil, deliveryPausedUntil), and a pause that has run out counts as none even
 * before the next status arrives.
 */
export function pausedUntilMs(status: ClockStatus | undefined, service: Service, now: Date): number | null {
  const until = service === 'pickup' ? status?.pickupPausedUntil : status?.deliveryPausedUntil;
  if (until === undefined) return null;
  const ms = Date.parse(until);
  return Number.isFinite(ms) && ms > now.getTime() ? ms : null;
}
