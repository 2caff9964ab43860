import type { Hono, MiddlewareHandler } from 'hono';
import type { ApiDeps } from '../deps.ts';
import type { StaffEnv } from '../env.ts';
import { tellKitchenFill } from '../services/clock.ts';
import { tellStageChange } from '../services/order-taking.ts';
import { ApiProblem } from '../services/problems.ts';
import { refundOrderPayment } from '../services/refunds.ts';
import { withStores } from '../store/stores.ts';

/**
 * The kitchen declines a new order it will not make (issue 30): it leaves the board for the Done
 * list, its page says so, and a payment made online is refunded through Stripe and recorded. Asking
 * again changes nothing but retries a refund that did not go through.
 */
export function staffDeclineRoutes(staff: Hono<StaffEnv>, signedIn: MiddlewareHandler<StaffEnv>, deps: ApiDeps): void {
  staff.post('/orders/:encryptedOrderId/decline', signedIn, async (c) => {
    const { account, served } = c.get('signedIn');
    const encryptedOrderId = c.req.param('encryptedOrderId');
    const now = deps.now();
    const declined = await withStores(deps.db, account.retailerId, async (stores) => {
      const order = await stores.orders.find(account.retailerId, encryptedOrderId);
      const placement = order?.placed ? await stores.orders.placement(order.orderId) : null;
      if (!order || !placement) throw new ApiProblem(404, 'Order not found');
      if (order.kitchenStage !== 'new' && order.kitchenStage !== 'declined')
        throw new ApiProblem(409, `Order ${placement.orderNumber} is already with the kitchen: it cannot be declined.`);
      const newly = await stores.orders.decline(order.orderId, now);
      if (newly) await stores.staff.record(account, 'decline-order', `Order ${placement.orderNumber}`, now);
      return {
        orderId: order.orderId,
        orderNumber: placement.orderNumber,
        newly,
        watchKey: newly ? await stores.orders.watchKey(order.orderId) : null,
      };
    });
    // The refund comes before the word to the customer's page, so the page that reloads on hearing
    // "declined" finds the money already on its way back; a failed refund still sends the word.
    let refund: Awaited<ReturnType<typeof refundOrderPayment>>;
    try {
      refund = await refundOrderPayment(deps, served, declined.orderId, 'declined by the kitchen');
    } finally {
      if (declined.newly) {
        await tellStageChange(deps, served, {
          orderNumber: declined.orderNumber,
          watchKey: declined.watchKey,
          stage: 'declined',
        });
        // A declined order frees its room in the kitchen's slot.
        tellKitchenFill(deps, served);
      }
    }
    const order = await deps.board.find(account.retailerId, encryptedOrderId);
    if (!order) throw new ApiProblem(404, 'Order not found');
    return c.json({ order, refund });
  });
}
