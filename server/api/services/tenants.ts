import { catalogueFromTenant, type Catalogue } from '../../../lib/pricing/catalogue.ts';
import { hostIndex, hostNameOf, LOCAL_HOST_SUFFIX, originHost } from '../../../lib/tenant/hosts.ts';
import type { Tenant } from '../../../lib/tenant/index.ts';

/** A loaded retailer with what the API derives from it once, at start. */
export interface ServedTenant {
  tenant: Tenant;
  catalogue: Catalogue;
  /** The fingerprint of the files it was loaded from (tenant-fingerprint.ts), when known: a folder that differs is reloaded. */
  filesHash?: string;
}

export interface TenantDirectory {
  readonly all: readonly ServedTenant[];
  /** The retailer answering on a site host; any port is ignored. */
  byDomain(domain: string): ServedTenant | undefined;
  bySlug(slug: string): ServedTenant | undefined;
  byRetailerId(retailerId: number): ServedTenant | undefined;
  /** Whether a browser page at this Origin may call the API (CORS). */
  allowsOrigin(origin: string): boolean;
  /** Serves a retailer's newly published files from now on (same slug; hosts and ids may not move). */
  replace(served: ServedTenant): void;
}

function indexes(tenants: readonly ServedTenant[]) {
  return {
    all: tenants,
    byHost: hostIndex(tenants, (served) => served.tenant),
    bySlug: new Map(tenants.map((served) => [served.tenant.slug, served])),
    byRetailerId: new Map(tenants.map((served) => [served.tenant.config.retailerId, served])),
  };
}

export function tenantDirectory(tenants: readonly ServedTenant[]): TenantDirectory {
  let current = indexes(tenants);
  return {
    get all() {
      return current.all;
    },
    byDomain: (domain) => current.byHost.get(hostNameOf(domain)),
    bySlug: (slug) => current.bySlug.get(slug),
    byRetailerId: (retailerId) => current.byRetailerId.get(retailerId),
    allowsOrigin(origin) {
      const host = originHost(origin);
      if (!host) return false;
      // Production hosts are served on their default ports; local ones move between dev servers and tests.
      if (host.port !== '' && !host.hostname.endsWith(LOCAL_HOST_SUFFIX)) return false;
      return current.byHost.has(host.hostname);
    },
    replace(served) {
      current = indexes(current.all.map((old) => (old.tenant.slug === served.tenant.slug ? served : old)));
    },
  };
}

/** Derives what each tenant needs for serving; a tenant whose menu cannot be indexed is reported, not served. */
export function serveTenants(tenants: readonly Tenant[]): {
  served: ServedTenant[];
  problems: { slug: string; message: string }[];
} {
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
