import { SLOT_STEP_MINUTES } from '../constants.ts';
import { closedDateAt } from './closed-dates.ts';
import { formatCount, formatRelativeDay, formatShortDate, formatTime } from './format.ts';
import { MINUTE_MS, addDays, assertInstant, dateToDayMs, daysBetween, retailerWallClock } from './retailer-clock.ts';
import {
  type ScheduleInput,
  type ScheduleRetailerInfo,
  type Service,
  serviceNames,
  serviceOffered,
  shopZoneOf,
} from './schedule.ts';
import { ORDER_TIME_JOIN_MINUTES, findCurrent, firstShiftStarts, shiftsOfDates } from './shifts.ts';

/** Why an order time cannot be chosen, by rule: the same kinds reach the pickers, the checkout and the API. */
export type OrderTimeRefusalKind =
  | 'later-off'
  | 'service-off'
  | 'too-soon'
  | 'off-grid'
  | 'beyond-window'
  | 'closed-date'
  | 'pickup-only'
  | 'outside-hours'
  | 'warm-up'
  | 'dish'
  | 'sold-out'
  | 'paused'
  | 'busy'
  | 'kitchen-full';

export interface OrderTimeRefusal {
  kind: OrderTimeRefusalKind;
  /** The sentence for the checkout and the API's refusal. */
  reason: string;
  /** What a picker shows after the time, e.g. "too soon (45 min wait)". */
  short: string;
}

export type OrderForLaterResult = { ok: true } | ({ ok: false } & OrderTimeRefusal);

/** The retailer dates an order for later may fall on, as offsets from today. */
export function orderForLaterDayRange(retailerInfo: ScheduleRetailerInfo): { minDays: number; maxDays: number } {
  const minDays = retailerInfo.orderForLaterMinDaysToStart;
  const maxDays = retailerInfo.orderForLaterMaxDaysToEnd;
  for (const [field, value] of [
    ['orderForLaterMinDaysToStart', minDays],
    ['orderForLaterMaxDaysToEnd', maxDays],
  ] as const) {
    if (!Number.isInteger(value) || value < 0)
      throw new RangeError(`retailerInfo.${field}: expected whole days of 0 or more, got ${String(value)}`);
  }
  return { minDays, maxDays };
}

export function minutesSetting(
  retailerInfo: ScheduleRetailerInfo,
  field: 'oflMinTimeFromCurrTime' | 'oflMinTimeFromFirstShift',
): number {
  const value = retailerInfo[field];
  if (!Number.isInteger(value) || value < 0)
    throw new RangeError(`retailerInfo.${field}: expected whole minutes of 0 or more, got ${String(value)}`);
  return value;
}

function daysAheadShort(minDays: number, maxDays: number): string {
  if (minDays > maxDays) return 'ordering ahead is not offered';
  if (maxDays === 0) return 'orders for today only';
  return `orders open ${formatCount(maxDays, 'day')} ahead`;
}

/** A closed date as the shop named it, else its dates: "Christmas Day", "25 Dec – 26 Dec". */
function closureName(closure: { dateStart: string; dateEnd: string; reason?: string }): string {
  if (closure.reason) return closure.reason;
  return closure.dateStart === closure.dateEnd
    ? formatShortDate(closure.dateStart)
    : `${formatShortDate(closure.dateStart)} – ${formatShortDate(closure.dateEnd)}`;
}

function daysAheadReason(minDays: number, maxDays: number, today: string): string {
  if (minDays > maxDays) return 'Ordering for later is not available at the moment.';
  if (maxDays === 0) return 'Orders for later can only be placed for later today.';
  if (minDays === 0) return `Orders for later can be placed up to ${formatCount(maxDays, 'day')} ahead.`;
  return `Orders for later can be placed from ${formatRelativeDay(addDays(today, minDays), today)} up to ${formatCount(maxDays, 'day')} ahead.`;
}

/**
 * Whether `requested` is a time an order for later may be placed for: order-for-later on,
 * the lead time from now, the allowed days ahead, a trading shift of the service, no
 * closed date (its end minute included), not before the requested date's own first shift plus
 * the retailer's warm-up time, and on the slot grid (spec section 5: "Time slots are in 15-minute
 * steps"). Slots come from the same rules, so every slot passes and nothing between them does.
 */
export function validateOrderForLater(
  input: ScheduleInput,
  service: Service,
  requested: Date,
  now: Date,
): OrderForLaterResult {
  assertInstant(requested, 'requested');
  assertInstant(now, 'now');
  const { retailerInfo } = input;
  const zone = shopZoneOf(input);
  const name = serviceNames[service];
  const lead = minutesSetting(retailerInfo, 'oflMinTimeFromCurrTime');
  const warmUp = minutesSetting(retailerInfo, 'oflMinTimeFromFirstShift');
  const { minDays, maxDays } = orderForLaterDayRange(retailerInfo);
  const fail = (kind: OrderTimeRefusalKind, reason: string, short: string): OrderForLaterResult => ({
    ok: false,
    kind,
    reason,
    short,
  });

  if (!retailerInfo.oflEnabled)
    return fail('later-off', 'Ordering for later is not available at this store.', 'ordering ahead is not offered');
  if (!serviceOffered(retailerInfo, service))
    return fail('service-off', `${name} is not available at this store.`, `no ${name.toLowerCase()}`);
  if (requested.getTime() < now.getTime() + lead * MINUTE_MS)
    return fail(
      'too-soon',
      `Please choose a time at least ${formatCount(lead, 'minute')} from now.`,
      `too soon (${lead} min notice)`,
    );
  // Time zones move in quarter hours (assertShopZone), so the wall clock's grid is the epoch's.
  if (requested.getTime() % (SLOT_STEP_MINUTES * MINUTE_MS) !== 0)
    return fail(
      'off-grid',
      `Time slots are in ${SLOT_STEP_MINUTES}-minute steps. Please choose one of the listed times.`,
      'not a listed time',
    );

  const today = retailerWallClock(now, zone).date;
  const wall = retailerWallClock(requested, zone);
  const daysAhead = daysBetween(today, wall.date);
  if (daysAhead < minDays || daysAhead > maxDays)
    return fail('beyond-window', daysAheadReason(minDays, maxDays, today), daysAheadShort(minDays, maxDays));

  const closed = closedDateAt(input.closedDates, service, requested, zone);
  if (closed)
    return fail('closed-date', `${name} is closed then (${closureName(closed)}).`, `closed (${closureName(closed)})`);

  const shift = findCurrent(
    shiftsOfDates(input, service, wall.date, wall.date, ORDER_TIME_JOIN_MINUTES),
    requested.getTime(),
  );
  if (!shift)
    return fail(
      'outside-hours',
      `${name} is not open at that time. Please choose a time within trading hours.`,
      `${name.toLowerCase()} closed then`,
    );

  // The kitchen warms up after each date's first shift starts: no orders for later in that stretch.
  // A date the previous night's shift trades into has no warm-up: the kitchen never stopped.
  const firstStart = firstShiftStarts(input, service, wall.date, wall.date).get(dateToDayMs(wall.date));
  if (
    firstStart !== undefined &&
    requested.getTime() >= firstStart &&
    requested.getTime() < firstStart + warmUp * MINUTE_MS
  ) {
    const from = formatTime(retailerWallClock(new Date(firstStart + warmUp * MINUTE_MS), zone).minutes);
    return fail(
      'warm-up',
      `The first ${name.toLowerCase()} orders of the day start at ${from}.`,
      `first orders from ${from}`,
    );
  }
  return { ok: true };
}
