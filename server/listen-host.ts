import type { Env } from './secrets.ts';

/**
 * Where the development servers (web, API, broker) listen unless `HOST` says otherwise: loopback
 * only, because out of the box they run with the README's published development secrets and
 * anyone on the same network could otherwise use them. `HOST=0.0.0.0` opens them up on purpose.
 */
export const DEFAULT_LISTEN_HOST = '127.0.0.1';

export function listenHostFromEnv(env: Env): string {
  const host = env['HOST']?.trim() ?? '';
  return host === '' ? DEFAULT_LISTEN_HOST : host;
}

/** The address to print for a server on `host`: a wildcard listener is reached through localhost too. */
export function displayHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}
