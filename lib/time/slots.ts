import {
  DATE_PICKER_LOOKAHEAD_DAYS,
  DEFAULT_WAIT_TIME_MINUTES,
  NEXT_SHIFT_SEARCH_DAYS,
  SLOT_STEP_MINUTES,
} from '../constants.ts';
import type { ClockStatus } from '../tenant/index.ts';
import { formatListTime } from './format.ts';
import { minutesSetting, orderForLaterDayRange } from './order-for-later.ts';
import {
  DAY_MS,
  MINUTE_MS,
  assertInstant,
  dateToDayMs,
  dayMsToDate,
  instantMsAt,
  timeOfDayOf,
  wallMsAt,
} from './retailer-clock.ts';
import { type ScheduleInput, type Service, serviceOffered, shopZoneOf } from './schedule.ts';
import { openWindowsOfDates } from './open-windows.ts';
import { firstShiftStarts } from './shifts.ts';
import { pausedUntilMs } from './shop-pause.ts';

export const PICKUP_ONLY_LABEL = '(Pickup Only)';

/** A time an order for later can be placed for. */
export interface TimeSlot {
  at: Date;
  /** Retailer date, `yyyy-MM-dd`. */
  date: string;
  /** Retailer wall-clock time, `HH:mm`. */
  time: string;
  /** What the time picker shows, e.g. "5:30 pm", "5:30 pm (Pickup Only)", or "2:15 am (after clocks go back)" for the autumn change's second pass. */
  label: string;
  /** A pickup time when delivery is closed or not yet open. */
  pickupOnly: boolean;
}

export interface SlotOptions {
  /** Live status for the wait time; falls back to `input.clockStatus`. */
  clockStatus?: ClockStatus | undefined;
}

export interface DaySlotOptions extends SlotOptions {
  /** The retailer date to list; today when left out. */
  date?: string | undefined;
}

const stepMs = SLOT_STEP_MINUTES * MINUTE_MS;

interface RawSlot {
  atMs: number;
  wallMs: number;
}

/** The live wait for a service in minutes: no slot starts sooner than now plus it (or the lead, when longer). */
export function waitMinutes(input: ScheduleInput, service: Service, options: SlotOptions): number {
  const status = options.clockStatus ?? input.clockStatus;
  if (!status) return DEFAULT_WAIT_TIME_MINUTES;
  const wait = service === 'delivery' ? status.liveDeliveryWaitTime : status.livePickupWaitTime;
  if (!Number.isInteger(wait) || wait < 0)
    throw new RangeError(`clockStatus wait time: expected whole minutes of 0 or more, got ${String(wait)}`);
  return wait;
}

/**
 * Slot instants on the retailer dates `fromDay`..`toDay` (day numbers on a UTC-running clock),
 * in order. Slots start at now plus the larger of the lead and the live wait (or the end of the shop's pause), rounded up to the
 * 15-minute grid of the wall clock, inside a listed shift, and stop before each shift closes. No
 * slot falls in the warm-up after a date's first shift starts, unless the previous night's shift
 * was still trading then (firstShiftStarts).
 */
function rawSlots(
  input: ScheduleInput,
  service: Service,
  now: Date,
  fromDay: number,
  toDay: number,
  options: SlotOptions,
): RawSlot[] {
  assertInstant(now, 'now');
  const { retailerInfo } = input;
  const zone = shopZoneOf(input);
  const lead = minutesSetting(retailerInfo, 'oflMinTimeFromCurrTime');
  const warmUp = minutesSetting(retailerInfo, 'oflMinTimeFromFirstShift');
  const { minDays, maxDays } = orderForLaterDayRange(retailerInfo);
  const wait = waitMinutes(input, service, options);
  if (!retailerInfo.oflEnabled || !serviceOffered(retailerInfo, service)) return [];

  const todayDay = Math.floor(wallMsAt(now.getTime(), zone) / DAY_MS) * DAY_MS;
  const firstDay = Math.max(fromDay, todayDay + minDays * DAY_MS);
  const lastDay = Math.min(toDay, todayDay + maxDays * DAY_MS);
  if (firstDay > lastDay) return [];

  // Nothing for before the end of the shop's pause of the service.
  const earliest = Math.max(
    now.getTime() + Math.max(lead, wait) * MINUTE_MS,
    pausedUntilMs(options.clockStatus ?? input.clockStatus, service, now) ?? -Infinity,
  );
  const spans = openWindowsOfDates(input, service, dayMsToDate(firstDay), dayMsToDate(lastDay));
  const firstStarts = firstShiftStarts(input, service, dayMsToDate(firstDay), dayMsToDate(lastDay));
  const slots: RawSlot[] = [];
  // Days only move forward, so stretches that end before a day's lower bound are never looked at again.
  let from = 0;
  for (let day = firstDay; day <= lastDay; day += DAY_MS) {
    const firstStart = firstStarts.get(day);
    const warmUpEnd = firstStart === undefined ? -Infinity : firstStart + warmUp * MINUTE_MS;
    const dayLower = Math.max(earliest, instantMsAt(day, 0, zone));
    const dayEnd = instantMsAt(day + DAY_MS, 0, zone);
    while (from < spans.length && (spans[from]?.end ?? 0) <= dayLower) from += 1;
    for (let index = from; index < spans.length; index += 1) {
      const span = spans[index];
      if (!span || span.start >= dayEnd) break;
      const lower = Math.max(span.start, dayLower);
      const lowerWall = wallMsAt(lower, zone);
      const end = Math.min(span.end, dayEnd);
      for (let atMs = lower + Math.ceil(lowerWall / stepMs) * stepMs - lowerWall; atMs < end; atMs += stepMs) {
        if (firstStart !== undefined && atMs >= firstStart && atMs < warmUpEnd) continue;
        slots.push({ atMs, wallMs: wallMsAt(atMs, zone) });
      }
    }
  }
  return slots;
}

function todayDayMs(input: ScheduleInput, now: Date): number {
  assertInstant(now, 'now');
  return Math.floor(wallMsAt(now.getTime(), shopZoneOf(input)) / DAY_MS) * DAY_MS;
}

function toTimeSlots(
  input: ScheduleInput,
  service: Service,
  slots: readonly RawSlot[],
  fromDay: number,
  toDay: number,
): TimeSlot[] {
  // Marking pickup-only times only informs when the retailer delivers at all.
  const markPickupOnly = service === 'pickup' && input.retailerInfo.allowDeliveries;
  const delivery = markPickupOnly
    ? openWindowsOfDates(input, 'delivery', dayMsToDate(fromDay), dayMsToDate(toDay))
    : [];
  let latestWallMs = -Infinity;
  return slots.map(({ atMs, wallMs }) => {
    const dayMs = Math.floor(wallMs / DAY_MS) * DAY_MS;
    const minutes = Math.round((wallMs - dayMs) / MINUTE_MS);
    const pickupOnly = markPickupOnly && !delivery.some((span) => span.start <= atMs && atMs < span.end);
    // Slots only move forward, so a wall clock that does not is the autumn change's repeated hour.
    const time = formatListTime(minutes, { repeated: wallMs <= latestWallMs });
    latestWallMs = Math.max(latestWallMs, wallMs);
    return {
      at: new Date(atMs),
      date: dayMsToDate(dayMs),
      time: timeOfDayOf(minutes),
      label: pickupOnly ? `${time} ${PICKUP_ONLY_LABEL}` : time,
      pickupOnly,
    };
  });
}

/** The times an order for later can be placed for on one retailer date (today unless `options.date`). */
export function availableSlots(
  input: ScheduleInput,
  service: Service,
  now: Date,
  options: DaySlotOptions = {},
): TimeSlot[] {
  const day = options.date === undefined ? todayDayMs(input, now) : dateToDayMs(options.date, 'options.date');
  return toTimeSlots(input, service, rawSlots(input, service, now, day, day, options), day, day);
}

/** Dates of the date picker (today and the next 29 days) that have no slot, `yyyy-MM-dd`. */
export function disabledDates(input: ScheduleInput, service: Service, now: Date, options: SlotOptions = {}): string[] {
  const today = todayDayMs(input, now);
  const last = today + (DATE_PICKER_LOOKAHEAD_DAYS - 1) * DAY_MS;
  const withSlots = new Set(
    rawSlots(input, service, now, today, last, options).map((slot) => Math.floor(slot.wallMs / DAY_MS)),
  );
  const disabled: string[] = [];
  for (let day = today; day <= last; day += DAY_MS) {
    if (!withSlots.has(day / DAY_MS)) disabled.push(dayMsToDate(day));
  }
  return disabled;
}

/** The date picker's 30 days in one pass: each date with its slots, and the dates without any. */
export interface SlotCalendar {
  days: { date: string; slots: TimeSlot[] }[];
  disabledDates: string[];
}

export function slotCalendar(
  input: ScheduleInput,
  service: Service,
  now: Date,
  options: SlotOptions = {},
): SlotCalendar {
  const today = todayDayMs(input, now);
  const last = today + (DATE_PICKER_LOOKAHEAD_DAYS - 1) * DAY_MS;
  const slots = toTimeSlots(input, service, rawSlots(input, service, now, today, last, options), today, last);
  const days: SlotCalendar['days'] = [];
  for (let day = today; day <= last; day += DAY_MS) days.push({ date: dayMsToDate(day), slots: [] });
  for (const slot of slots) days[Math.round((dateToDayMs(slot.date) - today) / DAY_MS)]?.slots.push(slot);
  return { days, disabledDates: days.filter((day) => day.slots.length === 0).map((day) => day.date) };
}

/** The earliest slot of the next 7 days, or null. */
export function nextAvailableSlot(
  input: ScheduleInput,
  service: Service,
  now: Date,
  options: SlotOptions = {},
): TimeSlot | null {
  const today = todayDayMs(input, now);
  const last = today + NEXT_SHIFT_SEARCH_DAYS * DAY_MS;
  const first = rawSlots(input, service, now, today, last, options)[0];
  return first ? (toTimeSlots(input, service, [first], today, last)[0] ?? null) : null;
}
