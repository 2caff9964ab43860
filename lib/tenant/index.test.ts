import { describe, expect, it } from 'vitest';
import * as tenantModule from './index.ts';
import { tenantFiles, type TenantFileKey } from './tenant.ts';

describe('lib/tenant barrel', () => {
  const exported = new Set<unknown>(Object.values(tenantModule));

  it.each(Object.keys(tenantFiles) as TenantFileKey[])('exports the schema of %s', (key) => {
    expect(exported.has(tenantFiles[key].schema)).toBe(true);
  });

  it.each([
    'clockStatusSchema',
    'runtimeConfigSchema',
    'customPageSchema',
    'allergenFlags',
    'ANY',
    'timeOfDay',
    'hexColour',
  ])('exports %s', (name) => {
    expect(tenantModule).toHaveProperty(name);
  });
});
