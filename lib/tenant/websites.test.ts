import { describe, expect, it } from 'vitest';
import { loadTenant } from './load.ts';
import { retailerWebsitesSchema, websiteConfig } from './websites.ts';

const bella = await loadTenant('tenants', 'bella-napoli');

describe('websiteConfig', () => {
  const websites = retailerWebsitesSchema.parse([
    {
      retailerWebsiteId: 5001,
      retailerSEO: { title: 'Bella Catering' },
      retailerWebsiteLinks: [{ label: 'Menu PDF', url: '/menu.pdf' }],
    },
    { retailerWebsiteId: 5002, retailerCSS: { ...bella.config.retailerCSS, primary: '#0b6e4f' } },
    { retailerWebsiteId: 5003, retailerLayout: { layout: 4 } },
  ]);

  it.each([
    ['no id', undefined],
    ['an unknown id', 9999],
    ['the default id', bella.config.retailerWebsiteId],
  ])('is the default website for %s', (_name, websiteId) => {
    expect(websiteConfig(bella.config, websites, websiteId)).toBe(bella.config);
  });

  it('takes what a website names and keeps the rest', () => {
    const catering = websiteConfig(bella.config, websites, 5001);
    expect(catering).toMatchObject({
      retailerWebsiteId: 5001,
      retailerSEO: { title: 'Bella Catering', description: '' },
      retailerWebsiteLinks: [{ label: 'Menu PDF', url: '/menu.pdf' }],
    });
    expect(catering.retailerCSS).toBe(bella.config.retailerCSS);
    expect(catering.retailerLayout).toBe(bella.config.retailerLayout);
    expect(catering.retailerInfo).toBe(bella.config.retailerInfo);
    expect(websiteConfig(bella.config, websites, 5002).retailerCSS.primary).toBe('#0b6e4f');
  });

  it('gives a website its own layout, with the layout defaults for what it leaves out', () => {
    expect(websiteConfig(bella.config, websites, 5003).retailerLayout).toEqual({
      layout: 4,
      showDeals: false,
      showClock: false,
      clockPosition: 'left',
    });
  });

  it('refuses a website listed twice', () => {
    const result = retailerWebsitesSchema.safeParse([{ retailerWebsiteId: 7 }, { retailerWebsiteId: 7 }]);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: [1, 'retailerWebsiteId'], message: 'duplicate retailerWebsiteId 7' }),
    ]);
  });
});
