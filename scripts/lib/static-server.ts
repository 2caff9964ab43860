import compression from 'compression';
import { readFileSync, statSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import sirv from 'sirv';
import { REFERRER_POLICY } from '../../lib/site/referrer-policy.ts';
import { CONSOLE_CONFIG_FILE, consoleConfigSchema } from '../../apps/console/shell/config.ts';
import { CONSOLE_LOCAL_HOST, hostNameOf, LOCAL_HOST_SUFFIX, tenantHostNames } from '../../lib/tenant/hosts.ts';
import { runtimeConfigSchema, tenantSettingsSchema, type RuntimeConfig } from '../../lib/tenant/settings.ts';
import { CONSOLE_FOLDER } from './console-site.ts';
import {
  contentSecurityPolicy,
  cspReportUri,
  inlineScriptHashes,
  type PolicyOptions,
} from './content-security-policy.ts';

export interface StaticServerOptions {
  distDir: string;
  tenantsDir: string;
  port: number;
  /** Left out, every interface (dual-stack); `npm run serve` and `npm start` pass loopback unless HOST says otherwise. */
  host?: string;
  /**
   * Addresses that replace the built ones in every `/runtime-config.json`, for this environment;
   * the analytics tracker's only where the tenant has analytics.
   */
  runtimeOverrides?: RuntimeOverrides;
  log?: (line: string) => void;
}

export type RuntimeOverrides = Partial<{
  [Key in 'apiBaseUrl' | 'brokerUrl' | 'analyticsUrl']: NonNullable<RuntimeConfig[Key]>;
}>;

export interface RunningStaticServer {
  server: Server;
  port: number;
  /** Host name → slug, as currently routed. */
  hosts: () => Map<string, string>;
  close: () => Promise<void>;
}

/** Content-hashed names: the client bundle's and the product photos' (product-photos.ts). */
const HASHED_ASSET = /^\/(_astro|_images)\//;
const REVALIDATE = /(\.html|\/_payload\.json|\/runtime-config\.json|\/console-config\.json|\/builds\/.*\.json)$/;

/** Hashed assets never change under their name; pages, payloads and build files must be rechecked on every visit. */
export function cacheControlFor(pathname: string): string {
  if (HASHED_ASSET.test(pathname)) return 'public, max-age=31536000, immutable';
  if (pathname.endsWith('/') || REVALIDATE.test(pathname) || !/\.[a-z0-9]+$/i.test(pathname))
    return 'public, max-age=0, must-revalidate';
  return 'public, max-age=3600';
}

/** `Host` header → tenant slug: a tenant's own host names or `<slug>.localhost`, any port. */
export function tenantForHost(hostHeader: string | undefined, hosts: ReadonlyMap<string, string>): string | undefined {
  return hosts.get(hostNameOf(hostHeader));
}

async function readHosts(
  distDir: string,
  tenantsDir: string,
  log: (line: string) => void,
): Promise<Map<string, string>> {
  const hosts = new Map<string, string>();
  const entries = await readdir(distDir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isDirectory() || entry.name.startsWith('.') || entry.name.startsWith('_')) continue;
    const slug = entry.name;
    const settings = await readFile(join(tenantsDir, slug, 'tenant.json'), 'utf8')
      .then((text) => tenantSettingsSchema.safeParse(JSON.parse(text)))
      .catch(() => undefined);
    if (!settings?.success)
      log(`serve: ${slug} has no valid tenants/${slug}/tenant.json; answering only ${slug}${LOCAL_HOST_SUFFIX}`);
    for (const host of tenantHostNames({ slug, settings: { hosts: settings?.success ? settings.data.hosts : [] } }))
      hosts.set(host, slug);
  }
  return hosts;
}

type Handler = ReturnType<typeof sirv>;

/**
 * Serves each tenant's deployment (distDir/<slug>/) to requests for its hosts. A rebuilt tenant
 * is picked up on the next request: its handler is recreated when builds/latest.json changes.
 */
export async function startStaticServer(options: StaticServerOptions): Promise<RunningStaticServer> {
  const log = options.log ?? (() => {});
  let hosts = await readHosts(options.distDir, options.tenantsDir, log);
  let lastRescan = Date.now();
  const handlers = new Map<string, { build: number; handler: Handler; notFound: Buffer }>();
  const scriptHashes = pageScriptHashes();
  const siteNotFound = () => readFileSync(join(options.distDir, '_site-not-found.html'));
  const sharedAssets = sirv(join(options.distDir, '_shared'), {
    dev: true,
    etag: true,
    setHeaders: (res, pathname) => res.setHeader('Cache-Control', cacheControlFor(pathname)),
  });

  const handlerFor = (slug: string) => {
    const root = join(options.distDir, slug);
    let build: number;
    try {
      build = statSync(join(root, 'builds', 'latest.json')).mtimeMs;
    } catch {
      return undefined;
    }
    const cached = handlers.get(slug);
    if (cached?.build === build) return cached;
    const notFound = readFileSync(join(root, '404.html'));
    const notFoundHashes = inlineScriptHashes(notFound.toString());
    const apiBaseUrl = overrides?.apiBaseUrl ?? builtRuntimeConfig(root).apiBaseUrl;
    // The reports name the host the page was asked on: the API files them under the shop answering there.
    const policy = (res: ServerResponse, hashes: readonly string[]) =>
      setPolicy(res, { scriptHashes: hashes, reportUri: cspReportUri(apiBaseUrl, hostNameOf(res.req.headers.host)) });
    const handler = sirv(root, {
      etag: true,
      gzip: false,
      brotli: false,
      setHeaders: (res, pathname, stats) => {
        res.setHeader('Cache-Control', cacheControlFor(pathname));
        const page = pageFile(root, pathname);
        if (page) policy(res, scriptHashes(page, stats.mtimeMs));
      },
      onNoMatch: (_req, res) => {
        policy(res, notFoundHashes);
        sendHtml(res, 404, notFound);
      },
    });
    const entry = { build, handler, notFound };
    handlers.set(slug, entry);
    return entry;
  };

  const overrides =
    options.runtimeOverrides && Object.values(options.runtimeOverrides).some(Boolean)
      ? options.runtimeOverrides
      : undefined;
  // Like a tenant's, the console's handler lists its files once per build (so its dotfiles stay out), remade when its page changes.
  let consoleSite: { build: number; handler: Handler } | undefined;
  const consoleHandler = (): Handler | undefined => {
    const root = join(options.distDir, CONSOLE_FOLDER);
    let build: number;
    try {
      build = statSync(join(root, 'index.html')).mtimeMs;
    } catch {
      return undefined;
    }
    if (consoleSite?.build !== build) {
      const apiBaseUrl =
        overrides?.apiBaseUrl ??
        consoleConfigSchema.parse(JSON.parse(readFileSync(join(root, CONSOLE_CONFIG_FILE), 'utf8'))).apiBaseUrl;
      const handler = sirv(root, {
        etag: true,
        setHeaders: (res, pathname, stats) => {
          res.setHeader('Cache-Control', cacheControlFor(pathname));
          const page = pageFile(root, pathname);
          // The page's policy replaces serveConsole's frame-ancestors-only one and keeps its rule.
          if (page)
            setPolicy(res, {
              scriptHashes: scriptHashes(page, stats.mtimeMs),
              reportUri: cspReportUri(apiBaseUrl, null),
              frameAncestorsNone: true,
            });
        },
        onNoMatch: (_req, res) => sendHtml(res, 404, siteNotFound()),
      });
      consoleSite = { build, handler };
    }
    return consoleSite.handler;
  };
  const serveConsole = (req: IncomingMessage, res: ServerResponse) => {
    // Staff press Take and Ready here: no other site may frame the console to steer those taps.
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Content-Security-Policy', "frame-ancestors 'none'");
    if (overrides?.apiBaseUrl && new URL(req.url ?? '/', 'http://x').pathname === `/${CONSOLE_CONFIG_FILE}`) {
      res.writeHead(200, {
        'Content-Type': 'application/json',
        'Cache-Control': cacheControlFor(`/${CONSOLE_CONFIG_FILE}`),
      });
      res.end(JSON.stringify(consoleConfigSchema.parse({ apiBaseUrl: overrides.apiBaseUrl })));
      return;
    }
    const handler = consoleHandler();
    if (handler) handler(req, res);
    else sendHtml(res, 404, siteNotFound());
  };
  const compress = compression({ threshold: 1024 });
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    // The path only: a query may be a secret (a reset link's token, an order id), and logs are kept and shared.
    res.on('finish', () =>
      log(
        `${req.headers.host ?? '-'} ${req.method} ${new URL(req.url ?? '/', 'http://x').pathname} ${res.statusCode} ${(performance.now() - started).toFixed(1)}ms`,
      ),
    );
    res.setHeader('Referrer-Policy', REFERRER_POLICY);
    compress(req as Parameters<typeof compress>[0], res as Parameters<typeof compress>[1], async () => {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res
          .writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' })
          .end('Method Not Allowed');
        return;
      }
      if (hostNameOf(req.headers.host) === CONSOLE_LOCAL_HOST) return serveConsole(req, res);
      let slug = tenantForHost(req.headers.host, hosts);
      if (!slug && Date.now() - lastRescan > 2000) {
        lastRescan = Date.now();
        hosts = await readHosts(options.distDir, options.tenantsDir, log);
        slug = tenantForHost(req.headers.host, hosts);
      }
      const entry = slug ? handlerFor(slug) : undefined;
      if (!entry) {
        if (HASHED_ASSET.test(req.url ?? '')) return sharedAssets(req, res, () => sendHtml(res, 404, siteNotFound()));
        return sendHtml(res, 404, siteNotFound());
      }
      if (overrides && new URL(req.url ?? '/', 'http://x').pathname === '/runtime-config.json') {
        return sendRuntimeConfig(res, join(options.distDir, slug ?? ''), overrides);
      }
      entry.handler(req, res);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, resolve);
  });
  const port = (server.address() as AddressInfo).port;
  return {
    server,
    port,
    hosts: () => hosts,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

function setPolicy(res: ServerResponse, options: PolicyOptions): void {
  res.setHeader('Content-Security-Policy', contentSecurityPolicy(options));
}

/** The HTML file sirv answers a path with (the path itself, else its index.html, else with .html), if it answers with one. */
function pageFile(root: string, pathname: string): string | undefined {
  const base = pathname.replace(/\/+$/, '');
  const candidates = pathname.endsWith('.html') ? [pathname] : [`${base}/index.html`, `${base}.html`];
  return candidates.map((name) => join(root, name)).find((file) => statSync(file, { throwIfNoEntry: false })?.isFile());
}

/** The inline script hashes of each page, read again only when its file is replaced (a build renames a new one over it). */
function pageScriptHashes(): (file: string, mtimeMs: number) => string[] {
  const read = new Map<string, { mtimeMs: number; hashes: string[] }>();
  return (file, mtimeMs) => {
    const known = read.get(file);
    if (known?.mtimeMs === mtimeMs) return known.hashes;
    const hashes = inlineScriptHashes(readFileSync(file, 'utf8'));
    read.set(file, { mtimeMs, hashes });
    return hashes;
  };
}

const builtRuntimeConfig = (siteDir: string): RuntimeConfig =>
  runtimeConfigSchema.parse(JSON.parse(readFileSync(join(siteDir, 'runtime-config.json'), 'utf8')));

function sendHtml(res: ServerResponse, status: number, body: Buffer): void {
  res.writeHead(status, {
    'Content-Type': 'text/html;charset=utf-8',
    'Cache-Control': 'no-cache',
    'Content-Length': body.length,
  });
  res.end(body);
}

/**
 * The built runtime configuration with this environment's addresses; a tenant without analytics
 * stays without. This environment's broker takes the order watches too: a production Mosquitto's
 * order-watch listener is not this broker's.
 */
export function servedRuntimeConfig(built: RuntimeConfig, overrides: RuntimeOverrides): RuntimeConfig {
  const { apiBaseUrl, brokerUrl, analyticsUrl } = overrides;
  return {
    ...built,
    ...(apiBaseUrl ? { apiBaseUrl } : {}),
    ...(brokerUrl ? { brokerUrl, orderWatchBrokerUrl: null } : {}),
    ...(analyticsUrl && built.analyticsUrl !== null ? { analyticsUrl } : {}),
  };
}

async function sendRuntimeConfig(
  res: ServerResponse,
  siteDir: string,
  overrides: NonNullable<StaticServerOptions['runtimeOverrides']>,
): Promise<void> {
  const built = runtimeConfigSchema.parse(JSON.parse(await readFile(join(siteDir, 'runtime-config.json'), 'utf8')));
  const body = JSON.stringify(servedRuntimeConfig(built, overrides));
  res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': cacheControlFor('/runtime-config.json') });
  res.end(body);
}
