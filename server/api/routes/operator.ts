import type { Context } from 'hono';
import { bearerAuth } from 'hono/bearer-auth';
import { describeLine, lineTitle } from '../../../src/lib/cart/describe-line.ts';
import type { OrderStatusMessage } from '../../../src/lib/live/messages.ts';
import { designFieldUpdateTopic, clockStatusTopic, notifyTopic, orderStatusTopic, type RetailerTopicScope } from '../../../src/lib/live/topics.ts';
import { orderWatchTopicId } from '../../broker/acl.ts';
import type { ApiApp, ApiDeps, ApiEnv } from '../app.ts';
import { clockStatusOf } from '../clock.ts';
import { designFieldBodySchema, errorLogLimitSchema, notifyBodySchema, openOrdersLimitSchema, orderNumberParamSchema, type TenantSummary } from '../operator-contract.ts';
import { ApiProblem, readBody } from '../problems.ts';
import { clockOverrideSchema } from '../store/clock-overrides.ts';
import type { StoredOrder } from '../store/orders.ts';
import { withStores, type Stores } from '../store/stores.ts';
import type { ServedTenant } from '../tenants.ts';

const refusal = (message: string) => ({ message: { success: false, message } });

/** Staff actions: mark orders processed, force the live clock, push live messages. Inactive tenants are reachable here. */
export function operatorRoutes(app: ApiApp, deps: ApiDeps): void {
  app.use(
    '/operator/*',
    bearerAuth({
      token: deps.operatorToken,
      noAuthenticationHeader: refusal('Operator token required: Authorization: Bearer <OPERATOR_TOKEN>'),
      invalidAuthenticationHeader: refusal('Malformed Authorization header'),
      invalidToken: refusal('Wrong operator token'),
    }),
  );

  function tenantOf(c: Context<ApiEnv>): ServedTenant {
    const slug = c.req.param('slug') ?? '';
    const served = deps.tenants.bySlug(slug);
    if (!served) throw new ApiProblem(404, `Retailer not found: no tenant "${slug}"`);
    return served;
  }

  const scopeOf = ({ tenant }: ServedTenant): RetailerTopicScope => ({ topicPrefix: tenant.settings.mqttTopicPrefix, retailerId: tenant.config.retailerId });

  async function publish(topic: string, payload: unknown): Promise<{ success: true; topic: string }> {
    try {
      await deps.publisher.publish(topic, payload);
    } catch (error) {
      throw new ApiProblem(502, `Broker unavailable: ${(error as Error).message}`);
    }
    return { success: true, topic };
  }

  app.get('/operator/tenants', (c) =>
    c.json(
      deps.tenants.all.map(({ tenant }): TenantSummary => ({
        slug: tenant.slug,
        retailerId: tenant.config.retailerId,
        retailerWebsiteId: tenant.settings.retailerWebsiteId,
        active: tenant.settings.active,
        hosts: tenant.settings.hosts,
      })),
    ),
  );

  app.get('/operator/analytics', async (c) => c.json(await deps.analyticsHits.summary()));

  app.get('/operator/tenants/:slug/error-logs', async (c) => {
    const { tenant } = tenantOf(c);
    const limit = errorLogLimitSchema.safeParse(c.req.query('limit'));
    if (!limit.success) throw new ApiProblem(400, 'limit: expected a whole number from 1 to 500');
    return c.json(await deps.intake.latestErrors(tenant.config.retailerId, limit.data));
  });

  /**
   * Tells the confirmation page watching this order that the kitchen took it. Sent again on every
   * call, so taking an order again retries a push the broker missed. A failure is logged, not
   * answered: the order is taken all the same, and the page's poll catches up.
   */
  async function tellWatchingPage(served: ServedTenant, watchKey: string): Promise<boolean> {
    const message: OrderStatusMessage = { orderProcessed: true };
    try {
      await deps.publisher.publish(orderStatusTopic(scopeOf(served), orderWatchTopicId(watchKey)), message);
      return true;
    } catch (error) {
      deps.log(`api: the confirmation page of a ${served.tenant.slug} order was not told it was taken: ${(error as Error).message}`);
      return false;
    }
  }

  /** Marks the order the kitchen took as processed, then tells its open confirmation page. */
  async function takeOrder(c: Context<ApiEnv>, find: (orders: Stores['orders'], retailerId: number) => Promise<StoredOrder | undefined>) {
    const served = tenantOf(c);
    const taken = await withStores(deps.db, served.tenant.config.retailerId, async ({ orders }) => {
      const order = await find(orders, served.tenant.config.retailerId);
      if (!order) throw new ApiProblem(404, 'Order not found');
      await orders.markProcessed(order.orderId, deps.now());
      return { encryptedOrderId: order.encryptedOrderId, orderNumber: (await orders.placement(order.orderId))?.orderNumber ?? null, watchKey: await orders.watchKey(order.orderId) };
    });
    const pageTold = taken.watchKey !== null && (await tellWatchingPage(served, taken.watchKey));
    return c.json({ success: true, encryptedOrderId: taken.encryptedOrderId, orderNumber: taken.orderNumber, pageTold });
  }

  app.post('/operator/tenants/:slug/orders/:encryptedOrderId/processed', (c) => takeOrder(c, (orders, retailerId) => orders.find(retailerId, c.req.param('encryptedOrderId'))));

  app.post('/operator/tenants/:slug/order-numbers/:orderNumber/processed', (c) => {
    const orderNumber = orderNumberParamSchema.safeParse(c.req.param('orderNumber'));
    if (!orderNumber.success) throw new ApiProblem(400, 'orderNumber: expected a whole number from 1');
    return takeOrder(c, (orders, retailerId) => orders.findByOrderNumber(retailerId, orderNumber.data));
  });

  /** The kitchen's queue: what was placed and not yet taken, oldest first, with each line in words. */
  app.get('/operator/tenants/:slug/open-orders', async (c) => {
    const { tenant } = tenantOf(c);
    const limit = openOrdersLimitSchema.safeParse(c.req.query('limit'));
    if (!limit.success) throw new ApiProblem(400, 'limit: expected a whole number from 1 to 200');
    const open = await deps.orders.openPlacements(tenant.config.retailerId, limit.data);
    return c.json(
      await Promise.all(
        open.map(async ({ orderId, encryptedOrderId, placement }) => ({
          encryptedOrderId,
          ...placement,
          items: (await deps.orders.products(orderId)).map((line) => [`${line.quantity} × ${lineTitle(line)}`, ...describeLine(line)].join(' · ')),
        })),
      ),
    );
  });

  app.get('/operator/tenants/:slug/table-bookings', async (c) => c.json(await deps.intake.bookings(tenantOf(c).tenant.config.retailerId)));

  app.put('/operator/tenants/:slug/clock-override', async (c) => {
    const { tenant } = tenantOf(c);
    const override = await readBody(c, clockOverrideSchema);
    await deps.clockOverrides.set(tenant.config.retailerId, override, deps.now());
    return c.json({ success: true, clockStatus: await clockStatusOf(tenant, deps.clockOverrides, deps.now()) });
  });

  app.delete('/operator/tenants/:slug/clock-override', async (c) => {
    const { tenant } = tenantOf(c);
    await deps.clockOverrides.clear(tenant.config.retailerId);
    return c.json({ success: true, clockStatus: await clockStatusOf(tenant, deps.clockOverrides, deps.now()) });
  });

  app.post('/operator/tenants/:slug/publish/notify', async (c) => {
    const served = tenantOf(c);
    const { clientId, ...message } = await readBody(c, notifyBodySchema);
    return c.json(await publish(notifyTopic(scopeOf(served), clientId), message));
  });

  app.post('/operator/tenants/:slug/publish/clock-status', async (c) => {
    const served = tenantOf(c);
    return c.json(await publish(clockStatusTopic(scopeOf(served)), await clockStatusOf(served.tenant, deps.clockOverrides, deps.now())));
  });

  app.post('/operator/tenants/:slug/publish/design-field', async (c) => {
    const served = tenantOf(c);
    const { retailerWebsiteId, ...update } = await readBody(c, designFieldBodySchema);
    return c.json(await publish(designFieldUpdateTopic(scopeOf(served), retailerWebsiteId ?? served.tenant.settings.retailerWebsiteId), update));
  });
}
