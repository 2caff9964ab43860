import { CLOSING_SOON_MINUTES, CONSECUTIVE_SHIFT_GAP_MINUTES, NEXT_SHIFT_SEARCH_DAYS } from '../constants.ts';
import { formatRelativeDay, formatTime, isEveningFromWindow } from '../time/format.ts';
import {
  DAY_MS,
  MINUTES_PER_DAY,
  MINUTE_MS,
  assertInstant,
  dayMsToDate,
  instantMsAt,
  parseTimeOfDay,
  wallMsAt,
} from '../time/retailer-clock.ts';
import { endOfWindowMinutes } from '../time/schedule.ts';
import { assertShopZone, type ShopZone } from '../time/shop-zone.ts';

/** A row of availability hours: on weekday `day`, from `timeFrom` until `timeTo` (past midnight when not after it). */
export interface WeeklyWindowRow {
  day: number;
  timeFrom: string;
  timeTo: string;
}

/**
 * What a row with the same from and to time means: product-group hours ignore it; specials
 * follow the general rule that an end not after its start runs past midnight, a whole day.
 */
export type SameTimesMeaning = 'ignored' | 'whole-day';

/** A validated row in minutes; `end` passes 1440 when it runs past midnight. */
export interface ParsedWindowRow {
  day: number;
  start: number;
  end: number;
}

/** One row in minutes, or null when it means nothing; `label` names it in errors. */
export function parseWindowRow(
  row: WeeklyWindowRow,
  sameTimes: SameTimesMeaning,
  label: string,
): ParsedWindowRow | null {
  if (typeof row !== 'object' || row === null)
    throw new TypeError(`${label}: expected availability hours, got ${String(row)}`);
  if (!Number.isInteger(row.day) || row.day < 0 || row.day > 6)
    throw new RangeError(`${label}.day: expected a weekday 0 (Sunday) to 6 (Saturday), got ${String(row.day)}`);
  const start = parseTimeOfDay(row.timeFrom, `${label}.timeFrom`);
  const end = parseTimeOfDay(row.timeTo, `${label}.timeTo`);
  if (start === end && sameTimes === 'ignored') return null;
  return { day: row.day, start, end: endOfWindowMinutes(start, end) };
}

export function parseWindowRows(
  rows: readonly WeeklyWindowRow[],
  sameTimes: SameTimesMeaning,
  label: string,
): ParsedWindowRow[] {
  if (!Array.isArray(rows)) throw new TypeError(`${label}: expected a list of availability hours, got ${String(rows)}`);
  return rows.flatMap((row, index) => parseWindowRow(row, sameTimes, `${label}[${index}]`) ?? []);
}

interface WindowMs {
  start: number;
  end: number;
}

/** Windows of the retailer days `fromDay`..`toDay` and the day before, merged when they touch. */
function windowsOfDays(rows: readonly ParsedWindowRow[], fromDay: number, toDay: number, zone: ShopZone): WindowMs[] {
  const windows: WindowMs[] = [];
  for (let day = fromDay - DAY_MS; day <= toDay; day += DAY_MS) {
    const weekday = new Date(day).getUTCDay();
    for (const row of rows) {
      if (row.day !== weekday) continue;
      const start = instantMsAt(day, row.start, zone);
      const end = instantMsAt(day, row.end, zone);
      if (end > start) windows.push({ start, end });
    }
  }
  windows.sort((a, b) => a.start - b.start);
  const merged: WindowMs[] = [];
  for (const span of windows) {
    const last = merged.at(-1);
    if (last && span.start - last.end <= CONSECUTIVE_SHIFT_GAP_MINUTES * MINUTE_MS)
      merged[merged.length - 1] = { start: last.start, end: Math.max(last.end, span.end) };
    else merged.push(span);
  }
  return merged;
}

function wallDayOf(atMs: number, zone: ShopZone): number {
  return Math.floor(wallMsAt(atMs, zone) / DAY_MS) * DAY_MS;
}

/** Whether the rows cover `at`: from inclusive, to exclusive. */
export function isWithinWindows(rows: readonly ParsedWindowRow[], at: Date, zone: ShopZone): boolean {
  assertInstant(at, 'at');
  assertShopZone(zone);
  const atMs = at.getTime();
  const today = wallDayOf(atMs, zone);
  return windowsOfDays(rows, today, today, zone).some((span) => span.start <= atMs && atMs < span.end);
}

export type AvailabilityType = 'always_available' | 'single_window' | 'not_available_today';

/** Availability of a menu item at an instant, with the texts to show for it. */
export interface MenuAvailability {
  type: AvailabilityType;
  available: boolean;
  /** The status line: "Until 9:00 pm", "Opens at 5:00 pm", "Not available today"... */
  text: string;
  /** When not available today, when it comes back: "Available tomorrow from 5:00 pm"... */
  nextText: string | null;
  /** When available now and limited by hours: when it stops. */
  closesAt: Date | null;
  /** When not available now: when it next starts, within the next 7 days. */
  nextAvailableAt: Date | null;
}

export const ALWAYS_AVAILABLE: MenuAvailability = Object.freeze({
  type: 'always_available',
  available: true,
  text: 'Always available',
  nextText: null,
  closesAt: null,
  nextAvailableAt: null,
});

/** Availability from weekly hours at `at`, searching the next 7 days for the next window. */
export function weeklyAvailability(rows: readonly ParsedWindowRow[], at: Date, zone: ShopZone): MenuAvailability {
  assertInstant(at, 'at');
  assertShopZone(zone);
  const atMs = at.getTime();
  const today = wallDayOf(atMs, zone);
  const windows = windowsOfDays(rows, today, today + NEXT_SHIFT_SEARCH_DAYS * DAY_MS, zone);
  const dayStart = (day: number) => instantMsAt(day, 0, zone);
  const wallMinutes = (ms: number) => Math.round((wallMsAt(ms, zone) - wallDayOf(ms, zone)) / MINUTE_MS);
  const coversDay = (span: WindowMs, day: number) => span.start <= dayStart(day) && span.end >= dayStart(day + DAY_MS);
  const tomorrowStart = dayStart(today + DAY_MS);

  const current = windows.find((span) => span.start <= atMs && atMs < span.end);
  if (current) {
    const until = formatTime(wallMinutes(current.end));
    const text = coversDay(current, today)
      ? 'Available all day'
      : current.end - atMs <= CLOSING_SOON_MINUTES * MINUTE_MS
        ? `Available until ${until}`
        : `Until ${until}`;
    return {
      type: 'single_window',
      available: true,
      text,
      nextText: null,
      closesAt: new Date(current.end),
      nextAvailableAt: null,
    };
  }

  const next = windows.find((span) => span.start > atMs);
  if (!next)
    return {
      type: 'not_available_today',
      available: false,
      text: 'Not available',
      nextText: null,
      closesAt: null,
      nextAvailableAt: null,
    };
  const nextAvailableAt = new Date(next.start);
  const startMinutes = wallMinutes(next.start);
  if (next.start < tomorrowStart) {
    return {
      type: 'single_window',
      available: false,
      text: `Opens at ${formatTime(startMinutes)}`,
      nextText: null,
      closesAt: null,
      nextAvailableAt,
    };
  }
  const nextDay = wallDayOf(next.start, zone);
  const dayName = formatRelativeDay(dayMsToDate(nextDay), dayMsToDate(today));
  const endMinutes = next.end >= dayStart(nextDay + DAY_MS) ? MINUTES_PER_DAY : wallMinutes(next.end);
  let nextText: string;
  if (coversDay(next, nextDay))
    nextText = dayName === 'tomorrow' ? 'Available all day tomorrow' : `Available all day ${dayName}`;
  else if (dayName === 'tomorrow') nextText = `Available tomorrow from ${formatTime(startMinutes)}`;
  else
    nextText = `Available ${dayName} ${isEveningFromWindow(startMinutes, endMinutes) ? 'from' : 'at'} ${formatTime(startMinutes)}`;
  return {
    type: 'not_available_today',
    available: false,
    text: 'Not available today',
    nextText,
    closesAt: null,
    nextAvailableAt,
  };
}

/**
 * The most restrictive of several availabilities (spec: a special is limited by its own and
 * its groups' hours): unavailable beats available, and among those the one that comes back
 * last; among available ones the one closing soonest. Ties keep the earlier entry.
 */
export function mostRestrictive(availabilities: readonly MenuAvailability[]): MenuAvailability {
  const never = Number.POSITIVE_INFINITY;
  const unavailable = availabilities.filter((availability) => !availability.available);
  if (unavailable.length > 0) {
    return unavailable.reduce((worst, candidate) =>
      (candidate.nextAvailableAt?.getTime() ?? never) > (worst.nextAvailableAt?.getTime() ?? never) ? candidate : worst,
    );
  }
  return availabilities.reduce(
    (worst, candidate) =>
      (candidate.closesAt?.getTime() ?? never) < (worst.closesAt?.getTime() ?? never) ? candidate : worst,
    ALWAYS_AVAILABLE,
  );
}
