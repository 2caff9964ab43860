import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_LISTEN_HOST, displayHost, listenHostFromEnv } from '../server/listen-host.ts';
import { CONSOLE_LOCAL_HOST } from '../lib/tenant/hosts.ts';
import { startStaticServer } from './lib/static-server.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env['PORT'] ?? '4321' },
    dist: { type: 'string', default: 'dist' },
    'tenants-dir': { type: 'string', default: 'tenants' },
    quiet: { type: 'boolean', default: false },
    'api-url': { type: 'string', default: process.env['STOREFRONT_API_URL'] ?? '' },
    'broker-url': { type: 'string', default: process.env['STOREFRONT_BROKER_URL'] ?? '' },
    'analytics-url': { type: 'string', default: process.env['STOREFRONT_ANALYTICS_URL'] ?? '' },
  },
});

const host = listenHostFromEnv(process.env);
const running = await startStaticServer({
  distDir: values.dist,
  tenantsDir: values['tenants-dir'],
  port: Number(values.port),
  host,
  runtimeOverrides: {
    ...(values['api-url'] ? { apiBaseUrl: values['api-url'] } : {}),
    ...(values['broker-url'] ? { brokerUrl: values['broker-url'] } : {}),
    ...(values['analytics-url'] ? { analyticsUrl: values['analytics-url'] } : {}),
  },
  log: (line) => {
    if (!values.quiet) console.log(line);
  },
}).catch((error: NodeJS.ErrnoException) => {
  console.error(
    error.code === 'EADDRINUSE'
      ? `serve: port ${values.port} is already in use; stop what uses it or set PORT`
      : `serve: could not start: ${error.message}`,
  );
  process.exit(1);
});
console.log(
  `Storefronts on port ${running.port} of ${displayHost(host)}${host === DEFAULT_LISTEN_HOST ? ' (this machine only; HOST=0.0.0.0 opens it to the network)' : ''}:`,
);
/** The retailer's other websites built into its folder (their homes under website/<id>). */
function otherWebsites(slug: string): string[] {
  try {
    return readdirSync(join(values.dist, slug, 'website'));
  } catch {
    return [];
  }
}
for (const slug of new Set(running.hosts().values())) {
  const home = `http://${slug}.localhost:${running.port}/`;
  console.log(`  ${home}`);
  for (const websiteId of otherWebsites(slug))
    console.log(`    another website: ${home}?retailerWebsiteId=${websiteId}`);
}

console.log(`Staff console (every shop's staff sign in here): http://${CONSOLE_LOCAL_HOST}:${running.port}/`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    running.close().then(() => process.exit(0));
  });
}
