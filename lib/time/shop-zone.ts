import { RETAILER_BASE_TIME_ZONE } from '../constants.ts';

/**
 * The shop's clock. A number is the spec's rule, Melbourne plus `timeZoneDiff` hours, which
 * stays the rule for a tenant that names no zone; a string is the IANA zone a tenant names
 * (`"timeZone": "Australia/Perth"` in its retailer info), for shops whose daylight saving is not
 * Melbourne's (Perth is Melbourne − 2 h in winter but − 3 h from October to April).
 */
export type ShopZone = number | string;

/** The retailer settings that say which clock the shop keeps. */
export interface ShopZoneSettings {
  timeZone?: string | undefined;
  timeZoneDiff: number;
}

/** The one place that says which clock a shop keeps: its named zone, else Melbourne + `timeZoneDiff`. */
export function shopZone(settings: ShopZoneSettings): ShopZone {
  return settings.timeZone ?? settings.timeZoneDiff;
}

let supportedZones: ReadonlySet<string> | null = null;

/** An IANA zone this runtime's Intl knows ("UTC" is always known though Intl does not list it). */
export function isTimeZoneName(value: string): boolean {
  // Browsers before 2022 have no supportedValuesOf: there a zone Intl can format is known.
  if (typeof Intl.supportedValuesOf !== 'function') return formatsIn(value);
  supportedZones ??= new Set(['UTC', ...Intl.supportedValuesOf('timeZone')]);
  return supportedZones.has(value);
}

function formatsIn(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * Quarter-hour steps keep every wall clock on whole minutes and the 15-minute slot grid of
 * the wall clock on the same instants as the grid of UTC.
 */
export function assertShopZone(zone: ShopZone): void {
  if (typeof zone === 'string') {
    if (!isTimeZoneName(zone))
      throw new RangeError(`timeZone: expected an IANA time zone, got ${JSON.stringify(zone)}`);
    return;
  }
  if (typeof zone !== 'number' || !Number.isFinite(zone) || zone < -12 || zone > 12 || !Number.isInteger(zone * 4)) {
    throw new RangeError(`timeZoneDiff: expected hours from -12 to 12 in quarter-hour steps, got ${String(zone)}`);
  }
}

const HOUR_MS = 3_600_000;
const QUARTER_MS = HOUR_MS / 4;
/** `GMT`, or `GMT+11:00`. */
const offsetPattern = /^GMT(?:([+-])(\d{2}):(\d{2}))?$/;
const offsetFormats = new Map<string, Intl.DateTimeFormat>();
const offsetsByZone = new Map<string, Map<number, number>>();

function offsetAt(timeZone: string, instantMs: number): number {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    offsetFormats.set(timeZone, format);
  }
  // Intl names the offset itself ("GMT+11:00"): date-fns-tz's formatter would add 10 KB gzip to every
  // page, and its getTimezoneOffset is an hour out at the daylight-saving changes.
  const text = format.formatToParts(new Date(instantMs)).find((part) => part.type === 'timeZoneName')?.value ?? '';
  const match = offsetPattern.exec(text);
  if (!match) throw new Error(`unexpected offset ${JSON.stringify(text)} for ${timeZone}`);
  return match[2] === undefined ? 0 : (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3] ?? 0));
}

/** Cached by the quarter hour of UTC, the step at which today's zones change offset. */
function cachedOffset(timeZone: string, quarter: number): number {
  let known = offsetsByZone.get(timeZone);
  if (!known) {
    known = new Map();
    offsetsByZone.set(timeZone, known);
  }
  const cached = known.get(quarter);
  if (cached !== undefined) return cached;
  if (known.size > 100_000) known.clear();
  const offset = offsetAt(timeZone, quarter * QUARTER_MS);
  known.set(quarter, offset);
  return offset;
}

/**
 * Offset of an IANA zone from UTC in minutes at an instant. Most changes fall on whole UTC hours
 * (Melbourne's, Perth's), so one lookup per hour and its next is exact; only an hour whose ends
 * differ (Adelaide changes on the half hour) is looked up by its quarters.
 */
function zoneOffsetMinutes(timeZone: string, instantMs: number): number {
  const hourQuarter = Math.floor(instantMs / HOUR_MS) * 4;
  const atHour = cachedOffset(timeZone, hourQuarter);
  if (atHour === cachedOffset(timeZone, hourQuarter + 4)) return atHour;
  return cachedOffset(timeZone, Math.floor(instantMs / QUARTER_MS));
}

/** Offset of the shop's wall clock from UTC in minutes at an instant. */
export function shopOffsetMinutes(zone: ShopZone, instantMs: number): number {
  return typeof zone === 'string'
    ? zoneOffsetMinutes(zone, instantMs)
    : zoneOffsetMinutes(RETAILER_BASE_TIME_ZONE, instantMs) + zone * 60;
}
