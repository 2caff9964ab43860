import { HOUR_MS, assertInstant, DAY_MS, addDays, dateToDayMs, instantMsAt, retailerDate } from './retailer-clock.ts';
import { type ScheduleInput, type Service, shopZoneOf } from './schedule.ts';
import { ORDER_TIME_JOIN_MINUTES, shiftsOfDates } from './shifts.ts';

type HoursInput = Pick<ScheduleInput, 'tradingHours' | 'retailerInfo'>;

const services: readonly Service[] = ['pickup', 'delivery'];

/** A late shift stretches its date's trading past midnight by at most this much (a shop open all night does not keep one date for days). */
const LATEST_CARRY_OVER_MS = 12 * HOUR_MS;

/**
 * Unbroken trading of either service (shifts that touch are one) that starts on `date`, as
 * [start, end) in epoch milliseconds. Looked for from three dates before, so trading that runs on
 * from earlier (a shop open all night) is seen to start then, not at the edge of the search.
 */
function tradingStartingOn(input: HoursInput, date: string): { start: number; end: number }[] {
  const zone = shopZoneOf(input);
  const dayStart = instantMsAt(dateToDayMs(date, 'date'), 0, zone);
  const nextMidnight = instantMsAt(dateToDayMs(date, 'date') + DAY_MS, 0, zone);
  return services
    .flatMap((service) => shiftsOfDates(input, service, addDays(date, -2), date, ORDER_TIME_JOIN_MINUTES))
    .filter((shift) => shift.start >= dayStart && shift.start < nextMidnight);
}

/**
 * The retailer date whose trading `at` belongs to: the calendar date on the retailer's clock,
 * except after midnight while a shift that opened the day before still trades (Friday's
 * 5 pm to 1 am shift is Friday's trading at 12:30 am on Saturday).
 */
export function tradingDateAt(input: HoursInput, at: Date): string {
  assertInstant(at, 'at');
  const today = retailerDate(at, shopZoneOf(input));
  const yesterday = addDays(today, -1);
  const atMs = at.getTime();
  return atMs < tradingDayEnd(input, yesterday).getTime() ? yesterday : today;
}

/**
 * When a retailer date's trading is over: its next midnight on the retailer's clock (23 or 25
 * hours later across a daylight-saving change), or later when a shift it opened trades past
 * midnight (up to LATEST_CARRY_OVER_MS past it).
 */
export function tradingDayEnd(input: HoursInput, date: string): Date {
  const nextMidnight = instantMsAt(dateToDayMs(date, 'date') + DAY_MS, 0, shopZoneOf(input));
  const latestEnd = Math.max(nextMidnight, ...tradingStartingOn(input, date).map((shift) => shift.end));
  return new Date(Math.min(latestEnd, nextMidnight + LATEST_CARRY_OVER_MS));
}

/** Until when a dish marked sold out at `at` stays sold out: the end of the trading day it was marked in. */
export function soldOutUntil(input: HoursInput, at: Date): Date {
  return tradingDayEnd(input, tradingDateAt(input, at));
}
