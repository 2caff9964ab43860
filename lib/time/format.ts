import {
  EVENING_FROM_END_TIME,
  EVENING_FROM_NEXT_DAY_END_TIME,
  EVENING_FROM_START_TIME,
  MIDNIGHT_DISPLAY_TIMES,
} from '../constants.ts';
import {
  MINUTES_PER_DAY,
  dateToDayMs,
  daysBetween,
  parseTimeOfDay,
  retailerWallClock,
  timeOfDayOf,
  weekdayOf,
} from './retailer-clock.ts';
import { type ShopZone } from './shop-zone.ts';

export const weekdayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
/** Weekdays in the order Australian weeks are read: Monday first. */
export const weekOrder = [1, 2, 3, 4, 5, 6, 0] as const;
const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
const shortWeekdayNames = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const shortMonthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** A time of day as `HH:mm` or as minutes since midnight (1440 is the midnight that ends a day). */
export type TimeOfDayInput = string | number;

export function minutesOfDay(time: TimeOfDayInput, label = 'time'): number {
  if (typeof time === 'number') {
    if (!Number.isInteger(time) || time < 0 || time > MINUTES_PER_DAY) {
      throw new RangeError(`${label}: expected whole minutes from 0 to ${MINUTES_PER_DAY}, got ${String(time)}`);
    }
    return time % MINUTES_PER_DAY;
  }
  return parseTimeOfDay(time, label);
}

const midnightMinutes = new Set(MIDNIGHT_DISPLAY_TIMES.map((time) => parseTimeOfDay(time)));
const eveningStart = parseTimeOfDay(EVENING_FROM_START_TIME);
const eveningEnd = parseTimeOfDay(EVENING_FROM_END_TIME);
const eveningNextDayEnd = parseTimeOfDay(EVENING_FROM_NEXT_DAY_END_TIME);
const lastMinute = MINUTES_PER_DAY - 1;

export function isMidnightTime(time: TimeOfDayInput): boolean {
  return midnightMinutes.has(minutesOfDay(time));
}

/** 12-hour display: "5:30 pm", "12:00 pm", and "midnight" for the times that mean it. */
export function formatTime(time: TimeOfDayInput): string {
  const minutes = minutesOfDay(time);
  return (timeLabels[minutes] ??= timeLabel(minutes));
}

// A day has 1440 labels; slot lists ask for the same ones thousands of times.
const timeLabels: string[] = [];

function timeLabel(minutes: number): string {
  if (midnightMinutes.has(minutes)) return 'midnight';
  const hours = Math.floor(minutes / 60);
  return `${hours % 12 === 0 ? 12 : hours % 12}:${timeOfDayOf(minutes).slice(3)} ${hours < 12 ? 'am' : 'pm'}`;
}

/**
 * A time in a picker's list with what sets it apart: "12:15 am (next day)" after midnight of
 * the evening it belongs to (midnight itself ends that evening and needs no note), and
 * "2:15 am (after clocks go back)" for the second pass of the hour the autumn change repeats.
 */
export function formatListTime(time: TimeOfDayInput, notes: { nextDay?: boolean; repeated?: boolean } = {}): string {
  const minutes = minutesOfDay(time);
  const words = [
    notes.nextDay && !midnightMinutes.has(minutes) ? 'next day' : '',
    notes.repeated ? 'after clocks go back' : '',
  ].filter(Boolean);
  return words.length > 0 ? `${formatTime(minutes)} (${words.join(', ')})` : formatTime(minutes);
}

/** A window from a day's first minute to its last (or round to the next midnight) is the whole day. */
export function isAllDayWindow(from: TimeOfDayInput, to: TimeOfDayInput): boolean {
  const start = minutesOfDay(from, 'from');
  const end = minutesOfDay(to, 'to');
  return start <= 1 && (end === lastMinute || end <= start);
}

/** Late opening hours read as "from 5:00 pm": an evening start that runs to late night or the small hours. */
export function isEveningFromWindow(from: TimeOfDayInput, to: TimeOfDayInput): boolean {
  const start = minutesOfDay(from, 'from');
  const end = minutesOfDay(to, 'to');
  return start >= eveningStart && (end >= eveningEnd || end <= eveningNextDayEnd);
}

/** Hours of one day as a reader wants them: "All day", "From 5:00 pm", "11:00 am - 3:00 pm", "10:00 am - 3:00 am (next day)". */
export function formatHoursRange(from: TimeOfDayInput, to: TimeOfDayInput): string {
  const start = minutesOfDay(from, 'from');
  const end = minutesOfDay(to, 'to');
  if (isAllDayWindow(start, end)) return 'All day';
  if (isEveningFromWindow(start, end)) return `From ${formatTime(start)}`;
  const nextDay = end <= start && !midnightMinutes.has(end) ? ' (next day)' : '';
  return `${formatTime(start)} - ${formatTime(end)}${nextDay}`;
}

/** A count with its unit for customer texts: "1 day", never "1 days"; "0 minutes", "2 days". */
export function formatCount(count: number, unit: 'day' | 'hour' | 'minute'): string {
  return `${count} ${count === 1 ? unit : `${unit}s`}`;
}

/** How a retailer date reads from `today`: "today", "tomorrow", "Friday", "next Friday", else "Friday 12 June". */
export function formatRelativeDay(date: string, today: string): string {
  const days = daysBetween(today, date);
  const weekday = weekdayNames[weekdayOf(date)];
  if (days === 0) return 'today';
  if (days === 1) return 'tomorrow';
  if (days > 1 && days < 7) return weekday;
  if (days >= 7 && days < 14) return `next ${weekday}`;
  const calendar = new Date(dateToDayMs(date));
  return `${weekday} ${calendar.getUTCDate()} ${monthNames[calendar.getUTCMonth()]}`;
}

/** "today at 5:00 pm", "tomorrow at 11:00 am", "Friday at midnight": an instant as the retailer's clock shows it. */
export function formatDayAndTime(at: Date, now: Date, zone: ShopZone): string {
  const target = retailerWallClock(at, zone);
  const today = retailerWallClock(now, zone).date;
  return `${formatRelativeDay(target.date, today)} at ${formatTime(target.minutes)}`;
}

/** A retailer date as the pickers show it: "Fri 27 Nov". */
export function formatShortDate(date: string): string {
  const calendar = new Date(dateToDayMs(date));
  return `${shortWeekdayNames[calendar.getUTCDay()]} ${calendar.getUTCDate()} ${shortMonthNames[calendar.getUTCMonth()]}`;
}

function relativeDayWord(date: string, today: string): string {
  const days = daysBetween(today, date);
  return days === 0 ? 'today, ' : days === 1 ? 'tomorrow, ' : '';
}

/**
 * The one way the order-time picker, the order-time bar and table booking name a day:
 * "Today, Wed 25 Nov", "Tomorrow, Thu 26 Nov", "Fri 27 Nov". The date is always there, so a
 * customer planning ahead never has to count weekdays.
 */
export function formatDayLabel(date: string, today: string): string {
  return `${relativeDayWord(date, today)}${formatShortDate(date)}`.replace(/^[a-z]/, (first) => first.toUpperCase());
}

/** The same day label inside a sentence, with a time: "today, Wed 25 Nov at 6:00 pm", "Fri 27 Nov at 12:15 am (next day)". */
export function formatDayAndTimeLabel(date: string, timeLabel: string, today: string): string {
  return `${relativeDayWord(date, today)}${formatShortDate(date)} at ${timeLabel}`;
}

/** An order-for-later instant the way the order-time bar and the cart name it: "today, Wed 25 Nov at 6:00 pm". */
export function formatOrderTime(at: Date, now: Date, zone: ShopZone): string {
  const target = retailerWallClock(at, zone);
  return formatDayAndTimeLabel(target.date, formatTime(target.minutes), retailerWallClock(now, zone).date);
}
