import { access, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTenants } from './load.ts';
import { retailerInfoSchema } from './retailer.ts';
import { SAMPLE_SHOPS, TRADING_SAMPLE_SHOPS } from './sample-shops.ts';
import type { Tenant } from './tenant.ts';

const tenantsRoot = join(import.meta.dirname, '..', '..', 'tenants');

let tenants: Map<string, Tenant>;
beforeAll(async () => {
  const result = await loadTenants(tenantsRoot);
  expect(result.failures.map((failure) => failure.message)).toEqual([]);
  tenants = new Map(result.tenants.map((tenant) => [tenant.slug, tenant]));
});

function tenant(slug: string): Tenant {
  const found = tenants.get(slug);
  if (!found) throw new Error(`sample tenant ${slug} did not load`);
  return found;
}

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
const crossesMidnight = (from: string, to: string) => minutes(to) <= minutes(from);

const samples = [
  {
    slug: 'bella-napoli',
    retailerId: 111,
    retailerWebsiteId: 1111,
    layout: 2,
    showDeals: true,
    showClock: true,
    clockPosition: 'left',
    active: true,
  },
  {
    slug: 'crust-and-co',
    retailerId: 436,
    retailerWebsiteId: 4361,
    layout: 1,
    showDeals: false,
    showClock: true,
    clockPosition: 'right',
    active: true,
  },
  {
    slug: 'fire-and-slice',
    retailerId: 114,
    retailerWebsiteId: 1141,
    layout: 3,
    showDeals: true,
    showClock: false,
    clockPosition: 'left',
    active: true,
  },
  {
    slug: 'harbour-pizza',
    retailerId: 999,
    retailerWebsiteId: 9991,
    layout: 4,
    showDeals: false,
    showClock: true,
    clockPosition: 'right',
    active: true,
  },
  {
    slug: 'old-mill-pizza',
    retailerId: 222,
    retailerWebsiteId: 2221,
    layout: 2,
    showDeals: false,
    showClock: false,
    clockPosition: 'left',
    active: false,
  },
] as const;
const activeSlugs = samples.filter((sample) => sample.active).map((sample) => sample.slug);

describe('sample tenants', () => {
  it('all load, and nothing else is in tenants/', () => {
    expect([...tenants.keys()]).toEqual(samples.map((sample) => sample.slug));
  });

  it('are the shops the tests and benchmarks name, the trading ones those that are active', () => {
    expect([...SAMPLE_SHOPS]).toEqual([...tenants.keys()]);
    expect([...TRADING_SAMPLE_SHOPS]).toEqual(activeSlugs);
  });

  it.each(samples)(
    '$slug is retailer $retailerId on layout $layout',
    ({ slug, retailerId, retailerWebsiteId, layout, showDeals, showClock, clockPosition, active }) => {
      const { settings, config } = tenant(slug);
      expect(settings).toMatchObject({
        hosts: [`${slug}.com.au`, `www.${slug}.com.au`],
        retailerWebsiteId,
        apiBaseUrl: 'http://localhost:8787',
        brokerUrl: 'ws://localhost:9001',
        mqttTopicPrefix: 'storefront',
        active,
      });
      expect(config).toMatchObject({
        retailerId,
        retailerWebsiteId,
        retailerLayout: { layout, showDeals, showClock, clockPosition },
      });
      expect(config.retailerCSS['initial-layout']).toBe(2);
    },
  );

  it.each(samples)('$slug has its own favicon', async ({ slug }) => {
    const svg = await readFile(join(tenantsRoot, slug, 'public', 'favicon.svg'), 'utf8');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).toContain(tenant(slug).config.retailerCSS.primary);
  });

  it('retailer 436 has no secondary-foreground; every other theme has one', () => {
    expect(
      samples
        .filter((sample) => tenant(sample.slug).config.retailerCSS['secondary-foreground'] === undefined)
        .map((sample) => sample.slug),
    ).toEqual(['crust-and-co']);
  });

  it('mixes the pricing settings across shops', () => {
    const infos = samples.map((sample) => tenant(sample.slug).config.retailerInfo);
    expect(infos.filter((info) => info.ingredientsPriceType === 1)).toHaveLength(2);
    expect(new Set(infos.map((info) => info.halfHalfPriceType))).toEqual(new Set([1, 2]));
    expect(samples.filter((sample) => !tenant(sample.slug).config.oflEnabled).map((sample) => sample.slug)).toEqual([
      'crust-and-co',
    ]);
    expect(
      samples.filter((sample) => !tenant(sample.slug).config.retailerInfo.oflEnabled).map((sample) => sample.slug),
    ).toEqual(['crust-and-co']);
  });

  it('sends analytics for exactly one shop', () => {
    const enabled = samples.filter((sample) => tenant(sample.slug).settings.analytics.enabled);
    expect(enabled.map((sample) => sample.slug)).toEqual(['bella-napoli']);
    expect(tenant('bella-napoli').settings.analytics).toEqual({
      enabled: true,
      host: 'https://analytics.example.com',
      siteId: 11,
    });
  });

  it('harbour-pizza runs on Perth time and delivers to Perth postcodes', () => {
    const harbour = tenant('harbour-pizza');
    expect(harbour.config.retailerInfo.timeZoneDiff).toBe(-2);
    expect(harbour.config.retailerInfo.timeZone).toBe('Australia/Perth');
    expect(harbour.deliverySuburbs.every((suburb) => suburb.postcode.startsWith('6'))).toBe(true);
  });

  it('bella-napoli (paid online in the journeys) and harbour-pizza (cash) offer tips; the other samples take none', () => {
    expect(activeSlugs.filter((slug) => tenant(slug).config.retailerInfo.tips)).toEqual([
      'bella-napoli',
      'harbour-pizza',
    ]);
  });

  it('old-mill-pizza is inactive and sends visitors to the ordering site', async () => {
    const oldMill = tenant('old-mill-pizza');
    expect(oldMill.settings).toMatchObject({ active: false, inactiveRedirectUrl: 'https://order.example.com/' });
    await expect(access(join(tenantsRoot, 'old-mill-pizza', 'products-info-ssr.json'))).rejects.toThrow('ENOENT');
  });
});

describe.each(activeSlugs)('active sample tenant %s', (slug) => {
  const shop = () => tenant(slug);
  const detail = (productId: number) => shop().productDetails.find((candidate) => candidate.productId === productId);

  it('writes out every retailerInfo field rather than leaning on defaults', async () => {
    const raw = JSON.parse(await readFile(join(tenantsRoot, slug, 'retailer-config.json'), 'utf8')) as {
      retailerInfo: Record<string, unknown>;
    };
    // Written only where they say something: a zone by a shop whose clock is not Melbourne +
    // timeZoneDiff all year, a kitchen capacity by a shop that limits its slots (none of the samples),
    // tips by a shop that takes them (bella-napoli and harbour-pizza).
    const absentByDesign = new Set(['timeZone', 'kitchenCapacity', 'tips']);
    const written = (keys: string[]) => keys.filter((key) => !absentByDesign.has(key)).sort();
    expect(written(Object.keys(raw.retailerInfo))).toEqual(written(Object.keys(retailerInfoSchema.shape)));
    const { retailerInfo } = shop().config;
    expect(retailerInfo.address).toMatch(/ (VIC|WA) \d{4}$/);
    expect(retailerInfo.phone).toMatch(/^\(0[38]\) \d{4} \d{4}$/);
    expect(retailerInfo.baseDeliveryFee).toBeGreaterThan(0);
    expect(retailerInfo.minOrderValueDelivery).toBeGreaterThan(0);
  });

  it('has SEO text and social links', () => {
    const { retailerSEO, retailerWebsiteLinks } = shop().config;
    expect(retailerSEO.title.length).toBeGreaterThan(10);
    expect(retailerSEO.description.length).toBeGreaterThan(50);
    expect(retailerSEO.keywords.split(',').length).toBeGreaterThan(3);
    expect(retailerWebsiteLinks.map((link) => link.label).sort()).toEqual(['Facebook', 'Instagram']);
  });

  it('has 6+ groups and 30+ products, each with details', () => {
    const { groups, products } = shop().productsInfoSsr;
    expect(groups.length).toBeGreaterThanOrEqual(6);
    expect(products.length).toBeGreaterThanOrEqual(30);
    expect(shop().productDetails).toHaveLength(products.length);
  });

  it('lists each product with the minPrice of its cheapest size and the same fields as its details', () => {
    for (const product of shop().productsInfoSsr.products) {
      const productDetail = detail(product.productId);
      expect(productDetail, product.name).toBeDefined();
      const { productSizes, productOptions, productExtras, productIngredients, ...listed } = productDetail!;
      expect(listed, product.name).toEqual(product);
      expect(product.minPrice, product.name).toBe(Math.min(...productSizes.map((size) => size.price)));
      for (const size of productSizes) expect(size.productGroupId, product.name).toBe(product.productGroupId);
    }
  });

  it('prices sizes per product, not just per group', () => {
    const differs = shop().productDetails.some((productDetail) =>
      productDetail.productSizes.some((size) => size.price !== size.defaultProductPrice),
    );
    expect(differs).toBe(true);
  });

  it('offers half-and-half with a surcharge only where the group allows it', () => {
    const groups = new Map(shop().productsInfoSsr.groups.map((group) => [group.productGroupId, group]));
    const halfHalfGroups = [...groups.values()].filter((group) => group.allowHalfHalf);
    expect(halfHalfGroups.length).toBeGreaterThan(0);
    for (const group of halfHalfGroups) expect(group.halfHalfSurcharge, group.name).toBeGreaterThan(0);
    for (const product of shop().productsInfoSsr.products.filter((candidate) => candidate.isHalfHalf)) {
      expect(groups.get(product.productGroupId)?.allowHalfHalf, product.name).toBe(true);
    }
  });

  it('has priced options, extras and removable ingredients', () => {
    const { options, ingredients } = shop().productsInfo;
    expect(options.some((option) => option.choices.some((choice) => choice.defaultPrice > 0))).toBe(true);
    expect(ingredients.every((ingredient) => ingredient.price > 0)).toBe(true);
    expect(
      shop().productDetails.filter((productDetail) => productDetail.productExtras.length > 0).length,
    ).toBeGreaterThan(10);
    expect(
      shop().productDetails.filter((productDetail) => productDetail.productIngredients.length > 0).length,
    ).toBeGreaterThan(10);
  });

  it('flags allergens and diets', () => {
    const { products } = shop().productsInfoSsr;
    for (const flag of ['isVegetarian', 'isVegan', 'isGlutenFree', 'isDairyFree', 'containsNuts', 'isSpicy'] as const) {
      expect(
        products.some((product) => product[flag]),
        flag,
      ).toBe(true);
    }
    for (const product of products.filter((candidate) => candidate.isVegan)) {
      expect(product.isVegetarian || product.isDairyFree, product.name).toBe(true);
    }
  });

  it('orders products within each group', () => {
    for (const group of shop().productsInfoSsr.groups) {
      const orders = shop()
        .productsInfoSsr.products.filter((product) => product.productGroupId === group.productGroupId)
        .map((product) => product.sortOrder);
      expect(new Set(orders).size, group.name).toBe(orders.length);
    }
  });

  it('has 4+ specials with midnight-crossing hours, delivery-method limits, wildcards and exclusions', () => {
    const { specials } = shop();
    expect(specials.length).toBeGreaterThanOrEqual(4);
    expect(
      specials.some((special) =>
        special.availabilityHours.some((hours) => crossesMidnight(hours.timeFrom, hours.timeTo)),
      ),
    ).toBe(true);
    expect(specials.some((special) => special.specialDelivMethod === 1)).toBe(true);
    expect(specials.some((special) => special.specialDelivMethod === 2)).toBe(true);
    expect(specials.some((special) => special.retailerSpecialItems.some((item) => item.productId === -1))).toBe(true);
    expect(
      specials.some(
        (special) =>
          special.excludedProductIds.length +
            special.excludedProductGroupIds.length +
            special.excludedRetailerProductSizeIds.length >
          0,
      ),
    ).toBe(true);
    for (const special of specials.filter((candidate) => !candidate.availableForAllHours))
      expect(special.availabilityHours.length, special.name).toBeGreaterThan(0);
  });

  it('trades in split shifts, past midnight, with different delivery hours and a closed day', () => {
    const rows = shop().tradingHours;
    const open = rows.filter((row) => row.openingTimeStart !== null && row.openingTimeEnd !== null);
    const rowsPerDay = (day: number) => open.filter((row) => row.day === day).length;
    expect([0, 1, 2, 3, 4, 5, 6].some((day) => rowsPerDay(day) >= 2)).toBe(true);
    expect([0, 1, 2, 3, 4, 5, 6].some((day) => rowsPerDay(day) === 0)).toBe(true);
    expect(open.some((row) => crossesMidnight(row.openingTimeStart!, row.openingTimeEnd!))).toBe(true);
    expect(
      open.some((row) => row.deliveryTimeStart !== row.openingTimeStart || row.deliveryTimeEnd !== row.openingTimeEnd),
    ).toBe(true);
  });

  it('closes on holidays in Dec 2026 / Jan 2027, with a delivery-only closure', () => {
    const { closedDates } = shop();
    expect(closedDates.some((closed) => closed.dateStart === '2026-12-25')).toBe(true);
    expect(closedDates.some((closed) => closed.justDeliveryDisabled)).toBe(true);
    for (const closed of closedDates)
      expect(closed.dateStart >= '2026-12-01' && closed.dateEnd <= '2027-01-31', closed.reason).toBe(true);
  });

  it('limits a late-night group past midnight and a lunch-only group', () => {
    const { groups } = shop().productsInfoSsr;
    const hoursOf = (name: RegExp) => {
      const group = groups.find((candidate) => name.test(candidate.name));
      expect(group?.availableForAllHours, String(name)).toBe(false);
      return shop().groupHours.filter((row) => row.productGroupId === group?.productGroupId);
    };
    const late = hoursOf(/^late|^after dark/i);
    expect(late.length).toBeGreaterThan(0);
    expect(late.every((row) => row.timeFrom === '21:00' && row.timeTo === '02:00')).toBe(true);
    const lunch = hoursOf(/lunch|pranzo|pinsa/i);
    expect(lunch.length).toBeGreaterThan(0);
    expect(
      lunch.every((row) => minutes(row.timeFrom) >= minutes('11:00') && minutes(row.timeTo) <= minutes('15:00')),
    ).toBe(true);
  });

  it('has trending products, one active and one inactive popup, and custom sections', () => {
    expect(shop().trending.length).toBeGreaterThanOrEqual(4);
    expect(
      shop()
        .popups.map((popup) => popup.active)
        .sort(),
    ).toEqual([false, true]);
    expect(shop().customSections.length).toBeGreaterThanOrEqual(2);
  });

  it('delivers to 2-3 zones around the shop and named suburbs', () => {
    const { deliveryZones, deliverySuburbs } = shop();
    expect(deliveryZones.length).toBeGreaterThanOrEqual(2);
    expect(deliveryZones.length).toBeLessThanOrEqual(3);
    const zoneIds = new Set(deliveryZones.map((zone) => zone.zoneId));
    expect(deliverySuburbs.length).toBeGreaterThanOrEqual(5);
    for (const suburb of deliverySuburbs)
      if (suburb.zoneId !== null) expect(zoneIds.has(suburb.zoneId), suburb.name).toBe(true);
  });

  it('has 2-4 custom pages, one of them nested', () => {
    const { pages } = shop();
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(pages.length).toBeLessThanOrEqual(4);
    expect(pages.some((page) => page.path.includes('/'))).toBe(true);
    for (const page of pages) expect(page.markdown.length, page.path).toBeGreaterThan(150);
  });
});
