import type { ClockStatus, ClosedDate, RetailerInfo, TradingHourEntry } from '../tenant/index.ts';
import { MINUTES_PER_DAY, dateToDayMs, instantMsAt, parseTimeOfDay } from './retailer-clock.ts';
import { assertShopZone, shopZone, type ShopZone } from './shop-zone.ts';

export type Service = 'delivery' | 'pickup';

export const serviceNames: Record<Service, string> = { delivery: 'Delivery', pickup: 'Pickup' };

export function otherService(service: Service): Service {
  return service === 'delivery' ? 'pickup' : 'delivery';
}

/** The ordering settings the time rules read; a whole RetailerInfo fits. */
export type ScheduleRetailerInfo = Pick<
  RetailerInfo,
  | 'timeZone'
  | 'timeZoneDiff'
  | 'pickupDisabled'
  | 'allowDeliveries'
  | 'pickupAvailable'
  | 'deliveryAvailable'
  | 'oflEnabled'
  | 'oflMinTimeFromCurrTime'
  | 'oflMinTimeFromFirstShift'
  | 'orderForLaterMaxDaysToEnd'
  | 'orderForLaterMinDaysToStart'
>;

export type ClosedDateRule = Pick<ClosedDate, 'dateStart' | 'dateEnd' | 'timeEnd' | 'justDeliveryDisabled'> & {
  reason?: string;
};

/** Everything the time rules need about one retailer. `clockStatus` is the live status when known. */
export interface ScheduleInput {
  tradingHours: readonly TradingHourEntry[];
  closedDates: readonly ClosedDateRule[];
  retailerInfo: ScheduleRetailerInfo;
  clockStatus?: ClockStatus | undefined;
}

/** A shift of one weekday in wall-clock minutes; `end` passes 1440 when it runs past midnight. */
export interface WeeklyShift {
  start: number;
  end: number;
}

export type WeeklyShifts = Record<Service, WeeklyShift[][]>;

// Tenant data and API answers are replaced, never mutated, so parsing once per array is safe.
const weeklyShiftsCache = new WeakMap<readonly TradingHourEntry[], WeeklyShifts>();

/**
 * Data often writes a day's end as 23:59; reading it as the midnight that follows keeps the
 * last minute of the day open instead of closing one minute early.
 */
export function endOfWindowMinutes(start: number, end: number): number {
  if (end === MINUTES_PER_DAY - 1) return MINUTES_PER_DAY;
  return end <= start ? end + MINUTES_PER_DAY : end;
}

/** Trading hours per service and weekday, validated once per array. */
export function weeklyShifts(tradingHours: readonly TradingHourEntry[]): WeeklyShifts {
  if (!Array.isArray(tradingHours)) throw new TypeError(`tradingHours: expected a list, got ${String(tradingHours)}`);
  const known = weeklyShiftsCache.get(tradingHours);
  if (known) return known;
  const empty = () => Array.from({ length: 7 }, (): WeeklyShift[] => []);
  const shifts: WeeklyShifts = { delivery: empty(), pickup: empty() };
  tradingHours.forEach((entry, index) => {
    const at = `tradingHours[${index}]`;
    if (typeof entry !== 'object' || entry === null)
      throw new TypeError(`${at}: expected a trading hour entry, got ${String(entry)}`);
    if (!Number.isInteger(entry.day) || entry.day < 0 || entry.day > 6)
      throw new RangeError(`${at}.day: expected a weekday 0 (Sunday) to 6 (Saturday), got ${String(entry.day)}`);
    const add = (service: Service, startField: keyof TradingHourEntry, endField: keyof TradingHourEntry) => {
      const startText = entry[startField];
      const endText = entry[endField];
      if (startText == null || endText == null) return;
      const start = parseTimeOfDay(String(startText), `${at}.${startField}`);
      const end = parseTimeOfDay(String(endText), `${at}.${endField}`);
      shifts[service][entry.day]?.push({ start, end: endOfWindowMinutes(start, end) });
    };
    add('pickup', 'openingTimeStart', 'openingTimeEnd');
    add('delivery', 'deliveryTimeStart', 'deliveryTimeEnd');
  });
  weeklyShiftsCache.set(tradingHours, shifts);
  return shifts;
}

/**
 * A closed-date entry as instants: closed from `start` (inclusive) to `end` (exclusive). `end`
 * is the minute after the entry's end time, so the end time itself is still closed while the
 * rest of the engine keeps comparing half-open spans.
 */
export interface ClosedWindow {
  start: number;
  end: number;
  justDeliveryDisabled: boolean;
  reason: string;
}

/**
 * Where a closure's end time stops closing, as minutes of its end date: the minute after the
 * end time, since the end time is inclusive. 00:00 cannot mean "only the first minute" in
 * practice, so, like 23:59, it runs to the next midnight.
 */
export function closedUntilMinutes(endMinutes: number): number {
  return endMinutes === 0 ? MINUTES_PER_DAY : endMinutes + 1;
}

const closedWindowsCache = new WeakMap<readonly ClosedDateRule[], Map<ShopZone, ClosedWindow[]>>();

/**
 * The spec closes "start date to end date at end time, inclusive": the start date from its
 * midnight, the end date up to and including its end time, so a closure ending 12:00 blocks
 * 12:00 and the retailer takes orders again from 12:01 (the next slot is 12:15). 23:59 and
 * 00:00 both close the whole end date: data writes either for "all day".
 */
export function closedWindows(closedDates: readonly ClosedDateRule[], zone: ShopZone): ClosedWindow[] {
  if (!Array.isArray(closedDates)) throw new TypeError(`closedDates: expected a list, got ${String(closedDates)}`);
  assertShopZone(zone);
  const byZone = closedWindowsCache.get(closedDates) ?? new Map<ShopZone, ClosedWindow[]>();
  const known = byZone.get(zone);
  if (known) return known;
  const windows = closedDates.map((entry, index): ClosedWindow => {
    const at = `closedDates[${index}]`;
    if (typeof entry !== 'object' || entry === null)
      throw new TypeError(`${at}: expected a closed date entry, got ${String(entry)}`);
    const startDay = dateToDayMs(entry.dateStart, `${at}.dateStart`);
    const endDay = dateToDayMs(entry.dateEnd, `${at}.dateEnd`);
    if (endDay < startDay)
      throw new RangeError(`${at}.dateEnd: ${entry.dateEnd} is before dateStart ${entry.dateStart}`);
    const endMinutes = parseTimeOfDay(entry.timeEnd, `${at}.timeEnd`);
    return {
      start: instantMsAt(startDay, 0, zone),
      end: instantMsAt(endDay, closedUntilMinutes(endMinutes), zone),
      justDeliveryDisabled: entry.justDeliveryDisabled === true,
      reason: entry.reason ?? '',
    };
  });
  byZone.set(zone, windows);
  closedWindowsCache.set(closedDates, byZone);
  return windows;
}

/** Delivery-only closures leave pickup open. */
export function closedWindowsFor(
  closedDates: readonly ClosedDateRule[],
  service: Service,
  zone: ShopZone,
): ClosedWindow[] {
  const all = closedWindows(closedDates, zone);
  return service === 'pickup' ? all.filter((span) => !span.justDeliveryDisabled) : all;
}

/** The shop's clock: every rule that turns an instant into the shop's wall time reads it from here. */
export function shopZoneOf(input: Pick<ScheduleInput, 'retailerInfo'>): ShopZone {
  const zone = shopZone(input.retailerInfo);
  assertShopZone(zone);
  return zone;
}

/** Whether the retailer offers the service at all, before hours and live status. */
export function serviceOffered(retailerInfo: ScheduleRetailerInfo, service: Service): boolean {
  return service === 'pickup' ? !retailerInfo.pickupDisabled : retailerInfo.allowDeliveries;
}
