import type { Context } from 'hono';
import { bearerAuth } from 'hono/bearer-auth';
import { email } from '../../../lib/api/contract.ts';
import {
  newStaffAccountSchema,
  staffAccountChangeSchema,
  staffPasswordResetSchema,
  type StaffAccountView,
} from '../../../lib/api/staff-contract.ts';
import { lineInWords } from '../../../lib/cart/describe-line.ts';
import { designFieldUpdateTopic, clockStatusTopic, notifyTopic } from '../../../lib/live/topics.ts';
import type { ApiDeps } from '../deps.ts';
import type { ApiApp, ApiEnv } from '../env.ts';
import { clockStatusOf } from '../services/clock.ts';
import {
  designFieldBodySchema,
  errorLogLimitSchema,
  notifyBodySchema,
  openOrdersLimitSchema,
  orderNumberParamSchema,
  type TenantSummary,
} from '../operator/operator-contract.ts';
import { takeOrder, topicScopeOf } from '../services/order-taking.ts';
import { hashPassword } from '../services/passwords.ts';
import {
  addStaffAccount,
  changeStaffAccount,
  OPERATOR_ACTOR_NAME,
  removeStaffAccount,
  resetStaffPassword,
  type StaffActor,
} from '../services/staff-accounts.ts';
import { ApiProblem, readBody } from '../services/problems.ts';
import { clockOverrideSchema } from '../store/clock-overrides.ts';
import type { OrderStore, StoredOrder } from '../store/orders.ts';
import { withStores } from '../store/stores.ts';
import type { ServedTenant } from '../services/tenants.ts';

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

  /** Marks the order the kitchen took as processed, then tells its open confirmation page and the staff consoles. */
  async function takeOrderOf(
    c: Context<ApiEnv>,
    find: (orders: OrderStore, retailerId: number) => Promise<StoredOrder | undefined>,
  ) {
    return c.json({ success: true, ...(await takeOrder(deps, tenantOf(c), find)) });
  }

  app.post('/operator/tenants/:slug/orders/:encryptedOrderId/processed', (c) =>
    takeOrderOf(c, (orders, retailerId) => orders.find(retailerId, c.req.param('encryptedOrderId'))),
  );

  app.post('/operator/tenants/:slug/order-numbers/:orderNumber/processed', (c) => {
    const orderNumber = orderNumberParamSchema.safeParse(c.req.param('orderNumber'));
    if (!orderNumber.success) throw new ApiProblem(400, 'orderNumber: expected a whole number from 1');
    return takeOrderOf(c, (orders, retailerId) => orders.findByOrderNumber(retailerId, orderNumber.data));
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
          items: (await deps.orders.products(orderId)).map(lineInWords),
        })),
      ),
    );
  });

  /** Adds a staff account of the retailer (`npm run operator -- staff add`); only the password's hash is stored. */
  app.post('/operator/tenants/:slug/staff', async (c) => {
    const { tenant } = tenantOf(c);
    const { password, ...account } = await readBody(c, newStaffAccountSchema);
    const hash = await hashPassword(password);
    const { retailerId } = tenant.config;
    const actor: StaffActor = { retailerId, staffId: null, name: OPERATOR_ACTOR_NAME };
    const added = await withStores(deps.db, retailerId, (stores) =>
      addStaffAccount(stores, actor, account, hash, deps.now()),
    );
    return c.json({ success: true, staff: added }, 201);
  });

  /** An account of the tenant by its email, for the lifecycle below (services/staff-accounts.ts). */
  async function staffAccountOf(c: Context<ApiEnv>): Promise<{ actor: StaffActor; target: StaffAccountView }> {
    const { tenant } = tenantOf(c);
    const { retailerId } = tenant.config;
    const address = email.safeParse(c.req.param('email'));
    const target = address.success ? await deps.staff.byEmail(retailerId, address.data) : undefined;
    if (!target) throw new ApiProblem(404, `${tenant.slug} has no staff account for ${c.req.param('email')}`);
    return { actor: { retailerId, staffId: null, name: OPERATOR_ACTOR_NAME }, target };
  }

  /** Changes the role of an account, or disables or enables it (`npm run operator -- staff role|disable|enable`). */
  app.put('/operator/tenants/:slug/staff/:email', async (c) => {
    const change = await readBody(c, staffAccountChangeSchema);
    const { actor, target } = await staffAccountOf(c);
    const account = await withStores(deps.db, actor.retailerId, (stores) =>
      changeStaffAccount(stores, actor, target, change, deps.now()),
    );
    return c.json({ success: true, account });
  });

  app.post('/operator/tenants/:slug/staff/:email/remove', async (c) => {
    const { actor, target } = await staffAccountOf(c);
    await withStores(deps.db, actor.retailerId, (stores) => removeStaffAccount(stores, actor, target, deps.now()));
    return c.json({ success: true });
  });

  app.post('/operator/tenants/:slug/staff/:email/password', async (c) => {
    const { password } = await readBody(c, staffPasswordResetSchema);
    const { actor, target } = await staffAccountOf(c);
    const hash = await hashPassword(password);
    await withStores(deps.db, actor.retailerId, (stores) =>
      resetStaffPassword(stores, actor, target, hash, deps.now()),
    );
    return c.json({ success: true });
  });

  app.get('/operator/tenants/:slug/table-bookings', async (c) =>
    c.json(await deps.intake.bookings(tenantOf(c).tenant.config.retailerId)),
  );

  app.put('/operator/tenants/:slug/clock-override', async (c) => {
    const served = tenantOf(c);
    const { tenant } = served;
    const override = await readBody(c, clockOverrideSchema);
    await deps.clockOverrides.set(tenant.config.retailerId, override, deps.now());
    return c.json({ success: true, clockStatus: await clockStatusOf(deps, served, deps.now()) });
  });

  app.delete('/operator/tenants/:slug/clock-override', async (c) => {
    const served = tenantOf(c);
    const { tenant } = served;
    await deps.clockOverrides.clear(tenant.config.retailerId);
    return c.json({ success: true, clockStatus: await clockStatusOf(deps, served, deps.now()) });
  });

  app.post('/operator/tenants/:slug/publish/notify', async (c) => {
    const served = tenantOf(c);
    const { clientId, ...message } = await readBody(c, notifyBodySchema);
    return c.json(await publish(notifyTopic(topicScopeOf(served), clientId), message));
  });

  app.post('/operator/tenants/:slug/publish/clock-status', async (c) => {
    const served = tenantOf(c);
    return c.json(await publish(clockStatusTopic(topicScopeOf(served)), await clockStatusOf(deps, served, deps.now())));
  });

  app.post('/operator/tenants/:slug/publish/design-field', async (c) => {
    const served = tenantOf(c);
    const { retailerWebsiteId, ...update } = await readBody(c, designFieldBodySchema);
    return c.json(
      await publish(
        designFieldUpdateTopic(topicScopeOf(served), retailerWebsiteId ?? served.tenant.settings.retailerWebsiteId),
        update,
      ),
    );
  });
}
