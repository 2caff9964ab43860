import { messages } from '../../../lib/api/contract.ts';
import { checkPlacement, type PlacementInput } from '../../../lib/cart/checkout.ts';
import { deliveryTermsFor } from '../../../lib/cart/delivery-quote.ts';
import { placedDeals, placementDueAt } from '../../../lib/cart/placed-order.ts';
import type { CheckoutContact } from '../../../lib/cart/checkout.ts';
import type { Placement } from '../../../lib/cart/placement.ts';
import type { OrderPayload } from '../../../lib/cart/schemas.ts';
import { isDeepStrictEqual } from 'node:util';
import type { Catalogue } from '../../../lib/pricing/catalogue.ts';
import type { CartTotals } from '../../../lib/pricing/totals.ts';
import { toDollars } from '../../../lib/pricing/money.ts';
import type { ClockStatus } from '../../../lib/tenant/index.ts';
import type { OrderStore, StoredOrder } from '../store/orders.ts';
import type { PendingPlacement } from '../store/payments.ts';
import type { Stores } from '../store/stores.ts';
import { priceOrder } from './order-pricing.ts';
import { ApiProblem } from './problems.ts';
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

export type PlacingBody = Omit<PlacementInput, 'expectedTotal' | 'payload'> & {
  order: PlacementInput['payload'] & { revision: number };
  contact: CheckoutContact;
  expectedTotal: number;
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
): Promise<{ placement: PendingPlacement; totals: CartTotals }> {
  const { tenant, catalogue } = served;
  // Placing an older cart than the one the order holds would place what the customer no longer has.
  await assertWritable(stores, order, body.order.revision);
  await assertLinesFree(
    stores.orders,
    tenant.config.retailerId,
    body.order.products.map((product) => product.uuid),
    order,
  );
  const checked = checkPlacement(
    {
      payload: body.order,
      paymentMethod: body.paymentMethod,
      delivery: body.delivery,
      expectedTotal: body.expectedTotal,
      ...(body.onlineOffered === undefined ? {} : { onlineOffered: body.onlineOffered }),
    },
    tenant,
    catalogue,
    now,
    clock,
  );
  if (!checked.ok)
    throw new ApiProblem(422, checked.message, { issues: [{ path: checked.field, message: checked.message }] });
  const { totals, suburb } = checked;
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
  return {
    totals,
    placement: {
      placedAt: now.toISOString(),
      dueAt: placementDueAt(timing, clock, now),
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
      total: toDollars(totals.total),
    },
  };
}
