import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';
import { DEFAULT_MOSQUITTO_OPTIONS, mosquittoConfigFiles, servedScopes } from './lib/mosquitto-config.ts';
import { consoleServerConfig, hostFolders, nginxConfig } from './lib/nginx-config.ts';
import { cacheControlFor } from './lib/static-server.ts';
import { loadTenants } from '../src/lib/tenant/load.ts';
import { freePort } from '../tests/e2e/free-port.ts';

const run = promisify(execFile);
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path));

const workflowSchema = z.object({
  name: z.string(),
  on: z.record(z.string(), z.unknown()),
  env: z.object({ SHARDS: z.number().int().positive() }),
  jobs: z.record(
    z.string(),
    z.object({
      'runs-on': z.string(),
      strategy: z.object({ matrix: z.object({ shard: z.array(z.number().int()) }) }).optional(),
      steps: z.array(z.object({ if: z.string().optional(), uses: z.string().optional(), run: z.string().optional(), with: z.record(z.string(), z.unknown()).optional(), env: z.record(z.string(), z.string()).optional() })),
    }),
  ),
});

describe('deploy/github-actions/build-storefronts.yml', () => {
  it('is a valid workflow whose shard matrix covers 1..SHARDS and whose commands name existing scripts and files', async () => {
    const workflow = workflowSchema.parse(parse(await readFile('deploy/github-actions/build-storefronts.yml', 'utf8')));
    const build = workflow.jobs['build'];
    expect(build?.strategy?.matrix.shard).toEqual(Array.from({ length: workflow.env.SHARDS }, (_, index) => index + 1));
    const scripts = z.object({ scripts: z.record(z.string(), z.string()) }).parse(JSON.parse(await readFile('package.json', 'utf8'))).scripts;
    const commands = (build?.steps ?? []).flatMap((step) => (step.run ?? '').split('\n')).filter(Boolean);
    expect(commands).toContain('npm run build -- --shard ${{ matrix.shard }}/${{ env.SHARDS }}');
    for (const command of commands) {
      const npmScript = /^npm run ([\w:-]+)/.exec(command)?.[1];
      if (npmScript) expect(scripts, command).toHaveProperty(npmScript);
      const nodeFile = /^node (\S+)/.exec(command)?.[1];
      if (nodeFile) expect(existsSync(nodeFile), command).toBe(true);
    }
    for (const step of build?.steps ?? []) if (step.uses) expect(step.uses).toMatch(/^actions\/[\w-]+@v\d+$/);
    // The staff console is built by every shard and uploaded by one (a second upload of a name fails the run), with the API it names.
    const consoleUploads = (build?.steps ?? []).filter((step) => step.run?.includes('upload-retailer-artifacts.mjs dist --console'));
    expect(consoleUploads.map((step) => step.if)).toEqual(['matrix.shard == 1']);
    expect((build?.steps ?? []).find((step) => step.run?.startsWith('npm run build'))?.env).toEqual({ CONSOLE_API_URL: '${{ vars.CONSOLE_API_URL }}' });
  });
});

describe('deploy/mosquitto', () => {
  it('holds what scripts/mosquitto-config.ts makes of the sample tenants, password files left out', async () => {
    const files = mosquittoConfigFiles(servedScopes((await loadTenants('tenants')).tenants), DEFAULT_MOSQUITTO_OPTIONS);
    for (const [name, text] of Object.entries(files)) expect(await readFile(join('deploy/mosquitto', name), 'utf8'), name).toBe(text);
  });
});

const CONSOLE_HOST = 'console.example.com';

describe('deploy/nginx/storefronts.conf', () => {
  it('is what scripts/nginx-config.ts makes of the sample tenants, with the staff console on --console-host console.example.com', async () => {
    const dist = '/srv/storefronts/dist';
    expect(await readFile('deploy/nginx/storefronts.conf', 'utf8')).toBe(nginxConfig(dist, await hostFolders('tenants')) + consoleServerConfig(dist, CONSOLE_HOST));
  });

  it('refuses a console host that is not a host name, as it would be nginx syntax in the file', () => {
    for (const host of ['console.example.com; include /etc/passwd', 'console example.com', 'Console.example.com', 'https://console.example.com', '']) {
      expect(() => consoleServerConfig('/srv/storefronts/dist', host), host).toThrow();
    }
  });

  describe.skipIf(!NGINX)('served by nginx', () => {
    let work: string;
    let port: number;
    let nginx: ReturnType<typeof spawn> | undefined;

    const get = (host: string, path: string) =>
      new Promise<{ status: number; cacheControl: string; referrerPolicy: string; headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, cacheControl: String(res.headers['cache-control'] ?? ''), referrerPolicy: String(res.headers['referrer-policy'] ?? ''), headers: res.headers, body }));
        });
        req.on('error', reject);
        req.end();
      });

    beforeAll(async () => {
      work = await mkdtemp(join(tmpdir(), 'storefront-nginx-'));
      const tenantsDir = join(work, 'tenants');
      const dist = join(work, 'dist');
      for (const slug of ['bella-napoli', 'old-mill-pizza']) await cp(join('tenants', slug), join(tenantsDir, slug), { recursive: true });
      await run(process.execPath, ['scripts/build.ts', '--tenants-dir', tenantsDir, '--out', dist], { env: { ...process.env, CONSOLE_API_URL: 'https://staff-api.example.com' } });
      port = await freePort();
      const mimeTypes = ['/etc/nginx/mime.types'].find((path) => existsSync(path));
      await writeFile(
        join(work, 'nginx.conf'),
        `pid ${join(work, 'nginx.pid')};\nerror_log ${join(work, 'error.log')};\nevents {}\nhttp {\n${mimeTypes ? `include ${mimeTypes};\n` : ''}access_log off;\nclient_body_temp_path ${work};\nproxy_temp_path ${work};\nfastcgi_temp_path ${work};\nuwsgi_temp_path ${work};\nscgi_temp_path ${work};\n${nginxConfig(dist, await hostFolders(tenantsDir), `127.0.0.1:${port}`)}${consoleServerConfig(dist, CONSOLE_HOST, `127.0.0.1:${port}`)}}\n`,
      );
      await run(NGINX ?? 'nginx', ['-t', '-p', work, '-c', join(work, 'nginx.conf')]);
      nginx = spawn(NGINX ?? 'nginx', ['-p', work, '-c', join(work, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'ignore' });
      for (let tries = 0; tries < 100; tries += 1) {
        if (await get('x', '/').then(() => true, () => false)) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }, 120_000);

    afterAll(async () => {
      nginx?.kill('SIGTERM');
      await rm(work, { recursive: true, force: true });
    });

    it('parses (nginx -t) and serves each tenant on its hosts with the cache headers of scripts/serve.ts', async () => {
      const home = await get('bella-napoli.com.au', '/');
      expect(home.status).toBe(200);
      expect(home.body).toContain('Bella Napoli');
      expect((await get('www.bella-napoli.com.au', '/about')).body).toContain('About Bella Napoli');
      expect((await get('old-mill-pizza.localhost', '/')).body).toContain('retid=222');
      const asset = /\/_astro\/[^"]+\.css/.exec(home.body)?.[0] ?? '/_astro/missing.css';
      for (const path of ['/', '/about', '/about/', '/_payload.json', '/builds/latest.json', '/runtime-config.json', '/favicon.svg', asset]) {
        const answer = await get('bella-napoli.com.au', path);
        expect(answer.status, path).toBe(200);
        expect(answer.cacheControl, path).toBe(cacheControlFor(path));
        expect(answer.referrerPolicy, path).toBe('strict-origin-when-cross-origin');
      }
      // Another website's home is served at once; the default or an unknown id gets the default home.
      const catering = await get('bella-napoli.com.au', '/?retailerWebsiteId=1112&modal=delivery-map');
      expect(catering.body).toContain('data-website="1112"');
      expect(catering.cacheControl).toBe(cacheControlFor('/'));
      for (const other of ['1111', '424242', '..%2F..%2Fetc', '']) expect((await get('bella-napoli.com.au', `/?retailerWebsiteId=${other}`)).body, other).toContain('data-website="1111"');
      const missing = await get('bella-napoli.com.au', '/no-such-page');
      expect(missing.status).toBe(404);
      expect(missing.body).toContain('Page Not Found');
      expect(missing.referrerPolicy).toBe('strict-origin-when-cross-origin');
      expect((await get('bella-napoli.com.au', '/.build.json')).status).toBe(404);
      const unknown = await get('unknown.example.com', '/');
      expect(unknown.status).toBe(404);
      expect(unknown.body).toContain('Site not found');
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
        expect(answer.headers['content-security-policy'], path).toBe("frame-ancestors 'none'");
      }
      expect(JSON.parse((await get(CONSOLE_HOST, '/console-config.json')).body)).toEqual({ apiBaseUrl: 'https://staff-api.example.com' });
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
  });
});
