import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Tenant } from './tenant.ts';
import { SAMPLE_SHOPS } from './sample-shops.ts';

const fixtures = join(import.meta.dirname, 'fixtures');
const samples = join(import.meta.dirname, '..', '..', 'tenants');
const handOverKey = Symbol.for('storefront.tenantsToBuild');

/** A fresh copy of the module: it caches its first load for the life of the build. */
const freshModule = async () => {
  vi.resetModules();
  return import('./selected.ts');
};

beforeEach(() => {
  Reflect.deleteProperty(globalThis, handOverKey);
});
afterEach(() => {
  Reflect.deleteProperty(globalThis, handOverKey);
  vi.unstubAllEnvs();
});

describe('tenantsToBuild', () => {
  it.each([
    {
      dir: undefined,
      only: undefined,
      slugs: [...SAMPLE_SHOPS],
    },
    { dir: fixtures, only: '', slugs: ['corner-slice'] },
    { dir: samples, only: 'harbour-pizza,bella-napoli', slugs: ['bella-napoli', 'harbour-pizza'] },
    { dir: samples, only: 'crust-and-co,,', slugs: ['crust-and-co'] },
  ])(
    'loads "$only" from $dir (default: every tenant in tenants/) when nothing was handed over',
    async ({ dir, only, slugs }) => {
      vi.stubEnv('STOREFRONT_TENANTS_DIR', dir);
      vi.stubEnv('STOREFRONT_TENANTS', only);
      const { tenantsToBuild } = await freshModule();

      const first = tenantsToBuild();

      expect((await first).map((tenant) => tenant.slug)).toEqual(slugs);
      expect(tenantsToBuild()).toBe(first);
    },
  );

  it('returns the tenants the build handed over without reading the folder', async () => {
    vi.stubEnv('STOREFRONT_TENANTS_DIR', join(fixtures, 'does-not-exist'));
    const { handOverTenants, tenantsToBuild } = await freshModule();
    const handedOver: Tenant[] = [];

    handOverTenants(handedOver);

    await expect(tenantsToBuild()).resolves.toBe(handedOver);
  });
});
