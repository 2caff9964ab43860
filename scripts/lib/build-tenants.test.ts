import { execFile } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMetaSchema, latestBuildSchema, type BuildMeta } from '../../lib/site/build-manifest.ts';
import { runtimeConfigSchema } from '../../lib/tenant/settings.ts';
import { buildReportSchema, type BuildReport } from './build-report.ts';
import { filesUnder } from './code-hash.ts';
import { CONSOLE_FOLDER } from './console-site.ts';
import { inlineScriptHashes } from './content-security-policy.ts';
import { NGINX_POLICY_FILE } from './nginx-policy.ts';

const run = promisify(execFile);

interface BuildRun {
  code: number;
  stdout: string;
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

describe('npm run build', () => {
  let work: string;
  let tenantsDir: string;
  let outDir: string;
  let env: NodeJS.ProcessEnv;
  // Its own render cache, so the first build runs Vite and later ones reuse its bundle; inside the
  // project, because the bundle imports its dependencies from node_modules.
  const renderCache = join('.build', `render-cache-test-${process.pid}`);
  let first: BuildRun;

  async function build(args: string[], out = outDir): Promise<BuildRun> {
    try {
      const { stdout } = await run(
        process.execPath,
        ['scripts/build.ts', '--tenants-dir', tenantsDir, '--out', out, ...args],
        { env, maxBuffer: 16 * 1024 * 1024 },
      );
      return { code: 0, stdout };
    } catch (error) {
      const failed = error as { code: number; stdout: string };
      return { code: failed.code, stdout: failed.stdout };
    }
  }
  const builtMeta = async (slug: string): Promise<BuildMeta> => {
    const latest = latestBuildSchema.parse(
      JSON.parse(await readFile(join(outDir, slug, 'builds/latest.json'), 'utf8')),
    );
    return buildMetaSchema.parse(
      JSON.parse(await readFile(join(outDir, slug, 'builds/meta', `${latest.id}.json`), 'utf8')),
    );
  };
  const routeHash = (meta: BuildMeta, path: string) => meta.routes.find((route) => route.path === path)?.hash;
  const report = async (out = outDir): Promise<BuildReport> =>
    buildReportSchema.parse(JSON.parse(await readFile(join(out, 'build-report.json'), 'utf8')));
  const statuses = async () =>
    Object.fromEntries((await report()).tenants.map((tenant) => [tenant.slug, tenant.status]));
  const editSpecial = async (slug: string, name: string) => {
    const file = join(tenantsDir, slug, 'specials.json');
    const specials = JSON.parse(await readFile(file, 'utf8')) as { name: string }[];
    if (specials[0]) specials[0].name = name;
    await writeFile(file, JSON.stringify(specials));
  };

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'storefront-build-'));
    tenantsDir = join(work, 'tenants');
    outDir = join(work, 'dist');
    // A photo cache of its own too, so photos are encoded here, not found from earlier builds.
    env = { ...process.env, STOREFRONT_RENDER_CACHE: renderCache, STOREFRONT_PHOTO_CACHE: join(work, 'photo-cache') };
    for (const slug of ['bella-napoli', 'crust-and-co', 'old-mill-pizza'])
      await cp(join('tenants', slug), join(tenantsDir, slug), { recursive: true });
    await cp(join('tenants', 'bella-napoli'), join(tenantsDir, 'broken-shop'), { recursive: true });
    const specials = JSON.parse(await readFile(join(tenantsDir, 'broken-shop', 'specials.json'), 'utf8'));
    specials[1].price = 'twelve dollars';
    await writeFile(join(tenantsDir, 'broken-shop', 'specials.json'), JSON.stringify(specials));
    // crust-and-co here has no favicon of its own and a second website in other colours.
    await rm(join(tenantsDir, 'crust-and-co', 'public', 'favicon.svg'));
    const crustCss = JSON.parse(
      await readFile(join(tenantsDir, 'crust-and-co', 'retailer-config.json'), 'utf8'),
    ).retailerCSS;
    await writeFile(
      join(tenantsDir, 'crust-and-co', 'websites.json'),
      JSON.stringify([{ retailerWebsiteId: 4362, retailerCSS: { ...crustCss, primary: '#7fd1ae' } }]),
    );
    // And photos of its first two dishes, made in the tenant pipeline (in worker threads too).
    await cp(
      join('tenants', 'fire-and-slice', 'public', 'photos', 'margherita.jpg'),
      join(tenantsDir, 'crust-and-co', 'public', 'photos', 'plain-cheese.jpg'),
    );
    await cp(
      join('tenants', 'fire-and-slice', 'public', 'photos', 'soppressa-chilli.jpg'),
      join(tenantsDir, 'crust-and-co', 'public', 'photos', 'pepperoni.jpg'),
    );
    const crustProducts = JSON.parse(
      await readFile(join(tenantsDir, 'crust-and-co', 'products-info-ssr.json'), 'utf8'),
    );
    crustProducts.products[0].image = 'photos/plain-cheese.jpg';
    crustProducts.products[1].image = 'photos/pepperoni.jpg';
    await writeFile(join(tenantsDir, 'crust-and-co', 'products-info-ssr.json'), JSON.stringify(crustProducts));
    first = await build([]);
  }, 180_000);

  afterAll(async () => {
    await rm(work, { recursive: true, force: true });
    await rm(renderCache, { recursive: true, force: true });
  });

  it('builds the good tenants, names the broken file and field, and exits non-zero', async () => {
    expect(first.code).toBe(1);
    expect(first.stdout).toMatch(/Built 3 tenant\(s\), \d+ page\(s\)/);
    expect(first.stdout).toContain('✗ broken-shop');
    expect(first.stdout).toMatch(/tenants\/broken-shop\/specials\.json: \$\[1\]\.price: .*number/);
    expect(
      (await readdir(outDir))
        .filter(
          (name) =>
            !name.startsWith('_') &&
            !name.startsWith('.') &&
            name !== 'build-report.json' &&
            name !== NGINX_POLICY_FILE,
        )
        .sort(),
    ).toEqual(['bella-napoli', 'crust-and-co', 'old-mill-pizza']);
  });

  it('writes nginx the hashes of every inline script the deployed pages and the console run', async () => {
    const policy = await readFile(join(outDir, NGINX_POLICY_FILE), 'utf8');
    const variable = (name: string) => new RegExp(`set \\$${name} "([^"]*)";`).exec(policy)?.[1]?.split(' ') ?? [];
    const pages = (await filesUnder(outDir)).filter(
      (file) => file.endsWith('.html') && !file.includes(`${CONSOLE_FOLDER}/`),
    );
    expect(pages.length).toBeGreaterThan(3);
    for (const page of pages)
      expect(variable('storefront_script_hashes'), page).toEqual(
        expect.arrayContaining(inlineScriptHashes(await readFile(page, 'utf8'))),
      );
    expect(variable('console_script_hashes')).toEqual(
      inlineScriptHashes(await readFile(join(outDir, CONSOLE_FOLDER, 'index.html'), 'utf8')),
    );
    expect(policy).toMatch(/set \$console_csp_report_uri "http:\/\/[^"]+\/api\/logs\/csp-report";/);
  });

  it('reports pages, sizes, content hash and failures per tenant in build-report.json, and prints a table', async () => {
    const { tenants, renderer } = await report();
    expect(renderer).toBe('vite-build');
    const bella = tenants.find((tenant) => tenant.slug === 'bella-napoli');
    // Home, the catering website's home, reset-password, the order confirmation, three custom pages and the 404 page.
    expect(bella).toMatchObject({ status: 'built', pages: 9 });
    expect(bella?.bytes).toBeGreaterThan(bella?.gzipBytes ?? Infinity);
    expect(bella?.contentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(tenants.find((tenant) => tenant.slug === 'broken-shop')).toMatchObject({
      status: 'failed',
      problems: [
        expect.objectContaining({ file: join('tenants', 'broken-shop', 'specials.json'), path: '$[1].price' }),
      ],
    });
    expect(first.stdout).toMatch(/tenant\s+status\s+pages\s+size\s+gzip\s+time/);
    expect(first.stdout).toMatch(/bella-napoli\s+built\s+9\s/);
  });

  it('makes each tenant folder a complete deployment that references no file outside itself', async () => {
    const site = join(outDir, 'bella-napoli');
    for (const file of [
      'index.html',
      '_payload.json',
      'website/1112/index.html',
      'website/1112/_payload.json',
      'reset-password/index.html',
      'reset-password/_payload.json',
      'order/index.html',
      'order/_payload.json',
      'about/our-story/index.html',
      'about/our-story/_payload.json',
      '404.html',
      'favicon.svg',
      'runtime-config.json',
      'builds/latest.json',
    ]) {
      expect(await exists(join(site, file)), file).toBe(true);
    }
    // A retailer's own favicon serves all its websites; without one, each website's initial takes its colours.
    expect(await readFile(join(site, 'website/1112/favicon.svg'), 'utf8')).toBe(
      await readFile(join(site, 'favicon.svg'), 'utf8'),
    );
    const crust = join(outDir, 'crust-and-co');
    expect(await readFile(join(crust, 'favicon.svg'), 'utf8')).toContain('#f5a623');
    expect(await readFile(join(crust, 'website/4362/favicon.svg'), 'utf8')).toContain('#7fd1ae');
    expect(await readFile(join(crust, 'website/4362/index.html'), 'utf8')).toContain(
      'href="/website/4362/favicon.svg"',
    );
    for (const slug of ['bella-napoli', 'crust-and-co', 'old-mill-pizza']) {
      for (const page of (await filesUnder(join(outDir, slug))).filter((file) => file.endsWith('.html'))) {
        const html = await readFile(page, 'utf8');
        for (const [, path] of html.matchAll(/(?:src|href|component-url|renderer-url)="(\/(?!\/)[^"#?]*)"/g)) {
          const target = join(outDir, slug, path ?? '');
          expect((await exists(target)) || (await exists(join(target, 'index.html'))), `${page} → ${path}`).toBe(true);
        }
        for (const [, srcset] of html.matchAll(/srcset="([^"]*)"/gi)) {
          for (const candidate of (srcset ?? '').split(', ')) {
            const path = candidate.split(' ')[0] ?? '';
            expect(await exists(join(outDir, slug, path)), `${page} → ${path}`).toBe(true);
          }
        }
      }
    }
    const crustHome = await readFile(join(crust, 'index.html'), 'utf8');
    expect(crustHome.match(/<source type="image\/avif" srcSet="\/_images\/[0-9a-f]{16}-200\.avif 200w/gi)).toHaveLength(
      2,
    );
    const html = await readFile(join(site, 'index.html'), 'utf8');
    expect(html).toContain('<title>Bella Napoli Pizzeria');
    expect(html).toContain('--tenant-primary:#b3261e');
    expect(html).toMatch(/Margherita/);

    const latest = latestBuildSchema.parse(JSON.parse(await readFile(join(site, 'builds/latest.json'), 'utf8')));
    const meta = buildMetaSchema.parse(
      JSON.parse(await readFile(join(site, 'builds/meta', `${latest.id}.json`), 'utf8')),
    );
    expect(meta.routes.map((route) => route.path)).toEqual(
      expect.arrayContaining(['/', '/reset-password', '/about/our-story']),
    );
    for (const route of meta.routes) expect(await exists(join(site, route.payload)), route.payload).toBe(true);
    const runtime = runtimeConfigSchema.parse(JSON.parse(await readFile(join(site, 'runtime-config.json'), 'utf8')));
    expect(runtime).toMatchObject({ buildId: latest.id, analyticsUrl: 'https://analytics.example.com/matomo.php' });
    expect(
      runtimeConfigSchema.parse(JSON.parse(await readFile(join(outDir, 'crust-and-co', 'runtime-config.json'), 'utf8')))
        .analyticsUrl,
    ).toBeNull();

    const payload = JSON.parse(await readFile(join(site, 'about/our-story/_payload.json'), 'utf8'));
    expect(payload).toMatchObject({ kind: 'custom-page', page: { path: '/about/our-story', title: 'Our Story' } });
    expect(await readFile(join(site, '404.html'), 'utf8')).toContain('Page Not Found');
  });

  it('sends every page of an inactive retailer to its ordering site with retid', async () => {
    const html = await readFile(join(outDir, 'old-mill-pizza', 'index.html'), 'utf8');
    expect(html).toContain('https://order.example.com/?retid=222');
    expect(await exists(join(outDir, 'old-mill-pizza', 'reset-password'))).toBe(false);
  });

  it('publishes the staff console beside the tenants: its page, every file it loads, and the API it talks to', async () => {
    const site = join(outDir, '_console');
    const html = await readFile(join(site, 'index.html'), 'utf8');
    expect(html).toContain('<title>Sign in · Console</title>');
    for (const [, path] of html.matchAll(/(?:src|href|component-url|renderer-url)="(\/(?!\/)[^"#?]*)"/g))
      expect(await exists(join(site, path ?? '')), path).toBe(true);
    expect(JSON.parse(await readFile(join(site, 'console-config.json'), 'utf8'))).toEqual({
      apiBaseUrl: 'http://localhost:8787',
    });
  });

  it("builds the console apart from the shops: neither deployment carries the other's islands", async () => {
    const assets = async (folder: string) =>
      (await readdir(join(outDir, folder, '_astro'))).map((name) => name.replace(/\..*$/, ''));
    const consoleAssets = await assets('_console');
    const shopAssets = await assets('bella-napoli');
    expect(consoleAssets).toContain('ConsoleApp');
    expect(consoleAssets).not.toContain('CartButton');
    expect(shopAssets).toContain('CartButton');
    expect(shopAssets).not.toContain('ConsoleApp');
  });

  it('puts back a deleted console even when no tenant changed', async () => {
    await rm(join(outDir, '_console'), { recursive: true });
    expect((await build([])).stdout).toContain('Built 0 tenant(s)');
    expect(await exists(join(outDir, '_console', 'index.html'))).toBe(true);
  });

  it('skips unchanged tenants, rebuilds a changed tenant alone, and rebuilds all with --force', async () => {
    const crustBefore = await readFile(join(outDir, 'crust-and-co', 'builds/latest.json'), 'utf8');
    const bellaMeta = await builtMeta('bella-napoli');
    const crustMeta = await builtMeta('crust-and-co');
    const unchanged = await build([]);
    expect(unchanged.stdout).toContain('Built 0 tenant(s)');
    expect(unchanged.stdout).toContain('3 unchanged (skipped)');
    expect(await statuses()).toEqual({
      'bella-napoli': 'skipped',
      'broken-shop': 'failed',
      'crust-and-co': 'skipped',
      'old-mill-pizza': 'skipped',
    });

    await editSpecial('bella-napoli', 'Tuesday Two-for-One');
    const one = await build([]);
    expect(one.stdout).toContain('Built 1 tenant(s)');
    expect(await statuses()).toMatchObject({
      'bella-napoli': 'built',
      'crust-and-co': 'skipped',
      'old-mill-pizza': 'skipped',
    });
    expect(await readFile(join(outDir, 'bella-napoli', '_payload.json'), 'utf8')).toContain('Tuesday Two-for-One');
    expect(await readFile(join(outDir, 'crust-and-co', 'builds/latest.json'), 'utf8')).toBe(crustBefore);
    expect((await report()).renderer).toBe('cached-bundle');
    // The deal shows on the home page only: an open custom page or reset-password page need not reload.
    const bellaAfter = await builtMeta('bella-napoli');
    expect(bellaAfter.id).not.toBe(bellaMeta.id);
    expect(routeHash(bellaAfter, '/')).not.toBe(routeHash(bellaMeta, '/'));
    for (const path of ['/reset-password', '/about/our-story'])
      expect(routeHash(bellaAfter, path), path).toBe(routeHash(bellaMeta, path));
    expect(bellaAfter.notFound).toEqual(bellaMeta.notFound);

    const forced = await build(['--force', '--tenant', 'crust-and-co', '--tenant', 'old-mill-pizza']);
    expect(forced.stdout).toContain('Built 2 tenant(s)');
    expect(await readFile(join(outDir, 'crust-and-co', 'builds/latest.json'), 'utf8')).not.toBe(crustBefore);
    // A new build of the same content: a new id, and every route shows what it showed.
    const crustAfter = await builtMeta('crust-and-co');
    expect(crustAfter.id).not.toBe(crustMeta.id);
    expect({ routes: crustAfter.routes, notFound: crustAfter.notFound }).toEqual({
      routes: crustMeta.routes,
      notFound: crustMeta.notFound,
    });
  }, 120_000);

  it('renders the same bytes from the kept bundle as a fresh Vite build does', async () => {
    const viteBuilt = join(work, 'dist-vite');
    const cached = join(work, 'dist-cached');
    await rm(renderCache, { recursive: true, force: true });
    await build(['--tenant', 'bella-napoli', '--tenant', 'old-mill-pizza'], viteBuilt);
    await build(['--tenant', 'bella-napoli', '--tenant', 'old-mill-pizza'], cached);
    const [fresh, reused] = [await report(viteBuilt), await report(cached)];
    expect([fresh.renderer, reused.renderer]).toEqual(['vite-build', 'cached-bundle']);
    for (const slug of ['bella-napoli', 'old-mill-pizza']) {
      const files = (await filesUnder(join(viteBuilt, slug)))
        .map((file) => file.slice(viteBuilt.length))
        .filter((file) => !/\/(builds\/|runtime-config\.json|\.build\.json)/.test(file));
      expect(files.length).toBeGreaterThan(1);
      for (const file of files)
        expect((await readFile(join(cached, file))).equals(await readFile(join(viteBuilt, file))), file).toBe(true);
      expect(reused.tenants.find((tenant) => tenant.slug === slug)?.contentHash).toBe(
        fresh.tenants.find((tenant) => tenant.slug === slug)?.contentHash,
      );
    }
  }, 180_000);

  it('renders the same bytes in worker threads as in the main thread', async () => {
    await build(['--force', '--workers', '1']);
    const before = Object.fromEntries((await report()).tenants.map((tenant) => [tenant.slug, tenant.contentHash]));
    await rm(join(work, 'photo-cache'), { recursive: true, force: true });
    const threaded = await build(['--force', '--workers', '2']);
    expect(threaded.stdout).toContain('Built 3 tenant(s)');
    const after = await report();
    for (const tenant of after.tenants.filter((entry) => entry.status === 'built'))
      expect(tenant.contentHash, tenant.slug).toBe(before[tenant.slug]);
  }, 120_000);

  it('keeps the last good site of a tenant whose edit broke it', async () => {
    const before = await readFile(join(outDir, 'crust-and-co', 'index.html'), 'utf8');
    const config = join(tenantsDir, 'crust-and-co', 'retailer-config.json');
    const good = await readFile(config, 'utf8');
    await writeFile(config, good.replace(/"primary":\s*"#[0-9a-fA-F]{6}"/, '"primary": "red"'));
    try {
      const broken = await build(['--tenant', 'crust-and-co']);
      expect(broken.code).toBe(1);
      expect(broken.stdout).toMatch(/tenants\/crust-and-co\/retailer-config\.json: \$\.retailerCSS\.primary/);
      expect(await readFile(join(outDir, 'crust-and-co', 'index.html'), 'utf8')).toBe(before);
    } finally {
      await writeFile(config, good);
    }
  }, 60_000);

  it('splits the tenants between --shard jobs so each is built by exactly one', async () => {
    const shards = [];
    for (const shard of ['1/2', '2/2']) {
      const out = join(work, `dist-shard-${shard.replace('/', '-of-')}`);
      await build(['--shard', shard], out);
      shards.push((await report(out)).tenants.map((tenant) => tenant.slug));
    }
    expect(shards.flat().sort()).toEqual(['bella-napoli', 'broken-shop', 'crust-and-co', 'old-mill-pizza']);
    expect(shards.every((slugs) => slugs.length === 2)).toBe(true);
    expect((await build(['--shard', '3/2'])).code).toBe(2);
  }, 60_000);
});
