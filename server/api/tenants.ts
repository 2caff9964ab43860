import { catalogueFromTenant, type Catalogue } from '../../src/lib/pricing/catalogue.ts';
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
  /** Whether a browser page at this Origin may call the API (CORS). */
  allowsOrigin(origin: string): boolean;
}

const LOCAL_SUFFIX = '.localhost';

function hostOf(domain: string): string {
  return domain.toLowerCase().replace(/:\d+$/, '');
}

/** Every tenant answers on its tenant.json hosts and, for local development, on `<slug>.localhost`. */
export function tenantDirectory(tenants: readonly ServedTenant[]): TenantDirectory {
  const byHost = new Map<string, ServedTenant>();
  const bySlug = new Map<string, ServedTenant>();
  for (const served of tenants) {
    bySlug.set(served.tenant.slug, served);
    for (const host of [...served.tenant.settings.hosts, `${served.tenant.slug}${LOCAL_SUFFIX}`]) byHost.set(host, served);
  }
  return {
    all: tenants,
    byDomain: (domain) => byHost.get(hostOf(domain)),
    bySlug: (slug) => bySlug.get(slug),
    allowsOrigin(origin) {
      let url: URL;
      try {
        url = new URL(origin);
      } catch {
        return false;
      }
      if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
      // Production hosts are served on their default ports; local ones move between dev servers and tests.
      if (url.port !== '' && !url.hostname.endsWith(LOCAL_SUFFIX)) return false;
      return byHost.has(url.hostname);
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
