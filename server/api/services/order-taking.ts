import type { Kysely } from 'kysely';
import type { OrderStatusMessage, StaffOrdersMessage } from '../../../lib/live/messages.ts';
import { orderStatusTopic, staffOrdersTopic, type RetailerTopicScope } from '../../../lib/live/topics.ts';
import type { KitchenStage } from '../../../lib/kitchen/kitchen-flow.ts';
import { orderWatchTopicId } from '../../broker/acl.ts';
import type { LivePublisher } from './live-publisher.ts';
import { ApiProblem } from './problems.ts';
import type { OrderStore, StoredOrder } from '../store/orders.ts';
import type { Database } from '../store/schema.ts';
import { withStores, type Stores } from '../store/stores.ts';
import type { ServedTenant } from './tenants.ts';

/** The kitchen's side of a placed order: taking it (the operator's CLI and the staff console alike) and telling who watches. */

// Its own needs rather than a Pick of ApiDeps: the API's deps hold the clock push, which uses this file.
type LiveDeps = { publisher: LivePublisher; log: (line: string) => void };

export const topicScopeOf = ({ tenant }: ServedTenant): RetailerTopicScope => ({
  topicPrefix: tenant.settings.mqttTopicPrefix,
  retailerId: tenant.config.retailerId,
});

/**
 * Tells the retailer's open staff consoles which order to fetch again. In the background: the
 * placing customer or the acting staff member does not wait for the broker, and a console that
 * misses it catches up with its 15 s poll. A failure is logged.
 */
export function tellStaffBoards(deps: LiveDeps, served: ServedTenant, message: StaffOrdersMessage): void {
  deps.publisher.publishInBackground(staffOrdersTopic(topicScopeOf(served)), message, (error) =>
    deps.log(
      `api: the staff consoles of ${served.tenant.slug} were not told about order ${message.orderNumber}: ${error.message}`,
    ),
  );
}

/**
 * Tells the confirmation page watching this order that the kitchen took it, once: a take of a taken
 * order pushes nothing (issue 29). A failure is logged, not answered: the order is taken all the
 * same, and the page's poll catches up.
 */
async function tellWatchingPage(
  deps: LiveDeps,
  served: ServedTenant,
  watchKey: string,
  message: OrderStatusMessage = { orderProcessed: true },
): Promise<boolean> {
  try {
    await deps.publisher.publish(orderStatusTopic(topicScopeOf(served), orderWatchTopicId(watchKey)), message);
    return true;
  } catch (error) {
    deps.log(
      `api: the confirmation page of a ${served.tenant.slug} order was not told it was taken: ${(error as Error).message}`,
    );
    return false;
  }
}

/**
 * Tells the order's open confirmation page and the retailer's consoles that the kitchen moved it
 * to `stage` (a bump or an undo). Only called when the stage changed: a repeated tap pushes nothing.
 */
export async function tellStageChange(
  deps: LiveDeps,
  served: ServedTenant,
  moved: { orderNumber: number; watchKey: string | null; stage: KitchenStage },
): Promise<boolean> {
  const pageTold =
    moved.watchKey !== null &&
    (await tellWatchingPage(deps, served, moved.watchKey, {
      orderProcessed: moved.stage !== 'new',
      kitchenStage: moved.stage,
    }));
  tellStaffBoards(deps, served, { event: 'order-changed', orderNumber: moved.orderNumber });
  return pageTold;
}

/**
 * Tells the order's open confirmation page the later time the kitchen promises now (running late),
 * with where it has the order, and the retailer's consoles to fetch it again. Only called when the
 * time changed: a repeated tap pushes nothing.
 */
export async function tellRunningLate(
  deps: LiveDeps,
  served: ServedTenant,
  late: { orderNumber: number; watchKey: string | null; stage: KitchenStage; runningLateUntil: string },
): Promise<boolean> {
  const pageTold =
    late.watchKey !== null &&
    (await tellWatchingPage(deps, served, late.watchKey, {
      orderProcessed: late.stage !== 'new',
      kitchenStage: late.stage,
      runningLateUntil: late.runningLateUntil,
    }));
  tellStaffBoards(deps, served, { event: 'order-changed', orderNumber: late.orderNumber });
  return pageTold;
}

export interface TakenOrder {
  encryptedOrderId: string;
  /** Null for an order that was never placed. */
  orderNumber: number | null;
  /** Whether its open confirmation page was told. */
  pageTold: boolean;
}

/**
 * Marks the order the kitchen took as processed, then tells its open confirmation page and the
 * retailer's staff consoles. `alongside` runs in the same write transaction (the console's ready
 * state and audit entry), told whether this take took the order, and answers whether it changed
 * anything itself. A take that changes nothing tells no one (issue 29: repeats flooded consoles and
 * pages). An order `find` does not answer is a 404.
 */
export async function takeOrder(
  deps: LiveDeps & { db: Kysely<Database>; now: () => Date },
  served: ServedTenant,
  find: (orders: OrderStore, retailerId: number) => Promise<StoredOrder | undefined>,
  alongside: (
    stores: Stores,
    order: StoredOrder,
    orderNumber: number | null,
    newlyTaken: boolean,
  ) => Promise<boolean> = async () => false,
): Promise<TakenOrder> {
  const { retailerId } = served.tenant.config;
  const taken = await withStores(deps.db, retailerId, async (stores) => {
    const { orders } = stores;
    const order = await find(orders, retailerId);
    if (!order) throw new ApiProblem(404, 'Order not found');
    const newlyTaken = !order.processed;
    if (newlyTaken) await orders.markProcessed(order.orderId, deps.now());
    const orderNumber = (await orders.placement(order.orderId))?.orderNumber ?? null;
    const changed = (await alongside(stores, order, orderNumber, newlyTaken)) || newlyTaken;
    const watchKey = newlyTaken ? await orders.watchKey(order.orderId) : null;
    return { encryptedOrderId: order.encryptedOrderId, orderNumber, watchKey, changed };
  });
  const pageTold = taken.watchKey !== null && (await tellWatchingPage(deps, served, taken.watchKey));
  if (taken.orderNumber !== null && taken.changed)
    tellStaffBoards(deps, served, { event: 'order-changed', orderNumber: taken.orderNumber });
  return { encryptedOrderId: taken.encryptedOrderId, orderNumber: taken.orderNumber, pageTold };
}
