import {
  type ClockStatus,
  type TradingHourEntry,
  clockStatusSchema,
  retailerInfoSchema,
  tradingHourEntrySchema,
} from '../tenant/index.ts';
import type { ClosedDateRule, ScheduleInput, ScheduleRetailerInfo } from './schedule.ts';

/** Shared by the time and menu tests: one pizza shop's week, read in Melbourne time. */

type Hours = [string | null, string | null];

export function hoursRow(day: number, pickup: Hours, delivery: Hours = [null, null]): TradingHourEntry {
  return tradingHourEntrySchema.parse({
    day,
    openingTimeStart: pickup[0],
    openingTimeEnd: pickup[1],
    deliveryTimeStart: delivery[0],
    deliveryTimeEnd: delivery[1],
  });
}

/**
 * Monday closed; Tuesday to Thursday lunch and dinner (delivery dinner only, ending 20:30);
 * Friday late (pickup to the day's end, delivery to 23:00); Saturday past midnight (pickup to
 * 02:00, delivery to 01:00); Sunday 12:00-21:00 (delivery to 20:00).
 */
export const weekHours: TradingHourEntry[] = [
  hoursRow(1, [null, null]),
  ...[2, 3, 4].flatMap((day) => [
    hoursRow(day, ['11:00', '14:00']),
    hoursRow(day, ['17:00', '21:00'], ['17:00', '20:30']),
  ]),
  hoursRow(5, ['11:00', '14:00']),
  hoursRow(5, ['17:00', '23:59'], ['17:00', '23:00']),
  hoursRow(6, ['17:00', '02:00'], ['17:00', '01:00']),
  hoursRow(0, ['12:00', '21:00'], ['12:00', '20:00']),
];

export function retailerInfo(overrides: Partial<ScheduleRetailerInfo> = {}): ScheduleRetailerInfo {
  return { ...retailerInfoSchema.parse({ name: 'Test Pizza' }), ...overrides };
}

export function clockStatus(overrides: Partial<ClockStatus> = {}): ClockStatus {
  return { ...clockStatusSchema.parse({ retailerOnline: true }), ...overrides };
}

export function closedDate(
  dateStart: string,
  dateEnd: string,
  timeEnd = '23:59',
  justDeliveryDisabled = false,
  reason = '',
): ClosedDateRule {
  return { dateStart, dateEnd, timeEnd, justDeliveryDisabled, reason };
}

export function schedule(
  overrides: Partial<ScheduleInput> & { info?: Partial<ScheduleRetailerInfo> } = {},
): ScheduleInput {
  const { info, ...rest } = overrides;
  return { tradingHours: weekHours, closedDates: [], retailerInfo: retailerInfo(info), ...rest };
}

/** An instant written as Melbourne standard time (AEST, +10:00), the zone of June. */
export function aest(wall: string): Date {
  return new Date(`${wall.replace(' ', 'T')}:00+10:00`);
}

/** An instant written as Melbourne summer time (AEDT, +11:00). */
export function aedt(wall: string): Date {
  return new Date(`${wall.replace(' ', 'T')}:00+11:00`);
}
