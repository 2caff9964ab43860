import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { placementSchema, type Placement } from '../../../lib/cart/placement.ts';
import { RECEIPT_DAYS } from '../../../lib/cart/order-receipt.ts';
import { kitchenStages, type KitchenStage } from '../../../lib/kitchen/kitchen-flow.ts';
import { slotFills, slotStartMs, type SlotFill } from '../../../lib/kitchen/capacity.ts';
import { cartProductSchema, type CartProduct, type OrderStatus } from '../../../lib/cart/schemas.ts';
import { toDollars } from '../../../lib/pricing/money.ts';
import { DAY_MS } from '../../../lib/time/retailer-clock.ts';
import type { PricedOrder } from '../services/order-pricing.ts';
import { randomToken, tokenDigest } from '../services/tokens.ts';
import type { Database, OrdersTable } from './schema.ts';

/**
 * A visit records a handful of statuses per order (start, order type changes, login, logout);
 * statuses sent before any order exist only as a start-of-visit record, so the newest are enough.
 */
/** Receipts kept per order: a page holds one; a few more cover retries answered out of order. */
export const RECEIPTS_PER_ORDER = 10;

export const STATUS_CAPS = {
  perOrder: 100,
  orderlessKeptPerRetailer: 10_000,
} as const;

export interface StoredOrder {
  orderId: number;
  encryptedOrderId: string;
  retailerId: number;
  customerId: number | null;
  processed: boolean;
  /** Placed by the customer: from then on only the kitchen changes it (taking it, marking it processed). */
  placed: boolean;
  /** The client's revision of the cart this order last stored; a write of an older one is stale. */
  revision: number;
  historicDeliveryFeeCents: number;
  discountCents: number;
  /** Where the kitchen has it (lib/kitchen/kitchen-flow.ts); a stage this code does not know reads as new. */
  kitchenStage: KitchenStage;
  /** The later time the kitchen promised, running late; null when it never did. */
  runningLateUntil: string | null;
}

export interface PreviousOrder {
  orderId: number;
  encryptedOrderId: string;
  createDate: string;
  isPickup: boolean;
  orderForLater: boolean;
  orderForLaterRequestDateTime: string | null;
  subTotalCents: number;
  historicDeliveryFeeCents: number;
}

const orderColumns = [
  'order_id',
  'encrypted_order_id',
  'retailer_id',
  'customer_id',
  'processed_at',
  'placed_at',
  'revision',
  'historic_delivery_fee_cents',
  'discount_cents',
  'kitchen_stage',
  'running_late_until',
] as const;
type OrderRow = Pick<Selectable<OrdersTable>, (typeof orderColumns)[number]>;

function storedOrder(row: OrderRow): StoredOrder {
  return {
    orderId: row.order_id,
    encryptedOrderId: row.encrypted_order_id,
    retailerId: row.retailer_id,
    customerId: row.customer_id,
    processed: row.processed_at !== null,
    placed: row.placed_at !== null,
    revision: row.revision,
    historicDeliveryFeeCents: row.historic_delivery_fee_cents,
    discountCents: row.discount_cents,
    kitchenStage: (kitchenStages as readonly string[]).includes(row.kitchen_stage)
      ? (row.kitchen_stage as KitchenStage)
      : 'new',
    runningLateUntil: row.running_late_until,
  };
}

/** An unguessable order reference: whoever holds it may read and change that cart, so it must not be a counter. */
function newEncryptedOrderId(): string {
  return randomBytes(16).toString('base64url');
}

/** The key a confirmation page follows its placed order with on the broker (lib/live/order-watch.ts). */
function newOrderWatchKey(): string {
  return randomBytes(16).toString('base64url');
}

/** A placed order as the kitchen's list shows it. */
export interface PlacedOrder {
  orderId: number;
  encryptedOrderId: string;
  placement: Placement;
}

export function placementOf(row: { placement_json: string | null; order_number: number | null }): Placement {
  return placementSchema.parse({ ...JSON.parse(row.placement_json ?? 'null'), orderNumber: row.order_number });
}

/**
 * Orders, their lines and their statuses, over the API's database or one transaction of it.
 * Callers run every multi-statement change in inTransaction and make the store over its transaction.
 */
export function createOrderStore(db: Kysely<Database>) {
  function orderValues(priced: PricedOrder, revision: number, now: Date) {
    const { payload } = priced;
    return {
      revision,
      is_pickup: payload.isPickup ? 1 : 0,
      order_for_later: payload.orderForLater ? 1 : 0,
      order_for_later_request_date_time: payload.orderForLaterRequestDateTime,
      closed_date: payload.closedDate ? 1 : 0,
      extra_order_notes: payload.extraOrderNotes,
      current_order_status_type_id: payload.currentOrderStatusTypeId,
      last_order_status_update: payload.lastOrderStatusUpdate,
      historic_delivery_fee_cents: priced.deliveryFeeCents,
      historic_delivery_wait_time: payload.historicDeliveryWaitTime,
      sub_total_cents: priced.subTotalCents,
      discount_cents: priced.discountCents,
      source: payload.source,
      updated_at: now.toISOString(),
    };
  }

  async function lineIdsOf(orderId: number): Promise<Record<string, number>> {
    const rows = await db
      .selectFrom('order_products')
      .select(['order_product_id', 'uuid'])
      .where('order_id', '=', orderId)
      .execute();
    return Object.fromEntries(rows.map((row) => [row.uuid, row.order_product_id]));
  }

  /** Makes the order's lines exactly the priced ones; a line that stays keeps its order product id. */
  async function writeLines(
    order: Pick<StoredOrder, 'orderId' | 'retailerId'>,
    priced: PricedOrder,
  ): Promise<Record<string, number>> {
    const existing = new Map(Object.entries(await lineIdsOf(order.orderId)));
    const ids: Record<string, number> = {};
    for (const [position, { product, unitCents }] of priced.lines.entries()) {
      const line = {
        position,
        product_id: product.productId,
        quantity: product.quantity,
        unit_price_cents: unitCents,
        line_json: JSON.stringify({ ...product, historicPrice: toDollars(unitCents), orderProductId: null }),
      };
      const id = existing.get(product.uuid);
      if (id === undefined) {
        const inserted = await db
          .insertInto('order_products')
          .values({ order_id: order.orderId, retailer_id: order.retailerId, uuid: product.uuid, ...line })
          .returning('order_product_id')
          .executeTakeFirstOrThrow();
        ids[product.uuid] = inserted.order_product_id;
      } else {
        await db.updateTable('order_products').set(line).where('order_product_id', '=', id).execute();
        ids[product.uuid] = id;
        existing.delete(product.uuid);
      }
    }
    if (existing.size > 0)
      await db
        .deleteFrom('order_products')
        .where('order_product_id', 'in', [...existing.values()])
        .execute();
    return ids;
  }

  const selectOrder = () => db.selectFrom('orders').select(orderColumns);

  /** The cart lines of several orders at once (one query for a whole board), each order's in its own order. */
  async function linesOf(orderIds: readonly number[]): Promise<Map<number, CartProduct[]>> {
    const lines = new Map<number, CartProduct[]>(orderIds.map((orderId) => [orderId, []]));
    if (orderIds.length === 0) return lines;
    const rows = await db
      .selectFrom('order_products')
      .select(['order_id', 'order_product_id', 'unit_price_cents', 'line_json'])
      .where('order_id', 'in', [...orderIds])
      .orderBy('order_id')
      .orderBy('position')
      .execute();
    for (const row of rows) {
      lines.get(row.order_id)?.push(
        cartProductSchema.parse({
          ...JSON.parse(row.line_json),
          historicPrice: toDollars(row.unit_price_cents),
          orderProductId: row.order_product_id,
        }),
      );
    }
    return lines;
  }

  return {
    async find(retailerId: number, encryptedOrderId: string): Promise<StoredOrder | undefined> {
      const row = await selectOrder()
        .where('retailer_id', '=', retailerId)
        .where('encrypted_order_id', '=', encryptedOrderId)
        .executeTakeFirst();
      return row && storedOrder(row);
    },

    async findByIdempotencyKey(retailerId: number, key: string): Promise<StoredOrder | undefined> {
      const row = await selectOrder()
        .where('retailer_id', '=', retailerId)
        .where('idempotency_key', '=', key)
        .executeTakeFirst();
      return row && storedOrder(row);
    },

    /** The distinct orders that already hold any of these cart lines. */
    async ownersOf(retailerId: number, uuids: readonly string[]): Promise<StoredOrder[]> {
      if (uuids.length === 0) return [];
      const rows = await selectOrder()
        .where('order_id', 'in', (eb) =>
          eb
            .selectFrom('order_products')
            .select('order_id')
            .where('retailer_id', '=', retailerId)
            .where('uuid', 'in', [...uuids]),
        )
        .orderBy('order_id')
        .execute();
      return rows.map(storedOrder);
    },

    async create(
      retailerId: number,
      idempotencyKey: string | null,
      priced: PricedOrder,
      revision: number,
      now: Date,
    ): Promise<{ order: StoredOrder; uuidToOrderProductIds: Record<string, number> }> {
      const encryptedOrderId = newEncryptedOrderId();
      const inserted = await db
        .insertInto('orders')
        .values({
          ...orderValues(priced, revision, now),
          encrypted_order_id: encryptedOrderId,
          retailer_id: retailerId,
          idempotency_key: idempotencyKey,
          create_date: priced.payload.createDate,
          order_platform_source_id: priced.payload.orderPlatformSourceId,
          created_at: now.toISOString(),
        })
        .returning('order_id')
        .executeTakeFirstOrThrow();
      const order: StoredOrder = {
        orderId: inserted.order_id,
        encryptedOrderId,
        retailerId,
        customerId: null,
        runningLateUntil: null,
        processed: false,
        placed: false,
        revision,
        historicDeliveryFeeCents: priced.deliveryFeeCents,
        discountCents: priced.discountCents,
        kitchenStage: 'new',
      };
      return { order, uuidToOrderProductIds: await writeLines(order, priced) };
    },

    /** Stores the order as the client has it at `revision`; a placed order is never rewritten (the triggers of its placed-order migration refuse it too). */
    async update(
      order: StoredOrder,
      priced: PricedOrder,
      revision: number,
      now: Date,
    ): Promise<Record<string, number>> {
      const changed = await db
        .updateTable('orders')
        .set(orderValues(priced, revision, now))
        .where('order_id', '=', order.orderId)
        .where('placed_at', 'is', null)
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) !== 1)
        throw new Error(`order ${order.orderId} is placed and cannot be rewritten`);
      return writeLines(order, priced);
    },

    uuidToOrderProductIds: lineIdsOf,

    /** The order's cart lines with the server's prices and order product ids. */
    async products(orderId: number): Promise<CartProduct[]> {
      return (await linesOf([orderId])).get(orderId) ?? [];
    },

    linesOf,

    async setCustomer(orderId: number, customerId: number | null, now: Date): Promise<void> {
      const changed = await db
        .updateTable('orders')
        .set({ customer_id: customerId, updated_at: now.toISOString() })
        .where('order_id', '=', orderId)
        .where('placed_at', 'is', null)
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) !== 1) throw new Error(`order ${orderId} is placed and keeps its customer`);
    },

    /** The placement of a placed order, or null; stored rows are parsed like any other input. */
    async placement(orderId: number): Promise<Placement | null> {
      const row = await db
        .selectFrom('orders')
        .select(['placement_json', 'order_number'])
        .where('order_id', '=', orderId)
        .where('placed_at', 'is not', null)
        .executeTakeFirst();
      return row === undefined ? null : placementOf(row);
    },

    /** The placed order's watch key; null before it is placed, and for orders placed before keys existed. */
    async watchKey(orderId: number): Promise<string | null> {
      const row = await db
        .selectFrom('orders')
        .select('watch_key')
        .where('order_id', '=', orderId)
        .where('placed_at', 'is not', null)
        .executeTakeFirst();
      return row?.watch_key ?? null;
    },

    /**
     * A fresh receipt for the placed order, handed out once by the caller. Earlier ones stay valid:
     * the page keeps whichever answer reached it last, which need not be the last one issued. Only
     * the newest RECEIPTS_PER_ORDER are kept, so retries cannot grow an order's receipts.
     */
    async newReceipt(orderId: number, now: Date): Promise<string> {
      const receipt = randomToken();
      await db
        .insertInto('order_receipts')
        .values({ receipt_digest: tokenDigest(receipt), order_id: orderId, issued_at: now.toISOString() })
        .execute();
      const kept = db
        .selectFrom('order_receipts')
        .select('receipt_id')
        .where('order_id', '=', orderId)
        .orderBy('receipt_id', 'desc')
        .limit(RECEIPTS_PER_ORDER);
      await db
        .deleteFrom('order_receipts')
        .where('order_id', '=', orderId)
        .where('receipt_id', 'not in', kept)
        .execute();
      return receipt;
    },

    /** Whether `receipt` is one of the placed order's, placed no more than RECEIPT_DAYS ago. */
    async receiptHeld(orderId: number, receipt: string, now: Date): Promise<boolean> {
      const since = new Date(now.getTime() - RECEIPT_DAYS * DAY_MS).toISOString();
      const row = await db
        .selectFrom('order_receipts')
        .innerJoin('orders', 'orders.order_id', 'order_receipts.order_id')
        .select('orders.order_id')
        .where('order_receipts.order_id', '=', orderId)
        .where('order_receipts.receipt_digest', '=', tokenDigest(receipt))
        .where('orders.placed_at', '>', since)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Places the order under the retailer's next order number, with a fresh watch key. The caller's
     * transaction keeps any other placement from taking the same number between the read and the
     * write (SQLite's write lock; PostgreSQL's serializable isolation runs the loser again); the
     * unique index would refuse it if one did.
     */
    /**
     * Places the order under the next number. It counts `slotItems` pizzas in the kitchen's slot
     * of its due time (lib/kitchen/capacity.ts), which the caller checked in this transaction.
     */
    async place(
      order: Pick<StoredOrder, 'orderId' | 'retailerId'>,
      placement: Omit<Placement, 'orderNumber'>,
      now: Date,
      slotItems: number,
    ): Promise<Placement> {
      const last = await db
        .selectFrom('orders')
        .select((eb) => eb.fn.max('order_number').as('last'))
        .where('retailer_id', '=', order.retailerId)
        .executeTakeFirst();
      const orderNumber = (last?.last ?? 0) + 1;
      await db
        .updateTable('orders')
        .set({
          placed_at: placement.placedAt,
          placement_json: JSON.stringify(placement),
          order_number: orderNumber,
          watch_key: newOrderWatchKey(),
          slot_at: placement.dueAt === null ? null : new Date(slotStartMs(Date.parse(placement.dueAt))).toISOString(),
          slot_items: slotItems,
          updated_at: now.toISOString(),
        })
        .where('order_id', '=', order.orderId)
        .where('placed_at', 'is', null)
        .execute();
      return { ...placement, orderNumber };
    },

    /**
     * The counted pizzas of each slot from `from` (inclusive) to `to`, by service: placed orders (a
     * declined one frees its room) and orders on the payment page since `heldSince`, which hold theirs.
     */
    async slotFills(retailerId: number, from: Date, to: Date, heldSince: Date): Promise<SlotFill[]> {
      const placed = await db
        .selectFrom('orders')
        .select((eb) => ['slot_at', 'is_pickup', eb.fn.sum<number | string>('slot_items').as('items')])
        .where('retailer_id', '=', retailerId)
        .where('slot_at', '>=', from.toISOString())
        .where('slot_at', '<', to.toISOString())
        .where('slot_items', '>', 0)
        .where('kitchen_stage', '!=', 'declined')
        .groupBy(['slot_at', 'is_pickup'])
        .execute();
      const held = await db
        .selectFrom('online_payments')
        .select((eb) => ['slot_at', 'slot_pickup as is_pickup', eb.fn.sum<number | string>('slot_items').as('items')])
        .where('retailer_id', '=', retailerId)
        .where('state', '=', 'awaiting-payment')
        .where('created_at', '>=', heldSince.toISOString())
        .where('slot_at', '>=', from.toISOString())
        .where('slot_at', '<', to.toISOString())
        .where('slot_items', '>', 0)
        .groupBy(['slot_at', 'slot_pickup'])
        .execute();
      return slotFills(
        [...placed, ...held].flatMap((row) =>
          row.slot_at === null
            ? []
            : [
                {
                  slotAtMs: Date.parse(row.slot_at),
                  service: row.is_pickup === 1 ? ('pickup' as const) : ('delivery' as const),
                  items: Number(row.items),
                },
              ],
        ),
      );
    },

    async findByOrderNumber(retailerId: number, orderNumber: number): Promise<StoredOrder | undefined> {
      const row = await selectOrder()
        .where('retailer_id', '=', retailerId)
        .where('order_number', '=', orderNumber)
        .executeTakeFirst();
      return row && storedOrder(row);
    },

    /** Placed orders the kitchen has not taken yet, oldest first. */
    async openPlacements(retailerId: number, limit: number): Promise<PlacedOrder[]> {
      const rows = await db
        .selectFrom('orders')
        .select(['order_id', 'encrypted_order_id', 'placement_json', 'order_number'])
        .where('retailer_id', '=', retailerId)
        .where('placed_at', 'is not', null)
        .where('processed_at', 'is', null)
        .orderBy('order_number')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        orderId: row.order_id,
        encryptedOrderId: row.encrypted_order_id,
        placement: placementOf(row),
      }));
    },

    async markProcessed(orderId: number, now: Date): Promise<void> {
      await db
        .updateTable('orders')
        .set((eb) => ({
          processed_at: eb.fn.coalesce('processed_at', eb.val(now.toISOString())),
          // A take moves a new order on and never moves one back that the kitchen took further.
          kitchen_stage: eb.case().when('kitchen_stage', '=', 'new').then('taken').else(eb.ref('kitchen_stage')).end(),
          updated_at: now.toISOString(),
        }))
        .where('order_id', '=', orderId)
        .execute();
    },

    /** The kitchen will not make this new order: answers whether this call declined it. */
    async decline(orderId: number, now: Date): Promise<boolean> {
      const changed = await db
        .updateTable('orders')
        .set((eb) => ({
          processed_at: eb.fn.coalesce('processed_at', eb.val(now.toISOString())),
          kitchen_stage: 'declined',
          updated_at: now.toISOString(),
        }))
        .where('order_id', '=', orderId)
        .where('placed_at', 'is not', null)
        .where('kitchen_stage', '=', 'new')
        .executeTakeFirst();
      return Number(changed.numUpdatedRows) === 1;
    },

    /** The kitchen has the taken order ready; the first time it was marked stays. */
    async markReady(orderId: number, now: Date): Promise<void> {
      await db
        .updateTable('orders')
        .set((eb) => ({
          ready_at: eb.fn.coalesce('ready_at', eb.val(now.toISOString())),
          kitchen_stage: eb
            .case()
            .when('kitchen_stage', 'in', ['new', 'taken'])
            .then('ready')
            .else(eb.ref('kitchen_stage'))
            .end(),
          updated_at: now.toISOString(),
        }))
        .where('order_id', '=', orderId)
        .where('processed_at', 'is not', null)
        .execute();
    },

    /**
     * Records a status; it becomes the order's current one unless the order is already placed or processed.
     * A status sent again with the same idempotency key (its answer was lost) is the one recorded.
     * Null when the order already holds STATUS_CAPS.perOrder statuses. Order-less statuses rotate:
     * the retailer keeps its newest STATUS_CAPS.orderlessKeptPerRetailer.
     */
    async addStatus(
      retailerId: number,
      orderId: number | null,
      status: OrderStatus,
      now: Date,
      idempotencyKey: string | null = null,
    ): Promise<number | null> {
      if (idempotencyKey !== null) {
        const recorded = await db
          .selectFrom('order_statuses')
          .select('order_status_id')
          .where('retailer_id', '=', retailerId)
          .where('idempotency_key', '=', idempotencyKey)
          .executeTakeFirst();
        if (recorded) return recorded.order_status_id;
      }
      if (orderId !== null) {
        const held = await db
          .selectFrom('order_statuses')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('order_id', '=', orderId)
          .executeTakeFirstOrThrow();
        if (Number(held.n) >= STATUS_CAPS.perOrder) return null;
      }
      const inserted = await db
        .insertInto('order_statuses')
        .values({
          retailer_id: retailerId,
          order_id: orderId,
          order_status_type_id: status.orderStatusTypeId,
          notes: status.notes,
          timestamp: status.timestamp,
          received_at: now.toISOString(),
          idempotency_key: idempotencyKey,
        })
        .returning('order_status_id')
        .executeTakeFirstOrThrow();
      if (orderId !== null) {
        await db
          .updateTable('orders')
          .set({
            current_order_status_type_id: status.orderStatusTypeId,
            last_order_status_update: status.timestamp,
            updated_at: now.toISOString(),
          })
          .where('order_id', '=', orderId)
          .where('processed_at', 'is', null)
          .where('placed_at', 'is', null)
          .execute();
      } else {
        // Order-less statuses older than the retailer's newest `kept`; nothing while it has fewer.
        const oldestKept = await db
          .selectFrom('order_statuses')
          .select('order_status_id')
          .where('retailer_id', '=', retailerId)
          .where('order_id', 'is', null)
          .orderBy('order_status_id', 'desc')
          .limit(1)
          .offset(STATUS_CAPS.orderlessKeptPerRetailer)
          .executeTakeFirst();
        if (oldestKept)
          await db
            .deleteFrom('order_statuses')
            .where('retailer_id', '=', retailerId)
            .where('order_id', 'is', null)
            .where('order_status_id', '<=', oldestKept.order_status_id)
            .execute();
      }
      return inserted.order_status_id;
    },

    async previousOrders(customerId: number, limit: number): Promise<PreviousOrder[]> {
      const rows = await db
        .selectFrom('orders')
        .select([
          'order_id',
          'encrypted_order_id',
          'create_date',
          'is_pickup',
          'order_for_later',
          'order_for_later_request_date_time',
          'sub_total_cents',
          'historic_delivery_fee_cents',
        ])
        .where('customer_id', '=', customerId)
        .where('processed_at', 'is not', null)
        .orderBy('processed_at', 'desc')
        .orderBy('order_id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        orderId: row.order_id,
        encryptedOrderId: row.encrypted_order_id,
        createDate: row.create_date,
        isPickup: row.is_pickup === 1,
        orderForLater: row.order_for_later === 1,
        orderForLaterRequestDateTime: row.order_for_later_request_date_time,
        subTotalCents: row.sub_total_cents,
        historicDeliveryFeeCents: row.historic_delivery_fee_cents,
      }));
    },
  };
}

export type OrderStore = ReturnType<typeof createOrderStore>;
