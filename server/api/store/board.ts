import type { Kysely } from 'kysely';
import type { Placement } from '../../../lib/cart/placement.ts';
import type { BoardOrder, BoardOrderState } from '../../../lib/api/staff-contract.ts';
import { lineInWords } from '../../../lib/cart/describe-line.ts';
import { deliveryAddressLine } from '../../../lib/cart/placed-order.ts';
import type { CartProduct } from '../../../lib/cart/schemas.ts';
import { toCents } from '../../../lib/pricing/money.ts';
import { createOrderStore, placementOf } from './orders.ts';
import type { Database } from './schema.ts';

function boardStateOf(row: { processed_at: string | null; ready_at: string | null }): BoardOrderState {
  if (row.ready_at !== null) return 'ready';
  return row.processed_at === null ? 'new' : 'taken';
}

/** A placed order in the kitchen's words: its delivery instructions travel with the address the driver reads. */
export function boardOrderOf(
  encryptedOrderId: string,
  placement: Placement,
  lines: readonly CartProduct[],
  state: BoardOrderState,
): BoardOrder {
  const { delivery, contact } = placement;
  const instructions = delivery?.instructions.trim() ?? '';
  return {
    encryptedOrderId,
    orderNumber: placement.orderNumber,
    placedAt: placement.placedAt,
    // The contract's null means "as soon as possible"; an order for later is due at the time asked for.
    dueAt:
      placement.orderForLater && placement.orderForLaterRequestDateTime !== null
        ? new Date(placement.orderForLaterRequestDateTime).toISOString()
        : null,
    orderType: placement.isPickup ? 'pickup' : 'delivery',
    customer: { name: contact.fullName, phone: contact.phoneNumber, email: contact.email },
    address: delivery ? `${deliveryAddressLine(delivery)}${instructions === '' ? '' : ` (${instructions})`}` : null,
    lines: lines.map(lineInWords),
    notes: placement.orderNotes.trim() === '' ? null : placement.orderNotes,
    totalCents: toCents(placement.total),
    paymentMethod: placement.paymentMethod,
    state,
  };
}

/** The placed orders of one retailer as the staff console's board shows them. */
export function createBoardStore(db: Kysely<Database>) {
  const orders = createOrderStore(db);
  const selectPlaced = (retailerId: number) =>
    db
      .selectFrom('orders')
      .select(['order_id', 'encrypted_order_id', 'placement_json', 'order_number', 'processed_at', 'ready_at'])
      .where('retailer_id', '=', retailerId)
      .where('placed_at', 'is not', null);

  async function boardOrders(
    rows: readonly {
      order_id: number;
      encrypted_order_id: string;
      placement_json: string | null;
      order_number: number | null;
      processed_at: string | null;
      ready_at: string | null;
    }[],
  ): Promise<BoardOrder[]> {
    const lines = await orders.linesOf(rows.map((row) => row.order_id));
    return rows.map((row) =>
      boardOrderOf(row.encrypted_order_id, placementOf(row), lines.get(row.order_id) ?? [], boardStateOf(row)),
    );
  }

  return {
    /** Placed after `since`, newest first. */
    async recent(retailerId: number, since: Date, limit: number): Promise<BoardOrder[]> {
      return boardOrders(
        await selectPlaced(retailerId)
          .where('placed_at', '>', since.toISOString())
          .orderBy('order_number', 'desc')
          .limit(limit)
          .execute(),
      );
    },

    /** One placed order of the retailer; undefined for an unknown one, another retailer's or one not placed. */
    async find(retailerId: number, encryptedOrderId: string): Promise<BoardOrder | undefined> {
      const [order] = await boardOrders(
        await selectPlaced(retailerId).where('encrypted_order_id', '=', encryptedOrderId).execute(),
      );
      return order;
    },
  };
}

export type BoardStore = ReturnType<typeof createBoardStore>;
