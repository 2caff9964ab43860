import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { z } from 'zod';
import {
  auditLimitSchema,
  boardLimitSchema,
  boardSearchSchema,
  bookingFromSchema,
  bookingIdParamSchema,
  bookingLimitSchema,
  STAFF_SIGN_IN_FAILED,
  staffSignInBodySchema,
  staffLateBodySchema,
  staffStageBodySchema,
  type AuditAction,
  type BoardOrder,
  type StaffMember,
  type BookingDecision,
  type StaffBooking,
} from '../../../lib/api/staff-contract.ts';
import { shopPaths } from '../../../lib/api/shop-contract.ts';
import { staffOrdersTopic } from '../../../lib/live/topics.ts';
import { staffBrokerPassword, staffBrokerUsername } from '../../broker/acl.ts';
import type { ApiDeps } from '../deps.ts';
import type { ApiApp, StaffEnv } from '../env.ts';
import { STAGE_TEXT } from '../../../lib/kitchen/kitchen-flow.ts';
import { takeOrder, tellRunningLate, tellStageChange, topicScopeOf } from '../services/order-taking.ts';
import { tellKitchenFill } from '../services/clock.ts';
import { MAX_LATE_MINUTES } from '../../../lib/kitchen/running-late.ts';
import { formatTime } from '../../../lib/time/format.ts';
import { retailerWallClock } from '../../../lib/time/retailer-clock.ts';
import type { ShopZone } from '../../../lib/time/shop-zone.ts';
import { verifyPassword } from '../services/passwords.ts';
import { ApiProblem, readBody } from '../services/problems.ts';
import { clientAddress, throttle } from '../services/rate-limits.ts';
import { bearerTokenOf } from '../services/sessions.ts';
import { randomToken, tokenDigest } from '../services/tokens.ts';
import type { StaffAccount } from '../store/staff.ts';
import { withStores } from '../store/stores.ts';
import type { ServedTenant } from '../services/tenants.ts';
import { staffAccountRoutes } from './staff-accounts.ts';
import { staffDeclineRoutes } from './staff-decline.ts';
import { staffLiveStateRoutes } from './staff-live-state.ts';
import { staffReportRoutes } from './staff-reports.ts';
import { staffPrinterRoutes } from './staff-printers.ts';
import { staffPromoCodeRoutes } from './staff-promo-codes.ts';
import { shopRoutes } from './shop.ts';
import { shopZone } from '../../../lib/time/shop-zone.ts';
import { shopByName, shopNameKey } from '../../../lib/tenant/shop-by-name.ts';

/** A sign-in or an order action is a few hundred bytes; nothing the console sends comes near this. */
const MAX_STAFF_BODY_BYTES = 8 * 1024;

const staffMemberOf = ({ staffId, name, email, role }: StaffAccount, { tenant }: ServedTenant): StaffMember => ({
  staffId,
  name,
  email,
  role,
  retailer: {
    slug: tenant.slug,
    name: tenant.config.retailerInfo.name,
    retailerId: tenant.config.retailerId,
    zone: shopZone(tenant.config.retailerInfo),
  },
});

/** "8:10 pm" on the shop's clock, as the audit log words a time. */
const clockText = (iso: string, zone: ShopZone) => formatTime(retailerWallClock(new Date(iso), zone).minutes);

function queryLimit<S extends z.ZodType<number>>(c: Context<StaffEnv>, schema: S, range: string): number {
  const limit = schema.safeParse(c.req.query('limit'));
  if (!limit.success) throw new ApiProblem(400, `limit: expected a whole number from ${range}`);
  return limit.data;
}

/**
 * The operators' console (`/staff/*`, lib/api/staff-contract.ts): staff sign in per retailer
 * and see and move only their retailer's orders, and set its live state (staff-live-state.ts). Errors answer `{ error }`, as the contract says.
 */
export function staffRoutes(app: ApiApp, deps: ApiDeps): void {
  const staff = new Hono<StaffEnv>();
  const limits = deps.rateLimits;

  const smallBodies = bodyLimit({
    maxSize: MAX_STAFF_BODY_BYTES,
    onError: (c) =>
      c.json({ error: `Request body larger than ${MAX_STAFF_BODY_BYTES} bytes` }, 413, { connection: 'close' }),
  });
  // A shop draft lists prices and has its own, larger bound (routes/shop.ts).
  staff.use('*', (c, next) => (c.req.path.endsWith(shopPaths.draft) ? next() : smallBodies(c, next)));

  /** Counted per client address before the token is looked up, so a flood of made-up tokens is limited too. */
  const signedIn: MiddlewareHandler<StaffEnv> = async (c, next) => {
    await throttle('staff calls', deps.now(), [limits.staffCallsPerAddress, clientAddress(c, deps.trustProxy)]);
    const token = bearerTokenOf(c);
    const account = token === undefined ? undefined : await deps.staff.signedIn(token, deps.now());
    const served = account && deps.tenants.byRetailerId(account.retailerId);
    if (token === undefined || !account || !served)
      throw new ApiProblem(401, 'Please sign in: this session has ended or is not known.');
    if (c.req.method !== 'GET') {
      const staffKey = String(account.staffId);
      await throttle(
        'changes from this account',
        deps.now(),
        [limits.staffActionsPerAccount, staffKey],
        [limits.staffActionsPerAccountDaily, staffKey],
      );
    }
    c.set('signedIn', { account, served, token });
    await next();
  };

  const ownerOnly: MiddlewareHandler<StaffEnv> = async (c, next) => {
    if (c.get('signedIn').account.role !== 'owner') throw new ApiProblem(403, 'Only the owner may read the audit log.');
    await next();
  };

  staff.post('/sign-in', async (c) => {
    const { retailer, email, password, device: sentDevice } = await readBody(c, staffSignInBodySchema);
    const now = deps.now();
    const address = clientAddress(c, deps.trustProxy);
    const slug = shopByName(
      deps.tenants.all.map(({ tenant }) => ({ slug: tenant.slug, name: tenant.config.retailerInfo.name })),
      retailer,
    );
    // Counted by the shop it names, so typing its name or its slug is one account's count.
    const accountKey = `${slug ?? shopNameKey(retailer)}:${email}`;
    const served = slug === null ? undefined : deps.tenants.bySlug(slug);
    const clients = [tokenDigest(`address:${address}`), ...(sentDevice ? [tokenDigest(`device:${sentDevice}`)] : [])];
    // A device or address this account signed in from before counts its failures apart from everyone
    // else's, so strangers guessing from elsewhere slow themselves and new devices, never its staff.
    const known =
      served !== undefined && (await deps.staff.isKnownClient(served.tenant.config.retailerId, email, clients, now));
    // The address's own count is for trying accounts it has not signed in to: a kitchen's staff
    // signing in again behind one shared address never use it up for each other.
    if (!known) await throttle('sign-in attempts', now, [limits.staffSignInPerAddress, address]);
    const countedAs = known ? `${accountKey}:${clients[0]}` : accountKey;
    await throttle('sign-in attempts', now, [limits.staffSignInPerAccount, countedAs]);
    const found = served && (await deps.staff.findByEmail(served.tenant.config.retailerId, email));
    // Derived for an unknown retailer or email too (against a stand-in hash), so the time taken tells nothing.
    const verified = await verifyPassword(password, found?.password);
    if (!served || !found || !verified) throw new ApiProblem(401, STAFF_SIGN_IN_FAILED);
    await limits.staffSignInPerAccount.forgive(countedAs);
    const device = sentDevice ?? randomToken();
    const session = await withStores(deps.db, found.account.retailerId, async (stores) => {
      await stores.staff.record(found.account, 'sign-in', found.account.email, now);
      await stores.staff.rememberClients(
        found.account,
        [tokenDigest(`address:${address}`), tokenDigest(`device:${device}`)],
        now,
      );
      return stores.staff.openSession(found.account, now);
    });
    return c.json({ ...session, staff: staffMemberOf(found.account, served), device });
  });

  staff.post('/sign-out', signedIn, async (c) => {
    const { account, token } = c.get('signedIn');
    await withStores(deps.db, account.retailerId, async (stores) => {
      await stores.staff.closeSession(token);
      await stores.staff.record(account, 'sign-out', account.email, deps.now());
    });
    return c.body(null, 204);
  });

  staff.get('/me', signedIn, (c) => {
    const { account, served } = c.get('signedIn');
    return c.json({ staff: staffMemberOf(account, served) });
  });

  /** Every active order whatever its age (bounded by MAX_ACTIVE_ORDERS), and a page of done ones, filtered by `search`. */
  staff.get('/orders', signedIn, async (c) => {
    const limit = queryLimit(c, boardLimitSchema, '1 to 200');
    const search = boardSearchSchema.safeParse(c.req.query('search') ?? '');
    if (!search.success) throw new ApiProblem(400, 'search: expected at most 100 characters');
    const { account, served } = c.get('signedIn');
    const active = await deps.board.active(account.retailerId);
    const done = await deps.board.done(account.retailerId, limit, search.data);
    const { preparationMinutes } = served.tenant.config.retailerInfo;
    return c.json({ orders: active.orders, moreActive: active.more, done, preparationMinutes });
  });

  /**
   * Bump or undo: puts the order one step on (or back, with `undo`) in its flow, records the step
   * and tells the customer's page and the consoles. Asking for the stage it is at, or a bump to one
   * it is past, changes and pushes nothing (a repeated tap, a retry, two cooks on one order); any
   * other stage is a 409.
   */
  staff.post('/orders/:encryptedOrderId/stage', signedIn, async (c) => {
    const { account, served } = c.get('signedIn');
    const { stage, undo } = await readBody(c, staffStageBodySchema);
    const encryptedOrderId = c.req.param('encryptedOrderId');
    const now = deps.now();
    const outcome = await withStores(deps.db, account.retailerId, async (stores) => {
      const moved = await stores.board.moveStage(account.retailerId, encryptedOrderId, stage, undo, account.name, now);
      if (moved.kind === 'forward' || moved.kind === 'back')
        await stores.staff.record(
          account,
          moved.kind === 'forward' ? 'stage' : 'undo-stage',
          `Order ${moved.order.orderNumber}: ${STAGE_TEXT[moved.from]} → ${STAGE_TEXT[stage]}`,
          now,
        );
      return moved;
    });
    if (outcome.kind === 'unknown') throw new ApiProblem(404, 'Order not found');
    if (outcome.kind === 'refused')
      throw new ApiProblem(
        409,
        `Order ${outcome.order.orderNumber} is ${STAGE_TEXT[outcome.order.state]}: it cannot go to ${STAGE_TEXT[stage]} from there.`,
      );
    if (outcome.kind === 'forward' || outcome.kind === 'back')
      await tellStageChange(deps, served, {
        orderNumber: outcome.order.orderNumber,
        watchKey: outcome.watchKey,
        stage,
      });
    if (outcome.kind === 'forward' && stage === 'taken') await printAccepted(served, encryptedOrderId);
    if (outcome.kind === 'back' && stage === 'new')
      await deps.printing
        .withdrawHeld(served, outcome.order.orderNumber)
        .catch((error: unknown) => deps.log(`printing: ${encryptedOrderId}: ${String(error)}`));
    return c.json({ order: outcome.order });
  });

  /**
   * Running late: promises the order `minutes` later (lib/kitchen/running-late.ts), records who did
   * it, and tells the customer's page and the consoles. A `from` that is no longer the order's
   * promise (a retry, a board behind another cook's tap) changes, records and pushes nothing; an
   * order past cooking, or pushed past MAX_LATE_MINUTES after its first promise, is a 409.
   */
  staff.post('/orders/:encryptedOrderId/late', signedIn, async (c) => {
    const { account, served } = c.get('signedIn');
    const { minutes, from } = await readBody(c, staffLateBodySchema);
    const encryptedOrderId = c.req.param('encryptedOrderId');
    const now = deps.now();
    const zone = shopZone(served.tenant.config.retailerInfo);
    const outcome = await withStores(deps.db, account.retailerId, async (stores) => {
      const late = await stores.board.runLate(account.retailerId, encryptedOrderId, from, minutes, account.name, now);
      if (late.kind === 'later')
        await stores.staff.record(
          account,
          'running-late',
          `Order ${late.order.orderNumber}: +${minutes} min, ${clockText(late.from, zone)} → ${clockText(late.order.runningLateUntil ?? late.from, zone)}`,
          now,
        );
      return late;
    });
    if (outcome.kind === 'unknown') throw new ApiProblem(404, 'Order not found');
    if (outcome.kind === 'refused')
      throw new ApiProblem(
        409,
        outcome.reason === 'stage'
          ? `Order ${outcome.order.orderNumber} is ${STAGE_TEXT[outcome.order.state]}: it can no longer run late.`
          : `Order ${outcome.order.orderNumber} would be more than ${MAX_LATE_MINUTES} minutes later than first promised: phone the customer instead.`,
      );
    if (outcome.kind === 'later' && outcome.order.runningLateUntil !== null)
      await tellRunningLate(deps, served, {
        orderNumber: outcome.order.orderNumber,
        watchKey: outcome.watchKey,
        stage: outcome.order.state,
        runningLateUntil: outcome.order.runningLateUntil,
      });
    if (outcome.kind === 'later') tellKitchenFill(deps, served);
    return c.json({ order: outcome.order });
  });

  /**
   * Takes the order as the operator's take does (its confirmation page changes at once), and for
   * `ready` marks it ready too: readying an order nobody took takes it first. Only placed orders
   * of the staff member's own retailer: any other is the 404 of an unknown one.
   */
  async function act(c: Context<StaffEnv>, action: Extract<AuditAction, 'take' | 'ready'>): Promise<BoardOrder> {
    const { account, served } = c.get('signedIn');
    const encryptedOrderId = c.req.param('encryptedOrderId') ?? '';
    const now = deps.now();
    let accepted = false;
    await takeOrder(
      deps,
      served,
      async (orders, retailerId) => {
        const order = await orders.find(retailerId, encryptedOrderId);
        return order?.placed ? order : undefined;
      },
      async (stores, order, orderNumber, newlyTaken) => {
        // Repeating Take or Ready changes nothing, so it records nothing (issue 29: repeats flushed the audit log).
        const readied =
          action === 'ready' && (await stores.board.find(account.retailerId, encryptedOrderId))?.state !== 'ready';
        if (readied) await stores.orders.markReady(order.orderId, now);
        accepted = newlyTaken;
        if (!newlyTaken && !readied) return false;
        await stores.staff.record(account, action, `Order ${orderNumber}`, now);
        return true;
      },
    );
    const order = await deps.board.find(account.retailerId, encryptedOrderId);
    if (!order) throw new ApiProblem(404, 'Order not found');
    if (accepted) await printAccepted(served, encryptedOrderId);
    return order;
  }

  /**
   * The kitchen's tickets are queued before the Accept is answered, so a crash after it loses none;
   * they are sent after. A printer problem never fails the Accept: the board shows it instead.
   */
  async function printAccepted(served: ServedTenant, encryptedOrderId: string): Promise<void> {
    await deps.printing
      .printOrder(served, encryptedOrderId, 'accept')
      .catch((error: unknown) => deps.log(`printing: ${encryptedOrderId}: ${String(error)}`));
  }

  staff.post('/orders/:encryptedOrderId/take', signedIn, async (c) => c.json({ order: await act(c, 'take') }));
  staff.post('/orders/:encryptedOrderId/ready', signedIn, async (c) => c.json({ order: await act(c, 'ready') }));

  staff.get('/audit', signedIn, ownerOnly, async (c) => {
    const limit = queryLimit(c, auditLimitSchema, '1 to 500');
    return c.json({ entries: await deps.staff.audit(c.get('signedIn').account.retailerId, limit) });
  });

  staff.get('/bookings', signedIn, async (c) => {
    const limit = queryLimit(c, bookingLimitSchema, '1 to 200');
    const from = bookingFromSchema.safeParse(c.req.query('from'));
    if (!from.success) throw new ApiProblem(400, 'from: expected an ISO 8601 date and time with its offset');
    const since = from.data === undefined ? deps.now() : new Date(from.data);
    return c.json({ bookings: await deps.bookings.upcoming(c.get('signedIn').account.retailerId, since, limit) });
  });

  /**
   * Owner and kitchen alike answer bookings. Recorded in the audit log when it changes something;
   * another retailer's booking is the 404 of an unknown one.
   */
  async function decide(c: Context<StaffEnv>, decision: BookingDecision): Promise<StaffBooking> {
    const { account } = c.get('signedIn');
    const bookingId = bookingIdParamSchema.safeParse(c.req.param('bookingId'));
    if (!bookingId.success) throw new ApiProblem(404, 'Booking not found');
    const now = deps.now();
    const outcome = await withStores(deps.db, account.retailerId, async (stores) => {
      const decided = await stores.bookings.decide(account.retailerId, bookingId.data, decision, account.name, now);
      if (decided.kind === 'decided') {
        const { booking } = decided;
        await stores.staff.record(
          account,
          `${decision}-booking`,
          `Booking ${booking.bookingId}: ${booking.name}, ${booking.partySize} ${booking.partySize === 1 ? 'person' : 'people'}`,
          now,
        );
      }
      return decided;
    });
    if (outcome.kind === 'unknown') throw new ApiProblem(404, 'Booking not found');
    if (outcome.kind === 'conflict')
      throw new ApiProblem(
        409,
        `This booking was already ${outcome.booking.status} by ${outcome.booking.decidedBy ?? 'someone else'}.`,
      );
    return outcome.booking;
  }

  staff.post('/bookings/:bookingId/confirm', signedIn, async (c) => c.json({ booking: await decide(c, 'confirm') }));
  staff.post('/bookings/:bookingId/decline', signedIn, async (c) => c.json({ booking: await decide(c, 'decline') }));

  /** The broker login of the staff member's retailer: it may listen to that retailer's staff topic and nothing else. */
  staff.get('/live', signedIn, (c) => {
    const { account, served } = c.get('signedIn');
    return c.json({
      brokerUrl: deps.consoleBrokerUrl ?? served.tenant.settings.brokerUrl,
      username: staffBrokerUsername(account.retailerId),
      password: staffBrokerPassword(deps.brokerStaffSecret, account.retailerId),
      topic: staffOrdersTopic(topicScopeOf(served)),
    });
  });

  staffLiveStateRoutes(staff, deps, signedIn);
  shopRoutes(staff, signedIn, deps);
  staffAccountRoutes(staff, signedIn, deps);
  staffReportRoutes(staff, signedIn, deps);
  staffDeclineRoutes(staff, signedIn, deps);
  staffPrinterRoutes(staff, signedIn, deps);
  staffPromoCodeRoutes(staff, signedIn, deps);

  staff.onError((error, c) => {
    if (error instanceof ApiProblem)
      return c.json(
        { error: error.message, ...(error.body.issues ? { issues: error.body.issues } : {}) },
        error.status,
        error.headers,
      );
    deps.log(`error: ${c.req.method} ${c.req.path}: ${error.stack ?? error.message}`);
    return c.json({ error: 'Internal server error' }, 500);
  });

  app.route('/staff', staff);
}
