import type { Kysely } from 'kysely';
import type { Random } from '../../../../scripts/lib/seeded-random.ts';
import { createApiClient } from '../../../../lib/api/client.ts';
import { placementTotals } from '../../../../lib/cart/checkout.ts';
import { deliveryTermsFor } from '../../../../lib/cart/delivery-quote.ts';
import type { BuiltLine } from '../../../../lib/cart/line-builder.ts';
import type { OrderState } from '../../../../lib/cart/order-state.ts';
import { payloadFromState } from '../../../../lib/cart/order-payload.ts';
import { cartProductSchema } from '../../../../lib/cart/schemas.ts';
import { cartLine, halfHalfLine, HOST, loadedLine, pizzaSizes, RETAILER_ID } from '../fixtures/orders.ts';
import type { Database } from '../../store/schema.ts';
import type { ServedTenant } from '../../services/tenants.ts';

/**
 * Test support: customers of the fixture shop building carts and placing them through the
 * storefront's own stores, order sync and checkout, and the check that every order they placed is
 * stored as they placed it. The fault tests (order-faults, production-faults) put a bad network,
 * and more, between these pages and the API.
 */

const contact = { fullName: 'Ada Lovelace', phoneNumber: '0400 000 000', email: 'ada@example.com' };
const address = { street: '1 Collins St', suburbId: 1, instructions: '' };

function built(line: ReturnType<typeof cartLine>): BuiltLine {
  const { uuid: _uuid, timeStamp: _timeStamp, ...rest } = cartProductSchema.parse(line);
  return rest;
}

const menu: BuiltLine[] = [
  built(cartLine('menu-small')),
  built(cartLine('menu-large', { size: pizzaSizes.large })),
  built(cartLine('menu-pepperoni', { productId: 102, productName: 'Pepperoni' })),
  built(cartLine('menu-large-pepperoni', { productId: 102, productName: 'Pepperoni', size: pizzaSizes.large })),
  built(loadedLine('menu-loaded')),
  built(halfHalfLine('menu-half')),
];

/**
 * The storefront modules one open page runs. Imported afresh after `vi.resetModules()`, each call
 * is another page with stores of its own, so many customers can shop at once in one test.
 */
export async function storefrontPage() {
  const [client, order, ordering, orderState, orderingLib, checkout, sync] = await Promise.all([
    import('../../../../lib/api/client.ts'),
    import('../../../../apps/storefront/stores/order.ts'),
    import('../../../../apps/storefront/stores/ordering-data.ts'),
    import('../../../../lib/cart/order-state.ts'),
    import('../../../../lib/site/ordering.ts'),
    import('../../../../apps/storefront/runtime/checkout.ts'),
    import('../../../../apps/storefront/runtime/order-sync.ts'),
  ]);
  return {
    /** The page's own client: its ApiError is the class its order sync and checkout recognise. */
    createApiClient: client.createApiClient,
    $order: order.$order,
    addToCart: order.addToCart,
    removeLine: order.removeLine,
    setQuantity: order.setQuantity,
    setOrderNotes: order.setOrderNotes,
    setOrderTime: order.setOrderTime,
    freshOrderState: orderState.freshOrderState,
    /** Opens the page on the shop: its menu data loaded and an empty cart; answers how to close it. */
    open(served: ServedTenant, api: ReturnType<typeof client.createApiClient>): () => void {
      ordering.$orderingData.set(orderingLib.orderingData(served.tenant));
      order.$order.set(orderState.freshOrderState());
      return sync.startOrderSync(api, RETAILER_ID, new EventTarget());
    },
    placeCurrentOrder: checkout.placeCurrentOrder,
  };
}

export type StorefrontPage = Awaited<ReturnType<typeof storefrontPage>>;

/** One cart as its customer left it: placed (confirmed) or given up on. */
export interface Placed {
  encryptedOrderId: string | null;
  confirmed: boolean;
  /** The receipt of the answer the customer got: what reads the placement's details back. */
  receipt: string | null;
  state: OrderState;
  totalCents: number;
  /** Every cart line the cart held at some point: whichever of them an order holds, it is this cart's. */
  lineUuids: Set<string>;
}

export interface Customer {
  page: StorefrontPage;
  served: ServedTenant;
  random: Random;
  /** The page's clock (Date, faked or not). */
  now: () => Date;
  /** A time the shop takes orders for later. */
  later: Date;
  /** The customer looks at the page this long (on the page's clock) before the next tap. */
  pause(ms: number): Promise<void>;
  /** Waits for the page's work to end; with a faked clock it moves the clock on meanwhile. */
  drive<T>(work: Promise<T>): Promise<T>;
}

/**
 * One customer's cart from the first line to Place order: a few edits with pauses between them
 * (so some are sent by order sync before placing and some not), then Place order, pressed again
 * (up to 20 times) while the page says the shop could not be reached. Short of the delivery minimum
 * the customer collects instead.
 */
export async function placeOneOrder({ page, served, random, now, later, pause, drive }: Customer): Promise<Placed> {
  const { tenant, catalogue } = served;
  const terms = deliveryTermsFor(tenant, address.suburbId);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const { $order } = page;
  const totalOf = (state: OrderState) => {
    const at = now();
    const payload = payloadFromState(state, { retailerId: RETAILER_ID, deliveryFeeCents: 0, hours: null }, at);
    return placementTotals(payload, tenant, catalogue, at, state.orderType === 'delivery' ? terms : null);
  };
  const edits = [
    () => page.addToCart(pick(menu)),
    () => page.setQuantity(pick($order.get().products).uuid, 1 + Math.floor(random() * 4)),
    () => $order.get().products.length > 1 && page.removeLine(pick($order.get().products).uuid),
    () => page.setOrderNotes(pick(['', 'No onions', 'Ring twice', 'Extra napkins please'])),
    () =>
      page.setOrderTime({
        orderType: pick(['delivery', 'pickup'] as const),
        orderForLaterAt: random() < 0.3 ? later : null,
      }),
  ];

  const lineUuids = new Set<string>();
  const noteLines = () => $order.get().products.forEach((line) => lineUuids.add(line.uuid));
  page.addToCart(pick(menu));
  noteLines();
  for (let step = Math.floor(random() * 5); step >= 0; step -= 1) {
    await pause(Math.floor(random() * 1500));
    pick(edits)();
    noteLines();
  }
  if (!totalOf($order.get()).meetsMinimumOrder)
    page.setOrderTime({ orderType: 'pickup', orderForLaterAt: $order.get().orderForLater ? later : null });
  const state = $order.get();
  const totalCents = totalOf(state).total;
  const details = {
    contact,
    delivery: state.orderType === 'delivery' ? address : null,
    paymentMethod: 'cash' as const,
    expectedTotalCents: totalCents,
    deliveryFeeCents: 0,
  };
  let placed: Placed = { encryptedOrderId: null, confirmed: false, receipt: null, state, totalCents, lineUuids };
  for (let attempt = 0; attempt < 20 && !placed.confirmed; attempt += 1) {
    const result = await drive(page.placeCurrentOrder(details));
    placed = result.ok
      ? { ...placed, encryptedOrderId: result.encryptedOrderId, confirmed: true, receipt: result.receipt }
      : { ...placed, encryptedOrderId: $order.get().encryptedOrderId };
  }
  if (!placed.confirmed) $order.set(page.freshOrderState());
  return placed;
}

export interface PlacedOrdersCheck {
  /** Orders the customers hold an id of that the API says are placed. */
  checked: number;
  /** Placed orders in the database: more than `checked` means one nobody placed (or placed twice). */
  placedInDatabase: number;
  /** Each placed order whose kitchen view (get-order) or stored row differs from what its customer placed. */
  mismatches: string[];
  /** Confirmed orders whose receipt no longer reads the placement's details; their notes are compared in the database only. */
  receiptsRefused: string[];
}

/**
 * Reads every order the customers hold an id of back through the API at `apiUrl` (with the
 * receipt the customer got) and through the test's own database connection, and compares both
 * with what the customer placed: the lines, pickup or delivery, the time asked for, the notes and
 * the total.
 */
export async function checkPlacedOrders(
  orders: readonly Placed[],
  apiUrl: string,
  db: Kysely<Database>,
): Promise<PlacedOrdersCheck> {
  const api = createApiClient({ baseUrl: apiUrl, retailerDomain: HOST });
  const saved = (encryptedOrderId: string) =>
    db
      .selectFrom('orders')
      .select([
        'is_pickup',
        'order_for_later_request_date_time',
        'extra_order_notes',
        'sub_total_cents',
        'discount_cents',
      ])
      .where('encrypted_order_id', '=', encryptedOrderId)
      .executeTakeFirst();
  const mismatches: string[] = [];
  const receiptsRefused: string[] = [];
  let checked = 0;
  for (const order of orders) {
    if (order.encryptedOrderId === null) continue;
    const stored = await api.getOrder(order.encryptedOrderId, order.receipt ?? undefined);
    if (!stored.placement) {
      if (order.confirmed) mismatches.push(`${order.encryptedOrderId}: confirmed but not placed`);
      continue;
    }
    checked += 1;
    const { state } = order;
    const later = state.orderForLater ? state.orderForLaterRequestDateTime : null;
    const lineOf = (line: OrderState['products'][number]) => [
      line.uuid,
      line.productId,
      line.size.retailerProductSizeId,
      line.quantity,
      line.secondHalf?.productId ?? null,
    ];
    const expected = {
      lines: state.products.map(lineOf),
      isPickup: state.orderType === 'pickup',
      later,
      notes: state.orderNotes,
      total: order.totalCents,
    };
    const { placement } = stored;
    if (order.receipt !== null && stored.placementDetails === null) receiptsRefused.push(order.encryptedOrderId);
    const kitchen = {
      lines: stored.products.map(lineOf),
      isPickup: placement.isPickup,
      later: placement.orderForLaterRequestDateTime,
      notes: stored.placementDetails?.orderNotes ?? expected.notes,
      total: Math.round(placement.total * 100),
    };
    const row = await saved(order.encryptedOrderId);
    const record = {
      lines: kitchen.lines,
      isPickup: row?.is_pickup === 1,
      later: row?.order_for_later_request_date_time ?? null,
      notes: row?.extra_order_notes,
      total: Number(row?.sub_total_cents) - Number(row?.discount_cents) + Math.round(placement.deliveryFee * 100),
    };
    for (const [name, view] of [
      ['placement', kitchen],
      ['stored order', record],
    ] as const) {
      if (JSON.stringify(view) !== JSON.stringify(expected))
        mismatches.push(
          `${order.encryptedOrderId} ${name}: ${JSON.stringify(view)}, placed ${JSON.stringify(expected)}`,
        );
    }
  }
  const placed = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('placed_at', 'is not', null)
    .executeTakeFirstOrThrow();
  return { checked, placedInDatabase: Number(placed.n), mismatches, receiptsRefused };
}
