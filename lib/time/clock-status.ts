import { DEFAULT_WAIT_TIME_MINUTES } from '../constants.ts';
import type { ClockStatus } from '../tenant/index.ts';
import { closedDateToday, isClosedDateAt } from './closed-dates.ts';
import { assertInstant } from './retailer-clock.ts';
import { type ScheduleInput, shopZoneOf } from './schedule.ts';
import { isServiceOpenAt } from './service-availability.ts';

export type ClockStatusInput = Pick<ScheduleInput, 'tradingHours' | 'closedDates' | 'retailerInfo'>;

const waitFields = ['liveDeliveryWaitTime', 'livePickupWaitTime'] as const;
const flagFields = [
  'retailerOnline',
  'closedDateToday',
  'livePickupOverCapacity',
  'liveDeliveryOverCapacity',
  'allowDelivery',
] as const;

function assertLive(live: Partial<ClockStatus>): void {
  for (const field of waitFields) {
    const value = live[field];
    if (value !== undefined && (!Number.isInteger(value) || value < 0))
      throw new RangeError(`live.${field}: expected whole minutes of 0 or more, got ${String(value)}`);
  }
  for (const field of flagFields) {
    const value = live[field];
    if (value !== undefined && typeof value !== 'boolean')
      throw new TypeError(`live.${field}: expected true or false, got ${String(value)}`);
  }
}

/**
 * What get-clock-status answers at `now`, worked out from the retailer's hours and closed
 * dates. Live values from the retailer's system win; the switches that close something
 * (offline, closed today, no delivery) can only close, never reopen what the hours close.
 */
export function computeClockStatus(input: ClockStatusInput, now: Date, live: Partial<ClockStatus> = {}): ClockStatus {
  assertInstant(now, 'now');
  assertLive(live);
  const zone = shopZoneOf(input);
  const schedule: ScheduleInput = {
    tradingHours: input.tradingHours,
    closedDates: input.closedDates,
    retailerInfo: input.retailerInfo,
  };
  const closedToday = closedDateToday(input.closedDates, now, zone) || live.closedDateToday === true;
  const someServiceOpen = isServiceOpenAt(schedule, 'pickup', now) || isServiceOpenAt(schedule, 'delivery', now);
  return {
    retailerOnline: someServiceOpen && !closedToday && live.retailerOnline !== false,
    liveDeliveryWaitTime: live.liveDeliveryWaitTime ?? DEFAULT_WAIT_TIME_MINUTES,
    livePickupWaitTime: live.livePickupWaitTime ?? DEFAULT_WAIT_TIME_MINUTES,
    closedDateToday: closedToday,
    livePickupOverCapacity: live.livePickupOverCapacity ?? false,
    liveDeliveryOverCapacity: live.liveDeliveryOverCapacity ?? false,
    allowDelivery:
      input.retailerInfo.allowDeliveries &&
      !isClosedDateAt(input.closedDates, 'delivery', now, zone) &&
      live.allowDelivery !== false,
    ...shopSwitches(live),
  };
}

const shopSwitchFields = [
  'pickupPausedUntil',
  'deliveryPausedUntil',
  'soldOutProductIds',
  'soldOutProductGroupIds',
  'soldOutUntil',
] as const;
type ShopSwitches = Pick<ClockStatus, (typeof shopSwitchFields)[number]>;

/** The shop's pauses and sold-out lists as given: only those present, so a status without them stays the spec's shape. */
function shopSwitches(live: Partial<ClockStatus>): ShopSwitches {
  const present: ShopSwitches = {};
  for (const field of shopSwitchFields) {
    if (live[field] !== undefined) Object.assign(present, { [field]: live[field] });
  }
  return present;
}
