import { describe, expect, it } from 'vitest';
import { loadTenant } from '../tenant/load.ts';
import { routePayload } from './payload.ts';

const bella = await loadTenant('tenants', 'bella-napoli');

describe('route payloads', () => {
  it('gives home the menu, selector specials in cents, sections as HTML, only active popups, trending dishes and the ordering data', () => {
    const payload = routePayload(bella, { path: '/', kind: 'home' });
    if (payload.kind !== 'home') throw new Error('expected the home payload');
    expect(payload.retailer).toMatchObject({ slug: 'bella-napoli', retailerId: 111, retailerWebsiteId: 1111 });
    expect(payload.menu.length).toBe(bella.productsInfoSsr.groups.length);
    expect(payload.specials.map((special) => special.priceCents)).toEqual(
      bella.specials
        .filter((special) => special.showInSpecialSelector)
        .map((special) => Math.round(special.price * 100)),
    );
    expect(payload.specials.length).toBeLessThan(bella.specials.length);
    const mostOrdered = [...bella.trending].sort((a, b) => b.orderCount - a.orderCount)[0];
    expect(payload.trending[0]?.productId).toBe(mostOrdered?.productId);
    expect(payload.trending.length).toBeLessThanOrEqual(6);
    expect(payload.ordering).toMatchObject({
      retailerId: 111,
      specials: bella.specials,
      productDetails: bella.productDetails,
    });
    expect(payload.popups.every((popup) => popup.active)).toBe(true);
    expect([...payload.sectionsTop, ...payload.sectionsBottom].every((section) => section.html.includes('<'))).toBe(
      true,
    );
  });

  it('renders another website’s home with that website’s layout, theme, SEO and links, and the same menu', () => {
    const home = routePayload(bella, { path: '/', kind: 'home' });
    const catering = routePayload(bella, { path: '/website/1112', kind: 'home', retailerWebsiteId: 1112 });
    if (home.kind !== 'home' || catering.kind !== 'home') throw new Error('expected home payloads');
    expect(home.retailer).toMatchObject({
      retailerWebsiteId: 1111,
      defaultWebsiteId: 1111,
      homePath: '/',
      layout: { layout: 2, showDeals: true },
    });
    expect(catering.retailer).toMatchObject({
      retailerWebsiteId: 1112,
      defaultWebsiteId: 1111,
      homePath: '/website/1112',
      layout: { layout: 3, showDeals: false, showClock: true, clockPosition: 'right' },
      css: { primary: '#0b6e4f' },
      seo: { title: expect.stringContaining('Catering') },
      links: [
        expect.objectContaining({ label: 'Catering enquiries' }),
        expect.objectContaining({ label: 'Instagram' }),
      ],
    });
    expect(catering.menu).toEqual(home.menu);
    expect(catering.ordering).toEqual(home.ordering);
  });

  it('renders a custom page from its Markdown', () => {
    const payload = routePayload(bella, { path: '/about/our-story', kind: 'custom-page' });
    expect(payload).toMatchObject({ kind: 'custom-page', page: { path: '/about/our-story', title: 'Our Story' } });
    if (payload.kind === 'custom-page') expect(payload.page.html).toContain('<h1>Our Story</h1>');
  });

  it('refuses a custom page the tenant does not have', () => {
    expect(() => routePayload(bella, { path: '/nope', kind: 'custom-page' })).toThrow(
      'tenant "bella-napoli" has no custom page /nope',
    );
  });

  it('gives reset-password only the retailer', () => {
    expect(Object.keys(routePayload(bella, { path: '/reset-password', kind: 'reset-password' }))).toEqual([
      'kind',
      'retailer',
    ]);
  });
});
