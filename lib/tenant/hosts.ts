/** Local development reaches tenant `<slug>` at `<slug>.localhost`; browsers resolve it to loopback. */
export const LOCAL_HOST_SUFFIX = '.localhost';

/** The staff console is one site for every retailer, at `console.localhost` locally; no tenant may take that name. */
export const CONSOLE_SLUG = 'console';
export const CONSOLE_LOCAL_HOST = `${CONSOLE_SLUG}${LOCAL_HOST_SUFFIX}`;

export interface HostedTenant {
  slug: string;
  settings: { hosts: readonly string[] };
}

/** Every tenant answers on its tenant.json hosts and its local one. */
export function tenantHostNames(tenant: HostedTenant): string[] {
  return [...tenant.settings.hosts, `${tenant.slug}${LOCAL_HOST_SUFFIX}`];
}

/** Host name → item, for items that each stand for one tenant. */
export function hostIndex<T>(items: readonly T[], tenantOf: (item: T) => HostedTenant): Map<string, T> {
  const index = new Map<string, T>();
  for (const item of items) for (const host of tenantHostNames(tenantOf(item))) index.set(host, item);
  return index;
}

/** The host name of a Host header or an x-retailer-domain value: lower case, without port or final dot. */
export function hostNameOf(value: string | undefined): string {
  return (value ?? '').trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
}

/**
 * The host and port of a browser's `Origin`, or undefined for anything but a plain http(s)
 * origin (no credentials, path, query or fragment).
 */
export function originHost(origin: string | undefined): { hostname: string; port: string } | undefined {
  if (!origin) return undefined;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) return undefined;
  return { hostname: url.hostname, port: url.port };
}
