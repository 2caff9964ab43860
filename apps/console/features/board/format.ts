import type { OrderAction } from './board.ts';
import type { BoardOrder, BoardOrderState } from '../../../../lib/api/staff-contract.ts';
import { STAGE_TEXT } from '../../../../lib/kitchen/kitchen-flow.ts';
import { shopClockText } from '../../../../lib/kitchen/ticket-times.ts';
import type { ShopZone } from '../../../../lib/time/shop-zone.ts';
import { $shopZone } from '../../shell/shop-zone.ts';

/**
 * How the board and the kitchen ticket word an order. Times are on the shop's clock, whatever the
 * device's zone, with the storefront's words ("8:15 pm", "midnight"), so the board's "Due" is the
 * time the customer was told.
 */

/** "6:30 pm"; with the day ("Fri 27 Nov, 6:30 pm") when it is not the shop's today. */
export function formatClock(iso: string, now: Date, zone: ShopZone = $shopZone.get()): string {
  return shopClockText(iso, now, zone);
}

/** "ASAP" for an order wanted as soon as possible, else when it is due. */
export function dueText(order: Pick<BoardOrder, 'dueAt'>, now: Date, zone: ShopZone = $shopZone.get()): string {
  return order.dueAt === null ? 'ASAP' : formatClock(order.dueAt, now, zone);
}

export const ORDER_TYPE_TEXT: Readonly<Record<BoardOrder['orderType'], string>> = {
  delivery: 'Delivery',
  pickup: 'Pickup',
};

export const STATE_TEXT: Readonly<Record<BoardOrderState, string>> = STAGE_TEXT;

export const ACTION_TEXT: Readonly<Record<OrderAction, { saving: string; failed: string }>> = {
  bump: { saving: 'Saving…', failed: 'Could not move this order on' },
  undo: { saving: 'Undoing…', failed: 'Could not undo the last step' },
};

export { paymentText } from '../../../../lib/kitchen/kitchen-ticket.ts';

/** "Late 5 min", "Due in 12 min", "Due now": how far the order is from the time promised or asked for. */
export function urgencyText(minutesLeft: number): string {
  if (minutesLeft < 0) return `Late ${-minutesLeft} min`;
  return minutesLeft === 0 ? 'Due now' : `Due in ${minutesLeft} min`;
}
