import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';
import { DEFAULT_MOSQUITTO_OPTIONS, mosquittoConfigFiles, servedScopes } from './lib/mosquitto-config.ts';
import { apiCalls, RETAILER_DOMAIN_HEADER } from '../lib/api/contract.ts';
import { HOST, orderBody, cartLine } from '../server/api/tests/fixtures/orders.ts';
import { consoleServerConfig, hostApis, hostFolders, nginxConfig } from './lib/nginx-config.ts';
import { NGINX, startNginx, type NginxProcess } from './lib/nginx-process.ts';
import { productionShapeSkipReason, startProductionShape, type ProductionShape } from './lib/production-shape.ts';
import { cacheControlFor } from './lib/static-server.ts';
import { inlineScriptHashes } from './lib/content-security-policy.ts';
import { loadTenants } from '../lib/tenant/load.ts';

const run = promisify(execFile);

interface Answer {
  status: number;
  cacheControl: string;
  referrerPolicy: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One request to nginx on loopback with the Host header a browser would send. */
function request(
  port: number,
  host: string,
  path: string,
  { method = 'GET', headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method, headers: { host, ...headers } }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          cacheControl: String(res.headers['cache-control'] ?? ''),
          referrerPolicy: String(res.headers['referrer-policy'] ?? ''),
          headers: res.headers,
          body: text,
        }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

const workflowSchema = z.object({
  name: z.string(),
  on: z.record(z.string(), z.unknown()),
  env: z.object({ SHARDS: z.number().int().positive() }),
  jobs: z.record(
    z.string(),
    z.object({
      'runs-on': z.string(),
      strategy: z.object({ matrix: z.object({ shard: z.array(z.number().int()) }) }).optional(),
      steps: z.array(
        z.object({
          uses: z.string().optional(),
          run: z.string().optional(),
          with: z.record(z.string(), z.unknown()).optional(),
        }),
      ),
    }),
  ),
});

describe('deploy/github-actions/build-storefronts.yml', () => {
  it('is a valid workflow whose shard matrix covers 1..SHARDS and whose commands name existing scripts and files', async () => {
    const workflow = workflowSchema.parse(parse(await readFile('deploy/github-actions/build-storefronts.yml', 'utf8')));
    const build = workflow.jobs['build'];
    expect(build?.strategy?.matrix.shard).toEqual(Array.from({ length: workflow.env.SHARDS }, (_, index) => index + 1));
    const scripts = z
      .object({ scripts: z.record(z.string(), z.string()) })
      .parse(JSON.parse(await readFile('package.json', 'utf8'))).scripts;
    const commands = (build?.steps ?? []).flatMap((step) => (step.run ?? '').split('\n')).filter(Boolean);
    expect(commands).toContain('npm run build -- --shard ${{ matrix.shard }}/${{ env.SHARDS }}');
    for (const command of commands) {
      const npmScript = /^npm run ([\w:-]+)/.exec(command)?.[1];
      if (npmScript) expect(scripts, command).toHaveProperty(npmScript);
      const nodeFile = /^node (\S+)/.exec(command)?.[1];
      if (nodeFile) expect(existsSync(nodeFile), command).toBe(true);
    }
    for (const step of build?.steps ?? []) if (step.uses) expect(step.uses).toMatch(/^actions\/[\w-]+@v\d+$/);
  });
});

describe('deploy/mosquitto', () => {
  it('holds what scripts/mosquitto-config.ts makes of the sample tenants, password files left out', async () => {
    const files = mosquittoConfigFiles(servedScopes((await loadTenants('tenants')).tenants), DEFAULT_MOSQUITTO_OPTIONS);
    for (const [name, text] of Object.entries(files))
      expect(await readFile(join('deploy/mosquitto', name), 'utf8'), name).toBe(text);
  });
});

/** What deploy/nginx/production.conf is made with: the API's host and two processes on one machine, and Mosquitto's host. */
const PRODUCTION_API = { serverNames: ['api.example.com'], processes: ['127.0.0.1:8787', '127.0.0.1:8788'] };
const PRODUCTION_BROKER = { serverNames: ['broker.example.com'] };
const shapeSkipReason = await productionShapeSkipReason();

const CONSOLE_HOST = 'console.example.com';

describe('deploy/nginx/storefronts.conf and production.conf', () => {
  it('are what scripts/nginx-config.ts makes of the sample tenants: storefronts.conf with the staff console on --console-host console.example.com, production.conf with two API processes, the broker host and the console', async () => {
    const dist = '/srv/storefronts/dist';
    expect(await readFile('deploy/nginx/storefronts.conf', 'utf8')).toBe(
      nginxConfig(dist, await hostFolders('tenants'), await hostApis('tenants')) +
        consoleServerConfig(dist, CONSOLE_HOST),
    );
    expect(await readFile('deploy/nginx/production.conf', 'utf8')).toBe(
      nginxConfig(dist, await hostFolders('tenants'), await hostApis('tenants'), {
        api: PRODUCTION_API,
        broker: PRODUCTION_BROKER,
      }) + consoleServerConfig(dist, CONSOLE_HOST),
    );
  });

  it('refuses a console host that is not a host name, as it would be nginx syntax in the file', () => {
    for (const host of [
      'console.example.com; include /etc/passwd',
      'console example.com',
      'Console.example.com',
      'https://console.example.com',
      '',
    ]) {
      expect(() => consoleServerConfig('/srv/storefronts/dist', host), host).toThrow();
    }
  });

  describe.skipIf(!NGINX)('served by nginx', () => {
    let work: string;
    let dist: string;
    let hosts: Map<string, string>;
    let apis: Map<string, string>;
    let nginx: NginxProcess;

    const get = (host: string, path: string) => request(nginx.port, host, path);

    beforeAll(async () => {
      work = await mkdtemp(join(tmpdir(), 'storefront-nginx-'));
      // nginx started by root serves as nobody, who must be able to enter the folder (mkdtemp makes it 0700).
      await chmod(work, 0o755);
      const tenantsDir = join(work, 'tenants');
      dist = join(work, 'dist');
      for (const slug of ['bella-napoli', 'old-mill-pizza'])
        await cp(join('tenants', slug), join(tenantsDir, slug), { recursive: true });
      await run(process.execPath, ['scripts/build.ts', '--tenants-dir', tenantsDir, '--out', dist], {
        env: { ...process.env, CONSOLE_API_URL: 'https://staff-api.example.com' },
      });
      hosts = await hostFolders(tenantsDir);
      apis = await hostApis(tenantsDir);
      nginx = await startNginx(
        (port) =>
          nginxConfig(dist, hosts, apis, { listen: `127.0.0.1:${port}` }) +
          consoleServerConfig(dist, CONSOLE_HOST, `127.0.0.1:${port}`),
      );
    }, 120_000);

    afterAll(async () => {
      await nginx?.stop();
      await rm(work, { recursive: true, force: true });
    });

    it('parses (nginx -t) and serves each tenant on its hosts with the cache headers of scripts/serve.ts', async () => {
      const home = await get('bella-napoli.com.au', '/');
      expect(home.status).toBe(200);
      expect(home.body).toContain('Bella Napoli');
      expect((await get('www.bella-napoli.com.au', '/about')).body).toContain('About Bella Napoli');
      expect((await get('old-mill-pizza.localhost', '/')).body).toContain('retid=222');
      const asset = /\/_astro\/[^"]+\.css/.exec(home.body)?.[0] ?? '/_astro/missing.css';
      for (const path of [
        '/',
        '/about',
        '/about/',
        '/_payload.json',
        '/builds/latest.json',
        '/runtime-config.json',
        '/favicon.svg',
        asset,
      ]) {
        const answer = await get('bella-napoli.com.au', path);
        expect(answer.status, path).toBe(200);
        expect(answer.cacheControl, path).toBe(cacheControlFor(path));
        expect(answer.referrerPolicy, path).toBe('strict-origin-when-cross-origin');
      }
      // Another website's home is served at once; the default or an unknown id gets the default home.
      const catering = await get('bella-napoli.com.au', '/?retailerWebsiteId=1112&modal=delivery-map');
      expect(catering.body).toContain('data-website="1112"');
      expect(catering.cacheControl).toBe(cacheControlFor('/'));
      for (const other of ['1111', '424242', '..%2F..%2Fetc', ''])
        expect((await get('bella-napoli.com.au', `/?retailerWebsiteId=${other}`)).body, other).toContain(
          'data-website="1111"',
        );
      const missing = await get('bella-napoli.com.au', '/no-such-page');
      expect(missing.status).toBe(404);
      expect(missing.body).toContain('Page Not Found');
      expect(missing.referrerPolicy).toBe('strict-origin-when-cross-origin');
      expect((await get('bella-napoli.com.au', '/.build.json')).status).toBe(404);
      const unknown = await get('unknown.example.com', '/');
      expect(unknown.status).toBe(404);
      expect(unknown.body).toContain('Site not found');
    });

    it('allows every page the inline scripts it was built with, and sends reports to the shop’s API naming its host', async () => {
      for (const [host, path] of [
        ['bella-napoli.com.au', '/'],
        ['bella-napoli.com.au', '/website/1112'],
        ['www.bella-napoli.com.au', '/about'],
        ['bella-napoli.com.au', '/no-such-page'],
        ['old-mill-pizza.com.au', '/'],
      ] as const) {
        const answer = await get(host, path);
        const policy = String(answer.headers['content-security-policy']);
        expect(policy, path).toMatch(/^script-src 'self' [^;]*'report-sample'; object-src 'none'; base-uri 'self'; /);
        expect(policy, path).not.toContain('unsafe-inline');
        expect(policy, path).toContain(`report-uri http://localhost:8787/api/logs/csp-report?site=${host}`);
        for (const hash of inlineScriptHashes(answer.body)) expect(policy, `${host}${path}`).toContain(hash);
      }
    });

    it('serves the staff console on its host with the headers of the static server: no framing, the referrer policy, its cache rules', async () => {
      const page = await get(CONSOLE_HOST, '/');
      expect(page.status).toBe(200);
      expect(page.body).toContain('Staff console');
      const asset = /\/_astro\/[^"]+\.(css|js)/.exec(page.body)?.[0] ?? '/_astro/missing.js';
      for (const path of ['/', '/index.html', '/console-config.json', asset]) {
        const answer = await get(CONSOLE_HOST, path);
        expect(answer.status, path).toBe(200);
        expect(answer.cacheControl, path).toBe(cacheControlFor(path));
        expect(answer.referrerPolicy, path).toBe('strict-origin-when-cross-origin');
        expect(answer.headers['x-frame-options'], path).toBe('DENY');
        expect(answer.headers['content-security-policy'], path).toBe(
          `script-src 'self' ${inlineScriptHashes(page.body).join(' ')} 'report-sample'; object-src 'none'; base-uri 'self'; frame-ancestors 'none'; report-uri https://staff-api.example.com/api/logs/csp-report`,
        );
      }
      expect(JSON.parse((await get(CONSOLE_HOST, '/console-config.json')).body)).toEqual({
        apiBaseUrl: 'https://staff-api.example.com',
      });
      for (const path of ['/no-such-page', '/.code', '/404.html']) {
        const missing = await get(CONSOLE_HOST, path);
        expect(missing.status, path).toBe(404);
        expect(missing.body, path).toContain('Site not found');
        expect(missing.headers['x-frame-options'], path).toBe('DENY');
      }
      // The shops' hosts do not serve the console, nor the console's host a shop.
      expect((await get('bella-napoli.com.au', '/console-config.json')).status).toBe(404);
      expect((await get(CONSOLE_HOST, '/about')).status).toBe(404);
    });

    describe.skipIf(shapeSkipReason !== null)(
      `with two API processes behind it${shapeSkipReason ? ` (${shapeSkipReason})` : ''}`,
      () => {
        let shape: ProductionShape;
        let production: NginxProcess;
        const [apiHost = ''] = PRODUCTION_API.serverNames;
        let line = 0;

        const callApi = (path: string, body?: unknown) =>
          request(production.port, apiHost, path, {
            method: body === undefined ? 'GET' : 'POST',
            headers: {
              [RETAILER_DOMAIN_HEADER]: HOST,
              ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            },
            ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          });
        const createOrder = () =>
          callApi(apiCalls.createOrder.path, orderBody([cartLine(`nginx-line-${(line += 1)}`)]));
        const statuses = async (count: number, call: () => Promise<Answer>) => {
          const answers: number[] = [];
          for (let index = 0; index < count; index += 1) answers.push((await call()).status);
          return answers;
        };

        beforeAll(async () => {
          shape = await startProductionShape();
          // production.conf as generated, with this run's ports: the sites and the API host on one nginx.
          const processes = shape.apiUrls.map((url) => new URL(url).host);
          production = await startNginx((port) =>
            nginxConfig(dist, hosts, apis, { listen: `127.0.0.1:${port}`, api: { ...PRODUCTION_API, processes } }),
          );
        }, 120_000);

        afterAll(async () => {
          await production?.stop();
          await shape?.stop();
        });

        it('serves the sites and spreads the API host over both processes', async () => {
          expect((await request(production.port, 'bella-napoli.com.au', '/')).body).toContain('Bella Napoli');
          expect(await statuses(20, () => callApi(apiCalls.getRetailerConfig.path))).toEqual(Array(20).fill(200));
          expect(await statuses(4, createOrder)).toEqual(Array(4).fill(200));
          expect(shape.answered(0)).toBeGreaterThan(0);
          expect(shape.answered(1)).toBeGreaterThan(0);
        });

        it('answers every call, writes too, while one process is down, and gives it work again once it is back', async () => {
          await shape.kill(0);
          // Refused connections never reached the dead process: nginx sends those on, whatever the method.
          expect(await statuses(10, () => callApi(apiCalls.getRetailerConfig.path))).toEqual(Array(10).fill(200));
          expect(await statuses(4, createOrder)).toEqual(Array(4).fill(200));
          await shape.restart(0);
          // It is left out for fail_timeout (5 s) after failing, then tried again.
          for (let tries = 0; shape.answered(0) === 0 && tries < 200; tries += 1) {
            expect((await callApi(apiCalls.getRetailerConfig.path)).status).toBe(200);
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
          expect(shape.answered(0)).toBeGreaterThan(0);
        }, 60_000);
      },
    );
  });
});
