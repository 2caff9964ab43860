import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeHash, tenantFilesHash, tenantHash, tenantStamp } from './code-hash.ts';

describe('codeHash, tenantHash and tenantStamp', () => {
  let root: string;
  let tenants: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'storefront-code-hash-'));
    tenants = join(root, 'tenants');
    await mkdir(join(root, 'apps', 'storefront', 'pages'), { recursive: true });
    await mkdir(join(tenants, 'shop'), { recursive: true });
    await writeFile(join(root, 'apps', 'storefront', 'pages', 'index.astro'), '<h1>one</h1>');
    await writeFile(join(root, 'package-lock.json'), '{}');
    await writeFile(join(tenants, 'shop', 'tenant.json'), '{}');
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('changes with the storefront code and the lock file, so every tenant hash changes with it', async () => {
    const first = await codeHash(root);
    const files = await tenantFilesHash(tenants, 'shop');
    await writeFile(join(root, 'apps', 'storefront', 'pages', 'index.astro'), '<h1>two</h1>');
    const second = await codeHash(root);
    expect(second).not.toBe(first);
    expect(tenantHash(second, files)).not.toBe(tenantHash(first, files));
    await writeFile(join(root, 'package-lock.json'), '{"lockfileVersion":3}');
    expect(await codeHash(root)).not.toBe(second);
  });

  it('differs between NODE_ENV values, whose bundles differ (development JSX runtime under test)', async () => {
    const saved = process.env['NODE_ENV'];
    try {
      process.env['NODE_ENV'] = 'test';
      const underTest = await codeHash(root);
      process.env['NODE_ENV'] = '';
      const production = await codeHash(root);
      process.env['NODE_ENV'] = 'production';
      expect(await codeHash(root)).toBe(production);
      expect(underTest).not.toBe(production);
    } finally {
      if (saved === undefined) delete process.env['NODE_ENV'];
      else process.env['NODE_ENV'] = saved;
    }
  });

  it("ignores tests beside the code, and a tenant's hash follows only its own files", async () => {
    const code = await codeHash(root);
    await writeFile(join(root, 'apps', 'storefront', 'pages', 'index.test.ts'), 'test');
    expect(await codeHash(root)).toBe(code);
    const before = await tenantFilesHash(tenants, 'shop');
    await writeFile(join(tenants, 'shop', 'specials.json'), '[]');
    expect(await tenantFilesHash(tenants, 'shop')).not.toBe(before);
  });

  it("stamps a tenant by its files' names, sizes and times, so a same-size edit still shows", async () => {
    const file = join(tenants, 'shop', 'tenant.json');
    const before = await tenantStamp(tenants, 'shop');
    expect(await tenantStamp(tenants, 'shop')).toBe(before);
    await writeFile(file, '[]');
    await utimes(file, new Date(2030, 0, 1), new Date(2030, 0, 1));
    expect(await tenantStamp(tenants, 'shop')).not.toBe(before);
  });
});
