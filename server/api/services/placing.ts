import { messages } from '../../../lib/api/contract.ts';
import { checkPlacement, type PlacedPromo, type PlacedTip, type PlacementInput } from '../../../lib/cart/checkout.ts';
import { findPromoCode } from '../../../lib/cart/promo.ts';
import type { TipChoice } from '../../../lib/cart/tip.ts';
import { deliveryTermsFor } from '../../../lib/cart/delivery-quote.ts';
import { placedDeals, placementDueAt } from '../../../lib/cart/placed-order.ts';
import type { CheckoutContact } from '../../../lib/cart/checkout.ts';
import type { Placement } from '../../../lib/cart/placement.ts';
import type { OrderPayload } from '../../../lib/cart/schemas.ts';
import { isDeepStrictEqual } from 'node:util';
import type { Catalogue } from '../../../lib/pricing/catalogue.ts';
import type { CartTotals } from '../../../lib/pricing/totals.ts';
import { toDollars } from '../../../lib/pricing/money.ts';
import {
  capacityRefusal,
  countedGroupIds,
  countedItems,
  earliestWithRoom,
  asapSpan,
  closesWithinAsapSpan,
  hasLimits,
  NO_CAPACITY_LIMITS,
  slotStartMs,
  type CountedLine,
} from '../../../lib/kitchen/capacity.ts';
import type { ClockStatus } from '../../../lib/tenant/index.ts';
import { SLOT_STEP_MINUTES } from '../../../lib/constants.ts';
import { currentOpening } from '../../../lib/time/open-windows.ts';
import { kitchenFullUntilClosingRefusal } from '../../../lib/time/order-time-reasons.ts';
import { MINUTE_MS } from '../../../lib/time/retailer-clock.ts';
import { shopZone } from '../../../lib/time/shop-zone.ts';
import type { OrderStore, StoredOrder } from '../store/orders.ts';
import type { PendingPlacement } from '../store/payments.ts';
import type { Stores } from '../store/stores.ts';
import { priceOrder } from './order-pricing.ts';
import { ApiProblem } from './problems.ts';
import { paymentHoldSince } from './stripe-gateway.ts';
import type { ServedTenant } from './tenants.ts';

/** The checks and pricing both ways of placing share: place-order (paid at the door) and pay-online. */

export function assertSameRetailer(payload: OrderPayload, { tenant }: ServedTenant): void {
  const { retailerId } = tenant.config;
  if (payload.retailerId !== retailerId) {
    const message = `retailerId ${payload.retailerId} is not the retailer of this site (${retailerId})`;
    throw new ApiProblem(400, `Invalid request body: ${message}`, { issues: [{ path: 'retailerId', message }] });
  }
}

/**
 * Product groups are named by the menu; the stored line takes the group of its product, so an
 * unknown one is not a stale cart but a made-up body, refused like any other bad field.
 */
export function assertKnownGroups(payload: OrderPayload, catalogue: Catalogue, prefix = ''): void {
  payload.products.forEach((product, index) => {
    const halves: [string, number][] = [[`products.${index}.productGroupId`, product.productGroupId]];
    if (product.secondHalf)
      halves.push([`products.${index}.secondHalf.productGroupId`, product.secondHalf.productGroupId]);
    for (const [path, groupId] of halves) {
      if (catalogue.groups.has(groupId)) continue;
      const message = `productGroupId ${groupId} is not a product group of this menu`;
      throw new ApiProblem(400, `Invalid request body: ${prefix}${path}: ${message}`, {
        issues: [{ path: `${prefix}${path}`, message }],
      });
    }
  });
}

/**
 * A placed order is the kitchen's: no write of the customer's may change it, nor one of an order
 * whose cart is on the payment provider's page (what is paid must be what is placed), and a write
 * older than the revision the order holds (a request delayed on the network) must not roll it back.
 */
export async function assertWritable(
  stores: Pick<Stores, 'payments'>,
  order: StoredOrder,
  revision: number,
): Promise<void> {
  if (order.placed) throw new ApiProblem(409, messages.orderPlaced);
  if (await stores.payments.awaitingCheckout(order.orderId)) throw new ApiProblem(409, messages.orderAwaitingPayment);
  if (revision < order.revision) throw new ApiProblem(409, messages.staleOrder);
}

/** A cart line belongs to one order; sending it for another is a stale or confused client, or someone probing for orders. */
export async function assertLinesFree(
  orders: OrderStore,
  retailerId: number,
  uuids: readonly string[],
  order: StoredOrder | undefined,
): Promise<void> {
  const other = (await orders.ownersOf(retailerId, uuids)).find((owner) => owner.orderId !== order?.orderId);
  if (other)
    throw new ApiProblem(409, 'A cart line of this order already belongs to another order. Please refresh the page.');
}

export type PlacingBody = Omit<PlacementInput, 'expectedTotal' | 'payload' | 'tip' | 'expectedTip' | 'promo'> & {
  order: PlacementInput['payload'] & { revision: number };
  contact: CheckoutContact;
  expectedTotal: number;
  tip: TipChoice;
  expectedTip: number;
  promoCode: string | null;
};

/**
 * Whether a second place-order for a placed order is the first one retried (its answer lost): it
 * sends the details the order was placed with. Anyone else holds no more than the order id, and
 * the answer (placement and a new receipt) would hand them those details.
 */
export function sameCustomerDetails(
  placed: Pick<Placement, 'contact' | 'delivery' | 'orderNotes'>,
  body: Pick<PlacingBody, 'contact' | 'delivery'> & { order: { extraOrderNotes: string } },
): boolean {
  const { delivery } = placed;
  const sameAddress =
    delivery === null ||
    (body.delivery?.street === delivery.street &&
      body.delivery.suburbId === delivery.suburbId &&
      body.delivery.instructions === delivery.instructions);
  return (
    isDeepStrictEqual(placed.contact, body.contact) && placed.orderNotes === body.order.extraOrderNotes && sameAddress
  );
}

/** The terms of the code the customer typed (undefined when the shop has none such) and its uses so far. */
export async function promoTerms(
  stores: Pick<Stores, 'promoCodes'>,
  retailerId: number,
  typed: string,
  customer: CheckoutContact | null,
): Promise<NonNullable<PlacementInput['promo']>> {
  const terms = findPromoCode(await stores.promoCodes.list(retailerId), typed);
  if (!terms) return { terms };
  return { terms, ...(await stores.promoCodes.uses(retailerId, terms.code, customer)) };
}

/** The pizzas an order's lines count in the kitchen's slot, by the shop's capacity setting (none when it has no limits). */
export function slotItemsOf(served: ServedTenant, lines: readonly CountedLine[]): number {
  const capacity = served.tenant.config.retailerInfo.kitchenCapacity ?? NO_CAPACITY_LIMITS;
  if (!hasLimits(capacity)) return 0;
  return countedItems(lines, countedGroupIds(capacity, served.catalogue.groups.values()));
}

function kitchenFull(message: string): ApiProblem {
  return new ApiProblem(422, message, { issues: [{ path: 'orderTime', message }] });
}

/**
 * When the order is due, with the kitchen's capacity applied: an order for later whose slot it
 * would overfill is refused; one for as soon as possible is promised the first time with room.
 * Reads the fill in the retailer's write transaction, so two orders cannot both take the last room.
 */
async function kitchenDueAt(
  orders: Pick<OrderStore, 'slotFills'>,
  served: ServedTenant,
  timing: Pick<Placement, 'isPickup' | 'orderForLater' | 'orderForLaterRequestDateTime'>,
  slotItems: number,
  clock: ClockStatus,
  now: Date,
): Promise<string> {
  const dueAt = placementDueAt(timing, clock, now);
  const { retailerInfo, retailerId } = served.tenant.config;
  const capacity = retailerInfo.kitchenCapacity;
  if (!hasLimits(capacity) || slotItems === 0) return dueAt;
  const zone = shopZone(retailerInfo);
  const service = timing.isPickup ? 'pickup' : 'delivery';
  const due = new Date(dueAt);
  if (timing.orderForLater) {
    const slot = slotStartMs(due);
    const fills = await orders.slotFills(
      retailerId,
      new Date(slot),
      new Date(slot + SLOT_STEP_MINUTES * MINUTE_MS),
      paymentHoldSince(now),
    );
    const refused = capacityRefusal(capacity, fills, due, service, slotItems, zone);
    if (refused !== null) throw kitchenFull(refused);
    return dueAt;
  }
  const span = asapSpan(due);
  const fills = await orders.slotFills(retailerId, new Date(span.fromMs), new Date(span.toMs), paymentHoldSince(now));
  const schedule = { tradingHours: served.tenant.tradingHours, closedDates: served.tenant.closedDates, retailerInfo };
  const closesAt = currentOpening(schedule, service, now)?.end ?? null;
  const ready = earliestWithRoom(capacity, fills, due, service, slotItems, zone, closesAt);
  if (ready !== null) return ready.toISOString();
  throw kitchenFull(
    capacityRefusal(capacity, [], due, service, slotItems, zone) ??
      (closesWithinAsapSpan(due, closesAt)
        ? kitchenFullUntilClosingRefusal(closesAt, zone).reason
        : 'The kitchen is full for the next few hours. Please choose a later time.'),
  );
}

/**
 * Checks the order as the customer confirmed it (prices, specials, suburb, minimum, time, total
 * shown), stores its lines at the server's prices and answers its placement, still without the
 * order number the kitchen gives it. Runs inside the retailer's write transaction.
 */
export async function readyToPlace(
  stores: Stores,
  served: ServedTenant,
  body: PlacingBody,
  order: StoredOrder,
  clock: ClockStatus,
  now: Date,
): Promise<{
  placement: PendingPlacement;
  totals: CartTotals;
  tip: PlacedTip;
  promo: PlacedPromo | null;
  totalCents: number;
  slotItems: number;
}> {
  const { tenant, catalogue } = served;
  // Placing an older cart than the one the order holds would place what the customer no longer has.
  await assertWritable(stores, order, body.order.revision);
  await assertLinesFree(
    stores.orders,
    tenant.config.retailerId,
    body.order.products.map((product) => product.uuid),
    order,
  );
  const { retailerId } = tenant.config;
  // Read in the write transaction, so the last use of a capped code goes to one order only.
  const promo =
    body.promoCode === null ? undefined : await promoTerms(stores, retailerId, body.promoCode, body.contact);
  const checked = checkPlacement(
    {
      payload: body.order,
      paymentMethod: body.paymentMethod,
      delivery: body.delivery,
      expectedTotal: body.expectedTotal,
      tip: body.tip,
      expectedTip: body.expectedTip,
      promo,
      ...(body.onlineOffered === undefined ? {} : { onlineOffered: body.onlineOffered }),
    },
    tenant,
    catalogue,
    now,
    clock,
  );
  if (!checked.ok)
    throw new ApiProblem(422, checked.message, { issues: [{ path: checked.field, message: checked.message }] });
  const { totals, tip, suburb, totalCents } = checked;
  if (checked.promo) await stores.promoCodes.use(retailerId, checked.promo.code, order.orderId, body.contact, now);
  const terms = suburb ? deliveryTermsFor(tenant, suburb.suburbId) : null;
  await stores.orders.update(
    order,
    priceOrder(body.order, catalogue, tenant, now, terms ?? undefined),
    body.order.revision,
    now,
  );
  const timing = {
    isPickup: body.order.isPickup,
    orderForLater: body.order.orderForLater,
    orderForLaterRequestDateTime: body.order.orderForLater ? body.order.orderForLaterRequestDateTime : null,
  };
  const slotItems = slotItemsOf(served, body.order.products);
  return {
    totals,
    tip,
    promo: checked.promo,
    totalCents,
    slotItems,
    placement: {
      placedAt: now.toISOString(),
      dueAt: await kitchenDueAt(stores.orders, served, timing, slotItems, clock, now),
      ...timing,
      contact: body.contact,
      delivery:
        body.delivery && suburb ? { ...body.delivery, suburbName: suburb.name, postcode: suburb.postcode } : null,
      paymentMethod: body.paymentMethod,
      orderNotes: body.order.extraOrderNotes,
      subTotal: toDollars(totals.subtotal),
      discountTotal: toDollars(totals.discount),
      deals: placedDeals(totals),
      deliveryFee: toDollars(totals.deliveryFee),
      promoCode: checked.promo?.code ?? null,
      promoSaving: toDollars(checked.promo?.cents ?? 0),
      total: toDollars(totalCents),
      tip: toDollars(tip.cents),
      tipPercent: tip.percent,
    },
  };
}
