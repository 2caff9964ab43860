import { z } from 'zod';
import { id, webUrl } from './primitives.ts';

/** A broker's MQTT-over-WebSocket address. */
const wsUrl = z.url({ protocol: /^wss?$/, error: 'expected a ws:// or wss:// URL' });

/** A host a site is served on: a shop's, or the staff console's. */
export const hostName = z
  .string()
  .regex(
    /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/,
    'expected a lower-case host name without scheme or port',
  );

/** `tenants/<slug>/tenant.json`: how a retailer's deployment is reached and what it talks to. */
export const tenantSettingsSchema = z
  .object({
    hosts: z.array(hostName).min(1, 'expected at least one host name'),
    retailerWebsiteId: id,
    apiBaseUrl: webUrl,
    brokerUrl: wsUrl,
    /**
     * Mosquitto's order-watch listener (deploy/mosquitto/README.md), where a confirmation page logs
     * in with its order's topic id as username. Null: the page logs in to brokerUrl with the
     * order's watch key, as the development broker (aedes) asks.
     */
    orderWatchBrokerUrl: wsUrl.nullable().default(null),
    mqttTopicPrefix: z
      .string()
      .regex(/^[a-z0-9-]+$/, 'expected lower-case letters, digits and dashes')
      .default('storefront'),
    analytics: z
      .object({
        enabled: z.boolean().default(false),
        /** The Matomo-compatible tracker's base URL; page views go to `<host>/matomo.php`. */
        host: webUrl.nullable().default(null),
        /** The tracker's site id for this retailer; without it nothing is tracked. */
        siteId: z.int().positive().nullable().default(null),
      })
      .default({ enabled: false, host: null, siteId: null }),
    active: z.boolean().default(true),
    /** Where visitors of an inactive retailer are sent, with `?retid=<retailerId>`. */
    inactiveRedirectUrl: webUrl.nullable().default(null),
  })
  .refine((settings) => settings.active || settings.inactiveRedirectUrl !== null, {
    message: 'an inactive retailer needs inactiveRedirectUrl',
    path: ['inactiveRedirectUrl'],
  });

export type TenantSettings = z.infer<typeof tenantSettingsSchema>;

/** A retailer's tracker when its analytics is on and complete: the `matomo.php` endpoint under its host and its site id. */
export function analyticsTracker({
  enabled,
  host,
  siteId,
}: TenantSettings['analytics']): { url: string; siteId: number } | null {
  if (!enabled || host === null || siteId === null) return null;
  return { url: new URL('matomo.php', host.endsWith('/') ? host : `${host}/`).href, siteId };
}

/** What reaches the browser at run time (`/runtime-config.json`), so one build serves any environment. */
export const runtimeConfigSchema = z.object({
  apiBaseUrl: webUrl,
  brokerUrl: wsUrl,
  /** tenant.json's orderWatchBrokerUrl. Anything but a ws(s):// URL reads as none, so the page keeps its usual login and its poll rather than failing. */
  orderWatchBrokerUrl: wsUrl.nullable().catch(null),
  mqttTopicPrefix: z.string(),
  buildId: z.string(),
  /** The Matomo-compatible tracker endpoint (`…/matomo.php`), or null when the retailer has no analytics; older files have none. */
  analyticsUrl: webUrl.nullable().default(null),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
