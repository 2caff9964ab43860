import { describe, expect, it } from 'vitest';
import { loadTenant } from '../tenant/load.ts';
import { errorScreenText, pageNotFoundMessage } from './error-screen.ts';
import { initialFavicon } from './favicon.ts';
import { filterMenu } from './filter-menu.ts';
import { renderMarkdown } from './markdown.ts';
import { menuView } from './menu.ts';
import { routePayload } from './payload.ts';
import { inactiveRedirectUrl, payloadPath, tenantRoutes } from './routes.ts';
import { DEFAULT_THEME, themeStyle } from './theme.ts';
import { weeklyHours } from './weekly-hours.ts';

const bella = await loadTenant('tenants', 'bella-napoli');
const crust = await loadTenant('tenants', 'crust-and-co');
const oldMill = await loadTenant('tenants', 'old-mill-pizza');

describe('error screen', () => {
  it.each([
    [404, 'Retailer not found: nope.com.au', "Oops! This site can't be found.", "We can't seem to find the site you're looking for.", false],
    [404, 'Page Not Found: /menu/x', "Oops! This page can't be found.", "We can't seem to find the page you're looking for.", true],
    [404, '', "Oops! This page can't be found.", "We can't seem to find the page you're looking for.", true],
    [500, 'boom', 'Oops! Something went wrong.', 'An unexpected error has occurred.', true],
    [503, '', 'Oops! Something went wrong.', 'An unexpected error has occurred.', true],
  ])('%i "%s" reads "%s"', (status, message, title, description, showReload) => {
    expect(errorScreenText(status, message)).toEqual({ heading: String(status), title, description, showReload });
  });

  it('names the missing path', () => {
    expect(pageNotFoundMessage('/a/b')).toBe('Page Not Found: /a/b');
  });
});

describe('routes', () => {
  it('lists home, reset-password and every custom page, nested ones included', () => {
    const paths = tenantRoutes(bella).map((route) => route.path);
    expect(paths.slice(0, 2)).toEqual(['/', '/reset-password']);
    expect(paths).toContain('/about/our-story');
    expect(paths).toContain('/about');
  });

  it('gives an inactive retailer only its redirecting home', () => {
    expect(tenantRoutes(oldMill)).toEqual([{ path: '/', kind: 'home' }]);
    expect(inactiveRedirectUrl(oldMill)).toBe('https://order.example.com/?retid=222');
    expect(inactiveRedirectUrl(bella)).toBeNull();
  });

  it.each([
    ['/', '/_payload.json'],
    ['/about', '/about/_payload.json'],
    ['/about/our-story', '/about/our-story/_payload.json'],
  ])('%s keeps its payload at %s', (route, file) => {
    expect(payloadPath(route)).toBe(file);
  });
});

describe('theme', () => {
  it('is the default theme for pages without a retailer: the theme of retailer 111', () => {
    expect(bella.config.retailerId).toBe(111);
    expect(DEFAULT_THEME).toEqual(bella.config.retailerCSS);
  });

  it('writes every theme colour as a CSS variable', () => {
    const style = themeStyle(bella.config.retailerCSS);
    for (const key of ['background', 'foreground', 'primary', 'primary-foreground', 'secondary', 'secondary-foreground']) {
      expect(style).toContain(`--tenant-${key}:${String(bella.config.retailerCSS[key])}`);
    }
  });

  it('uses the foreground on secondary surfaces when a theme has no secondary-foreground (retailer 436)', () => {
    expect(crust.config.retailerId).toBe(436);
    expect(crust.config.retailerCSS['secondary-foreground']).toBeUndefined();
    expect(themeStyle(crust.config.retailerCSS)).toContain(`--tenant-secondary-foreground:${crust.config.retailerCSS.foreground}`);
  });
});

describe('menu view', () => {
  const menu = menuView(bella);

  it('keeps the retailer order of groups and products', () => {
    const groupOrder = [...bella.productsInfoSsr.groups].sort((a, b) => a.sortOrder - b.sortOrder).map((group) => group.productGroupId);
    expect(menu.map((group) => group.productGroupId)).toEqual(groupOrder);
    for (const group of menu) {
      const orders = group.products.map((product) => bella.productsInfoSsr.products.find((candidate) => candidate.productId === product.productId)?.sortOrder ?? 0);
      expect(orders).toEqual([...orders].sort((a, b) => a - b));
    }
  });

  it('prices every product from its sizes, in cents', () => {
    const products = menu.flatMap((group) => group.products);
    expect(products.length).toBe(bella.productsInfoSsr.products.length);
    for (const product of products) {
      expect(Number.isInteger(product.fromPriceCents)).toBe(true);
      if (product.sizes.length > 0) expect(product.fromPriceCents).toBe(Math.min(...product.sizes.map((size) => size.priceCents)));
    }
  });

  it('carries the group hours of groups with limited hours', () => {
    const limited = menu.filter((group) => !group.availableForAllHours);
    expect(limited.length).toBeGreaterThan(0);
    for (const group of limited) expect(group.hours.every((row) => row.productGroupId === group.productGroupId)).toBe(true);
  });
});

describe('menu filters', () => {
  const menu = menuView(bella);
  const all = menu.flatMap((group) => group.products);

  it.each([
    ['nothing chosen keeps everything', { search: '', allergens: [], sortType: 'menu' as const }, all.length],
    ['vegan keeps only vegan dishes', { search: '', allergens: ['isVegan' as const], sortType: 'menu' as const }, all.filter((product) => product.allergens.includes('isVegan')).length],
    ['search matches names case-insensitively', { search: 'MARGHERITA', allergens: [], sortType: 'menu' as const }, all.filter((product) => /margherita/i.test(product.name + product.description)).length],
    ['no match leaves no groups', { search: 'sushi platter', allergens: [], sortType: 'menu' as const }, 0],
  ])('%s', (_label, filters, count) => {
    const result = filterMenu(menu, filters);
    expect(result.flatMap((group) => group.products).length).toBe(count);
    expect(result.every((group) => group.products.length > 0)).toBe(true);
  });

  it.each([
    ['price', (a: { fromPriceCents: number }, b: { fromPriceCents: number }) => a.fromPriceCents <= b.fromPriceCents],
    ['alphabetical', (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'en-AU') <= 0],
  ] as const)('sorts by %s within each group', (sortType, inOrder) => {
    for (const group of filterMenu(menu, { search: '', allergens: [], sortType })) {
      group.products.slice(1).forEach((product, index) => expect(inOrder(group.products[index] ?? product, product)).toBe(true));
    }
  });

  it('does not change the menu it is given', () => {
    const before = JSON.stringify(menu);
    filterMenu(menu, { search: 'a', allergens: ['isVegetarian'], sortType: 'price' });
    expect(JSON.stringify(menu)).toBe(before);
  });
});

describe('route payloads', () => {
  it('gives home the menu, specials in cents, sections as HTML and only active popups', () => {
    const payload = routePayload(bella, { path: '/', kind: 'home' });
    if (payload.kind !== 'home') throw new Error('expected the home payload');
    expect(payload.retailer).toMatchObject({ slug: 'bella-napoli', retailerId: 111, retailerWebsiteId: 1111 });
    expect(payload.menu.length).toBe(bella.productsInfoSsr.groups.length);
    expect(payload.specials.map((special) => special.priceCents)).toEqual(bella.specials.map((special) => Math.round(special.price * 100)));
    expect(payload.popups.every((popup) => popup.active)).toBe(true);
    expect([...payload.sectionsTop, ...payload.sectionsBottom].every((section) => section.html.includes('<'))).toBe(true);
  });

  it('renders a custom page from its Markdown', () => {
    const payload = routePayload(bella, { path: '/about/our-story', kind: 'custom-page' });
    expect(payload).toMatchObject({ kind: 'custom-page', page: { path: '/about/our-story', title: 'Our Story' } });
    if (payload.kind === 'custom-page') expect(payload.page.html).toContain('<h1>Our Story</h1>');
  });

  it('refuses a custom page the tenant does not have', () => {
    expect(() => routePayload(bella, { path: '/nope', kind: 'custom-page' })).toThrow('tenant "bella-napoli" has no custom page /nope');
  });

  it('gives reset-password only the retailer', () => {
    expect(Object.keys(routePayload(bella, { path: '/reset-password', kind: 'reset-password' }))).toEqual(['kind', 'retailer']);
  });
});

describe('markdown', () => {
  it.each([
    ['# Hi', '<h1>Hi</h1>'],
    ['Some **bold** text', '<strong>bold</strong>'],
    ['| a | b |\n|---|---|\n| 1 | 2 |', '<table>'],
    ['<script>alert(1)</script>', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    ['<img src=x onerror=alert(1)>', '&lt;img src=x onerror=alert(1)&gt;'],
  ])('%j renders with %j', (source, expected) => {
    expect(renderMarkdown(source)).toContain(expected);
  });
});

describe('weekly hours', () => {
  it('starts on Monday, sorts shifts and marks days without shifts empty', () => {
    const rows = weeklyHours([
      { day: 2, openingTimeStart: '17:00', openingTimeEnd: '21:00', deliveryTimeStart: null, deliveryTimeEnd: null },
      { day: 2, openingTimeStart: '11:30', openingTimeEnd: '14:30', deliveryTimeStart: '12:00', deliveryTimeEnd: '14:00' },
    ]);
    expect(rows.map((row) => row.dayName)).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
    expect(rows[1]).toEqual({ day: 2, dayName: 'Tuesday', pickup: [{ from: '11:30', to: '14:30' }, { from: '17:00', to: '21:00' }], delivery: [{ from: '12:00', to: '14:00' }] });
    expect(rows[0]).toMatchObject({ pickup: [], delivery: [] });
  });
});

describe('favicon', () => {
  it('shows the initial on the primary colour and escapes markup', () => {
    const svg = initialFavicon('bella', { primary: '#b3261e', 'primary-foreground': '#ffffff' });
    expect(svg).toContain('fill="#b3261e"');
    expect(svg).toContain('>B</text>');
    expect(initialFavicon('<x>', { primary: '#000000', 'primary-foreground': '#ffffff' })).not.toContain('<x');
  });
});
