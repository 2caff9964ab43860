import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeHash, tenantHash } from './code-hash.ts';

describe('codeHash and tenantHash', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'storefront-code-hash-'));
    await mkdir(join(root, 'src', 'pages'), { recursive: true });
    await mkdir(join(root, 'tenants', 'shop'), { recursive: true });
    await writeFile(join(root, 'src', 'pages', 'index.astro'), '<h1>one</h1>');
    await writeFile(join(root, 'package-lock.json'), '{}');
    await writeFile(join(root, 'tenants', 'shop', 'tenant.json'), '{}');
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('changes with the storefront code and the lock file, so every tenant hash changes with it', async () => {
    const first = await codeHash(root);
    const tenant = await tenantHash(first, join(root, 'tenants'), 'shop');
    await writeFile(join(root, 'src', 'pages', 'index.astro'), '<h1>two</h1>');
    const second = await codeHash(root);
    expect(second).not.toBe(first);
    expect(await tenantHash(second, join(root, 'tenants'), 'shop')).not.toBe(tenant);
    await writeFile(join(root, 'package-lock.json'), '{"lockfileVersion":3}');
    expect(await codeHash(root)).not.toBe(second);
  });

  it('ignores tests beside the code, and the tenant hash follows only that tenant\'s files', async () => {
    const code = await codeHash(root);
    await writeFile(join(root, 'src', 'pages', 'index.test.ts'), 'test');
    expect(await codeHash(root)).toBe(code);
    const before = await tenantHash(code, join(root, 'tenants'), 'shop');
    await writeFile(join(root, 'tenants', 'shop', 'specials.json'), '[]');
    expect(await tenantHash(code, join(root, 'tenants'), 'shop')).not.toBe(before);
  });
});
