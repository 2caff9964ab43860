import { assertInstant } from './retailer-clock.ts';
import { type ClosedDateRule, type Service, closedWindows } from './schedule.ts';
import { type ShopZone } from './shop-zone.ts';

/**
 * The closed-date entry that stops `service` at `at`, or null. The range runs from the start
 * date's midnight to the end date at its end time, that minute included (see `closedWindows`);
 * delivery-only entries leave pickup open.
 */
export function closedDateAt<T extends ClosedDateRule>(
  closedDates: readonly T[],
  service: Service,
  at: Date,
  zone: ShopZone,
): T | null {
  assertInstant(at, 'at');
  const atMs = at.getTime();
  const index = closedWindows(closedDates, zone).findIndex(
    (span) => span.start <= atMs && atMs < span.end && (service === 'delivery' || !span.justDeliveryDisabled),
  );
  return index === -1 ? null : (closedDates[index] ?? null);
}

export function isClosedDateAt(
  closedDates: readonly ClosedDateRule[],
  service: Service,
  at: Date,
  zone: ShopZone,
): boolean {
  return closedDateAt(closedDates, service, at, zone) !== null;
}

/** Whether a closed date shuts the whole shop now (delivery-only closures do not). */
export function closedDateToday(closedDates: readonly ClosedDateRule[], now: Date, zone: ShopZone): boolean {
  return isClosedDateAt(closedDates, 'pickup', now, zone);
}
