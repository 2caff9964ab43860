import { formatMoney, toCents, toDollars } from '../pricing/money.ts';
import type { CartTotals } from '../pricing/totals.ts';
import { customerStageText, kitchenStages, type KitchenStage } from '../kitchen/kitchen-flow.ts';
import { canRunLate } from '../kitchen/running-late.ts';
import type { OrderStatusMessage } from '../live/messages.ts';
import type { ClockStatus } from '../tenant/index.ts';
import { formatOrderTime, formatTime } from '../time/format.ts';
import { MINUTE_MS, retailerWallClock } from '../time/retailer-clock.ts';
import { paymentMethodLabels } from './checkout.ts';
import { describeLine, lineTitle } from './describe-line.ts';
import { RECEIPT_DAYS } from './order-receipt.ts';
import type { OrderAnswer, Placement, PlacementDetails, PlacementSummary } from './placement.ts';
import { promoLabel } from './promo.ts';
import { tipLabel } from './tip.ts';
import type { ShopZone } from '../time/shop-zone.ts';

/** The deals of a priced order as its placement records them, in dollars. */
export function placedDeals(totals: Pick<CartTotals, 'appliedSpecials'>): Placement['deals'] {
  return totals.appliedSpecials.map((use) => ({ name: use.name, discount: toDollars(use.discountCents) }));
}

/** When a placed order should be ready: the time the customer asked for, else now plus the chosen service's live wait. */
export function placementDueAt(
  order: Pick<Placement, 'isPickup' | 'orderForLater' | 'orderForLaterRequestDateTime'>,
  clock: Pick<ClockStatus, 'livePickupWaitTime' | 'liveDeliveryWaitTime'>,
  now: Date,
): string {
  if (order.orderForLater && order.orderForLaterRequestDateTime)
    return new Date(order.orderForLaterRequestDateTime).toISOString();
  const waitMinutes = order.isPickup ? clock.livePickupWaitTime : clock.liveDeliveryWaitTime;
  return new Date(now.getTime() + waitMinutes * MINUTE_MS).toISOString();
}

/** Where a delivery goes, on one line: "1 Collins St, Melbourne 3000". */
export function deliveryAddressLine(delivery: NonNullable<PlacementDetails['delivery']>): string {
  return `${delivery.street}, ${delivery.suburbName} ${delivery.postcode}`;
}

/**
 * A newer answer about the same order, never moving it back: once the kitchen has taken it (the
 * live message said so), a poll answered before that cannot undo it.
 */
export function laterOrderAnswer(previous: OrderAnswer | null, next: OrderAnswer): OrderAnswer {
  const processed = previous?.orderProcessed && !next.orderProcessed ? { ...next, orderProcessed: true } : next;
  // Likewise its stage: an undo reaches the page as a live message (withKitchenNews), which says where it is.
  const staged =
    previous && stageRank(previous.kitchenStage) > stageRank(processed.kitchenStage)
      ? { ...processed, kitchenStage: previous.kitchenStage }
      : processed;
  // And the kitchen's later time: it only ever moves out.
  const late = laterInstant(previous?.runningLateUntil ?? null, staged.runningLateUntil);
  const timed = late === staged.runningLateUntil ? staged : { ...staged, runningLateUntil: late };
  // And a refund, once seen, is never taken back by an answer that left before it.
  return previous?.payment?.refunded && timed.payment && !timed.payment.refunded
    ? { ...timed, payment: { ...timed.payment, refunded: true } }
    : timed;
}

function laterInstant(a: string | null, b: string | null): string | null {
  if (a === null || b === null) return a ?? b;
  return Date.parse(a) > Date.parse(b) ? a : b;
}

const stageRank = (stage: KitchenStage) => kitchenStages.indexOf(stage);

/** The order with the kitchen's news from a live message applied. */
export function withOrderProcessed(order: OrderAnswer, orderProcessed: boolean): OrderAnswer {
  return orderProcessed && !order.orderProcessed ? { ...order, orderProcessed: true } : order;
}

/** The order with a live message applied: a stage, when the message has one, is where the kitchen has it now, undo included. */
export function withKitchenNews(order: OrderAnswer, news: OrderStatusMessage): OrderAnswer {
  const processed = withOrderProcessed(order, news.orderProcessed);
  const staged = news.kitchenStage === undefined ? processed : { ...processed, kitchenStage: news.kitchenStage };
  return news.runningLateUntil === undefined
    ? staged
    : { ...staged, runningLateUntil: laterInstant(staged.runningLateUntil, news.runningLateUntil) };
}

export interface ConfirmationLine {
  key: string;
  title: string;
  details: string;
  price: string;
}

export interface ConfirmationTotal {
  label: string;
  amount: string;
  kind: 'plain' | 'discount' | 'tip' | 'total';
}

/** What the confirmation page shows of a placed order, in the customer's words. */
export interface ConfirmationView {
  orderNumber: string;
  status: 'received' | 'preparing';
  /** Where the kitchen has it: the page follows it until collected or delivered. */
  stage: KitchenStage;
  statusTitle: string;
  statusText: string;
  /** The progress's second step: "Preparing", or "Accepted" for an order for later the kitchen took before its time. */
  secondStep: 'Preparing' | 'Accepted';
  /** "The kitchen is running late: now about 8:10 pm", while it is still making the order; null otherwise. */
  late: string | null;
  service: 'Pickup' | 'Delivery';
  when: { label: string; text: string };
  /** Null for a delivery whose address is withheld. */
  place: { label: string; lines: string[]; instructions: string | null } | null;
  notes: string | null;
  /** Null when the customer's details are withheld; `withheld` then says how to see them. */
  contact: string | null;
  withheld: string | null;
  payment: string;
  lines: ConfirmationLine[];
  totals: ConfirmationTotal[];
  /** How the tip is paid: charged with an order paid online, else noted to pay on collection; null without a tip. */
  tipNote: string | null;
}

export interface ConfirmationShop {
  name: string;
  address: string;
}

/** "about 7:45 pm" on the shop's clock, with the day when it is another one than `now`'s. */
function aboutTime(due: Date, now: Date, zone: ShopZone): string {
  const sameDay = retailerWallClock(due, zone).date === retailerWallClock(now, zone).date;
  return `about ${sameDay ? formatTime(retailerWallClock(due, zone).minutes) : formatOrderTime(due, now, zone)}`;
}

/** "As soon as possible, about 7:45 pm" for an order placed to be made now; the day too when it is due on another one. */
function asapText(dueAt: string | null, now: Date, zone: ShopZone): string {
  if (dueAt === null) return 'As soon as possible';
  return `As soon as possible, ${aboutTime(new Date(dueAt), now, zone)}`;
}

/**
 * What checkout and the cart promise before placing, in the confirmation page's words and by the
 * rule place-order records (`placementDueAt`): "Ready for pickup about 7:45 pm", "Delivery today,
 * Fri 27 Nov at 6:00 pm". `time` alone is what the confirmation shows after "As soon as possible, ".
 */
export function promisedTime(
  order: Pick<Placement, 'isPickup' | 'orderForLater' | 'orderForLaterRequestDateTime'>,
  clock: Pick<ClockStatus, 'livePickupWaitTime' | 'liveDeliveryWaitTime'>,
  now: Date,
  zone: ShopZone,
): { label: 'Ready for pickup' | 'Delivery'; time: string; sentence: string } {
  const label = order.isPickup ? 'Ready for pickup' : 'Delivery';
  const due = new Date(placementDueAt(order, clock, now));
  const time =
    order.orderForLater && order.orderForLaterRequestDateTime
      ? formatOrderTime(due, now, zone)
      : aboutTime(due, now, zone);
  return { label, time, sentence: `${label} ${time}` };
}

/** The kitchen's later time in the customer's words, with the day when it is not today. */
function lateText(order: OrderAnswer, now: Date, zone: ShopZone): string | null {
  if (order.runningLateUntil === null || !canRunLate(order.kitchenStage)) return null;
  const until = new Date(order.runningLateUntil);
  const sameDay = retailerWallClock(until, zone).date === retailerWallClock(now, zone).date;
  const time = sameDay ? formatTime(retailerWallClock(until, zone).minutes) : formatOrderTime(until, now, zone);
  return `The kitchen is running late: now about ${time}`;
}

/** How to see withheld details: the account's session for an order of a customer, else the receipt only the ordering browser holds. */
function withheldText(order: OrderAnswer, placement: PlacementSummary): string {
  const what = placement.isPickup
    ? 'Your contact details and notes'
    : 'Your contact details, delivery address and notes';
  if (order.loggedInCustId !== null)
    return `${what} are hidden to keep them private. Log in to the account you ordered with to see them.`;
  return `${what} are hidden to keep them private. They show only on the confirmation page opened when you ordered (its address holds the key), for ${RECEIPT_DAYS} days.`;
}

/**
 * The confirmation page's view of a placed order; `now` words the day ("today", "Friday") on the
 * retailer's clock. Without `details` (get-order withheld them) it shows the rest and says how to see them.
 */
export function confirmationView(
  order: OrderAnswer,
  placement: PlacementSummary,
  details: PlacementDetails | null,
  shop: ConfirmationShop,
  now: Date,
  zone: ShopZone,
): ConfirmationView {
  const preparing = order.orderProcessed;
  const stage = order.kitchenStage;
  // New and taken keep their own words (the customer's first name); later stages say where the order is.
  const stageWords =
    stage === 'new' || stage === 'taken' ? null : customerStageText(stage, placement.isPickup ? 'pickup' : 'delivery');
  const firstName = details?.contact.fullName.trim().split(/\s+/)[0] ?? '';
  const laterAt =
    placement.orderForLater && placement.orderForLaterRequestDateTime
      ? new Date(placement.orderForLaterRequestDateTime)
      : null;
  const whenText = laterAt ? formatOrderTime(laterAt, now, zone) : asapText(placement.dueAt, now, zone);
  // An order for later the kitchen (or auto-accept) took before its time is accepted, not yet
  // being prepared: taken days ahead, "Being prepared" was a promise nobody kept.
  const acceptedAhead = preparing && stageWords === null && laterAt !== null && laterAt.getTime() > now.getTime();
  const money = (dollars: number) => formatMoney(toCents(dollars));
  const delivery = details?.delivery ?? null;
  const pickupPlace = { label: 'Pickup from', lines: [shop.name, shop.address].filter(Boolean), instructions: null };
  return {
    orderNumber: `#${placement.orderNumber}`,
    status: preparing ? 'preparing' : 'received',
    stage,
    statusTitle: stageWords?.title ?? (acceptedAhead ? 'Accepted' : preparing ? 'Being prepared' : 'Order received'),
    statusText:
      stageWords?.text ??
      (acceptedAhead
        ? `The kitchen has accepted your order and will have it ${placement.isPickup ? 'ready' : 'with you'} ${whenText}.`
        : preparing
          ? 'The kitchen has your order and is preparing it.'
          : `Thanks${firstName ? `, ${firstName}` : ''}! We have your order and will start on it shortly.`),
    secondStep: acceptedAhead ? 'Accepted' : 'Preparing',
    late: lateText(order, now, zone),
    service: placement.isPickup ? 'Pickup' : 'Delivery',
    when: {
      // A declined order will not be ready: the time is only what the customer asked for.
      label:
        stage === 'declined'
          ? `Asked for ${placement.isPickup ? 'pickup' : 'delivery'}`
          : placement.isPickup
            ? 'Ready for pickup'
            : 'Delivery',
      // Worded as the order-time bar and the cart worded it when the customer chose it.
      text: whenText,
    },
    place: delivery
      ? { label: 'Deliver to', lines: [deliveryAddressLine(delivery)], instructions: delivery.instructions || null }
      : placement.isPickup
        ? pickupPlace
        : null,
    notes: !details || details.orderNotes.trim() === '' ? null : details.orderNotes,
    contact: details && `${details.contact.fullName} · ${details.contact.phoneNumber}`,
    withheld: details ? null : withheldText(order, placement),
    payment: paymentMethodLabels[placement.paymentMethod],
    lines: order.products.map((line) => ({
      key: line.uuid,
      title: `${line.quantity} × ${lineTitle(line)}`,
      details: describeLine(line).join(' · '),
      price: formatMoney(toCents(line.historicPrice) * line.quantity),
    })),
    totals: [
      { label: 'Subtotal', amount: money(placement.subTotal), kind: 'plain' },
      ...(placement.deals.length > 0
        ? placement.deals.map((deal) => ({
            label: deal.name,
            amount: `−${money(deal.discount)}`,
            kind: 'discount' as const,
          }))
        : placement.discountTotal > 0
          ? [{ label: 'Deals', amount: `−${money(placement.discountTotal)}`, kind: 'discount' as const }]
          : []),
      ...(placement.isPickup
        ? []
        : [{ label: 'Delivery fee', amount: money(placement.deliveryFee), kind: 'plain' as const }]),
      ...(placement.promoCode === null
        ? []
        : [
            {
              label: promoLabel(placement.promoCode),
              amount: `−${money(placement.promoSaving)}`,
              kind: 'discount' as const,
            },
          ]),
      ...tipTotals(placement, money),
    ],
    tipNote: tipNote(placement),
  };
}

/** The receipt's last lines: the total, or with a tip the order's total, the tip and what the customer pays in all. */
function tipTotals(placement: PlacementSummary, money: (dollars: number) => string): ConfirmationTotal[] {
  if (placement.tip === 0) return [{ label: 'Total', amount: money(placement.total), kind: 'total' }];
  const all = formatMoney(toCents(placement.total) + toCents(placement.tip));
  return [
    { label: 'Order total', amount: money(placement.total), kind: 'plain' },
    { label: tipLabel(placement.tipPercent), amount: money(placement.tip), kind: 'tip' },
    { label: placement.paymentMethod === 'online' ? 'Total paid' : 'Total to pay', amount: all, kind: 'total' },
  ];
}

function tipNote(placement: PlacementSummary): string | null {
  if (placement.tip === 0) return null;
  const tip = formatMoney(toCents(placement.tip));
  if (placement.paymentMethod === 'online') return `Your tip of ${tip} is charged with your order. Thank you!`;
  const where = placement.isPickup ? 'at the counter' : 'at the door';
  return `Your tip of ${tip} is noted: please pay it with your order ${where}. Thank you!`;
}
