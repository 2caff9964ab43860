import { catalogueFromTenant, type Catalogue } from '../../src/lib/pricing/catalogue.ts';
import { hostIndex, hostNameOf, LOCAL_HOST_SUFFIX, originHost } from '../../src/lib/tenant/hosts.ts';
import type { Tenant } from '../../src/lib/tenant/index.ts';

/** A loaded retailer with what the API derives from it once, at start. */
export interface ServedTenant {
  tenant: Tenant;
  catalogue: Catalogue;
}

export interface TenantDirectory {
  all: readonly ServedTenant[];
  /** The retailer answering on a site host; any port is ignored. */
  byDomain(domain: string): ServedTenant | undefined;
  bySlug(slug: string): ServedTenant | undefined;
  byRetailerId(retailerId: number): ServedTenant | undefined;
  /** Whether a browser page at this Origin may call the API (CORS). */
  allowsOrigin(origin: string): boolean;
}

export function tenantDirectory(tenants: readonly ServedTenant[]): TenantDirectory {
  const byHost = hostIndex(tenants, (served) => served.tenant);
  const bySlug = new Map(tenants.map((served) => [served.tenant.slug, served]));
  const byRetailerId = new Map(tenants.map((served) => [served.tenant.config.retailerId, served]));
  return {
    all: tenants,
    byDomain: (domain) => byHost.get(hostNameOf(domain)),
    bySlug: (slug) => bySlug.get(slug),
    byRetailerId: (retailerId) => byRetailerId.get(retailerId),
    allowsOrigin(origin) {
      const host = originHost(origin);
      if (!host) return false;
      // Production hosts are served on their default ports; local ones move between dev servers and tests.
      if (host.port !== '' && !host.hostname.endsWith(LOCAL_HOST_SUFFIX)) return false;
      return byHost.has(host.hostname);
    },
  };
}

/** Derives what each tenant needs for serving; a tenant whose menu cannot be indexed is reported, not served. */
export function serveTenants(tenants: readonly Tenant[]): { served: ServedTenant[]; problems: { slug: string; message: string }[] } {
  const served: ServedTenant[] = [];
  const problems: { slug: string; message: string }[] = [];
  for (const tenant of tenants) {
    try {
      served.push({ tenant, catalogue: catalogueFromTenant(tenant) });
    } catch (error) {
      problems.push({ slug: tenant.slug, message: error instanceof Error ? error.message : String(error) });
    }
  }
  return { served, problems };
}
