import type { OrderAction } from './board.ts';
import type { BoardOrder, BoardOrderState } from '../../../../lib/api/staff-contract.ts';
import { formatTime } from '../../../../lib/time/format.ts';
import { retailerWallClock } from '../../../../lib/time/retailer-clock.ts';
import type { ShopZone } from '../../../../lib/time/shop-zone.ts';
import { $shopZone } from '../../shell/shop-zone.ts';

/**
 * How the board and the kitchen ticket word an order. Times are on the shop's clock, whatever the
 * device's zone, with the storefront's words ("8:15 pm", "midnight"), so the board's "Due" is the
 * time the customer was told.
 */

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** "6:30 pm"; with the day ("Fri 27 Nov, 6:30 pm") when it is not the shop's today. */
export function formatClock(iso: string, now: Date, zone: ShopZone = $shopZone.get()): string {
  const at = retailerWallClock(new Date(iso), zone);
  const time = formatTime(at.minutes);
  if (at.date === retailerWallClock(now, zone).date) return time;
  const [, month, day] = at.date.split('-').map(Number);
  return `${WEEKDAYS[at.weekday]} ${day} ${MONTHS[(month ?? 1) - 1]}, ${time}`;
}

/** "ASAP" for an order wanted as soon as possible, else when it is due. */
export function dueText(order: Pick<BoardOrder, 'dueAt'>, now: Date, zone: ShopZone = $shopZone.get()): string {
  return order.dueAt === null ? 'ASAP' : formatClock(order.dueAt, now, zone);
}

export const ORDER_TYPE_TEXT: Readonly<Record<BoardOrder['orderType'], string>> = {
  delivery: 'Delivery',
  pickup: 'Pickup',
};

export const STATE_TEXT: Readonly<Record<BoardOrderState, string>> = { new: 'New', taken: 'Taken', ready: 'Ready' };

export const ACTION_TEXT: Readonly<Record<OrderAction, { label: string; saving: string; failed: string }>> = {
  take: { label: 'Take', saving: 'Taking…', failed: 'Could not take this order' },
  ready: { label: 'Ready', saving: 'Marking ready…', failed: 'Could not mark this order ready' },
};

/** "cash" → "Cash", "card-on-delivery" → "Card on delivery"; the API's word, made readable. */
export function paymentText(method: string): string {
  const words = method.trim().replace(/[-_]+/g, ' ');
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Not given';
}
