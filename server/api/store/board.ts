import type { Kysely } from 'kysely';
import type { Placement } from '../../../lib/cart/placement.ts';
import type { ReportOrder } from '../../../lib/kitchen/day-summary.ts';
import { MAX_ACTIVE_ORDERS, type BoardOrder, type BoardOrderState } from '../../../lib/api/staff-contract.ts';
import { lineInWords } from '../../../lib/cart/describe-line.ts';
import { deliveryAddressLine } from '../../../lib/cart/placed-order.ts';
import type { CartProduct } from '../../../lib/cart/schemas.ts';
import {
  currentPromise,
  kitchenStages,
  stageMove,
  type KitchenStage,
  type StageMove,
} from '../../../lib/kitchen/kitchen-flow.ts';
import { slotStartMs } from '../../../lib/kitchen/capacity.ts';
import { runningLate, type LateMinutes, type LateMove } from '../../../lib/kitchen/running-late.ts';
import { toCents } from '../../../lib/pricing/money.ts';
import { createOrderStore, placementOf } from './orders.ts';
import type { Database } from './schema.ts';

/** Who the kitchen's record and the audit log name for an order the API accepted by itself. */
export const AUTO_ACCEPT_NAME = 'Auto-accept';

const COMPLETED_STAGES: readonly KitchenStage[] = ['collected', 'delivered', 'declined'];
/** How many of the newest done orders a search by name looks through. */
const DONE_SEARCH_SPAN = 1000;
const REPORT_LINES_BATCH = 1000;

function isKitchenStage(stage: string): stage is KitchenStage {
  return (kitchenStages as readonly string[]).includes(stage);
}

/** A stage this code does not know (written by a newer version) shows as new rather than vanish from the board. */
function boardStateOf(row: { kitchen_stage: string }): BoardOrderState {
  return isKitchenStage(row.kitchen_stage) ? row.kitchen_stage : 'new';
}

/** What a staff member's move of an order came to (see stageMove). */
export type StageOutcome =
  | { kind: 'unknown' }
  | { kind: Exclude<StageMove, 'forward' | 'back'>; order: BoardOrder }
  | { kind: 'forward' | 'back'; order: BoardOrder; from: KitchenStage; watchKey: string | null };

/** What the kitchen's "running late" came to (see runningLate): `from` is the promise it replaced. */
export type LateOutcome =
  | { kind: 'unknown' }
  | { kind: 'same'; order: BoardOrder }
  | { kind: 'refused'; order: BoardOrder; reason: Extract<LateMove, { kind: 'refused' }>['reason'] }
  | { kind: 'later'; order: BoardOrder; from: string; watchKey: string | null };

/** A placed order in the kitchen's words: its delivery instructions travel with the address the driver reads. */
export function boardOrderOf(
  encryptedOrderId: string,
  placement: Placement,
  lines: readonly CartProduct[],
  state: BoardOrderState,
  runningLateUntil: string | null = null,
  autoAccepted = false,
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
    promisedAt: placement.orderForLater ? null : placement.dueAt,
    runningLateUntil,
    orderType: placement.isPickup ? 'pickup' : 'delivery',
    customer: { name: contact.fullName, phone: contact.phoneNumber, email: contact.email },
    address: delivery ? `${deliveryAddressLine(delivery)}${instructions === '' ? '' : ` (${instructions})`}` : null,
    lines: lines.map(lineInWords),
    notes: placement.orderNotes.trim() === '' ? null : placement.orderNotes,
    totalCents: toCents(placement.total),
    tipCents: toCents(placement.tip),
    promoCode: placement.promoCode,
    promoSavingCents: toCents(placement.promoSaving),
    paymentMethod: placement.paymentMethod,
    state,
    autoAccepted,
  };
}

/** The placed orders of one retailer as the staff console's board shows them. */
export function createBoardStore(db: Kysely<Database>) {
  const orders = createOrderStore(db);
  const selectPlaced = (retailerId: number) =>
    db
      .selectFrom('orders')
      .select([
        'order_id',
        'encrypted_order_id',
        'placement_json',
        'order_number',
        'kitchen_stage',
        'running_late_until',
        'auto_accepted_at',
      ])
      .where('retailer_id', '=', retailerId)
      .where('placed_at', 'is not', null);

  async function boardOrders(
    rows: readonly {
      order_id: number;
      encrypted_order_id: string;
      placement_json: string | null;
      order_number: number | null;
      kitchen_stage: string;
      running_late_until: string | null;
      auto_accepted_at: string | null;
    }[],
  ): Promise<BoardOrder[]> {
    const lines = await orders.linesOf(rows.map((row) => row.order_id));
    return rows.map((row) =>
      boardOrderOf(
        row.encrypted_order_id,
        placementOf(row),
        lines.get(row.order_id) ?? [],
        boardStateOf(row),
        row.running_late_until,
        row.auto_accepted_at !== null,
      ),
    );
  }

  /** One placed order of the retailer with the key its customer's page listens on, for a change a kitchen makes to it. */
  async function placedForChange(retailerId: number, encryptedOrderId: string) {
    const row = await selectPlaced(retailerId)
      .select(['watch_key', 'slot_at'])
      .where('encrypted_order_id', '=', encryptedOrderId)
      .executeTakeFirst();
    if (!row) return null;
    const [order] = await boardOrders([row]);
    return order ? { row, order } : null;
  }

  return {
    /**
     * Every placed order not yet collected or delivered, whatever its age, oldest first, up to
     * MAX_ACTIVE_ORDERS; `more` counts those past it.
     */
    async active(retailerId: number): Promise<{ orders: BoardOrder[]; more: number }> {
      const rows = await selectPlaced(retailerId)
        .where('kitchen_stage', 'not in', COMPLETED_STAGES)
        .orderBy('order_number')
        .limit(MAX_ACTIVE_ORDERS)
        .execute();
      let more = 0;
      if (rows.length === MAX_ACTIVE_ORDERS) {
        const counted = await db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll<number | string>().as('count'))
          .where('retailer_id', '=', retailerId)
          .where('placed_at', 'is not', null)
          .where('kitchen_stage', 'not in', COMPLETED_STAGES)
          .executeTakeFirstOrThrow();
        more = Number(counted.count) - MAX_ACTIVE_ORDERS;
      }
      return { orders: await boardOrders(rows), more };
    },

    /**
     * Collected and delivered orders, newest first: those whose number is `search`, or whose
     * customer's name holds it among the newest DONE_SEARCH_SPAN, or the newest `limit` without one.
     */
    async done(retailerId: number, limit: number, search: string): Promise<BoardOrder[]> {
      const completed = selectPlaced(retailerId)
        .where('kitchen_stage', 'in', COMPLETED_STAGES)
        .orderBy('order_number', 'desc');
      if (search === '') return boardOrders(await completed.limit(limit).execute());
      if (/^#?\d{1,9}$/.test(search))
        return boardOrders(await completed.where('order_number', '=', Number(search.replace('#', ''))).execute());
      const wanted = search.toLocaleLowerCase();
      const named = (await completed.limit(DONE_SEARCH_SPAN).execute()).filter((row) =>
        placementOf(row).contact.fullName.toLocaleLowerCase().includes(wanted),
      );
      return boardOrders(named.slice(0, limit));
    },

    /**
     * Puts the order at `target` if that is one step on (or back, to undo) in its flow, and records the
     * step; the first accept and ready also stamp `processed_at` and `ready_at`, which the
     * customer's page and the operator's CLI read. Run it in the retailer's write transaction.
     */
    async moveStage(
      retailerId: number,
      encryptedOrderId: string,
      target: KitchenStage,
      undo: boolean,
      staffName: string,
      now: Date,
    ): Promise<StageOutcome> {
      const found = await placedForChange(retailerId, encryptedOrderId);
      if (!found) return { kind: 'unknown' };
      const { row, order } = found;
      const move = stageMove(order.state, target, order.orderType, undo);
      if (move === 'same' || move === 'refused') return { kind: move, order };
      const at = now.toISOString();
      await db
        .updateTable('orders')
        .set((eb) => ({
          kitchen_stage: target,
          ...(target === 'taken' ? { processed_at: eb.fn.coalesce('processed_at', eb.val(at)) } : {}),
          ...(target === 'ready' ? { ready_at: eb.fn.coalesce('ready_at', eb.val(at)) } : {}),
          updated_at: at,
        }))
        .where('order_id', '=', row.order_id)
        .execute();
      await db
        .insertInto('order_kitchen_steps')
        .values({
          retailer_id: retailerId,
          order_id: row.order_id,
          from_stage: order.state,
          to_stage: target,
          undo: move === 'back' ? 1 : 0,
          staff_name: staffName,
          at,
        })
        .execute();
      return { kind: move, order: { ...order, state: target }, from: order.state, watchKey: row.watch_key };
    },

    /**
     * Accepts a new order for the kitchen (the shop's auto-accept), as a staff accept does but
     * recorded as the system's, and marks it so the console's alert says it was accepted. An order
     * past New (taken by staff, or by another API process first) is left as it is: run it in the
     * retailer's write transaction, which is what makes it once.
     */
    async autoAccept(retailerId: number, encryptedOrderId: string, now: Date): Promise<StageOutcome> {
      const found = await placedForChange(retailerId, encryptedOrderId);
      if (!found) return { kind: 'unknown' };
      if (found.order.state !== 'new') return { kind: 'same', order: found.order };
      const moved = await this.moveStage(retailerId, encryptedOrderId, 'taken', false, AUTO_ACCEPT_NAME, now);
      if (moved.kind !== 'forward') return moved;
      await db
        .updateTable('orders')
        .set({ auto_accepted_at: now.toISOString() })
        .where('order_id', '=', found.row.order_id)
        .execute();
      return { ...moved, order: { ...moved.order, autoAccepted: true } };
    },

    /**
     * The orders placed from `start` up to `end`, oldest first, as the end-of-day report reads them;
     * `more` when there are more than `limit`. Placing times are ISO instants in UTC, so text order is time order.
     */
    async placedBetween(
      retailerId: number,
      start: Date,
      end: Date,
      limit: number,
    ): Promise<{ orders: ReportOrder[]; more: boolean }> {
      const rows = await db
        .selectFrom('orders')
        .select(['order_id', 'placement_json', 'order_number', 'kitchen_stage'])
        .where('retailer_id', '=', retailerId)
        .where('placed_at', '>=', start.toISOString())
        .where('placed_at', '<', end.toISOString())
        .orderBy('placed_at')
        .orderBy('order_number')
        .limit(limit + 1)
        .execute();
      const kept = rows.slice(0, limit);
      const lines = new Map<number, CartProduct[]>();
      // Bounded lists of ids: both databases cap the parameters of one statement.
      for (let at = 0; at < kept.length; at += REPORT_LINES_BATCH) {
        const batch = await orders.linesOf(kept.slice(at, at + REPORT_LINES_BATCH).map((row) => row.order_id));
        for (const [orderId, orderLines] of batch) lines.set(orderId, orderLines);
      }
      return {
        orders: kept.map((row) => {
          const placement = placementOf(row);
          return {
            orderNumber: placement.orderNumber,
            placedAt: placement.placedAt,
            service: placement.isPickup ? 'pickup' : 'delivery',
            paymentMethod: placement.paymentMethod,
            totalCents: toCents(placement.total),
            tipCents: toCents(placement.tip),
            promoCode: placement.promoCode,
            promoSavingCents: toCents(placement.promoSaving),
            // A declined order (refunded when paid online) is no sale.
            cancelled: row.kitchen_stage === 'declined',
            lines: (lines.get(row.order_id) ?? []).map((line) => ({
              dish: line.productName,
              secondHalf: line.secondHalf?.productName ?? null,
              quantity: line.quantity,
              lineCents: toCents(line.historicPrice) * line.quantity,
            })),
          };
        }),
        more: rows.length > limit,
      };
    },

    /**
     * Promises the order `minutes` later than `from` (runningLate), and records who did and when.
     * Only the time changes: its lines and prices are as placed. Run it in the retailer's write transaction.
     */
    async runLate(
      retailerId: number,
      encryptedOrderId: string,
      from: string,
      minutes: LateMinutes,
      staffName: string,
      now: Date,
    ): Promise<LateOutcome> {
      const found = await placedForChange(retailerId, encryptedOrderId);
      if (!found) return { kind: 'unknown' };
      const { row, order } = found;
      const move = runningLate(order, from, minutes, now);
      if (move.kind === 'same') return { kind: 'same', order };
      if (move.kind === 'refused') return { kind: 'refused', order, reason: move.reason };
      const at = now.toISOString();
      // The order now takes its room in the kitchen at the new time: the old slot frees, the new one fills.
      const slotAt = row.slot_at === null ? null : new Date(slotStartMs(Date.parse(move.until))).toISOString();
      await db
        .updateTable('orders')
        .set({ running_late_until: move.until, slot_at: slotAt, updated_at: at })
        .where('order_id', '=', row.order_id)
        .execute();
      const promised = currentPromise(order);
      await db
        .insertInto('order_late_steps')
        .values({
          retailer_id: retailerId,
          order_id: row.order_id,
          from_at: promised,
          to_at: move.until,
          minutes,
          staff_name: staffName,
          at,
        })
        .execute();
      return {
        kind: 'later',
        order: { ...order, runningLateUntil: move.until },
        from: promised,
        watchKey: row.watch_key,
      };
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
