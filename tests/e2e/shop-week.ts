import { addDays, getDay } from 'date-fns';
import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';

const MELBOURNE = 'Australia/Melbourne';

/**
 * A weekday and time in Melbourne a whole week-cycle away from the server's real clock: the
 * latest one before `now` (`behind`) or the first after it (`ahead`), at least an hour off. Pages
 * get this as their clock so a journey keeps its weekday whatever day it runs, and proves that a
 * page whose clock disagrees with the server's still works.
 */
export function melbourneWeekTime(weekday: number, time: string, side: 'behind' | 'ahead', now = new Date()): Date {
  const today = formatInTimeZone(now, MELBOURNE, 'yyyy-MM-dd');
  const step = side === 'behind' ? -1 : 1;
  for (let offset = 0; Math.abs(offset) <= 8; offset += step) {
    const day = addDays(new Date(`${today}T12:00:00Z`), offset);
    if (getDay(day) !== weekday) continue;
    const candidate = fromZonedTime(`${day.toISOString().slice(0, 10)}T${time}:00`, MELBOURNE);
    const gap = (candidate.getTime() - now.getTime()) * step;
    if (gap >= 60 * 60_000) return candidate;
  }
  throw new Error(`no ${side} weekday ${weekday} found near ${now.toISOString()}`);
}
