import { CONSECUTIVE_SHIFT_GAP_MINUTES, NEXT_SHIFT_SEARCH_DAYS } from '../constants.ts';
import {
  DAY_MS,
  MINUTE_MS,
  assertInstant,
  dateToDayMs,
  dayMsToDate,
  retailerDate,
  instantMsAt,
} from './retailer-clock.ts';
import { type ScheduleInput, type Service, type WeeklyShift, shopZoneOf, weeklyShifts } from './schedule.ts';
import type { ShopZone } from './shop-zone.ts';

/** A stretch of time a service trades: open from `start` (inclusive) until `end` (exclusive). */
export interface Shift {
  start: Date;
  end: Date;
}

/** A shift as epoch milliseconds. */
export interface ShiftMs {
  start: number;
  end: number;
}

export type HoursInput = Pick<ScheduleInput, 'tradingHours' | 'retailerInfo'>;

/** The shifts a retailer date's own trading-hour rows give it; an overnight one runs into the next date. */
function ownShifts(weekly: readonly WeeklyShift[][], dayMs: number, zone: ShopZone): ShiftMs[] {
  return (weekly[new Date(dayMs).getUTCDay()] ?? [])
    .map((shift) => ({ start: instantMsAt(dayMs, shift.start, zone), end: instantMsAt(dayMs, shift.end, zone) }))
    .filter((shift) => shift.end > shift.start);
}

/** The shifts a retailer date's own trading-hour rows give a service, unmerged; an overnight one runs into the next date. */
export function ownShiftsOfDate(input: HoursInput, service: Service, date: string): ShiftMs[] {
  return ownShifts(weeklyShifts(input.tradingHours)[service], dateToDayMs(date, 'date'), shopZoneOf(input));
}

/**
 * Shifts that follow within the consecutive gap are one when the question is whether the shop is
 * trading (closing warnings, open now); an order time must fall inside a listed shift, so for
 * order times only shifts that touch or overlap are one.
 */
export const ORDER_TIME_JOIN_MINUTES = 0;

/**
 * Merged shifts of the retailer dates `fromDate`..`toDate`, with the days either side so a
 * shift running over midnight comes whole. Shifts that touch or follow within `joinWithinMinutes`
 * (the consecutive gap unless told) are one.
 */
export function shiftsOfDates(
  input: HoursInput,
  service: Service,
  fromDate: string,
  toDate: string,
  joinWithinMinutes: number = CONSECUTIVE_SHIFT_GAP_MINUTES,
): ShiftMs[] {
  const zone = shopZoneOf(input);
  const weekly = weeklyShifts(input.tradingHours)[service];
  const lastDay = dateToDayMs(toDate, 'toDate') + DAY_MS;
  const raw: ShiftMs[] = [];
  for (let dayMs = dateToDayMs(fromDate, 'fromDate') - DAY_MS; dayMs <= lastDay; dayMs += DAY_MS)
    raw.push(...ownShifts(weekly, dayMs, zone));
  raw.sort((a, b) => a.start - b.start);
  const merged: ShiftMs[] = [];
  for (const shift of raw) {
    const last = merged.at(-1);
    if (last && shift.start - last.end <= joinWithinMinutes * MINUTE_MS) {
      merged[merged.length - 1] = { ...last, end: Math.max(last.end, shift.end) };
    } else {
      merged.push(shift);
    }
  }
  return merged;
}

/**
 * When the first shift of each retailer date `fromDate`..`toDate` starts, by the date's day
 * number: the start of the day's first orders, which the warm-up before orders for later
 * follows. Dates without a shift of their own are missing, and so are dates the previous
 * evening's shift trades into until (or past) their first shift starts: that shop has been
 * trading since the night before, so its first listed shift is no first orders of the day.
 */
export function firstShiftStarts(
  input: HoursInput,
  service: Service,
  fromDate: string,
  toDate: string,
): Map<number, number> {
  const zone = shopZoneOf(input);
  const weekly = weeklyShifts(input.tradingHours)[service];
  const lastDay = dateToDayMs(toDate, 'toDate');
  const starts = new Map<number, number>();
  for (let dayMs = dateToDayMs(fromDate, 'fromDate'); dayMs <= lastDay; dayMs += DAY_MS) {
    const own = ownShifts(weekly, dayMs, zone);
    if (own.length === 0) continue;
    const firstStart = Math.min(...own.map((shift) => shift.start));
    const midnight = instantMsAt(dayMs, 0, zone);
    const tradingSinceLastNight = ownShifts(weekly, dayMs - DAY_MS, zone).some(
      (shift) => shift.start < midnight && shift.end >= firstStart,
    );
    if (!tradingSinceLastNight) starts.set(dayMs, firstStart);
  }
  return starts;
}

export function toShift(shift: { start: number; end: number }): Shift {
  return { start: new Date(shift.start), end: new Date(shift.end) };
}

/** Trading shifts of a service that overlap `from`..`to`, from the trading hours alone. */
export function tradingShifts(input: HoursInput, service: Service, from: Date, to: Date): Shift[] {
  assertInstant(from, 'from');
  assertInstant(to, 'to');
  const zone = shopZoneOf(input);
  return shiftsOfDates(input, service, retailerDate(from, zone), retailerDate(to, zone))
    .filter((shift) => shift.end > from.getTime() && shift.start < to.getTime())
    .map(toShift);
}

/** Shifts around `now`: from the day before to the end of the next-shift search. */
export function shiftsAround(input: HoursInput, service: Service, now: Date): ShiftMs[] {
  assertInstant(now, 'now');
  const zone = shopZoneOf(input);
  const today = retailerDate(now, zone);
  const lastDate = dayMsToDate(dateToDayMs(today) + NEXT_SHIFT_SEARCH_DAYS * DAY_MS);
  return shiftsOfDates(input, service, today, lastDate);
}

export function findCurrent<T extends { start: number; end: number }>(windows: readonly T[], atMs: number): T | null {
  return windows.find((span) => span.start <= atMs && atMs < span.end) ?? null;
}

export function findNext<T extends { start: number; end: number }>(windows: readonly T[], atMs: number): T | null {
  return windows.find((span) => span.start > atMs) ?? null;
}

/** The shift trading at `now` (start inclusive, end exclusive), if any. */
export function currentShift(input: HoursInput, service: Service, now: Date): Shift | null {
  const shift = findCurrent(shiftsAround(input, service, now), now.getTime());
  return shift ? toShift(shift) : null;
}

/** The next shift to start after `now`, searching the next 7 days. */
export function nextShift(input: HoursInput, service: Service, now: Date): Shift | null {
  const shift = findNext(shiftsAround(input, service, now), now.getTime());
  return shift ? toShift(shift) : null;
}

/** Whole minutes left until the shift ends, rounded up so the last part-minute still counts. */
export function minutesLeft(shift: Shift, now: Date): number {
  assertInstant(now, 'now');
  return Math.max(0, Math.ceil((shift.end.getTime() - now.getTime()) / MINUTE_MS));
}
