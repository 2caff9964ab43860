import { withoutClosed } from './open-windows.ts';
import { orderForLaterDayRange } from './order-for-later.ts';
import { DAY_MS, assertInstant, dateToDayMs, daysBetween, instantMsAt, retailerDate } from './retailer-clock.ts';
import { type ScheduleInput, type Service, closedWindowsFor, serviceOffered, shopZoneOf } from './schedule.ts';
import { ownShiftsOfDate } from './shifts.ts';

/**
 * Why a day of the order-time or table-booking picker has no time to choose. "closed" is kept
 * for days the shop really is closed (no trading hours that day, or a closed date), so a
 * customer never reads a day the shop trades as closed.
 */
export type DayReasonKind =
  /** Ordering for later is switched off, or its days-ahead settings leave no day. */
  | 'later-off'
  /** The retailer does not offer the service at all. */
  | 'service-off'
  /** No trading hours that day, or a closed date covers them. */
  | 'closed'
  /** The shop opens that day, but not for this service (no hours, or a delivery-only closure). */
  | 'service-closed'
  /** Before the first day orders for later may fall on (orderForLaterMinDaysToStart). */
  | 'notice'
  /** After the last day orders for later may fall on (orderForLaterMaxDaysToEnd). */
  | 'beyond-window'
  /** Today, but the remaining hours are too close to take one more order or booking. */
  | 'no-times-left'
  /** Open hours too short for any time of the grid (e.g. the warm-up after opening takes them all). */
  | 'no-times';

export interface DayReason {
  kind: DayReasonKind;
  /** What the picker shows after the day's label, e.g. "closed (Christmas Day)". */
  text: string;
}

const serviceWords: Record<Service, string> = { delivery: 'delivery', pickup: 'pickup' };

function reason(kind: DayReasonKind, text: string): DayReason {
  return { kind, text };
}

function withNote(text: string, note: string): string {
  return note ? `${text} (${note})` : text;
}

function daysPhrase(days: number, unit: 'notice' | 'ahead'): string {
  if (unit === 'ahead') return `${days} ${days === 1 ? 'day' : 'days'} ahead`;
  return days === 1 ? "1 day's notice" : `${days} days' notice`;
}

/** The wall-clock day of a retailer date as instants: its midnight to the next. */
function dayBounds(input: ScheduleInput, date: string): { start: number; end: number } {
  const zone = shopZoneOf(input);
  const dayMs = dateToDayMs(date, 'date');
  return { start: instantMsAt(dayMs, 0, zone), end: instantMsAt(dayMs + DAY_MS, 0, zone) };
}

/** The closed-date note of a closure touching the date's wall-clock day, for the service; '' if none says why. */
function closureNote(input: ScheduleInput, service: Service, date: string): string {
  const day = dayBounds(input, date);
  return (
    closedWindowsFor(input.closedDates, service, shopZoneOf(input)).find(
      (span) => span.start < day.end && span.end > day.start && span.reason,
    )?.reason ?? ''
  );
}

/**
 * Whether the date's own trading hours leave it open for a while within its own day once
 * closed dates are cut out: a closed Christmas Day whose evening shift would run past
 * midnight is closed, though the engine keeps that shift's small hours on Boxing Day.
 */
function tradesOn(input: ScheduleInput, service: Service, date: string): boolean {
  const closed = closedWindowsFor(input.closedDates, service, shopZoneOf(input));
  const day = dayBounds(input, date);
  return withoutClosed(ownShiftsOfDate(input, service, date), closed).some(
    (span) => span.start < day.end && span.end > day.start,
  );
}

/**
 * Why `date` has no time for `service` at `now`, from its own trading hours (the evening
 * before's shift running past midnight does not make a day open) and closed dates. Pickup
 * hours are the shop's opening hours, so a day without them is "closed"; a day with them but
 * without delivery is "no delivery". Today with hours left but none far enough ahead is
 * "no times left".
 */
export function emptyDayReason(input: ScheduleInput, service: Service, date: string, now: Date): DayReason {
  assertInstant(now, 'now');
  if (!tradesOn(input, service, date)) {
    if (service === 'delivery' && tradesOn(input, 'pickup', date))
      return reason('service-closed', withNote(`no ${serviceWords[service]}`, closureNote(input, service, date)));
    return reason(
      'closed',
      withNote('closed', closureNote(input, 'pickup', date) || closureNote(input, service, date)),
    );
  }
  if (date === retailerDate(now, shopZoneOf(input))) return reason('no-times-left', 'no times left');
  return reason('no-times', 'no times available');
}

/**
 * Why a day of the order-time picker cannot be chosen, or null when it has times. A closed
 * day reads as closed even outside the ordering window, since that stays true; other days
 * outside it say how far ahead orders may be placed.
 */
export function orderDayReason(
  input: ScheduleInput,
  service: Service,
  date: string,
  now: Date,
  hasTimes: boolean,
): DayReason | null {
  if (hasTimes) return null;
  const { retailerInfo } = input;
  const { minDays, maxDays } = orderForLaterDayRange(retailerInfo);
  if (!retailerInfo.oflEnabled || minDays > maxDays) return reason('later-off', 'ordering ahead is not offered');
  if (!serviceOffered(retailerInfo, service)) return reason('service-off', `no ${serviceWords[service]}`);
  const empty = emptyDayReason(input, service, date, now);
  if (empty.kind === 'closed' || empty.kind === 'service-closed') return empty;
  const daysAhead = daysBetween(retailerDate(now, shopZoneOf(input)), date);
  if (daysAhead < minDays) return reason('notice', `orders need ${daysPhrase(minDays, 'notice')}`);
  if (daysAhead > maxDays)
    return reason(
      'beyond-window',
      maxDays === 0 ? 'orders for today only' : `orders open ${daysPhrase(maxDays, 'ahead')}`,
    );
  return empty;
}
