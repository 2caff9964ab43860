import { assertShopZone, shopOffsetMinutes, type ShopZone } from './shop-zone.ts';

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
export const MINUTES_PER_DAY = 24 * 60;

/** 0 = Sunday ... 6 = Saturday, as the tenant data counts. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** What a clock on the retailer's wall shows at an instant. */
export interface RetailerWallClock {
  /** Calendar date, `yyyy-MM-dd`. */
  date: string;
  weekday: Weekday;
  /** Whole minutes since the retailer's midnight, 0-1439. */
  minutes: number;
}

const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const timeOfDayPattern = /^([01]\d|2[0-3]):([0-5]\d)$/;

export function assertInstant(value: Date, label: string): void {
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) {
    throw new RangeError(`${label}: expected a valid Date, got ${String(value)}`);
  }
}

/** Minutes since midnight of an `HH:mm` time of day. */
export function parseTimeOfDay(value: string, label = 'time of day'): number {
  const match = typeof value === 'string' ? timeOfDayPattern.exec(value) : null;
  if (!match)
    throw new RangeError(`${label}: expected a time of day as HH:mm (00:00-23:59), got ${JSON.stringify(value)}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/** `HH:mm` of minutes since midnight; whole days are dropped so 1440 reads 00:00. */
export function timeOfDayOf(minutes: number): string {
  const inDay = ((minutes % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return `${String(Math.floor(inDay / 60)).padStart(2, '0')}:${String(inDay % 60).padStart(2, '0')}`;
}

const dayMsByDate = new Map<string, number>();
const dateByDayMs = new Map<number, string>();

function remember<K, V>(cache: Map<K, V>, key: K, value: V): V {
  if (cache.size > 10_000) cache.clear();
  cache.set(key, value);
  return value;
}

/** Milliseconds of the retailer-date's midnight on a clock that runs on UTC, so calendar arithmetic needs no zone. */
export function dateToDayMs(date: string, label = 'date'): number {
  const known = dayMsByDate.get(date);
  if (known !== undefined) return known;
  const match = typeof date === 'string' ? datePattern.exec(date) : null;
  const [year, month, day] = match ? [Number(match[1]), Number(match[2]) - 1, Number(match[3])] : [0, 0, 0];
  const dayMs = Date.UTC(year, month, day);
  const calendar = new Date(dayMs);
  if (
    !match ||
    calendar.getUTCFullYear() !== year ||
    calendar.getUTCMonth() !== month ||
    calendar.getUTCDate() !== day
  ) {
    throw new RangeError(`${label}: expected a calendar date as yyyy-MM-dd, got ${JSON.stringify(date)}`);
  }
  return remember(dayMsByDate, date, dayMs);
}

/** The `yyyy-MM-dd` of a day's midnight on the UTC-running clock. */
export function dayMsToDate(dayMs: number): string {
  return dateByDayMs.get(dayMs) ?? remember(dateByDayMs, dayMs, new Date(dayMs).toISOString().slice(0, 10));
}

export function addDays(date: string, days: number): string {
  return dayMsToDate(dateToDayMs(date) + days * DAY_MS);
}

/** Whole days from `from` to `to`; negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((dateToDayMs(to, 'to') - dateToDayMs(from, 'from')) / DAY_MS);
}

export function weekdayOf(date: string): Weekday {
  return new Date(dateToDayMs(date)).getUTCDay() as Weekday;
}

/** Offset of the retailer's wall clock from UTC, in milliseconds, at an instant. */
export function retailerOffsetMs(instantMs: number, zone: ShopZone): number {
  return shopOffsetMinutes(zone, instantMs) * MINUTE_MS;
}

/** The retailer's wall clock at an instant, as milliseconds on a clock that runs on UTC. */
export function wallMsAt(instantMs: number, zone: ShopZone): number {
  return instantMs + retailerOffsetMs(instantMs, zone);
}

export function retailerWallClock(at: Date, zone: ShopZone): RetailerWallClock {
  assertInstant(at, 'at');
  assertShopZone(zone);
  const wallMs = wallMsAt(at.getTime(), zone);
  const dayMs = Math.floor(wallMs / DAY_MS) * DAY_MS;
  return {
    date: dayMsToDate(dayMs),
    weekday: new Date(dayMs).getUTCDay() as Weekday,
    minutes: Math.floor((wallMs - dayMs) / MINUTE_MS),
  };
}

/** The retailer's calendar date at an instant. */
export function retailerDate(at: Date, zone: ShopZone): string {
  return retailerWallClock(at, zone).date;
}

/**
 * The instant when the retailer's wall clock shows `minutes` after midnight of `date`.
 * Minutes past 1439 run into the following days. A time skipped by the spring change
 * counts on the old offset (02:30 becomes 03:30); a time that occurs twice in autumn
 * means its first occurrence.
 */
export function instantMsAt(dayMs: number, minutes: number, zone: ShopZone): number {
  const wallMs = dayMs + minutes * MINUTE_MS;
  const before = retailerOffsetMs(wallMs - 14 * HOUR_MS, zone);
  const after = retailerOffsetMs(wallMs + 14 * HOUR_MS, zone);
  const onBefore = wallMs - before;
  if (before === after || retailerOffsetMs(onBefore, zone) === before) return onBefore;
  const onAfter = wallMs - after;
  return retailerOffsetMs(onAfter, zone) === after ? onAfter : onBefore;
}

export function retailerInstant(date: string, minutes: number, zone: ShopZone): Date {
  assertShopZone(zone);
  if (!Number.isInteger(minutes))
    throw new RangeError(`minutes: expected whole minutes since midnight, got ${String(minutes)}`);
  return new Date(instantMsAt(dateToDayMs(date), minutes, zone));
}
