import { z } from 'zod';

/** How many of the latest hits the operator can read back; older ones are dropped, nothing is written to disk. */
export const ANALYTICS_RING_SIZE = 200;
/** A real tracking request is well under 2 KB; anything far larger is not a page talking. */
export const MAX_ANALYTICS_QUERY_BYTES = 8 * 1024;
const MAX_URL_LENGTH = 2048;
const MAX_PARAM_LENGTH = 1024;

const webAddress = z
  .string()
  .max(MAX_URL_LENGTH, `expected at most ${MAX_URL_LENGTH} characters`)
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), 'expected an http:// or https:// URL');

/**
 * The parameters of Matomo's HTTP tracking API that a storefront sends (src/lib/site/analytics.ts);
 * any other parameter Matomo knows is taken too, as long as it is short.
 */
export const analyticsHitSchema = z
  .object({
    idsite: z
      .string()
      .regex(/^[1-9]\d{0,9}$/, 'expected a positive whole number')
      .transform(Number),
    rec: z.literal('1', 'expected 1'),
    url: webAddress,
    urlref: z.union([z.literal(''), webAddress]).optional(),
    link: webAddress.optional(),
    action_name: z.string().max(MAX_PARAM_LENGTH).optional(),
    _id: z
      .string()
      .regex(/^[0-9a-f]{16}$/, 'expected 16 hexadecimal characters')
      .optional(),
  })
  .catchall(z.string().max(MAX_PARAM_LENGTH, `expected at most ${MAX_PARAM_LENGTH} characters`));

/** What the sink keeps of a checked tracking request. */
export interface AnalyticsHitParams {
  idsite: number;
  url: string;
  link?: string | undefined;
  action_name?: string | undefined;
  _id?: string | undefined;
}

export interface AnalyticsHit {
  at: string;
  siteId: number;
  kind: 'page-view' | 'link';
  url: string;
  title: string | null;
  link: string | null;
  visitorId: string | null;
}

export interface AnalyticsSummary {
  /** Hits per site id since the API started. */
  perSite: Record<string, number>;
  /** The latest hits, newest first, at most ANALYTICS_RING_SIZE. */
  recent: AnalyticsHit[];
}

/**
 * What the local Matomo-compatible sink has received, in memory only. The ring is bounded and the
 * counts are kept only for site ids the caller has checked against its tenants, so a flood cannot
 * grow either.
 */
export function createAnalyticsHits(capacity = ANALYTICS_RING_SIZE) {
  const ring: AnalyticsHit[] = [];
  let next = 0;
  const perSite = new Map<number, number>();
  return {
    record(params: AnalyticsHitParams, at: Date): AnalyticsHit {
      const hit: AnalyticsHit = {
        at: at.toISOString(),
        siteId: params.idsite,
        kind: params.link === undefined ? 'page-view' : 'link',
        url: params.url,
        title: params.action_name ?? null,
        link: params.link ?? null,
        visitorId: params._id ?? null,
      };
      ring[next] = hit;
      next = (next + 1) % capacity;
      perSite.set(hit.siteId, (perSite.get(hit.siteId) ?? 0) + 1);
      return hit;
    },
    summary(): AnalyticsSummary {
      const recent = [...ring.slice(next), ...ring.slice(0, next)].reverse();
      return { perSite: Object.fromEntries([...perSite].map(([siteId, count]) => [String(siteId), count])), recent };
    },
  };
}

export type AnalyticsHits = ReturnType<typeof createAnalyticsHits>;
