import { loadTenants } from './load.ts';
import type { Tenant } from './tenant.ts';

/**
 * scripts/build.ts validates every tenant, reports the broken ones and runs Astro in the same
 * process: it hands over the good tenants under this key so 200 tenants are not parsed twice.
 */
const handOverKey = Symbol.for('storefront.tenantsToBuild');

type HandOver = { [handOverKey]?: Tenant[] };

export function handOverTenants(tenants: Tenant[]): void {
  (globalThis as HandOver)[handOverKey] = tenants;
}

let selected: Promise<Tenant[]> | undefined;

/** The tenants the current Astro build renders: those handed over, else STOREFRONT_TENANTS from the tenants folder. */
export function tenantsToBuild(): Promise<Tenant[]> {
  const handedOver = (globalThis as HandOver)[handOverKey];
  if (handedOver) return Promise.resolve(handedOver);
  const only = (process.env['STOREFRONT_TENANTS'] ?? '').split(',').filter(Boolean);
  selected ??= loadTenants(process.env['STOREFRONT_TENANTS_DIR'] ?? 'tenants', only).then(({ tenants }) => tenants);
  return selected;
}
