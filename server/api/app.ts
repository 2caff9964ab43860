import type { HttpBindings } from '@hono/node-server';
import type { Kysely } from 'kysely';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { HTTPException } from 'hono/http-exception';
import {
  apiCalls,
  IDEMPOTENCY_KEY_HEADER,
  messages,
  RETAILER_DOMAIN_HEADER,
  RETAILER_WEBSITE_ID_HEADER,
  retailerHeadersSchema,
  type ApiCallName,
  type ApiResponse,
} from '../../lib/api/contract.ts';
import type { ClockPush } from './services/clock-push.ts';
import type { LivePublisher } from './services/live-publisher.ts';
import { ApiProblem, parseWith } from './services/problems.ts';
import type { RateLimiters } from './services/rate-limits.ts';
import type { AnalyticsHitStore } from './store/analytics-hits.ts';
import type { ClockOverrideStore } from './store/clock-overrides.ts';
import type { IntakeStore } from './store/intake.ts';
import type { Database } from './store/schema.ts';
import type { Stores } from './store/stores.ts';
import type { ServedTenant, TenantDirectory } from './services/tenants.ts';

/** What every route reads: the database and its stores (the same as withStores hands a transaction), the tenants, and the API's services and settings. */
export interface ApiDeps extends Stores {
  /** The API's database (SQLite or PostgreSQL); writes of several statements go through withStores over it. */
  db: Kysely<Database>;
  tenants: TenantDirectory;
  /** The tenant folders the API serves; publishing from the console rewrites files there (server/api/services/shop-files.ts). */
  tenantsDir: string;
  intake: IntakeStore;
  clockOverrides: ClockOverrideStore;
  /** What the local analytics sink has received, in the database (shared by every API process on it). */
  analyticsHits: AnalyticsHitStore;
  publisher: LivePublisher;
  /** Tells open storefront pages the clock status when staff change it and when a pause or sold-out day runs out. */
  clockPush: ClockPush;
  operatorToken: string;
  /** BROKER_STAFF_SECRET: the broker passwords /staff/live hands out are derived from it (broker/acl.ts). */
  brokerStaffSecret: string;
  /** The origins of the operators' console, the only pages CORS lets call /staff/*. */
  consoleOrigins: readonly string[];
  /** The broker the console is sent to instead of the tenant's brokerUrl (the local stack's own broker), or null. */
  consoleBrokerUrl: string | null;
  rateLimits: RateLimiters;
  /** Whether a password reset link goes to the log (development only, see ApiServerOptions). */
  logResetLinks: boolean;
  /** Whether X-Forwarded-For names the client (the API runs behind a reverse proxy). */
  trustProxy: boolean;
  now: () => Date;
  log: (line: string) => void;
}

/** `incoming` is missing when the app is called without a server (app.request in tests). */
export type ApiEnv = { Bindings: Partial<HttpBindings>; Variables: { served: ServedTenant } };
export type ApiApp = Hono<ApiEnv>;

/** Orders of 200 lines stay far below this; anything larger is not a storefront talking. */
const MAX_BODY_BYTES = 512 * 1024;

/** Names the retailer of the call from its headers: unknown is 404, inactive is 403 with the retailer id for the redirect. */
export function requireRetailer(tenants: TenantDirectory): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const headers = parseWith(
      retailerHeadersSchema,
      {
        [RETAILER_DOMAIN_HEADER]: c.req.header(RETAILER_DOMAIN_HEADER),
        [RETAILER_WEBSITE_ID_HEADER]: c.req.header(RETAILER_WEBSITE_ID_HEADER),
      },
      'request headers',
    );
    const domain = headers[RETAILER_DOMAIN_HEADER];
    const served = tenants.byDomain(domain);
    if (!served) throw new ApiProblem(404, `${messages.retailerNotFound}: no retailer answers on ${domain}`);
    const { settings, config } = served.tenant;
    const websiteId = headers[RETAILER_WEBSITE_ID_HEADER];
    if (
      websiteId !== undefined &&
      websiteId !== settings.retailerWebsiteId &&
      !served.tenant.websites.some((website) => website.retailerWebsiteId === websiteId)
    ) {
      throw new ApiProblem(404, `${messages.retailerNotFound}: website ${websiteId} is not served on ${domain}`);
    }
    if (!settings.active) {
      throw new ApiProblem(403, messages.retailerInactive, {
        statusMessage: messages.retailerInactive,
        retailerId: config.retailerId,
        redirectUrl: settings.inactiveRedirectUrl,
      });
    }
    c.set('served', served);
    await next();
  };
}

export type CallHandler<K extends ApiCallName> = (
  c: Context<ApiEnv>,
  served: ServedTenant,
) => ApiResponse<K> | Promise<ApiResponse<K>>;

/** Serves one call of the contract at its path and method, for a known, active retailer. */
export function serveCall<K extends ApiCallName>(
  app: ApiApp,
  tenants: TenantDirectory,
  name: K,
  handler: CallHandler<K>,
): void {
  const { method, path } = apiCalls[name];
  app.on(method, path, requireRetailer(tenants), async (c) => c.json(await handler(c, c.get('served'))));
}

function errorAnswer(error: Error, c: Context<ApiEnv>, log: (line: string) => void): Response {
  if (error instanceof ApiProblem) return c.json(error.body, error.status, error.headers);
  // Hono's own middleware (bearer auth) throws these with its answer already built.
  if (error instanceof HTTPException)
    return error.res ?? c.json({ success: false, message: error.message || 'Request refused' }, error.status);
  log(`error: ${c.req.method} ${c.req.path}: ${error.stack ?? error.message}`);
  return c.json({ success: false, message: 'Internal server error' }, 500);
}

/** One line per request: method, path, status, time taken, retailer host. */
function requestLog(log: (line: string) => void): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    log(
      `${c.req.method} ${c.req.path} ${c.res.status} ${(performance.now() - started).toFixed(1)}ms ${c.req.header(RETAILER_DOMAIN_HEADER) ?? '-'}`,
    );
  };
}

/** The Hono app of the retailer API; every route group registers itself on it. */
export function createApp(deps: ApiDeps, routeGroups: readonly ((app: ApiApp, deps: ApiDeps) => void)[]): ApiApp {
  const app = new Hono<ApiEnv>();
  app.use('*', requestLog(deps.log));
  app.use(
    '/api/*',
    cors({
      origin: (origin) => (deps.tenants.allowsOrigin(origin) ? origin : null),
      credentials: true,
      allowMethods: ['GET', 'POST', 'OPTIONS'],
      allowHeaders: [
        'content-type',
        'authorization',
        RETAILER_DOMAIN_HEADER,
        RETAILER_WEBSITE_ID_HEADER,
        IDEMPOTENCY_KEY_HEADER,
      ],
      maxAge: 600,
    }),
  );
  // The console signs in with a bearer token, never a cookie, so no credentials cross origins.
  app.use(
    '/staff/*',
    cors({
      origin: (origin) => (deps.consoleOrigins.includes(origin) ? origin : null),
      // PUT: the shop draft (routes/shop.ts) and the live state (routes/staff-live-state.ts) replace what they name.
      allowMethods: ['GET', 'POST', 'PUT', 'OPTIONS'],
      allowHeaders: ['content-type', 'authorization'],
      // So the console can say how long to wait after a 429.
      exposeHeaders: ['retry-after'],
      maxAge: 600,
    }),
  );
  // The unread rest of the body is still on the wire; reusing the connection would read it as the
  // next request, so the answer says the connection closes and the client opens a fresh one.
  app.use(
    '*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) =>
        c.json({ success: false, message: `Request body larger than ${MAX_BODY_BYTES} bytes` }, 413, {
          connection: 'close',
        }),
    }),
  );
  for (const register of routeGroups) register(app, deps);
  app.notFound((c) => c.json({ success: false, message: `No such call: ${c.req.method} ${c.req.path}` }, 404));
  app.onError((error, c) => errorAnswer(error, c, deps.log));
  return app;
}
