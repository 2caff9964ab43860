import type { GroupAvailabilityHours } from '../tenant/index.ts';
import { formatHoursRange, weekdayNames, weekOrder } from '../time/format.ts';
import { MINUTES_PER_DAY } from '../time/retailer-clock.ts';
import { type GroupHoursSubject, groupWindowRows } from './group-availability.ts';
import { type SpecialHoursSubject, specialWindowRows } from './special-availability.ts';
import type { ParsedWindowRow } from './weekly-windows.ts';

/** One line per weekday with hours, e.g. "Monday - All day", "Friday - From 5:00 pm", "Sunday - 11:00 am - 3:00 pm". */
export function describeWindowRows(rows: readonly ParsedWindowRow[]): string[] {
  if (rows.length === 0) return ['Not available'];
  return weekOrder.flatMap((day) => {
    const ofDay = rows.filter((row) => row.day === day).sort((a, b) => a.start - b.start);
    if (ofDay.length === 0) return [];
    const ranges = ofDay.map((row) =>
      formatHoursRange(row.start, row.end > MINUTES_PER_DAY ? row.end - MINUTES_PER_DAY : row.end),
    );
    return [`${weekdayNames[day]} - ${ranges.join(', ')}`];
  });
}

export function describeSpecialHours(special: SpecialHoursSubject): string[] {
  return special.availableForAllHours
    ? ['Available during all opening hours']
    : describeWindowRows(specialWindowRows(special));
}

export function describeGroupHours(group: GroupHoursSubject, groupHours: readonly GroupAvailabilityHours[]): string[] {
  return group.availableForAllHours
    ? ['Available during all opening hours']
    : describeWindowRows(groupWindowRows(groupHours, group.productGroupId));
}
