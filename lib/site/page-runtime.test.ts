import { describe, expect, it } from 'vitest';
import { loadTenant } from '../tenant/load.ts';
import { retailerCssSchema } from '../tenant/retailer.ts';
import { pageRuntime, pageRuntimeJson, pageRuntimeSchema } from './page-runtime.ts';

const bella = await loadTenant('tenants', 'bella-napoli');
const crust = await loadTenant('tenants', 'crust-and-co');

describe('page runtime settings', () => {
  it('name the retailer and, where analytics is configured, its site id but not the per-environment tracker address', () => {
    expect(pageRuntime(bella, '/about/our-story')).toEqual({
      retailerId: 111,
      analytics: { siteId: 11 },
      orderingShell: false,
      route: '/about/our-story',
    });
    expect(pageRuntime(bella, '/', { orderingShell: true }).orderingShell).toBe(true);
    expect(pageRuntime(bella, null).route).toBeNull();
  });

  it('carry no tracker for a shop without analytics', () => {
    expect(pageRuntime(crust, '/').analytics).toBeNull();
  });

  it.each([
    ['enabled without a site id', { enabled: true, host: 'https://stats.example', siteId: null }],
    ['a site id but disabled', { enabled: false, host: 'https://stats.example', siteId: 3 }],
    ['enabled without a host', { enabled: true, host: null, siteId: 3 }],
  ])('carry no tracker when %s', (_name, analytics) => {
    expect(pageRuntime({ ...bella, settings: { ...bella.settings, analytics } }, '/').analytics).toBeNull();
  });

  it('round-trips through the page as JSON that cannot close its script element', () => {
    const hostile = retailerCssSchema.parse({
      ...bella.config.retailerCSS,
      fontFamily: 'x</script><script>alert(1)</script>',
    });
    const json = pageRuntimeJson({ ...pageRuntime(bella, '/'), themes: { '1111': hostile } });
    expect(json).not.toContain('</script>');
    const parsed = pageRuntimeSchema.parse(JSON.parse(json));
    expect(parsed.themes['1111']?.['fontFamily']).toBe('x</script><script>alert(1)</script>');
    expect(parsed.analytics).toEqual({ siteId: 11 });
  });
});
