import { SLOT_STEP_MINUTES } from '../constants.ts';
import { type DayReason, emptyDayReason } from './day-reasons.ts';
import { formatListTime, formatTime } from './format.ts';
import { withoutClosed } from './open-windows.ts';
import {
  DAY_MS,
  MINUTE_MS,
  addDays,
  assertInstant,
  dayMsToDate,
  instantMsAt,
  retailerDate,
  timeOfDayOf,
  wallMsAt,
} from './retailer-clock.ts';
import { closedWindowsFor, shopZoneOf, type ScheduleInput } from './schedule.ts';
import { shiftsOfDates } from './shifts.ts';

/**
 * Table-booking limits are this storefront's own, not spec section 9's (constants.ts): how far
 * ahead a table can be asked for, how soon, the last seating before closing, the largest party.
 */
export const TABLE_BOOKING_DAYS = 30;
export const TABLE_BOOKING_LEAD_MINUTES = 60;
export const TABLE_BOOKING_LAST_SEATING_MINUTES = 30;
export const TABLE_BOOKING_MAX_PARTY = 20;

/**
 * A stretch that runs past midnight and closes by this wall-clock time is the evening
 * before's late night: its small hours are booked on that evening. One that runs on past it
 * is a shop open round the clock, whose times stay on their own date.
 */
const LATE_NIGHT_UNTIL_MINUTES = 12 * 60;

/** A time a table can be asked for. */
export interface BookingTime {
  at: Date;
  /** Retailer wall-clock time, `HH:mm`. */
  time: string;
  /** e.g. "7:30 pm", or "12:15 am (next day)" for the small hours of the evening before. */
  label: string;
  /** Falls after midnight of its day's evening, on the next calendar date. */
  nextDay: boolean;
}

export interface BookingDay {
  /** Retailer date of the evening the times belong to, `yyyy-MM-dd`. */
  date: string;
  times: BookingTime[];
  /** Why no time can be booked that day; null when it has times. */
  reason: DayReason | null;
}

const stepMs = SLOT_STEP_MINUTES * MINUTE_MS;

/**
 * The days and times a table can be booked for: the shop's opening hours (its pickup hours,
 * when the doors are open) minus closed dates, on the 15-minute grid of its wall clock, from an
 * hour after `now` to the last seating half an hour before closing. Dine-in does not depend on
 * pickup being offered online, so a retailer with pickup switched off still takes bookings.
 * Times after midnight of a late-night stretch belong to the evening before and are labelled
 * "(next day)" (a shop open Fri 17:00-01:00 ends Friday's list with 12:15 am, 12:30 am), so
 * the next date starts with its own opening. Every date from today for 30 days is listed, each
 * without a time saying why; the evening before today leads the list only while its late
 * night still has a time.
 */
export function tableBookingDays(input: ScheduleInput, now: Date): BookingDay[] {
  assertInstant(now, 'now');
  const zone = shopZoneOf(input);
  const today = retailerDate(now, zone);
  const yesterday = addDays(today, -1);
  const last = addDays(today, TABLE_BOOKING_DAYS - 1);
  const open = withoutClosed(
    shiftsOfDates(input, 'pickup', yesterday, addDays(last, 1)),
    closedWindowsFor(input.closedDates, 'pickup', zone),
  );
  const earliest = now.getTime() + TABLE_BOOKING_LEAD_MINUTES * MINUTE_MS;
  const times = new Map<string, BookingTime[]>();
  let latestWallMs = -Infinity;
  for (const window of open) {
    const lower = Math.max(window.start, earliest);
    const lastSeating = window.end - TABLE_BOOKING_LAST_SEATING_MINUTES * MINUTE_MS;
    const lowerWall = wallMsAt(lower, zone);
    for (let atMs = lower + Math.ceil(lowerWall / stepMs) * stepMs - lowerWall; atMs <= lastSeating; atMs += stepMs) {
      const wallMs = wallMsAt(atMs, zone);
      const dayMs = Math.floor(wallMs / DAY_MS) * DAY_MS;
      const minutes = Math.round((wallMs - dayMs) / MINUTE_MS);
      const nextDay =
        window.start < instantMsAt(dayMs, 0, zone) && window.end <= instantMsAt(dayMs, LATE_NIGHT_UNTIL_MINUTES, zone);
      const date = dayMsToDate(nextDay ? dayMs - DAY_MS : dayMs);
      if (date < yesterday || date > last) continue;
      const list = times.get(date) ?? [];
      // Merged windows can meet on the grid; a time is offered once.
      if (list.at(-1)?.at.getTime() === atMs) continue;
      // Instants only move forward, so a wall clock that does not is the autumn change's repeated hour.
      const repeated = wallMs <= latestWallMs;
      latestWallMs = Math.max(latestWallMs, wallMs);
      list.push({
        at: new Date(atMs),
        time: timeOfDayOf(minutes),
        label: formatListTime(minutes, { nextDay, repeated }),
        nextDay,
      });
      times.set(date, list);
    }
  }
  const days: BookingDay[] = [];
  const earlier = times.get(yesterday);
  if (earlier) days.push({ date: yesterday, times: earlier, reason: null });
  for (let date = today; date <= last; date = addDays(date, 1)) {
    const list = times.get(date) ?? [];
    days.push({ date, times: list, reason: list.length > 0 ? null : emptyDayReason(input, 'pickup', date, now) });
  }
  return days;
}

/** Whether `at` is one of the times `tableBookingDays` offers at `now`: what the server accepts. */
export function isBookableTime(input: ScheduleInput, at: Date, now: Date): boolean {
  assertInstant(at, 'at');
  return tableBookingDays(input, now).some((day) => day.times.some((time) => time.at.getTime() === at.getTime()));
}

/** A quarter hour of the table-booking picker: a time to book, or one that says why not. */
export interface BookingChoice {
  at: Date;
  label: string;
  /** The time when it can be booked. */
  time: BookingTime | null;
  /** Why not, e.g. "too soon (60 min notice)", "last seating 8:30 pm", "closed then". */
  reason: string | null;
}

/**
 * Every quarter hour of a booking day from its first open stretch (not before now) to the close
 * of its last: the day's bookable times, and between them why the others cannot be booked. The
 * reasons follow the rules tableBookingDays offers times by (lead, last seating, open hours).
 */
export function bookingTimeChoices(input: ScheduleInput, day: BookingDay, now: Date): BookingChoice[] {
  assertInstant(now, 'now');
  const first = day.times[0];
  const last = day.times.at(-1);
  if (!first || !last) return [];
  const zone = shopZoneOf(input);
  const open = withoutClosed(
    shiftsOfDates(input, 'pickup', addDays(day.date, -1), addDays(day.date, 1)),
    closedWindowsFor(input.closedDates, 'pickup', zone),
  );
  const within = (atMs: number) => open.find((window) => window.start <= atMs && atMs < window.end);
  const from = Math.max(
    within(first.at.getTime())?.start ?? first.at.getTime(),
    Math.floor(now.getTime() / stepMs) * stepMs,
  );
  const to = within(last.at.getTime())?.end ?? last.at.getTime() + stepMs;
  const bookable = new Map(day.times.map((time) => [time.at.getTime(), time]));
  const earliest = now.getTime() + TABLE_BOOKING_LEAD_MINUTES * MINUTE_MS;
  const choices: BookingChoice[] = [];
  let latestWallMs = -Infinity;
  for (let atMs = Math.ceil(from / stepMs) * stepMs; atMs < to; atMs += stepMs) {
    const wallMs = wallMsAt(atMs, zone);
    const repeated = wallMs <= latestWallMs;
    latestWallMs = Math.max(latestWallMs, wallMs);
    const time = bookable.get(atMs) ?? null;
    if (time) {
      choices.push({ at: time.at, label: time.label, time, reason: null });
      continue;
    }
    const dayMs = Math.floor(wallMs / DAY_MS) * DAY_MS;
    const window = within(atMs);
    const reason =
      atMs < earliest
        ? `too soon (${TABLE_BOOKING_LEAD_MINUTES} min notice)`
        : window
          ? `last seating ${formatTime(Math.round((wallMsAt(window.end - TABLE_BOOKING_LAST_SEATING_MINUTES * MINUTE_MS, zone) % DAY_MS) / MINUTE_MS))}`
          : 'closed then';
    choices.push({
      at: new Date(atMs),
      label: formatListTime(Math.round((wallMs - dayMs) / MINUTE_MS), {
        nextDay: dayMsToDate(dayMs) !== day.date,
        repeated,
      }),
      time: null,
      reason,
    });
  }
  return choices;
}
