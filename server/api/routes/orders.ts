import type { Context } from 'hono';
import type { OrderPayload } from '../../../lib/cart/schemas.ts';
import { isCompleted } from '../../../lib/kitchen/kitchen-flow.ts';
import { apiCalls, IDEMPOTENCY_KEY_HEADER, idempotencyKey, messages } from '../../../lib/api/contract.ts';
import type { Placement, PlacementDetails, PlacementSummary } from '../../../lib/cart/placement.ts';
import { promoRefusals } from '../../../lib/cart/promo.ts';
import { toDollars } from '../../../lib/pricing/money.ts';
import { clockStatusOf, tellKitchenFill } from '../services/clock.ts';
import { serveCall } from '../app.ts';
import type { ApiDeps } from '../deps.ts';
import type { ApiApp } from '../env.ts';
import { orderWatchTopicId } from '../../broker/acl.ts';
import { priceOrder } from '../services/order-pricing.ts';
import {
  assertKnownGroups,
  assertLinesFree,
  assertSameRetailer,
  assertWritable,
  promoTerms,
  readyToPlace,
  sameCustomerDetails,
} from '../services/placing.ts';
import { tellStaffBoards } from '../services/order-taking.ts';
import { ApiProblem, parseWith, readBody } from '../services/problems.ts';
import { clientAddress, throttle } from '../services/rate-limits.ts';
import { sessionTokenOf } from '../services/sessions.ts';
import { STATUS_CAPS, type OrderStore, type StoredOrder } from '../store/orders.ts';
import { withStores } from '../store/stores.ts';
import { acceptOnArrival } from '../services/auto-accept.ts';

const uuidsOf = (payload: OrderPayload) => payload.products.map((product) => product.uuid);

function splitPlacement({ contact, delivery, orderNotes, ...summary }: Placement): {
  summary: PlacementSummary;
  details: PlacementDetails;
} {
  return { summary, details: { contact, delivery, orderNotes } };
}

export function orderRoutes(app: ApiApp, deps: ApiDeps): void {
  const { tenants, db } = deps;

  /**
   * The order an earlier attempt of this create already made: the one of its Idempotency-Key, or the
   * one whose id the client already holds. Never the one holding its cart lines: a line uuid is not a
   * credential, and matching by it handed other carts' orders to whoever sent their uuids.
   */
  async function earlierAttempt(
    orders: OrderStore,
    retailerId: number,
    key: string | undefined,
    heldOrderId: string | null,
  ): Promise<StoredOrder | undefined> {
    const byKey = key === undefined ? undefined : await orders.findByIdempotencyKey(retailerId, key);
    const held = heldOrderId === null ? undefined : await orders.find(retailerId, heldOrderId);
    if (byKey && held && byKey.orderId !== held.orderId)
      throw new ApiProblem(409, 'This Idempotency-Key belongs to another order. Please refresh the page.');
    return byKey ?? held;
  }

  serveCall(app, tenants, 'createOrder', async (c, served) => {
    const key = parseWith(
      idempotencyKey.optional(),
      c.req.header(IDEMPOTENCY_KEY_HEADER),
      `${IDEMPOTENCY_KEY_HEADER} header`,
    );
    const payload = await readBody(c, apiCalls.createOrder.body);
    assertSameRetailer(payload, served);
    assertKnownGroups(payload, served.catalogue);
    const { retailerId } = served.tenant.config;
    return withStores(db, retailerId, async (stores) => {
      const { orders } = stores;
      const earlier = await earlierAttempt(orders, retailerId, key, payload.encryptedOrderId);
      // Once processed, the earlier answer is replayed untouched: the kitchen's copy must not change.
      if (earlier?.processed)
        return {
          encryptedOrderId: earlier.encryptedOrderId,
          uuidToOrderProductIds: await orders.uuidToOrderProductIds(earlier.orderId),
        };
      if (earlier) await assertWritable(stores, earlier, payload.revision);
      await assertLinesFree(orders, retailerId, uuidsOf(payload), earlier);
      const priced = priceOrder(payload, served.catalogue, served.tenant, deps.now());
      if (earlier)
        return {
          encryptedOrderId: earlier.encryptedOrderId,
          uuidToOrderProductIds: await orders.update(earlier, priced, payload.revision, deps.now()),
        };
      const created = await orders.create(retailerId, key ?? null, priced, payload.revision, deps.now());
      return { encryptedOrderId: created.order.encryptedOrderId, uuidToOrderProductIds: created.uuidToOrderProductIds };
    });
  });

  serveCall(app, tenants, 'updateOrder', async (c, served) => {
    const payload = await readBody(c, apiCalls.updateOrder.body);
    assertSameRetailer(payload, served);
    assertKnownGroups(payload, served.catalogue);
    const { retailerId } = served.tenant.config;
    return withStores(db, retailerId, async (stores) => {
      const { orders } = stores;
      const order =
        payload.encryptedOrderId === null ? undefined : await orders.find(retailerId, payload.encryptedOrderId);
      if (!order) return { success: false, message: messages.noActiveOrder, uuidToOrderProductIds: {} };
      if (order.processed) return { success: false, message: messages.orderProcessed, uuidToOrderProductIds: {} };
      if (order.placed) return { success: false, message: messages.orderPlaced, uuidToOrderProductIds: {} };
      if (await stores.payments.awaitingCheckout(order.orderId))
        return { success: false, message: messages.orderAwaitingPayment, uuidToOrderProductIds: {} };
      await assertWritable(stores, order, payload.revision);
      await assertLinesFree(orders, retailerId, uuidsOf(payload), order);
      const uuidToOrderProductIds = await orders.update(
        order,
        priceOrder(payload, served.catalogue, served.tenant, deps.now()),
        payload.revision,
        deps.now(),
      );
      return { success: true, message: 'Order updated', uuidToOrderProductIds };
    });
  });

  /** The placement's details are for the holder of its receipt or its customer's session: the order id alone travels in addresses. */
  async function mayReadDetails(
    c: Context,
    order: StoredOrder,
    receipt: string | undefined,
    now: Date,
  ): Promise<boolean> {
    if (receipt !== undefined && (await deps.orders.receiptHeld(order.orderId, receipt, now))) return true;
    return (
      order.customerId !== null &&
      (await deps.sessions.customerId(sessionTokenOf(c), order.retailerId, now)) === order.customerId
    );
  }

  serveCall(app, tenants, 'getOrder', async (c, { tenant }) => {
    const { encryptedOrderId, receipt } = await readBody(c, apiCalls.getOrder.body);
    const { orders } = deps;
    const order = await orders.find(tenant.config.retailerId, encryptedOrderId);
    if (!order) throw new ApiProblem(404, 'Order not found');
    const placed = await orders.placement(order.orderId);
    const placement = placed && splitPlacement(placed);
    const watchKey = await orders.watchKey(order.orderId);
    const payment = await deps.payments.latestFor(order.orderId);
    return {
      orderProcessed: order.processed,
      loggedInCustId: order.customerId,
      historicDeliveryFee: toDollars(order.historicDeliveryFeeCents),
      discountTotal: toDollars(order.discountCents),
      products: await orders.products(order.orderId),
      placement: placement?.summary ?? null,
      placementDetails: placement && (await mayReadDetails(c, order, receipt, deps.now())) ? placement.details : null,
      kitchenStage: order.kitchenStage,
      runningLateUntil: order.runningLateUntil,
      // Only while there is something to wait for: a collected or delivered order's page has nothing left to follow.
      orderWatch:
        watchKey === null || isCompleted(order.kitchenStage)
          ? null
          : { key: watchKey, topicId: orderWatchTopicId(watchKey) },
      payment: payment
        ? { state: payment.state, total: toDollars(payment.amountCents), refunded: payment.refundId !== null }
        : null,
    };
  });

  serveCall(app, tenants, 'placeOrder', async (c, served) => {
    const body = await readBody(c, apiCalls.placeOrder.body);
    assertSameRetailer(body.order, served);
    assertKnownGroups(body.order, served.catalogue, 'order.');
    const { tenant } = served;
    if (body.promoCode !== null)
      await throttle('promo code tries', deps.now(), [
        deps.rateLimits.promoChecksPerAddress,
        clientAddress(c, deps.trustProxy),
      ]);
    const now = deps.now();
    // Read before the transaction: the override and the live state are the shop's, not part of the order's write.
    const clock = await clockStatusOf(deps, served, now);
    const { answer, fresh } = await withStores(db, tenant.config.retailerId, async (stores) => {
      const { orders } = stores;
      const order =
        body.order.encryptedOrderId === null
          ? undefined
          : await orders.find(tenant.config.retailerId, body.order.encryptedOrderId);
      if (!order) throw new ApiProblem(404, 'Order not found');
      // Placing twice (a retry whose answer was lost) answers the first placement with a receipt of its own: the first may never arrive.
      const placed = await orders.placement(order.orderId);
      if (placed && !sameCustomerDetails(placed, body)) throw new ApiProblem(409, messages.orderPlaced);
      if (placed)
        return {
          fresh: false,
          answer: {
            success: true as const,
            encryptedOrderId: order.encryptedOrderId,
            placement: placed,
            receipt: await orders.newReceipt(order.orderId, now),
          },
        };
      if (order.processed) throw new ApiProblem(409, messages.orderProcessed);
      const { placement: pending, slotItems } = await readyToPlace(
        stores,
        served,
        { ...body, onlineOffered: false },
        order,
        clock,
        now,
      );
      const placement = await orders.place(order, pending, now, slotItems);
      return {
        fresh: true,
        answer: {
          success: true as const,
          encryptedOrderId: order.encryptedOrderId,
          placement,
          receipt: await orders.newReceipt(order.orderId, now),
        },
      };
    });
    // Once committed, so a console that fetches at once finds it; a retry's placement was announced the first time.
    if (fresh) {
      tellStaffBoards(deps, served, { event: 'order-placed', orderNumber: answer.placement.orderNumber });
      tellKitchenFill(deps, served);
      // Printers set to print on arrival get their tickets now, queued before the customer is answered.
      await deps.printing
        .printOrder(served, answer.encryptedOrderId, 'arrival')
        .catch((error: unknown) => deps.log(`printing: ${answer.encryptedOrderId}: ${String(error)}`));
      await acceptOnArrival(deps, served, answer.encryptedOrderId);
    }
    return answer;
  });

  /** A code's terms for the cart once typed right; every try counts against the address's guessing limit. */
  serveCall(app, tenants, 'checkPromo', async (c, { tenant }) => {
    const { code } = await readBody(c, apiCalls.checkPromo.body);
    await throttle('promo code tries', deps.now(), [
      deps.rateLimits.promoChecksPerAddress,
      clientAddress(c, deps.trustProxy),
    ]);
    const { retailerId } = tenant.config;
    const { terms, usesSoFar } = await withStores(db, retailerId, (stores) =>
      promoTerms(stores, retailerId, code, null),
    );
    if (!terms) return { ok: false as const, message: promoRefusals.unknown };
    if (terms.maxUses !== undefined && (usesSoFar ?? 0) >= terms.maxUses)
      return { ok: false as const, message: promoRefusals.usedUp };
    return { ok: true as const, terms };
  });

  serveCall(app, tenants, 'updateCustomer', async (c, { tenant }) => {
    const { encryptedOrderId, customerId } = await readBody(c, apiCalls.updateCustomer.body);
    const { retailerId } = tenant.config;
    const loggedIn = await deps.sessions.customerId(sessionTokenOf(c), retailerId, deps.now());
    // Attaching needs that customer's own session; a customer id alone proves nothing.
    if (customerId !== null && loggedIn !== customerId)
      throw new ApiProblem(401, `Log in as customer ${customerId} to attach them to an order`);
    return withStores(db, retailerId, async ({ orders }) => {
      const order = encryptedOrderId === null ? undefined : await orders.find(retailerId, encryptedOrderId);
      if (!order) return { success: false, message: messages.noActiveOrder };
      if (order.processed) return { success: false, message: messages.orderProcessed };
      if (order.placed) return { success: false, message: messages.orderPlaced };
      // Detaching (or replacing) a customer needs theirs: the order id alone must not take an order off its customer.
      if (order.customerId !== null && order.customerId !== customerId && loggedIn !== order.customerId) {
        throw new ApiProblem(401, "Log in as the order's customer to detach them from it");
      }
      await orders.setCustomer(order.orderId, customerId, deps.now());
      return { success: true };
    });
  });

  /**
   * The spec's start-of-visit status comes before any order, so a status without an order id is
   * taken, limited per client and per retailer and rotated in storage; one naming an order that
   * does not exist is a 404, and an order takes at most STATUS_CAPS.perOrder (then a 409).
   */
  serveCall(app, tenants, 'createOrderStatus', async (c, { tenant }) => {
    const key = parseWith(
      idempotencyKey.optional(),
      c.req.header(IDEMPOTENCY_KEY_HEADER),
      `${IDEMPOTENCY_KEY_HEADER} header`,
    );
    const { encryptedOrderId, orderStatus } = await readBody(c, apiCalls.createOrderStatus.body);
    const { retailerId } = tenant.config;
    const limits = deps.rateLimits;
    const perAddress = [limits.orderStatusesPerAddress, clientAddress(c, deps.trustProxy)] as const;
    if (encryptedOrderId === null)
      await throttle('order statuses', deps.now(), perAddress, [
        limits.orderlessStatusesPerRetailer,
        String(retailerId),
      ]);
    else await throttle('order statuses', deps.now(), perAddress);
    const orderStatusId = await withStores(db, retailerId, async ({ orders }) => {
      const order = encryptedOrderId === null ? null : await orders.find(retailerId, encryptedOrderId);
      if (order === undefined) throw new ApiProblem(404, 'Order not found');
      return orders.addStatus(retailerId, order?.orderId ?? null, orderStatus, deps.now(), key ?? null);
    });
    if (orderStatusId === null)
      throw new ApiProblem(
        409,
        `This order already has ${STATUS_CAPS.perOrder} statuses; no more are recorded for it.`,
      );
    return { success: true, orderStatusId };
  });
}
