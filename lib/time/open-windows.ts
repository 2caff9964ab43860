import type { ClosedWindow, ScheduleInput, Service } from './schedule.ts';
import { closedWindowsFor, serviceOffered, shopZoneOf } from './schedule.ts';
import {
  ORDER_TIME_JOIN_MINUTES,
  type Shift,
  type ShiftMs,
  findCurrent,
  findNext,
  shiftsAround,
  shiftsOfDates,
  toShift,
} from './shifts.ts';

/** Cuts the closed stretches out of shifts; the pieces stay in time order, which slot generation walks once. */
export function withoutClosed(shifts: readonly ShiftMs[], closed: readonly ClosedWindow[]): ShiftMs[] {
  if (closed.length === 0) return [...shifts];
  const open: ShiftMs[] = [];
  for (const shift of shifts) {
    let pieces: ShiftMs[] = [shift];
    for (const span of closed) {
      pieces = pieces.flatMap((piece) => {
        if (span.end <= piece.start || span.start >= piece.end) return [piece];
        const kept: ShiftMs[] = [];
        if (span.start > piece.start) kept.push({ ...piece, end: span.start });
        if (span.end < piece.end) kept.push({ ...piece, start: span.end });
        return kept;
      });
    }
    open.push(...pieces);
  }
  return open;
}

/** When a service takes orders for a chosen time: its listed shifts minus its closed dates, nothing when the retailer does not offer it. */
export function openWindowsOfDates(
  input: ScheduleInput,
  service: Service,
  fromDate: string,
  toDate: string,
): ShiftMs[] {
  if (!serviceOffered(input.retailerInfo, service)) return [];
  const closed = closedWindowsFor(input.closedDates, service, shopZoneOf(input));
  return withoutClosed(shiftsOfDates(input, service, fromDate, toDate, ORDER_TIME_JOIN_MINUTES), closed);
}

export function openWindowsAround(input: ScheduleInput, service: Service, now: Date): ShiftMs[] {
  if (!serviceOffered(input.retailerInfo, service)) return [];
  const closed = closedWindowsFor(input.closedDates, service, shopZoneOf(input));
  return withoutClosed(shiftsAround(input, service, now), closed);
}

/** The open stretch of a service at `now`, closed dates and a disabled service taken into account. */
export function currentOpening(input: ScheduleInput, service: Service, now: Date): Shift | null {
  const span = findCurrent(openWindowsAround(input, service, now), now.getTime());
  return span ? toShift(span) : null;
}

/** When a service next opens after `now`, within the next 7 days. */
export function nextOpening(input: ScheduleInput, service: Service, now: Date): Shift | null {
  const span = findNext(openWindowsAround(input, service, now), now.getTime());
  return span ? toShift(span) : null;
}
