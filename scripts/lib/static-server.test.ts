import { request } from 'node:http';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cacheControlFor,
  servedRuntimeConfig,
  startStaticServer,
  tenantForHost,
  type RunningStaticServer,
} from './static-server.ts';

const sha256 = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function get(port: number, host: string, path: string, headers: Record<string, string> = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: (res.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString(),
        });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

async function put(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, text);
}

const napoliBuilt = {
  apiBaseUrl: 'https://api.napoli.com.au',
  brokerUrl: 'wss://mqtt.napoli.com.au',
  orderWatchBrokerUrl: null,
  mqttTopicPrefix: 'storefront',
  buildId: 'one',
  analyticsUrl: 'https://stats.napoli.com.au/matomo.php',
};

describe('servedRuntimeConfig', () => {
  const luigis = { ...napoliBuilt, analyticsUrl: null };
  const watched = { ...luigis, orderWatchBrokerUrl: 'wss://mqtt.luigis.com.au/order-watch' };

  it.each([
    ['no overrides keep the build', luigis, {}, luigis],
    [
      'the API and broker of this environment',
      luigis,
      { apiBaseUrl: 'http://localhost:1', brokerUrl: 'ws://localhost:2' },
      { ...luigis, apiBaseUrl: 'http://localhost:1', brokerUrl: 'ws://localhost:2' },
    ],
    [
      "this environment's tracker for a shop with analytics",
      napoliBuilt,
      { analyticsUrl: 'http://localhost:1/matomo.php' },
      { ...napoliBuilt, analyticsUrl: 'http://localhost:1/matomo.php' },
    ],
    ['no tracker for a shop without analytics', luigis, { analyticsUrl: 'http://localhost:1/matomo.php' }, luigis],
    ['empty overrides keep the build', napoliBuilt, { apiBaseUrl: '', analyticsUrl: '' }, napoliBuilt],
    [
      "the built order-watch listener while the broker is the build's",
      watched,
      { apiBaseUrl: 'http://localhost:1' },
      { ...watched, apiBaseUrl: 'http://localhost:1' },
    ],
    [
      "this environment's broker for order watches too",
      watched,
      { brokerUrl: 'ws://localhost:2' },
      { ...luigis, brokerUrl: 'ws://localhost:2' },
    ],
  ])('%s', (_name, built, overrides, expected) => {
    expect(servedRuntimeConfig(built, overrides)).toEqual(expected);
  });
});

describe('host-routing static server', () => {
  let work: string;
  let server: RunningStaticServer;
  const logged: string[] = [];
  const bigScript = `console.log(${JSON.stringify('pizza '.repeat(2000))});`;

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'storefront-serve-'));
    const site = join(work, 'dist', 'luigis');
    await put(join(site, 'index.html'), '<h1>Luigi home</h1>');
    await put(
      join(site, 'about', 'index.html'),
      '<h1>About Luigi</h1><script>about()</script><script type="application/ld+json">{}</script>',
    );
    await put(join(site, '_payload.json'), '{"kind":"home"}');
    await put(join(site, '404.html'), '<h1>Luigi has no such page</h1><script>missing()</script>');
    await put(join(site, '_astro', 'app.Ab12Cd34.js'), bigScript);
    await put(join(site, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await put(join(site, 'builds', 'latest.json'), '{"id":"one","timestamp":1}');
    await put(
      join(site, 'runtime-config.json'),
      JSON.stringify({
        apiBaseUrl: 'https://api.luigis.com.au',
        brokerUrl: 'wss://mqtt.luigis.com.au',
        mqttTopicPrefix: 'storefront',
        buildId: 'one',
      }),
    );
    const napoli = join(work, 'dist', 'napoli');
    await put(join(napoli, 'index.html'), '<h1>Napoli home</h1>');
    await put(join(napoli, '404.html'), '<h1>Napoli has no such page</h1>');
    await put(join(napoli, 'builds', 'latest.json'), '{"id":"two","timestamp":1}');
    await put(join(napoli, 'runtime-config.json'), JSON.stringify({ ...napoliBuilt, buildId: 'two' }));
    await put(
      join(work, 'tenants', 'napoli', 'tenant.json'),
      JSON.stringify({
        hosts: ['napoli.com.au'],
        retailerWebsiteId: 6,
        apiBaseUrl: 'http://localhost:8787',
        brokerUrl: 'ws://localhost:9001',
      }),
    );
    await put(join(work, 'dist', '_site-not-found.html'), "<h1>Oops! This site can't be found.</h1>");
    await put(join(work, 'dist', '_console', 'index.html'), '<h1>Sign in</h1><script>staff()</script>');
    await put(join(work, 'dist', '_console', '_astro', 'console.Ef56Gh78.js'), 'export {};');
    await put(
      join(work, 'dist', '_console', 'console-config.json'),
      JSON.stringify({ apiBaseUrl: 'http://localhost:8787' }),
    );
    await put(join(work, 'dist', '_console', '.code'), 'render-cache/abc');
    await put(
      join(work, 'tenants', 'luigis', 'tenant.json'),
      JSON.stringify({
        hosts: ['luigis.com.au', 'www.luigis.com.au'],
        retailerWebsiteId: 5,
        apiBaseUrl: 'http://localhost:8787',
        brokerUrl: 'ws://localhost:9001',
      }),
    );
    server = await startStaticServer({
      distDir: join(work, 'dist'),
      tenantsDir: join(work, 'tenants'),
      port: 0,
      host: '127.0.0.1',
      runtimeOverrides: { apiBaseUrl: 'http://localhost:9999', analyticsUrl: 'http://localhost:9999/matomo.php' },
      log: (line) => logged.push(line),
    });
  });

  afterAll(async () => {
    await server.close();
    await rm(work, { recursive: true, force: true });
  });

  it.each([
    ['luigis.localhost:4321', '/', 200, 'Luigi home'],
    ['luigis.com.au', '/', 200, 'Luigi home'],
    ['WWW.Luigis.com.au', '/about', 200, 'About Luigi'],
    ['luigis.localhost', '/about/', 200, 'About Luigi'],
    ['luigis.localhost', '/no/such/page', 404, 'Luigi has no such page'],
    ['marios.com.au', '/', 404, "This site can't be found"],
    ['', '/', 404, "This site can't be found"],
  ])('Host %s %s answers %i', async (host, path, status, text) => {
    const reply = await get(server.port, host, path);
    expect(reply.status).toBe(status);
    expect(reply.body).toContain(text);
    expect(reply.headers['content-type']).toBe('text/html;charset=utf-8');
  });

  it('sends content types and cache headers a CDN can trust', async () => {
    const script = await get(server.port, 'luigis.localhost', '/_astro/app.Ab12Cd34.js');
    expect(script.headers['content-type']).toBe('text/javascript');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const payload = await get(server.port, 'luigis.localhost', '/_payload.json');
    expect(payload.headers['content-type']).toBe('application/json');
    expect(payload.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect((await get(server.port, 'luigis.localhost', '/')).headers['cache-control']).toBe(
      'public, max-age=0, must-revalidate',
    );
    expect((await get(server.port, 'luigis.localhost', '/favicon.svg')).headers['content-type']).toBe('image/svg+xml');
  });

  it('tells browsers to send other sites the origin only, on pages, files and misses alike', async () => {
    for (const [host, path] of [
      ['luigis.localhost', '/'],
      ['luigis.localhost', '/about?token=abc'],
      ['luigis.localhost', '/_astro/app.Ab12Cd34.js'],
      ['luigis.localhost', '/no/such/page'],
      ['marios.com.au', '/'],
    ]) {
      expect((await get(server.port, host ?? '', path ?? '')).headers['referrer-policy'], `${host} ${path}`).toBe(
        'strict-origin-when-cross-origin',
      );
    }
  });

  it('allows each page the inline scripts it was built with, and reports violations to the shop it was asked for', async () => {
    const policy = (host: string, path: string) =>
      get(server.port, host, path).then((reply) => reply.headers['content-security-policy']);
    expect(await policy('www.luigis.com.au', '/about')).toBe(
      `script-src 'self' ${sha256('about()')} 'report-sample'; object-src 'none'; base-uri 'self'; report-uri http://localhost:9999/api/logs/csp-report?site=www.luigis.com.au`,
    );
    expect(await policy('luigis.localhost', '/')).toMatch(/^script-src 'self' 'report-sample'; /);
    expect(await policy('luigis.localhost', '/no/such/page')).toContain(`script-src 'self' ${sha256('missing()')} `);
    expect(await policy('luigis.localhost', '/_payload.json')).toBeUndefined();
  });

  it('logs the path of a request, never its query', async () => {
    await get(server.port, 'luigis.localhost', '/reset-password?token=s3cret-reset-token&id=0rder-id');
    await expect
      .poll(() => logged.find((line) => line.includes('/reset-password')))
      .toMatch(/^luigis\.localhost GET \/reset-password 404 /);
    expect(logged.join('\n')).not.toMatch(/s3cret-reset-token|0rder-id/);
  });

  it('points the deployment at this environment without a rebuild', async () => {
    const reply = await get(server.port, 'luigis.com.au', '/runtime-config.json');
    expect(JSON.parse(reply.body)).toEqual({
      apiBaseUrl: 'http://localhost:9999',
      brokerUrl: 'wss://mqtt.luigis.com.au',
      orderWatchBrokerUrl: null,
      mqttTopicPrefix: 'storefront',
      buildId: 'one',
      analyticsUrl: null,
    });
    expect(reply.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
  });

  it("sends a shop with analytics to this environment's tracker, and gives none to a shop without", async () => {
    const napoliConfig = JSON.parse((await get(server.port, 'napoli.com.au', '/runtime-config.json')).body);
    expect(napoliConfig).toMatchObject({
      apiBaseUrl: 'http://localhost:9999',
      analyticsUrl: 'http://localhost:9999/matomo.php',
      buildId: 'two',
    });
    expect(JSON.parse((await get(server.port, 'luigis.com.au', '/runtime-config.json')).body).analyticsUrl).toBeNull();
  });

  it("serves the staff console at console.localhost, pointed at this environment's API, and never inside another site's frame", async () => {
    const page = await get(server.port, 'console.localhost:4321', '/');
    expect(page.status).toBe(200);
    expect(page.body).toContain('Sign in');
    expect(page.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['content-security-policy']).toBe(
      `script-src 'self' ${sha256('staff()')} 'report-sample'; object-src 'none'; base-uri 'self'; frame-ancestors 'none'; report-uri http://localhost:9999/api/logs/csp-report`,
    );
    const config = await get(server.port, 'console.localhost', '/console-config.json');
    expect(JSON.parse(config.body)).toEqual({ apiBaseUrl: 'http://localhost:9999' });
    expect(config.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect((await get(server.port, 'console.localhost', '/_astro/console.Ef56Gh78.js')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await get(server.port, 'console.localhost', '/.code')).status).toBe(404);
    expect((await get(server.port, 'console.localhost', '/orders')).status).toBe(404);
  });

  it('compresses what is worth compressing', async () => {
    const reply = await get(server.port, 'luigis.localhost', '/_astro/app.Ab12Cd34.js', { 'accept-encoding': 'gzip' });
    expect(reply.headers['content-encoding']).toBe('gzip');
    expect(reply.body).toBe(bigScript);
    expect(
      (await get(server.port, 'luigis.localhost', '/_astro/app.Ab12Cd34.js')).headers['content-encoding'],
    ).toBeUndefined();
  });

  it('answers 304 to a revalidation of an unchanged page', async () => {
    const first = await get(server.port, 'luigis.localhost', '/about');
    const again = await get(server.port, 'luigis.localhost', '/about', {
      'if-none-match': String(first.headers['etag']),
    });
    expect(again.status).toBe(304);
  });

  it('serves a rebuilt tenant on the next request', async () => {
    const site = join(work, 'dist', 'luigis');
    await put(join(site, 'index.html'), '<h1>Luigi, rebuilt</h1>');
    await put(join(site, 'builds', 'latest.json'), '{"id":"two","timestamp":2}');
    const later = new Date(Date.now() + 5000);
    await utimes(join(site, 'builds', 'latest.json'), later, later);
    expect((await get(server.port, 'luigis.localhost', '/')).body).toContain('Luigi, rebuilt');
  });
});

describe('routing rules', () => {
  const hosts = new Map([
    ['luigis.localhost', 'luigis'],
    ['luigis.com.au', 'luigis'],
  ]);
  it.each([
    ['luigis.com.au', 'luigis'],
    ['luigis.com.au:443', 'luigis'],
    ['luigis.com.au.', 'luigis'],
    ['LUIGIS.localhost:4321', 'luigis'],
    ['evil.luigis.com.au', undefined],
    [undefined, undefined],
  ])('%s is %s', (host, slug) => {
    expect(tenantForHost(host, hosts)).toBe(slug);
  });

  it.each([
    ['/_astro/index.B1c2.js', 'public, max-age=31536000, immutable'],
    ['/_images/0123456789abcdef-400.avif', 'public, max-age=31536000, immutable'],
    ['/', 'public, max-age=0, must-revalidate'],
    ['/about', 'public, max-age=0, must-revalidate'],
    ['/builds/latest.json', 'public, max-age=0, must-revalidate'],
    ['/builds/meta/abc.json', 'public, max-age=0, must-revalidate'],
    ['/runtime-config.json', 'public, max-age=0, must-revalidate'],
    ['/favicon.svg', 'public, max-age=3600'],
  ])('%s is cached as %s', (path, header) => {
    expect(cacheControlFor(path)).toBe(header);
  });
});
