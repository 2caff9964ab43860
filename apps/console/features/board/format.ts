import type { OrderAction } from './board.ts';
import type { BoardOrder, BoardOrderState } from '../../../../lib/api/staff-contract.ts';
import { STAGE_TEXT, ticketPrintsAt } from '../../../../lib/kitchen/kitchen-flow.ts';
import { promoSavingText, tipAmountText } from '../../../../lib/kitchen/kitchen-ticket.ts';
import { shopClockText } from '../../../../lib/kitchen/ticket-times.ts';
import type { ShopZone } from '../../../../lib/time/shop-zone.ts';
import { $shopZone } from '../../shell/shop-zone.ts';
import { formatMoney } from '../../../../lib/pricing/money.ts';

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

export { serviceNames as ORDER_TYPE_TEXT } from '../../../../lib/time/schedule.ts';

export const STATE_TEXT: Readonly<Record<BoardOrderState, string>> = STAGE_TEXT;

/** What Decline asks before it acts: it cannot be undone, and an order paid online is given its money back. */
export function declineQuestion(order: Pick<BoardOrder, 'orderNumber' | 'paymentMethod' | 'totalCents'>): string {
  const refund =
    order.paymentMethod === 'online' ? ` Their online payment of ${formatMoney(order.totalCents)} is refunded.` : '';
  return `Decline order ${order.orderNumber}? The customer is told at once.${refund} This cannot be undone.`;
}

/** What the board says once an order is declined, with the refund the payment provider made. */
export function declinedText(orderNumber: number, refund: { cents: number } | null): string {
  return refund === null
    ? `Order ${orderNumber} declined. The customer has been told.`
    : `Order ${orderNumber} declined, and ${formatMoney(refund.cents)} refunded to the customer's card.`;
}

export const ACTION_TEXT: Readonly<Record<OrderAction, { saving: string; failed: string }>> = {
  bump: { saving: 'Saving…', failed: 'Could not move this order on' },
  undo: { saving: 'Undoing…', failed: 'Could not undo the last step' },
};

export { paymentText, promoText, tipText } from '../../../../lib/kitchen/kitchen-ticket.ts';

/**
 * The money on the new-order alert, kept short: the total, and the card's "Tip $6.20" and
 * "Promo SAVE5 −$5.00" when the order has them, without the card's detail. Apart, so a narrow
 * screen breaks the line between them and never inside one.
 */
export function alertMoneyParts(
  order: Pick<BoardOrder, 'totalCents' | 'tipCents' | 'promoCode' | 'promoSavingCents'>,
): string[] {
  return [formatMoney(order.totalCents), tipAmountText(order), promoSavingText(order)].filter((part) => part !== null);
}

/**
 * What the new-order alert says of an order auto-accept took: cooking with its tickets printed, or,
 * for an order for later, when it starts, which is when its tickets print (the board's "Start").
 */
export function autoAcceptedText(
  order: Pick<BoardOrder, 'orderNumber' | 'placedAt' | 'dueAt' | 'promisedAt'>,
  preparationMinutes: number,
  now: Date,
  zone: ShopZone = $shopZone.get(),
): string {
  const printsAt = ticketPrintsAt(order, preparationMinutes, now);
  return printsAt === null
    ? 'Accepted by auto-accept: it is cooking, tickets printed.'
    : `Accepted by auto-accept: start ${formatClock(printsAt.toISOString(), now, zone)}, tickets print then.`;
}

/** "Late 5 min", "Due in 12 min", "Due now": how far the order is from the time promised or asked for. */
export function urgencyText(minutesLeft: number): string {
  if (minutesLeft < 0) return `Late ${-minutesLeft} min`;
  return minutesLeft === 0 ? 'Due now' : `Due in ${minutesLeft} min`;
}
