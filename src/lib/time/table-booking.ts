import { SLOT_STEP_MINUTES } from '../constants.ts';
import { formatTime } from './format.ts';
import { withoutClosed } from './open-windows.ts';
import { DAY_MS, MINUTE_MS, addDays, assertInstant, dayMsToDate, retailerDate, timeOfDayOf, wallMsAt } from './retailer-clock.ts';
import { closedWindowsFor, timeZoneDiffOf, type ScheduleInput } from './schedule.ts';
import { shiftsOfDates } from './shifts.ts';

/**
 * Table-booking limits are this storefront's own, not spec section 9's (constants.ts): how far
 * ahead a table can be asked for, how soon, the last seating before closing, the largest party.
 */
export const TABLE_BOOKING_DAYS = 30;
export const TABLE_BOOKING_LEAD_MINUTES = 60;
export const TABLE_BOOKING_LAST_SEATING_MINUTES = 30;
export const TABLE_BOOKING_MAX_PARTY = 20;

/** A time a table can be asked for. */
export interface BookingTime {
  at: Date;
  /** Retailer wall-clock time, `HH:mm`. */
  time: string;
  /** e.g. "7:30 pm". */
  label: string;
}

export interface BookingDay {
  /** Retailer date, `yyyy-MM-dd`. */
  date: string;
  times: BookingTime[];
}

const stepMs = SLOT_STEP_MINUTES * MINUTE_MS;

/**
 * The dates and times a table can be booked for: the shop's opening hours (its pickup hours,
 * when the doors are open) minus closed dates, on the 15-minute grid of its wall clock, from an
 * hour after `now` to the last seating half an hour before closing. Dine-in does not depend on
 * pickup being offered online, so a retailer with pickup switched off still takes bookings.
 * Dates without a time are left out.
 */
export function tableBookingDays(input: ScheduleInput, now: Date): BookingDay[] {
  assertInstant(now, 'now');
  const diff = timeZoneDiffOf(input);
  const today = retailerDate(now, diff);
  const last = addDays(today, TABLE_BOOKING_DAYS - 1);
  const open = withoutClosed(shiftsOfDates(input, 'pickup', today, last), closedWindowsFor(input.closedDates, 'pickup', diff));
  const earliest = now.getTime() + TABLE_BOOKING_LEAD_MINUTES * MINUTE_MS;
  const days = new Map<string, BookingTime[]>();
  for (const window of open) {
    const lower = Math.max(window.start, earliest);
    const lastSeating = window.end - TABLE_BOOKING_LAST_SEATING_MINUTES * MINUTE_MS;
    const lowerWall = wallMsAt(lower, diff);
    for (let atMs = lower + Math.ceil(lowerWall / stepMs) * stepMs - lowerWall; atMs <= lastSeating; atMs += stepMs) {
      const wallMs = wallMsAt(atMs, diff);
      const dayMs = Math.floor(wallMs / DAY_MS) * DAY_MS;
      const date = dayMsToDate(dayMs);
      if (date < today || date > last) continue;
      const minutes = Math.round((wallMs - dayMs) / MINUTE_MS);
      const times = days.get(date) ?? [];
      // Merged windows can meet on the grid; a time is offered once.
      if (times.at(-1)?.at.getTime() !== atMs) times.push({ at: new Date(atMs), time: timeOfDayOf(minutes), label: formatTime(minutes) });
      days.set(date, times);
    }
  }
  return [...days].sort(([a], [b]) => a.localeCompare(b)).map(([date, times]) => ({ date, times }));
}

/** Whether `at` is one of the times `tableBookingDays` offers at `now`: what the server accepts. */
export function isBookableTime(input: ScheduleInput, at: Date, now: Date): boolean {
  assertInstant(at, 'at');
  const date = retailerDate(at, timeZoneDiffOf(input));
  return tableBookingDays(input, now).some((day) => day.date === date && day.times.some((time) => time.at.getTime() === at.getTime()));
}
