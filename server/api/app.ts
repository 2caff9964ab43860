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
import type { ApiDeps } from './deps.ts';
import type { ApiApp, ApiEnv } from './env.ts';
import { ApiProblem, parseWith } from './services/problems.ts';
import type { ServedTenant, TenantDirectory } from './services/tenants.ts';

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
    // A CloudPRNT printer's token is its path: the log, read by more people than the owner, never holds it.
    const path = c.req.path.replace(/^\/cloudprnt\/.*/, '/cloudprnt/…');
    log(
      `${c.req.method} ${path} ${c.res.status} ${(performance.now() - started).toFixed(1)}ms ${c.req.header(RETAILER_DOMAIN_HEADER) ?? '-'}`,
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
