import type { ClockStatus } from '../tenant/index.ts';
import { isClosedDateAt } from './closed-dates.ts';
import { assertInstant, retailerDate } from './retailer-clock.ts';
import { type ScheduleInput, type Service, serviceOffered, shopZoneOf } from './schedule.ts';
import { findCurrent, shiftsOfDates } from './shifts.ts';
import { pausedUntilMs } from './shop-pause.ts';

/** Why a service cannot take an order now, checked in this order. */
export type UnavailableReason =
  | 'not-offered'
  | 'retailer-offline'
  | 'paused'
  | 'over-capacity'
  | 'delivery-not-allowed'
  | 'closed-date'
  | 'outside-hours';

export type ServiceAvailability = { available: true; reason: null } | { available: false; reason: UnavailableReason };

function isInShift(input: ScheduleInput, service: Service, at: Date): boolean {
  const date = retailerDate(at, shopZoneOf(input));
  return findCurrent(shiftsOfDates(input, service, date, date), at.getTime()) !== null;
}

/**
 * Whether an order for `service` can be placed to start now. The live clock status (argument,
 * else `input.clockStatus`) adds capacity, the shop's pauses, the retailer's online switch and the
 * delivery switch.
 */
export function serviceAvailabilityNow(
  input: ScheduleInput,
  service: Service,
  now: Date,
  clockStatus?: ClockStatus,
): ServiceAvailability {
  assertInstant(now, 'now');
  const status = clockStatus ?? input.clockStatus;
  const zone = shopZoneOf(input);
  const unavailable = (reason: UnavailableReason): ServiceAvailability => ({ available: false, reason });
  if (!serviceOffered(input.retailerInfo, service)) return unavailable('not-offered');
  if (status && !status.retailerOnline) return unavailable('retailer-offline');
  if (pausedUntilMs(status, service, now) !== null) return unavailable('paused');
  if (status && (service === 'pickup' ? status.livePickupOverCapacity : status.liveDeliveryOverCapacity))
    return unavailable('over-capacity');
  if (service === 'delivery' && status && !status.allowDelivery) return unavailable('delivery-not-allowed');
  if (status?.closedDateToday || isClosedDateAt(input.closedDates, service, now, zone))
    return unavailable('closed-date');
  if (!isInShift(input, service, now)) return unavailable('outside-hours');
  return { available: true, reason: null };
}

export function isServiceAvailableNow(
  input: ScheduleInput,
  service: Service,
  now: Date,
  clockStatus?: ClockStatus,
): boolean {
  return serviceAvailabilityNow(input, service, now, clockStatus).available;
}

/** Whether `service` trades at a chosen time: offered, inside a shift (start inclusive, end exclusive), not on a closed date. */
export function isServiceOpenAt(input: ScheduleInput, service: Service, at: Date): boolean {
  assertInstant(at, 'at');
  return (
    serviceOffered(input.retailerInfo, service) &&
    !isClosedDateAt(input.closedDates, service, at, shopZoneOf(input)) &&
    isInShift(input, service, at)
  );
}
