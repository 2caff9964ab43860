import type { Tenant } from '../tenant/index.ts';
import { websiteHomePath } from './websites.ts';

export type RouteKind = 'home' | 'reset-password' | 'order' | 'custom-page';

export interface TenantRoute {
  /** URL path with a leading slash and no trailing slash ('/' for home). */
  path: string;
  kind: RouteKind;
  /** A home of another of the retailer's websites than the default: that website's id. */
  retailerWebsiteId?: number;
}

/** Every prerendered route of a tenant's deployment, in a stable order. Inactive retailers only redirect. */
export function tenantRoutes(tenant: Pick<Tenant, 'settings' | 'pages' | 'websites'>): TenantRoute[] {
  if (!tenant.settings.active) return [{ path: '/', kind: 'home' }];
  return [
    { path: '/', kind: 'home' },
    { path: '/reset-password', kind: 'reset-password' },
    { path: '/order', kind: 'order' },
    ...tenant.websites.map(({ retailerWebsiteId }) => ({
      path: websiteHomePath(retailerWebsiteId),
      kind: 'home' as const,
      retailerWebsiteId,
    })),
    ...tenant.pages.map((page) => ({ path: `/${page.path}`, kind: 'custom-page' as const })),
  ];
}

export const PAYLOAD_FILE = '_payload.json';

/** A route's HTML file in its deployment, without a leading slash. */
export function htmlPath(routePath: string): string {
  return routePath === '/' ? 'index.html' : `${routePath.slice(1)}/index.html`;
}

/** Where a route's prerender data sits beside its HTML. */
export function payloadPath(routePath: string): string {
  return routePath === '/' ? `/${PAYLOAD_FILE}` : `${routePath}/${PAYLOAD_FILE}`;
}

/** The external site an inactive retailer's visitors are sent to, carrying the retailer id as `retid`. */
export function inactiveRedirectUrl(tenant: Pick<Tenant, 'settings' | 'config'>): string | null {
  if (tenant.settings.active || tenant.settings.inactiveRedirectUrl === null) return null;
  const url = new URL(tenant.settings.inactiveRedirectUrl);
  url.searchParams.set('retid', String(tenant.config.retailerId));
  return url.toString();
}

/** The build renders each tenant's not-found page at this route and moves it to `/404.html`. */
export const NOT_FOUND_ROUTE = '404';
