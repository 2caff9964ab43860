import { SLOT_STEP_MINUTES } from '../constants.ts';
import { closedDateAt } from './closed-dates.ts';
import { formatCount, formatRelativeDay, formatTime } from './format.ts';
import { MINUTE_MS, addDays, assertInstant, dateToDayMs, daysBetween, retailerWallClock } from './retailer-clock.ts';
import { type ScheduleInput, type ScheduleRetailerInfo, type Service, serviceNames, serviceOffered, timeZoneDiffOf } from './schedule.ts';
import { ORDER_TIME_JOIN_MINUTES, findCurrent, firstShiftStarts, shiftsOfDates } from './shifts.ts';

export type OrderForLaterResult = { ok: true } | { ok: false; reason: string };

/** The retailer dates an order for later may fall on, as offsets from today. */
export function orderForLaterDayRange(retailerInfo: ScheduleRetailerInfo): { minDays: number; maxDays: number } {
  const minDays = retailerInfo.orderForLaterMinDaysToStart;
  const maxDays = retailerInfo.orderForLaterMaxDaysToEnd;
  for (const [field, value] of [['orderForLaterMinDaysToStart', minDays], ['orderForLaterMaxDaysToEnd', maxDays]] as const) {
    if (!Number.isInteger(value) || value < 0) throw new RangeError(`retailerInfo.${field}: expected whole days of 0 or more, got ${String(value)}`);
  }
  return { minDays, maxDays };
}

export function minutesSetting(retailerInfo: ScheduleRetailerInfo, field: 'oflMinTimeFromCurrTime' | 'oflMinTimeFromFirstShift'): number {
  const value = retailerInfo[field];
  if (!Number.isInteger(value) || value < 0) throw new RangeError(`retailerInfo.${field}: expected whole minutes of 0 or more, got ${String(value)}`);
  return value;
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
export function validateOrderForLater(input: ScheduleInput, service: Service, requested: Date, now: Date): OrderForLaterResult {
  assertInstant(requested, 'requested');
  assertInstant(now, 'now');
  const { retailerInfo } = input;
  const diff = timeZoneDiffOf(input);
  const name = serviceNames[service];
  const lead = minutesSetting(retailerInfo, 'oflMinTimeFromCurrTime');
  const warmUp = minutesSetting(retailerInfo, 'oflMinTimeFromFirstShift');
  const { minDays, maxDays } = orderForLaterDayRange(retailerInfo);
  const fail = (reason: string): OrderForLaterResult => ({ ok: false, reason });

  if (!retailerInfo.oflEnabled) return fail('Ordering for later is not available at this store.');
  if (!serviceOffered(retailerInfo, service)) return fail(`${name} is not available at this store.`);
  if (requested.getTime() < now.getTime() + lead * MINUTE_MS) return fail(`Please choose a time at least ${formatCount(lead, 'minute')} from now.`);
  // Time zones move in quarter hours (assertTimeZoneDiff), so the wall clock's grid is the epoch's.
  if (requested.getTime() % (SLOT_STEP_MINUTES * MINUTE_MS) !== 0) return fail(`Time slots are in ${SLOT_STEP_MINUTES}-minute steps. Please choose one of the listed times.`);

  const today = retailerWallClock(now, diff).date;
  const wall = retailerWallClock(requested, diff);
  const daysAhead = daysBetween(today, wall.date);
  if (daysAhead < minDays || daysAhead > maxDays) return fail(daysAheadReason(minDays, maxDays, today));

  const closed = closedDateAt(input.closedDates, service, requested, diff);
  if (closed) return fail(closed.reason ? `${name} is closed then (${closed.reason}).` : `${name} is closed then.`);

  const shift = findCurrent(shiftsOfDates(input, service, wall.date, wall.date, ORDER_TIME_JOIN_MINUTES), requested.getTime());
  if (!shift) return fail(`${name} is not open at that time. Please choose a time within trading hours.`);

  // The kitchen warms up after each date's first shift starts: no orders for later in that stretch.
  // A date the previous night's shift trades into has no warm-up: the kitchen never stopped.
  const firstStart = firstShiftStarts(input, service, wall.date, wall.date).get(dateToDayMs(wall.date));
  if (firstStart !== undefined && requested.getTime() >= firstStart && requested.getTime() < firstStart + warmUp * MINUTE_MS) {
    return fail(`The first ${name.toLowerCase()} orders of the day start at ${formatTime(retailerWallClock(new Date(firstStart + warmUp * MINUTE_MS), diff).minutes)}.`);
  }
  return { ok: true };
}
