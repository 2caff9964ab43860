import { z } from 'zod';

/** How many of the latest hits the store keeps for the operator; older ones are deleted as new ones arrive. */
export const ANALYTICS_RING_SIZE = 200;
/** A real tracking request is well under 2 KB; anything far larger is not a page talking. */
export const MAX_ANALYTICS_QUERY_BYTES = 8 * 1024;
const MAX_URL_LENGTH = 2048;
const MAX_PARAM_LENGTH = 1024;

const webAddress = z
  .string()
  .max(MAX_URL_LENGTH, `expected at most ${MAX_URL_LENGTH} characters`)
  .refine(
    (value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol),
    'expected an http:// or https:// URL',
  );

/**
 * The parameters of Matomo's HTTP tracking API that a storefront sends (lib/site/analytics.ts);
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
  /** Hits per site id since the database was made, counted by every API process on it. */
  perSite: Record<string, number>;
  /** The latest hits, newest first, at most ANALYTICS_RING_SIZE. */
  recent: AnalyticsHit[];
}
