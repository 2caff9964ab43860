import type { OrderAction } from './board.ts';
import type { BoardOrder, BoardOrderState } from '../../../../lib/api/staff-contract.ts';
import { STAGE_TEXT } from '../../../../lib/kitchen/kitchen-flow.ts';

/**
 * How the board and the kitchen ticket word an order. Times are the device's own clock: the
 * console runs on a tablet or phone in the shop, so its time zone is the shop's.
 */

const LOCALE = 'en-AU';
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(kind: 'time' | 'day', timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${kind}|${timeZone ?? ''}`;
  let made = formatters.get(key);
  if (!made) {
    const options: Intl.DateTimeFormatOptions =
      kind === 'time'
        ? { hour: 'numeric', minute: '2-digit', hour12: true }
        : { weekday: 'short', day: 'numeric', month: 'short' };
    made = new Intl.DateTimeFormat(LOCALE, timeZone ? { ...options, timeZone } : options);
    formatters.set(key, made);
  }
  return made;
}

/** "6:30 pm"; with the day ("Fri 27 Nov, 6:30 pm") when it is not today. */
export function formatClock(iso: string, now: Date, timeZone?: string): string {
  const at = new Date(iso);
  const time = formatter('time', timeZone).format(at).replace(/\s+/g, ' ').toLowerCase();
  const day = formatter('day', timeZone);
  return day.format(at) === day.format(now) ? time : `${day.format(at).replace(/,/g, '')}, ${time}`;
}

/** "ASAP" for an order wanted as soon as possible, else when it is due. */
export function dueText(order: Pick<BoardOrder, 'dueAt'>, now: Date, timeZone?: string): string {
  return order.dueAt === null ? 'ASAP' : formatClock(order.dueAt, now, timeZone);
}

export const ORDER_TYPE_TEXT: Readonly<Record<BoardOrder['orderType'], string>> = {
  delivery: 'Delivery',
  pickup: 'Pickup',
};

export const STATE_TEXT: Readonly<Record<BoardOrderState, string>> = STAGE_TEXT;

export const ACTION_TEXT: Readonly<Record<OrderAction, { label: string; saving: string; failed: string }>> = {
  take: { label: 'Take', saving: 'Taking…', failed: 'Could not take this order' },
  ready: { label: 'Ready', saving: 'Marking ready…', failed: 'Could not mark this order ready' },
};

/** "cash" → "Cash", "card-on-delivery" → "Card on delivery"; the API's word, made readable. */
export function paymentText(method: string): string {
  const words = method.trim().replace(/[-_]+/g, ' ');
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Not given';
}
