import { execFile } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMetaSchema, latestBuildSchema } from '../../src/lib/site/build-manifest.ts';
import { runtimeConfigSchema } from '../../src/lib/tenant/settings.ts';

const run = promisify(execFile);

interface BuildRun {
  code: number;
  stdout: string;
}

async function build(args: string[]): Promise<BuildRun> {
  try {
    const { stdout } = await run(process.execPath, ['scripts/build.ts', ...args], { cwd: process.cwd(), maxBuffer: 16 * 1024 * 1024 });
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, stdout: failed.stdout };
  }
}

const exists = (path: string) => stat(path).then(() => true, () => false);

describe('npm run build', () => {
  let work: string;
  let tenantsDir: string;
  let outDir: string;
  let first: BuildRun;

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'storefront-build-'));
    tenantsDir = join(work, 'tenants');
    outDir = join(work, 'dist');
    for (const slug of ['bella-napoli', 'crust-and-co', 'old-mill-pizza']) await cp(join('tenants', slug), join(tenantsDir, slug), { recursive: true });
    await cp(join('tenants', 'bella-napoli'), join(tenantsDir, 'broken-shop'), { recursive: true });
    const specials = JSON.parse(await readFile(join(tenantsDir, 'broken-shop', 'specials.json'), 'utf8'));
    specials[1].price = 'twelve dollars';
    await writeFile(join(tenantsDir, 'broken-shop', 'specials.json'), JSON.stringify(specials));
    first = await build(['--tenants-dir', tenantsDir, '--out', outDir]);
  }, 120_000);

  afterAll(async () => {
    await rm(work, { recursive: true, force: true });
  });

  it('builds the good tenants, names the broken file and field, and exits non-zero', async () => {
    expect(first.code).toBe(1);
    expect(first.stdout).toMatch(/Built 3 tenant\(s\), \d+ page\(s\)/);
    expect(first.stdout).toContain('✗ broken-shop');
    expect(first.stdout).toMatch(/tenants\/broken-shop\/specials\.json: \$\[1\]\.price: .*number/);
    expect((await readdir(outDir)).filter((name) => !name.startsWith('_') && !name.startsWith('.')).sort()).toEqual(['bella-napoli', 'crust-and-co', 'old-mill-pizza']);
  });

  it('makes each tenant folder a complete deployment', async () => {
    const site = join(outDir, 'bella-napoli');
    for (const file of ['index.html', '_payload.json', 'reset-password/index.html', 'reset-password/_payload.json', 'about/our-story/index.html', 'about/our-story/_payload.json', '404.html', 'favicon.svg', 'runtime-config.json', 'builds/latest.json']) {
      expect(await exists(join(site, file)), file).toBe(true);
    }
    const html = await readFile(join(site, 'index.html'), 'utf8');
    for (const asset of html.matchAll(/(?:src|href)="(\/_astro\/[^"]+)"/g)) expect(await exists(join(site, asset[1] ?? '')), asset[1]).toBe(true);
    expect(html).toContain('<title>Bella Napoli Pizzeria');
    expect(html).toContain('--tenant-primary:#b3261e');
    expect(html).toMatch(/Margherita/);

    const latest = latestBuildSchema.parse(JSON.parse(await readFile(join(site, 'builds/latest.json'), 'utf8')));
    const meta = buildMetaSchema.parse(JSON.parse(await readFile(join(site, 'builds/meta', `${latest.id}.json`), 'utf8')));
    expect(meta.routes.map((route) => route.path)).toEqual(expect.arrayContaining(['/', '/reset-password', '/about/our-story']));
    for (const route of meta.routes) expect(await exists(join(site, route.payload)), route.payload).toBe(true);
    expect(runtimeConfigSchema.parse(JSON.parse(await readFile(join(site, 'runtime-config.json'), 'utf8'))).buildId).toBe(latest.id);

    const payload = JSON.parse(await readFile(join(site, 'about/our-story/_payload.json'), 'utf8'));
    expect(payload).toMatchObject({ kind: 'custom-page', page: { path: '/about/our-story', title: 'Our Story' } });
    expect(await readFile(join(site, '404.html'), 'utf8')).toContain('Page Not Found');
  });

  it('sends every page of an inactive retailer to its ordering site with retid', async () => {
    const html = await readFile(join(outDir, 'old-mill-pizza', 'index.html'), 'utf8');
    expect(html).toContain('https://order.example.com/?retid=222');
    expect(await exists(join(outDir, 'old-mill-pizza', 'reset-password'))).toBe(false);
  });

  it('rebuilds only the --tenant it is given and leaves the others as they were', async () => {
    const before = await readFile(join(outDir, 'crust-and-co', 'builds/latest.json'), 'utf8');
    const bellaBefore = await readFile(join(outDir, 'bella-napoli', 'builds/latest.json'), 'utf8');
    const second = await build(['--tenants-dir', tenantsDir, '--out', outDir, '--tenant', 'bella-napoli']);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('Built 1 tenant(s)');
    expect(await readFile(join(outDir, 'crust-and-co', 'builds/latest.json'), 'utf8')).toBe(before);
    expect(await readFile(join(outDir, 'bella-napoli', 'builds/latest.json'), 'utf8')).not.toBe(bellaBefore);
    const incremental = await build(['--tenants-dir', tenantsDir, '--out', outDir, '--tenant', 'bella-napoli', '--tenant', 'crust-and-co', '--incremental']);
    expect(incremental.stdout).toContain('2 unchanged (skipped)');
  }, 120_000);
});
