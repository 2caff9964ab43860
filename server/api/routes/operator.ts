import type { Context } from 'hono';
import { bearerAuth } from 'hono/bearer-auth';
import { designFieldUpdateTopic, clockStatusTopic, notifyTopic, type RetailerTopicScope } from '../../../src/lib/live/topics.ts';
import type { ApiApp, ApiDeps, ApiEnv } from '../app.ts';
import { clockStatusOf } from '../clock.ts';
import { designFieldBodySchema, errorLogLimitSchema, notifyBodySchema, type TenantSummary } from '../operator-contract.ts';
import { ApiProblem, readBody } from '../problems.ts';
import { clockOverrideSchema } from '../store/clock-overrides.ts';
import { inTransaction } from '../store/transaction.ts';
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

  app.get('/operator/analytics', (c) => c.json(deps.analyticsHits.summary()));

  app.get('/operator/tenants/:slug/error-logs', (c) => {
    const { tenant } = tenantOf(c);
    const limit = errorLogLimitSchema.safeParse(c.req.query('limit'));
    if (!limit.success) throw new ApiProblem(400, 'limit: expected a whole number from 1 to 500');
    return c.json(deps.intake.latestErrors(tenant.config.retailerId, limit.data));
  });

  app.post('/operator/tenants/:slug/orders/:encryptedOrderId/processed', (c) => {
    const { tenant } = tenantOf(c);
    const encryptedOrderId = c.req.param('encryptedOrderId');
    inTransaction(deps.db, () => {
      const order = deps.orders.find(tenant.config.retailerId, encryptedOrderId);
      if (!order) throw new ApiProblem(404, 'Order not found');
      deps.orders.markProcessed(order.orderId, deps.now());
    });
    return c.json({ success: true, encryptedOrderId });
  });

  app.get('/operator/tenants/:slug/table-bookings', (c) => c.json(deps.intake.bookings(tenantOf(c).tenant.config.retailerId)));

  app.put('/operator/tenants/:slug/clock-override', async (c) => {
    const { tenant } = tenantOf(c);
    const override = await readBody(c, clockOverrideSchema);
    deps.clockOverrides.set(tenant.config.retailerId, override, deps.now());
    return c.json({ success: true, clockStatus: clockStatusOf(tenant, deps.clockOverrides, deps.now()) });
  });

  app.delete('/operator/tenants/:slug/clock-override', (c) => {
    const { tenant } = tenantOf(c);
    deps.clockOverrides.clear(tenant.config.retailerId);
    return c.json({ success: true, clockStatus: clockStatusOf(tenant, deps.clockOverrides, deps.now()) });
  });

  app.post('/operator/tenants/:slug/publish/notify', async (c) => {
    const served = tenantOf(c);
    const { clientId, ...message } = await readBody(c, notifyBodySchema);
    return c.json(await publish(notifyTopic(scopeOf(served), clientId), message));
  });

  app.post('/operator/tenants/:slug/publish/clock-status', async (c) => {
    const served = tenantOf(c);
    return c.json(await publish(clockStatusTopic(scopeOf(served)), clockStatusOf(served.tenant, deps.clockOverrides, deps.now())));
  });

  app.post('/operator/tenants/:slug/publish/design-field', async (c) => {
    const served = tenantOf(c);
    const { retailerWebsiteId, ...update } = await readBody(c, designFieldBodySchema);
    return c.json(await publish(designFieldUpdateTopic(scopeOf(served), retailerWebsiteId ?? served.tenant.settings.retailerWebsiteId), update));
  });
}
