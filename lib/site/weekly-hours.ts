import type { TradingHourEntry } from '../tenant/index.ts';
import { weekdayNames, weekOrder } from '../time/format.ts';

export interface WeeklyHoursRow {
  day: number;
  dayName: string;
  pickup: { from: string; to: string }[];
  delivery: { from: string; to: string }[];
}

/** Trading hours as a week table starting Monday, shifts in start order; a day without shifts has empty lists. */
export function weeklyHours(entries: readonly TradingHourEntry[]): WeeklyHoursRow[] {
  const shifts = (
    day: number,
    start: 'openingTimeStart' | 'deliveryTimeStart',
    end: 'openingTimeEnd' | 'deliveryTimeEnd',
  ) =>
    entries
      .filter((entry) => entry.day === day && entry[start] !== null && entry[end] !== null)
      .map((entry) => ({ from: entry[start] ?? '', to: entry[end] ?? '' }))
      .sort((a, b) => a.from.localeCompare(b.from));
  return weekOrder.map((day) => ({
    day,
    dayName: weekdayNames[day],
    pickup: shifts(day, 'openingTimeStart', 'openingTimeEnd'),
    delivery: shifts(day, 'deliveryTimeStart', 'deliveryTimeEnd'),
  }));
}
