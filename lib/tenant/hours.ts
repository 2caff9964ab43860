import { z } from 'zod';
import { DEFAULT_WAIT_TIME_MINUTES, SOLD_OUT_MAX_ITEMS } from '../constants.ts';
import { MAX_FILL_SLOTS, slotFillSchema } from '../kitchen/capacity.ts';
import { calendarDate, id, instant, text, TEXT_MAX, timeOfDay, weekday } from './primitives.ts';

/**
 * One row of GET /api/retailer/get-trading-hours. A day may have several rows (split shifts).
 * A service is closed in a row when its start or end is null. An end not after its start
 * crosses midnight into the next day.
 */
export const tradingHourEntrySchema = z.object({
  day: weekday,
  openingTimeStart: timeOfDay.nullable().default(null),
  openingTimeEnd: timeOfDay.nullable().default(null),
  deliveryTimeStart: timeOfDay.nullable().default(null),
  deliveryTimeEnd: timeOfDay.nullable().default(null),
});

/** Split shifts one day may have: lunch, dinner and room to spare, as the console's hours editor offers. */
export const MAX_SHIFTS_PER_DAY = 4;
export const TRADING_HOURS_MAX_ROWS = 7 * MAX_SHIFTS_PER_DAY;
export const tradingHoursSchema = z
  .array(tradingHourEntrySchema)
  .max(TRADING_HOURS_MAX_ROWS, `expected at most ${TRADING_HOURS_MAX_ROWS} shifts`)
  .refine(
    (rows) => [0, 1, 2, 3, 4, 5, 6].every((day) => rows.filter((row) => row.day === day).length <= MAX_SHIFTS_PER_DAY),
    `expected at most ${MAX_SHIFTS_PER_DAY} shifts a day`,
  );

/** One row of GET /api/retailer/get-closed-dates: closed from dateStart 00:00 to dateEnd at timeEnd. */
export const closedDateSchema = z
  .object({
    dateStart: calendarDate,
    dateEnd: calendarDate,
    timeEnd: timeOfDay.default('23:59'),
    justDeliveryDisabled: z.boolean().default(false),
    reason: text(TEXT_MAX.line).default(''),
  })
  .refine((entry) => entry.dateEnd >= entry.dateStart, {
    message: 'dateEnd must not be before dateStart',
    path: ['dateEnd'],
  });
/** More closures than a shop plans ahead; the console lists at most these. */
export const CLOSED_DATES_MAX = 100;
export const closedDatesSchema = z
  .array(closedDateSchema)
  .max(CLOSED_DATES_MAX, `expected at most ${CLOSED_DATES_MAX} closed dates`);

/** One row of GET /api/products/get-group-hours. */
export const groupAvailabilityHoursSchema = z.object({
  productGroupId: id,
  day: weekday,
  timeFrom: timeOfDay,
  timeTo: timeOfDay,
});
export const groupHoursSchema = z.array(groupAvailabilityHoursSchema);

/**
 * Response of GET /api/retailer/get-clock-status. Wait times in minutes.
 *
 * The shop's own live switches (the operators' console) ride on it too, so the page that follows
 * the clock (the 60 s poll and the live clock-status message) follows them without another
 * message: a pause sets the spec's flags (pickup over capacity, delivery not allowed) and says
 * until when, so no order for later is taken for before it either; sold-out dishes and groups say
 * until when (the end of the retailer's trading day). Each is optional: an API or retailer system
 * that knows nothing of them answers the spec's fields alone.
 */
export const clockStatusSchema = z.object({
  retailerOnline: z.boolean(),
  liveDeliveryWaitTime: z.int().min(0).default(DEFAULT_WAIT_TIME_MINUTES),
  livePickupWaitTime: z.int().min(0).default(DEFAULT_WAIT_TIME_MINUTES),
  closedDateToday: z.boolean().default(false),
  livePickupOverCapacity: z.boolean().default(false),
  liveDeliveryOverCapacity: z.boolean().default(false),
  allowDelivery: z.boolean().default(true),
  pickupPausedUntil: instant.exactOptional(),
  deliveryPausedUntil: instant.exactOptional(),
  soldOutProductIds: z.array(id).max(SOLD_OUT_MAX_ITEMS).exactOptional(),
  soldOutProductGroupIds: z.array(id).max(SOLD_OUT_MAX_ITEMS).exactOptional(),
  soldOutUntil: instant.exactOptional(),
  /** The kitchen's counted pizzas per slot from now on, where the shop limits them (lib/kitchen/capacity.ts). */
  kitchenFill: z.array(slotFillSchema).max(MAX_FILL_SLOTS).exactOptional(),
  /** When the service closes, where the kitchen has no room for a pizza before then (so it is over capacity). */
  pickupKitchenFullUntil: instant.exactOptional(),
  deliveryKitchenFullUntil: instant.exactOptional(),
});

export type TradingHourEntry = z.infer<typeof tradingHourEntrySchema>;
export type ClosedDate = z.infer<typeof closedDateSchema>;
export type GroupAvailabilityHours = z.infer<typeof groupAvailabilityHoursSchema>;
export type ClockStatus = z.infer<typeof clockStatusSchema>;
