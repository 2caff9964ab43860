import type { Context } from 'hono';
import { cors } from 'hono/cors';
import { analyticsHitSchema, MAX_ANALYTICS_QUERY_BYTES } from '../services/analytics-hits.ts';
import type { ApiDeps } from '../deps.ts';
import type { ApiApp, ApiEnv } from '../env.ts';
import { ApiProblem, parseWith } from '../services/problems.ts';
import { clientAddress, throttle } from '../services/rate-limits.ts';

export const ANALYTICS_PATH = '/matomo.php';

/** The tracking parameters of a GET's query, or of a POST's query and form body together, as Matomo reads them. */
async function trackingParams(c: Context<ApiEnv>): Promise<string> {
  const url = c.req.url;
  const query = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
  if (query.length > MAX_ANALYTICS_QUERY_BYTES) throw tooLarge();
  if (c.req.method !== 'POST') return query;
  const declared = Number(c.req.header('content-length') ?? 0);
  if (declared > MAX_ANALYTICS_QUERY_BYTES) throw tooLarge();
  const body = await c.req.text().catch(() => {
    throw new ApiProblem(400, 'Request body could not be read');
  });
  const all = [query, body.trim()].filter(Boolean).join('&');
  if (all.length > MAX_ANALYTICS_QUERY_BYTES) throw tooLarge();
  return all;
}

function tooLarge(): ApiProblem {
  return new ApiProblem(400, `Tracking request larger than ${MAX_ANALYTICS_QUERY_BYTES} bytes`);
}

/**
 * A Matomo-compatible sink (`/matomo.php`) for the sample shops' analytics, so the local stack
 * answers what their pages send instead of a tracker that does not exist. Hits are kept in the
 * database for the operator (`GET /operator/analytics`); only site ids of served tenants are taken.
 */
export function analyticsRoutes(app: ApiApp, deps: ApiDeps): void {
  const siteIds = new Set(
    deps.tenants.all.flatMap(({ tenant }) =>
      tenant.settings.analytics.enabled && tenant.settings.analytics.siteId !== null
        ? [tenant.settings.analytics.siteId]
        : [],
    ),
  );

  // Pages send hits with mode no-cors and no credentials; these headers serve a tracker that reads the answer.
  app.use(
    ANALYTICS_PATH,
    cors({
      origin: (origin) => (deps.tenants.allowsOrigin(origin) ? origin : null),
      allowMethods: ['GET', 'POST', 'OPTIONS'],
      maxAge: 600,
    }),
  );

  const track = async (c: Context<ApiEnv>) => {
    await throttle('tracking requests', deps.now(), [
      deps.rateLimits.analyticsHitsPerAddress,
      clientAddress(c, deps.trustProxy),
    ]);
    const params = parseWith(
      analyticsHitSchema,
      Object.fromEntries(new URLSearchParams(await trackingParams(c))),
      'tracking request',
    );
    if (!siteIds.has(params.idsite))
      throw new ApiProblem(400, `Invalid tracking request: idsite: no shop here tracks as site ${params.idsite}`);
    await deps.analyticsHits.record(params, deps.now());
    return c.body(null, 204);
  };
  app.get(ANALYTICS_PATH, track);
  app.post(ANALYTICS_PATH, track);
}
