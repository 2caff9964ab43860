import { formatTime } from '../time/format.ts';
import { retailerWallClock } from '../time/retailer-clock.ts';
import type { ShopZone } from '../time/shop-zone.ts';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * "6:30 pm"; with the day ("Fri 27 Nov, 6:30 pm") when it is not the shop's today. On the shop's
 * clock, so the board, its printed ticket and the kitchen printers (run by a server on UTC) agree.
 */
export function shopClockText(iso: string, now: Date, zone: ShopZone): string {
  const at = retailerWallClock(new Date(iso), zone);
  const time = formatTime(at.minutes);
  if (at.date === retailerWallClock(now, zone).date) return time;
  const [, month, day] = at.date.split('-').map(Number);
  return `${WEEKDAYS[at.weekday]} ${day} ${MONTHS[(month ?? 1) - 1]}, ${time}`;
}
