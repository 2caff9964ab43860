import { loadTenants } from './load.ts';
import type { Tenant } from './tenant.ts';

let selected: Promise<Tenant[]> | undefined;

/**
 * The tenants the current Astro build renders. scripts/build.ts validates every tenant first,
 * reports the broken ones, and passes the good ones in STOREFRONT_TENANTS, so problems here
 * were already reported and are skipped.
 */
export function tenantsToBuild(): Promise<Tenant[]> {
  const only = (process.env['STOREFRONT_TENANTS'] ?? '').split(',').filter(Boolean);
  selected ??= loadTenants(process.env['STOREFRONT_TENANTS_DIR'] ?? 'tenants', only).then(({ tenants }) => tenants);
  return selected;
}
