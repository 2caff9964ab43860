import { execFile } from 'node:child_process';
import { mkdtemp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadTenants } from '../lib/tenant/load.ts';
import { generateTenants, writeTenants } from './generate-tenants.ts';

let outDir: string;
beforeEach(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'synthetic-tenants-'));
});
afterEach(async () => {
  await rm(outDir, { recursive: true, force: true });
});

describe('generateTenants', () => {
  it.each([
    { count: 1, seed: 1 },
    { count: 4, seed: 7 },
    { count: 12, seed: 2026 },
  ])('$count tenants from seed $seed all pass the tenant loader', async ({ count, seed }) => {
    await writeTenants(generateTenants({ count, seed }), outDir);
    const { tenants, failures } = await loadTenants(outDir);
    expect(failures.map((failure) => failure.message)).toEqual([]);
    expect(tenants.map((tenant) => tenant.slug)).toEqual(
      Array.from({ length: count }, (_, i) => `synthetic-${String(i + 1).padStart(3, '0')}`),
    );
  });

  it('gives every tenant 6 groups, 30 products and a couple of custom pages', async () => {
    await writeTenants(generateTenants({ count: 3 }), outDir);
    const { tenants } = await loadTenants(outDir);
    expect(tenants).toHaveLength(3);
    for (const tenant of tenants) {
      expect(tenant.productsInfoSsr.groups).toHaveLength(6);
      expect(tenant.productsInfoSsr.products).toHaveLength(30);
      expect(tenant.productDetails).toHaveLength(30);
      expect(tenant.pages.map((page) => page.path)).toEqual(['about', 'info/delivery']);
    }
  });

  it('keeps hosts, retailer ids and website ids unique across 200 tenants', () => {
    const tenants = generateTenants({ count: 200, seed: 3 });
    const settings = tenants.map(
      (tenant) => JSON.parse(tenant.files['tenant.json'] ?? '{}') as { hosts: string[]; retailerWebsiteId: number },
    );
    const configs = tenants.map(
      (tenant) => JSON.parse(tenant.files['retailer-config.json'] ?? '{}') as { retailerId: number },
    );
    const hosts = settings.flatMap((setting) => setting.hosts);
    expect(new Set(hosts).size).toBe(400);
    expect(new Set(settings.map((setting) => setting.retailerWebsiteId)).size).toBe(200);
    expect(new Set(configs.map((config) => config.retailerId)).size).toBe(200);
  });

  it.each([
    { label: 'same seed', seedA: 5, seedB: 5, same: true },
    { label: 'different seed', seedA: 5, seedB: 6, same: false },
  ])('$label gives identical files: $same', ({ seedA, seedB, same }) => {
    const a = generateTenants({ count: 5, seed: seedA });
    const b = generateTenants({ count: 5, seed: seedB });
    expect(JSON.stringify(a) === JSON.stringify(b)).toBe(same);
  });

  it('goes past 999 tenants with distinct slugs, hosts and retailer ids', () => {
    const tenants = generateTenants({ count: 1001 });
    expect(tenants.at(-1)?.slug).toBe('synthetic-1001');
    expect(new Set(tenants.map((tenant) => tenant.slug)).size).toBe(1001);
    const hosts = tenants.flatMap(
      (tenant) => (JSON.parse(tenant.files['tenant.json'] ?? '{}') as { hosts: string[] }).hosts,
    );
    expect(new Set(hosts).size).toBe(hosts.length);
    const ids = tenants.map(
      (tenant) => (JSON.parse(tenant.files['retailer-config.json'] ?? '{}') as { retailerId: number }).retailerId,
    );
    expect(new Set(ids).size).toBe(1001);
  });

  it.each([
    { count: 0, seed: 1, message: 'count must be a whole number from 1 to 399999, got 0' },
    { count: 400000, seed: 1, message: 'count must be a whole number from 1 to 399999, got 400000' },
    { count: 2.5, seed: 1, message: 'count must be a whole number from 1 to 399999, got 2.5' },
    { count: Number.NaN, seed: 1, message: 'count must be a whole number from 1 to 399999, got NaN' },
    { count: 2, seed: 0.5, message: 'seed must be a whole number, got 0.5' },
  ])('rejects count $count / seed $seed', ({ count, seed, message }) => {
    expect(() => generateTenants({ count, seed })).toThrow(message);
  });
});

describe('writeTenants', () => {
  it('replaces earlier synthetic tenants and leaves other folders alone', async () => {
    await mkdir(join(outDir, 'bella-napoli'));
    await writeFile(join(outDir, 'bella-napoli', 'keep.txt'), 'mine');
    await writeTenants(generateTenants({ count: 5 }), outDir);
    await writeTenants(generateTenants({ count: 2 }), outDir);
    expect((await readdir(outDir)).sort()).toEqual(['bella-napoli', 'synthetic-001', 'synthetic-002']);
    expect(await readFile(join(outDir, 'bella-napoli', 'keep.txt'), 'utf8')).toBe('mine');
  });
});

describe('command line', () => {
  it('writes --count tenants to --out', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [
      join(import.meta.dirname, 'generate-tenants.ts'),
      '--count',
      '3',
      '--out',
      outDir,
      '--seed',
      '9',
    ]);
    expect(stdout).toContain(`wrote 3 synthetic tenants to ${outDir}`);
    const { tenants, failures } = await loadTenants(outDir);
    expect(failures).toEqual([]);
    expect(tenants).toHaveLength(3);
  });

  it('exits non-zero with the reason on a bad count', async () => {
    const run = promisify(execFile)(process.execPath, [
      join(import.meta.dirname, 'generate-tenants.ts'),
      '--count',
      'many',
      '--out',
      outDir,
    ]);
    await expect(run).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('count must be a whole number from 1 to 399999, got NaN'),
    });
  });
});
