import { randomBytes } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import { placementSchema, type Placement } from '../../../src/lib/api/contract.ts';
import { RECEIPT_DAYS } from '../../../src/lib/cart/order-receipt.ts';
import { cartProductSchema, type CartProduct, type OrderStatus } from '../../../src/lib/cart/schemas.ts';
import { toDollars } from '../../../src/lib/pricing/money.ts';
import { DAY_MS } from '../../../src/lib/time/retailer-clock.ts';
import type { PricedOrder } from '../order-pricing.ts';
import { randomToken, tokenDigest } from '../tokens.ts';
import { integer, integerOrNull, text, textOrNull, type Row } from './rows.ts';

/**
 * A visit records a handful of statuses per order (start, order type changes, login, logout);
 * statuses sent before any order exist only as a start-of-visit record, so the newest are enough.
 */
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

function storedOrder(row: Row): StoredOrder {
  return {
    orderId: integer(row, 'order_id'),
    encryptedOrderId: text(row, 'encrypted_order_id'),
    retailerId: integer(row, 'retailer_id'),
    customerId: integerOrNull(row, 'customer_id'),
    processed: textOrNull(row, 'processed_at') !== null,
    placed: textOrNull(row, 'placed_at') !== null,
    revision: integer(row, 'revision'),
    historicDeliveryFeeCents: integer(row, 'historic_delivery_fee_cents'),
    discountCents: integer(row, 'discount_cents'),
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

function placementOf(row: Row): Placement {
  return placementSchema.parse({ ...JSON.parse(text(row, 'placement_json')), orderNumber: integer(row, 'order_number') });
}

const orderColumns = 'order_id, encrypted_order_id, retailer_id, customer_id, processed_at, placed_at, revision, historic_delivery_fee_cents, discount_cents';

/** Orders, their lines and their statuses. Callers wrap every multi-statement change in inTransaction. */
export function createOrderStore(db: DatabaseSync) {
  const statements = {
    byEncryptedId: db.prepare(`SELECT ${orderColumns} FROM orders WHERE retailer_id = ? AND encrypted_order_id = ?`),
    byIdempotencyKey: db.prepare(`SELECT ${orderColumns} FROM orders WHERE retailer_id = ? AND idempotency_key = ?`),
    ownerOfUuid: db.prepare(`SELECT ${orderColumns} FROM orders WHERE order_id = (SELECT order_id FROM order_products WHERE retailer_id = ? AND uuid = ?)`),
    insertOrder: db.prepare(
      `INSERT INTO orders (encrypted_order_id, retailer_id, idempotency_key, is_pickup, order_for_later, order_for_later_request_date_time,
         closed_date, extra_order_notes, create_date, current_order_status_type_id, last_order_status_update, historic_delivery_fee_cents,
         historic_delivery_wait_time, sub_total_cents, discount_cents, order_platform_source_id, source, revision, created_at, updated_at)
       VALUES ($encryptedOrderId, $retailerId, $idempotencyKey, $isPickup, $orderForLater, $orderForLaterRequestDateTime,
         $closedDate, $extraOrderNotes, $createDate, $currentOrderStatusTypeId, $lastOrderStatusUpdate, $historicDeliveryFeeCents,
         $historicDeliveryWaitTime, $subTotalCents, $discountCents, $orderPlatformSourceId, $source, $revision, $now, $now)`,
    ),
    updateOrder: db.prepare(
      `UPDATE orders SET is_pickup = $isPickup, order_for_later = $orderForLater, order_for_later_request_date_time = $orderForLaterRequestDateTime,
         closed_date = $closedDate, extra_order_notes = $extraOrderNotes, current_order_status_type_id = $currentOrderStatusTypeId,
         last_order_status_update = $lastOrderStatusUpdate, historic_delivery_fee_cents = $historicDeliveryFeeCents,
         historic_delivery_wait_time = $historicDeliveryWaitTime, sub_total_cents = $subTotalCents, discount_cents = $discountCents, source = $source, revision = $revision, updated_at = $now
       WHERE order_id = $orderId AND placed_at IS NULL`,
    ),
    lineIds: db.prepare('SELECT order_product_id, uuid FROM order_products WHERE order_id = ?'),
    insertLine: db.prepare(
      `INSERT INTO order_products (order_id, retailer_id, uuid, position, product_id, quantity, unit_price_cents, line_json)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    updateLine: db.prepare('UPDATE order_products SET position = ?, product_id = ?, quantity = ?, unit_price_cents = ?, line_json = ? WHERE order_product_id = ?'),
    deleteLine: db.prepare('DELETE FROM order_products WHERE order_product_id = ?'),
    lines: db.prepare('SELECT order_product_id, unit_price_cents, line_json FROM order_products WHERE order_id = ? ORDER BY position'),
    setCustomer: db.prepare('UPDATE orders SET customer_id = ?, updated_at = ? WHERE order_id = ? AND placed_at IS NULL'),
    placement: db.prepare('SELECT placement_json, order_number FROM orders WHERE order_id = ? AND placed_at IS NOT NULL'),
    watchKey: db.prepare('SELECT watch_key FROM orders WHERE order_id = ? AND placed_at IS NOT NULL'),
    nextOrderNumber: db.prepare('SELECT COALESCE(MAX(order_number), 0) + 1 AS next FROM orders WHERE retailer_id = ?'),
    place: db.prepare('UPDATE orders SET placed_at = ?, placement_json = ?, order_number = ?, watch_key = ?, updated_at = ? WHERE order_id = ? AND placed_at IS NULL'),
    setReceipt: db.prepare('UPDATE orders SET receipt_digest = ? WHERE order_id = ? AND placed_at IS NOT NULL'),
    receiptHeld: db.prepare('SELECT 1 AS held FROM orders WHERE order_id = ? AND receipt_digest = ? AND placed_at > ?'),
    byOrderNumber: db.prepare(`SELECT ${orderColumns} FROM orders WHERE retailer_id = ? AND order_number = ?`),
    openPlacements: db.prepare(
      `SELECT order_id, encrypted_order_id, placement_json, order_number FROM orders
       WHERE retailer_id = ? AND placed_at IS NOT NULL AND processed_at IS NULL ORDER BY order_number LIMIT ?`,
    ),
    markProcessed: db.prepare('UPDATE orders SET processed_at = COALESCE(processed_at, ?), updated_at = ? WHERE order_id = ?'),
    insertStatus: db.prepare('INSERT INTO order_statuses (retailer_id, order_id, order_status_type_id, notes, timestamp, received_at, idempotency_key) VALUES (?, ?, ?, ?, ?, ?, ?)'),
    statusByKey: db.prepare('SELECT order_status_id FROM order_statuses WHERE retailer_id = ? AND idempotency_key = ?'),
    statusCount: db.prepare('SELECT COUNT(*) AS n FROM order_statuses WHERE order_id = ?'),
    // Order-less statuses older than the retailer's newest `kept`; nothing while it has fewer.
    rotateOrderlessStatuses: db.prepare(
      `DELETE FROM order_statuses WHERE retailer_id = ? AND order_id IS NULL AND order_status_id <= (
         SELECT order_status_id FROM order_statuses WHERE retailer_id = ? AND order_id IS NULL ORDER BY order_status_id DESC LIMIT 1 OFFSET ?
       )`,
    ),
    setCurrentStatus: db.prepare('UPDATE orders SET current_order_status_type_id = ?, last_order_status_update = ?, updated_at = ? WHERE order_id = ? AND processed_at IS NULL AND placed_at IS NULL'),
    previous: db.prepare(
      `SELECT order_id, encrypted_order_id, create_date, is_pickup, order_for_later, order_for_later_request_date_time, sub_total_cents, historic_delivery_fee_cents
       FROM orders WHERE customer_id = ? AND processed_at IS NOT NULL ORDER BY processed_at DESC, order_id DESC LIMIT ?`,
    ),
  };

  function orderValues(priced: PricedOrder, revision: number, now: Date) {
    const { payload } = priced;
    return {
      revision,
      isPickup: payload.isPickup ? 1 : 0,
      orderForLater: payload.orderForLater ? 1 : 0,
      orderForLaterRequestDateTime: payload.orderForLaterRequestDateTime,
      closedDate: payload.closedDate ? 1 : 0,
      extraOrderNotes: payload.extraOrderNotes,
      currentOrderStatusTypeId: payload.currentOrderStatusTypeId,
      lastOrderStatusUpdate: payload.lastOrderStatusUpdate,
      historicDeliveryFeeCents: priced.deliveryFeeCents,
      historicDeliveryWaitTime: payload.historicDeliveryWaitTime,
      subTotalCents: priced.subTotalCents,
      discountCents: priced.discountCents,
      source: payload.source,
      now: now.toISOString(),
    };
  }

  /** Makes the order's lines exactly the priced ones; a line that stays keeps its order product id. */
  function writeLines(order: Pick<StoredOrder, 'orderId' | 'retailerId'>, priced: PricedOrder): Record<string, number> {
    const existing = new Map(statements.lineIds.all(order.orderId).map((row) => [text(row, 'uuid'), integer(row, 'order_product_id')]));
    const ids: Record<string, number> = {};
    priced.lines.forEach(({ product, unitCents }, position) => {
      const stored = JSON.stringify({ ...product, historicPrice: toDollars(unitCents), orderProductId: null });
      const id = existing.get(product.uuid);
      if (id === undefined) {
        const inserted = statements.insertLine.run(order.orderId, order.retailerId, product.uuid, position, product.productId, product.quantity, unitCents, stored);
        ids[product.uuid] = Number(inserted.lastInsertRowid);
      } else {
        statements.updateLine.run(position, product.productId, product.quantity, unitCents, stored, id);
        ids[product.uuid] = id;
        existing.delete(product.uuid);
      }
    });
    for (const removed of existing.values()) statements.deleteLine.run(removed);
    return ids;
  }

  function lineIdsOf(orderId: number): Record<string, number> {
    return Object.fromEntries(statements.lineIds.all(orderId).map((row) => [text(row, 'uuid'), integer(row, 'order_product_id')]));
  }

  return {
    find(retailerId: number, encryptedOrderId: string): StoredOrder | undefined {
      const row = statements.byEncryptedId.get(retailerId, encryptedOrderId);
      return row ? storedOrder(row) : undefined;
    },

    findByIdempotencyKey(retailerId: number, key: string): StoredOrder | undefined {
      const row = statements.byIdempotencyKey.get(retailerId, key);
      return row ? storedOrder(row) : undefined;
    },

    /** The distinct orders that already hold any of these cart lines. */
    ownersOf(retailerId: number, uuids: readonly string[]): StoredOrder[] {
      const owners = new Map<number, StoredOrder>();
      for (const uuid of uuids) {
        const row = statements.ownerOfUuid.get(retailerId, uuid);
        if (row) owners.set(integer(row, 'order_id'), storedOrder(row));
      }
      return [...owners.values()];
    },

    create(retailerId: number, idempotencyKey: string | null, priced: PricedOrder, revision: number, now: Date): { order: StoredOrder; uuidToOrderProductIds: Record<string, number> } {
      const encryptedOrderId = newEncryptedOrderId();
      const result = statements.insertOrder.run({
        ...orderValues(priced, revision, now),
        encryptedOrderId,
        retailerId,
        idempotencyKey,
        createDate: priced.payload.createDate,
        orderPlatformSourceId: priced.payload.orderPlatformSourceId,
      });
      const order: StoredOrder = { orderId: Number(result.lastInsertRowid), encryptedOrderId, retailerId, customerId: null, processed: false, placed: false, revision, historicDeliveryFeeCents: priced.deliveryFeeCents, discountCents: priced.discountCents };
      return { order, uuidToOrderProductIds: writeLines(order, priced) };
    },

    /** Stores the order as the client has it at `revision`; a placed order is never rewritten (the triggers of migration 10 refuse it too). */
    update(order: StoredOrder, priced: PricedOrder, revision: number, now: Date): Record<string, number> {
      const changed = statements.updateOrder.run({ ...orderValues(priced, revision, now), orderId: order.orderId });
      if (Number(changed.changes) !== 1) throw new Error(`order ${order.orderId} is placed and cannot be rewritten`);
      return writeLines(order, priced);
    },

    uuidToOrderProductIds: lineIdsOf,

    /** The order's cart lines with the server's prices and order product ids. */
    products(orderId: number): CartProduct[] {
      return statements.lines.all(orderId).map((row) =>
        cartProductSchema.parse({
          ...JSON.parse(text(row, 'line_json')),
          historicPrice: toDollars(integer(row, 'unit_price_cents')),
          orderProductId: integer(row, 'order_product_id'),
        }),
      );
    },

    setCustomer(orderId: number, customerId: number | null, now: Date): void {
      const changed = statements.setCustomer.run(customerId, now.toISOString(), orderId);
      if (Number(changed.changes) !== 1) throw new Error(`order ${orderId} is placed and keeps its customer`);
    },

    /** The placement of a placed order, or null; stored rows are parsed like any other input. */
    placement(orderId: number): Placement | null {
      const row = statements.placement.get(orderId);
      return row === undefined ? null : placementOf(row);
    },

    /** The placed order's watch key; null before it is placed, and for orders placed before keys existed. */
    watchKey(orderId: number): string | null {
      const row = statements.watchKey.get(orderId);
      return row === undefined ? null : textOrNull(row, 'watch_key');
    },

    /** A fresh receipt for the placed order, replacing any earlier one; the caller hands it out once. */
    newReceipt(orderId: number): string {
      const receipt = randomToken();
      statements.setReceipt.run(tokenDigest(receipt), orderId);
      return receipt;
    },

    /** Whether `receipt` is the placed order's, given no more than RECEIPT_DAYS ago. */
    receiptHeld(orderId: number, receipt: string, now: Date): boolean {
      return statements.receiptHeld.get(orderId, tokenDigest(receipt), new Date(now.getTime() - RECEIPT_DAYS * DAY_MS).toISOString()) !== undefined;
    },

    /**
     * Places the order under the retailer's next order number, with a fresh watch key. The caller's
     * transaction (BEGIN IMMEDIATE) keeps any other placement from taking the same number between
     * the read and the write; the unique index would refuse it if one did.
     */
    place(order: Pick<StoredOrder, 'orderId' | 'retailerId'>, placement: Omit<Placement, 'orderNumber'>, now: Date): Placement {
      const next = statements.nextOrderNumber.get(order.retailerId);
      const orderNumber = next === undefined ? 1 : integer(next, 'next');
      statements.place.run(placement.placedAt, JSON.stringify(placement), orderNumber, newOrderWatchKey(), now.toISOString(), order.orderId);
      return { ...placement, orderNumber };
    },

    findByOrderNumber(retailerId: number, orderNumber: number): StoredOrder | undefined {
      const row = statements.byOrderNumber.get(retailerId, orderNumber);
      return row ? storedOrder(row) : undefined;
    },

    /** Placed orders the kitchen has not taken yet, oldest first. */
    openPlacements(retailerId: number, limit: number): PlacedOrder[] {
      return statements.openPlacements.all(retailerId, limit).map((row) => ({ orderId: integer(row, 'order_id'), encryptedOrderId: text(row, 'encrypted_order_id'), placement: placementOf(row) }));
    },

    markProcessed(orderId: number, now: Date): void {
      statements.markProcessed.run(now.toISOString(), now.toISOString(), orderId);
    },

    /**
     * Records a status; it becomes the order's current one unless the order is already placed or processed.
     * A status sent again with the same idempotency key (its answer was lost) is the one recorded.
     * Null when the order already holds STATUS_CAPS.perOrder statuses. Order-less statuses rotate:
     * the retailer keeps its newest STATUS_CAPS.orderlessKeptPerRetailer.
     */
    addStatus(retailerId: number, orderId: number | null, status: OrderStatus, now: Date, idempotencyKey: string | null = null): number | null {
      const recorded = idempotencyKey === null ? undefined : statements.statusByKey.get(retailerId, idempotencyKey);
      if (recorded) return integer(recorded, 'order_status_id');
      if (orderId !== null && integer(statements.statusCount.get(orderId) ?? {}, 'n') >= STATUS_CAPS.perOrder) return null;
      const result = statements.insertStatus.run(retailerId, orderId, status.orderStatusTypeId, status.notes, status.timestamp, now.toISOString(), idempotencyKey);
      if (orderId !== null) statements.setCurrentStatus.run(status.orderStatusTypeId, status.timestamp, now.toISOString(), orderId);
      else statements.rotateOrderlessStatuses.run(retailerId, retailerId, STATUS_CAPS.orderlessKeptPerRetailer);
      return Number(result.lastInsertRowid);
    },

    previousOrders(customerId: number, limit: number): PreviousOrder[] {
      return statements.previous.all(customerId, limit).map((row) => ({
        orderId: integer(row, 'order_id'),
        encryptedOrderId: text(row, 'encrypted_order_id'),
        createDate: text(row, 'create_date'),
        isPickup: integer(row, 'is_pickup') === 1,
        orderForLater: integer(row, 'order_for_later') === 1,
        orderForLaterRequestDateTime: textOrNull(row, 'order_for_later_request_date_time'),
        subTotalCents: integer(row, 'sub_total_cents'),
        historicDeliveryFeeCents: integer(row, 'historic_delivery_fee_cents'),
      }));
    },
  };
}

export type OrderStore = ReturnType<typeof createOrderStore>;
