import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatProblem, jsonPath, loadTenant, loadTenants, TenantLoadError } from './load.ts';
import type { TenantProblem } from './problem.ts';
import { TEXT_MAX } from './primitives.ts';
import { tenantFiles, type TenantFileKey } from './tenant.ts';

const fixture = join(import.meta.dirname, 'fixtures', 'corner-slice');
const GOOD = 'corner-slice';
const BROKEN = 'broken-shop';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'tenant-load-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

type JsonPath = readonly (string | number)[];

/** A copy of the fixture under its own hosts, so it can sit beside the original. */
async function addTenant(slug: string, hostPrefix = slug): Promise<string> {
  const dir = join(root, slug);
  await cp(fixture, dir, { recursive: true });
  await setJson(dir, 'tenant.json', ['hosts'], [`${hostPrefix}.test`]);
  return dir;
}

function isContainer(value: unknown): value is Record<string | number, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Walks to the parent of `path` in a tenant file, lets `change` edit it, and writes the file back. */
async function editJson(
  dir: string,
  file: string,
  path: JsonPath,
  change: (parent: Record<string | number, unknown>, key: string | number) => void,
): Promise<void> {
  const fullPath = join(dir, file);
  const document: unknown = JSON.parse(await readFile(fullPath, 'utf8'));
  const parent = path
    .slice(0, -1)
    .reduce<unknown>((node, key) => (isContainer(node) ? node[key] : undefined), document);
  const key = path.at(-1);
  if (!isContainer(parent) || key === undefined) throw new Error(`${file} has no ${path.join('.')}`);
  change(parent, key);
  await writeFile(fullPath, JSON.stringify(document));
}

const setJson = (dir: string, file: string, path: JsonPath, value: unknown) =>
  editJson(dir, file, path, (parent, key) => {
    parent[key] = value;
  });

const removeJson = (dir: string, file: string, path: JsonPath) =>
  editJson(dir, file, path, (parent, key) => {
    if (Array.isArray(parent) && typeof key === 'number') parent.splice(key, 1);
    else delete parent[key];
  });

async function copyJson(dir: string, file: string, from: JsonPath, to: JsonPath): Promise<void> {
  const document: unknown = JSON.parse(await readFile(join(dir, file), 'utf8'));
  const value = from.reduce<unknown>((node, key) => (isContainer(node) ? node[key] : undefined), document);
  await setJson(dir, file, to, value);
}

async function writeText(dir: string, file: string, text: string): Promise<void> {
  await mkdir(dirname(join(dir, file)), { recursive: true });
  await writeFile(join(dir, file), text);
}

interface BrokenCase {
  name: string;
  slug?: string;
  breakIt: (dir: string) => Promise<void>;
  file: string;
  path: string;
  message: string;
}

const brokenCases: BrokenCase[] = [
  {
    name: 'a string price deep inside a product size',
    breakIt: (dir) => setJson(dir, 'product-details.json', [1, 'productSizes', 0, 'price'], '17'),
    file: 'product-details.json',
    path: '$[1].productSizes[0].price',
    message: 'expected number, received string',
  },
  {
    name: 'a trading hour that is not HH:mm',
    breakIt: (dir) => setJson(dir, 'trading-hours.json', [0, 'openingTimeEnd'], '25:00'),
    file: 'trading-hours.json',
    path: '$[0].openingTimeEnd',
    message: 'expected a time of day as HH:mm (00:00-23:59)',
  },
  {
    name: 'a group availability time without a leading zero',
    breakIt: (dir) => setJson(dir, 'group-hours.json', [0, 'timeFrom'], '9:00'),
    file: 'group-hours.json',
    path: '$[0].timeFrom',
    message: 'expected a time of day as HH:mm',
  },
  {
    name: 'a theme colour that is a name, not #rrggbb',
    breakIt: (dir) => setJson(dir, 'retailer-config.json', ['retailerCSS', 'primary-foreground'], 'white'),
    file: 'retailer-config.json',
    path: '$.retailerCSS["primary-foreground"]',
    message: 'expected a colour as #rrggbb',
  },
  {
    name: 'a missing required file',
    breakIt: (dir) => rm(join(dir, 'products-info.json')),
    file: 'products-info.json',
    path: '$',
    message: 'file is missing',
  },
  {
    name: 'a missing tenant.json',
    breakIt: (dir) => rm(join(dir, 'tenant.json')),
    file: 'tenant.json',
    path: '$',
    message: 'file is missing',
  },
  {
    name: 'a truncated JSON file',
    breakIt: (dir) => writeText(dir, 'specials.json', '[{ "retailerSpecialId": 1,'),
    file: 'specials.json',
    path: '$',
    message: 'not valid JSON',
  },
  {
    name: 'an inactive retailer without a redirect',
    breakIt: (dir) => setJson(dir, 'tenant.json', ['active'], false),
    file: 'tenant.json',
    path: '$.inactiveRedirectUrl',
    message: 'an inactive retailer needs inactiveRedirectUrl',
  },
  {
    name: 'a host with a scheme',
    breakIt: (dir) => setJson(dir, 'tenant.json', ['hosts'], ['https://broken-shop.test']),
    file: 'tenant.json',
    path: '$.hosts[0]',
    message: 'expected a lower-case host name without scheme or port',
  },
  {
    name: 'an http broker URL',
    breakIt: (dir) => setJson(dir, 'tenant.json', ['brokerUrl'], 'http://localhost:9001'),
    file: 'tenant.json',
    path: '$.brokerUrl',
    message: 'expected a ws:// or wss:// URL',
  },
  {
    name: 'an upper-case MQTT topic prefix',
    breakIt: (dir) => setJson(dir, 'tenant.json', ['mqttTopicPrefix'], 'Storefront'),
    file: 'tenant.json',
    path: '$.mqttTopicPrefix',
    message: 'expected lower-case letters, digits and dashes',
  },
  {
    name: 'an amount with three decimals',
    breakIt: (dir) => setJson(dir, 'products-info.json', ['ingredients', 0, 'price'], 2.555),
    file: 'products-info.json',
    path: '$.ingredients[0].price',
    message: 'expected an amount with at most two decimals',
  },
  {
    name: 'a negative delivery fee',
    breakIt: (dir) => setJson(dir, 'retailer-config.json', ['retailerInfo', 'baseDeliveryFee'], -1),
    file: 'retailer-config.json',
    path: '$.retailerInfo.baseDeliveryFee',
    message: 'expected an amount of 0 or more',
  },
  {
    name: 'a time zone Intl does not know',
    breakIt: (dir) => setJson(dir, 'retailer-config.json', ['retailerInfo', 'timeZone'], 'Perth'),
    file: 'retailer-config.json',
    path: '$.retailerInfo.timeZone',
    message: 'expected an IANA time zone, e.g. "Australia/Perth"',
  },
  {
    name: 'a layout number that does not exist',
    breakIt: (dir) => setJson(dir, 'retailer-config.json', ['retailerLayout', 'layout'], 5),
    file: 'retailer-config.json',
    path: '$.retailerLayout.layout',
    message: '<=4',
  },
  {
    name: 'weekday 7',
    breakIt: (dir) => setJson(dir, 'trading-hours.json', [1, 'day'], 7),
    file: 'trading-hours.json',
    path: '$[1].day',
    message: 'expected a weekday 0 (Sunday) to 6 (Saturday)',
  },
  {
    name: 'a closed-date range that ends before it starts',
    breakIt: (dir) => setJson(dir, 'closed-dates.json', [0, 'dateEnd'], '2026-12-24'),
    file: 'closed-dates.json',
    path: '$[0].dateEnd',
    message: 'dateEnd must not be before dateStart',
  },
  {
    name: 'a closed date in the wrong format',
    breakIt: (dir) => setJson(dir, 'closed-dates.json', [1, 'dateStart'], '31/12/2026'),
    file: 'closed-dates.json',
    path: '$[1].dateStart',
    message: 'expected a date as yyyy-MM-dd',
  },
  {
    name: 'a special for an unknown delivery method',
    breakIt: (dir) => setJson(dir, 'specials.json', [0, 'specialDelivMethod'], 3),
    file: 'specials.json',
    path: '$[0].specialDelivMethod',
    message: 'Invalid input',
  },
  {
    name: 'an option without choices',
    breakIt: (dir) => setJson(dir, 'products-info.json', ['options', 0, 'choices'], []),
    file: 'products-info.json',
    path: '$.options[0].choices',
    message: '>=1',
  },
  {
    name: 'a three-digit postcode',
    breakIt: (dir) => setJson(dir, 'delivery-suburbs.json', [0, 'postcode'], '305'),
    file: 'delivery-suburbs.json',
    path: '$[0].postcode',
    message: 'expected a 4-digit postcode',
  },
  {
    name: 'a delivery zone of two points',
    breakIt: (dir) => removeJson(dir, 'delivery-zones.json', [0, 'polygon', 2]),
    file: 'delivery-zones.json',
    path: '$[0].polygon',
    message: 'a delivery zone needs at least 3 points',
  },
  {
    name: 'a product referring to a missing group',
    breakIt: (dir) => setJson(dir, 'products-info-ssr.json', ['products', 2, 'productGroupId'], 9),
    file: 'products-info-ssr.json',
    path: '$.products[2].productGroupId',
    message: 'no product group 9',
  },
  {
    name: 'a product without details',
    breakIt: (dir) => removeJson(dir, 'product-details.json', [2]),
    file: 'products-info-ssr.json',
    path: '$.products[2].productId',
    message: 'no details for product 21 in product-details.json',
  },
  {
    name: 'a duplicate product id',
    breakIt: (dir) => setJson(dir, 'products-info-ssr.json', ['products', 1, 'productId'], 11),
    file: 'products-info-ssr.json',
    path: '$.products[1].productId',
    message: 'duplicate productId 11',
  },
  {
    name: 'a duplicate product group id',
    breakIt: (dir) => setJson(dir, 'products-info-ssr.json', ['groups', 2], { productGroupId: 2, name: 'More drinks' }),
    file: 'products-info-ssr.json',
    path: '$.groups[2].productGroupId',
    message: 'duplicate productGroupId 2',
  },
  {
    name: 'a duplicate size id',
    breakIt: (dir) => setJson(dir, 'products-info.json', ['sizes', 2, 'retailerProductSizeId'], 101),
    file: 'products-info.json',
    path: '$.sizes[2].retailerProductSizeId',
    message: 'duplicate retailerProductSizeId 101',
  },
  {
    name: 'a duplicate special id',
    breakIt: (dir) => copyJson(dir, 'specials.json', [0], [1]),
    file: 'specials.json',
    path: '$[1].retailerSpecialId',
    message: 'duplicate retailerSpecialId 1',
  },
  {
    name: 'a size of a missing group',
    breakIt: (dir) => setJson(dir, 'products-info.json', ['sizes', 2, 'productGroupId'], 3),
    file: 'products-info.json',
    path: '$.sizes[2].productGroupId',
    message: 'no product group 3',
  },
  {
    name: 'a half-and-half size of another group',
    breakIt: (dir) => setJson(dir, 'products-info-ssr.json', ['groups', 0, 'halfHalfSizeIds'], [102, 201]),
    file: 'products-info-ssr.json',
    path: '$.groups[0].halfHalfSizeIds[1]',
    message: 'no size 201 of group 1 in products-info.json',
  },
  {
    name: 'details of a product that does not exist',
    breakIt: (dir) =>
      copyJson(dir, 'product-details.json', [2], [3]).then(() =>
        setJson(dir, 'product-details.json', [3, 'productId'], 99),
      ),
    file: 'product-details.json',
    path: '$[3].productId',
    message: 'no product 99 in products-info-ssr.json',
  },
  {
    name: 'a product size that is not in the size catalogue',
    breakIt: (dir) => setJson(dir, 'product-details.json', [0, 'productSizes', 1, 'retailerProductSizeId'], 103),
    file: 'product-details.json',
    path: '$[0].productSizes[1].retailerProductSizeId',
    message: 'no size 103 in products-info.json',
  },
  {
    name: 'a product option that does not exist',
    breakIt: (dir) => setJson(dir, 'product-details.json', [1, 'productOptions'], [{ retailerProductOptionId: 4 }]),
    file: 'product-details.json',
    path: '$[1].productOptions[0].retailerProductOptionId',
    message: 'no option 4 in products-info.json',
  },
  {
    name: 'an extra that is not an ingredient',
    breakIt: (dir) => setJson(dir, 'product-details.json', [0, 'productExtras', 1, 'ingredientId'], 7),
    file: 'product-details.json',
    path: '$[0].productExtras[1].ingredientId',
    message: 'no ingredient 7 in products-info.json',
  },
  {
    name: 'a removable ingredient that does not exist',
    breakIt: (dir) => setJson(dir, 'product-details.json', [1, 'productIngredients', 1, 'ingredientId'], 8),
    file: 'product-details.json',
    path: '$[1].productIngredients[1].ingredientId',
    message: 'no ingredient 8 in products-info.json',
  },
  {
    name: 'group hours of a missing group',
    breakIt: (dir) => setJson(dir, 'group-hours.json', [0, 'productGroupId'], 5),
    file: 'group-hours.json',
    path: '$[0].productGroupId',
    message: 'no product group 5',
  },
  {
    name: 'a trending product that does not exist',
    breakIt: (dir) => setJson(dir, 'trending.json', [0, 'productId'], 13),
    file: 'trending.json',
    path: '$[0].productId',
    message: 'no product 13',
  },
  {
    name: 'a special item referring to a missing size',
    breakIt: (dir) => setJson(dir, 'specials.json', [0, 'retailerSpecialItems', 0, 'retailerProductSizeId'], 999),
    file: 'specials.json',
    path: '$[0].retailerSpecialItems[0].retailerProductSizeId',
    message: 'no size 999',
  },
  {
    name: 'a special item referring to a missing group',
    breakIt: (dir) => setJson(dir, 'specials.json', [0, 'retailerSpecialItems', 0, 'productGroupId'], 4),
    file: 'specials.json',
    path: '$[0].retailerSpecialItems[0].productGroupId',
    message: 'no product group 4',
  },
  {
    name: 'a special item referring to a missing product',
    breakIt: (dir) => setJson(dir, 'specials.json', [0, 'retailerSpecialItems', 1, 'productId'], 22),
    file: 'specials.json',
    path: '$[0].retailerSpecialItems[1].productId',
    message: 'no product 22',
  },
  {
    name: 'a retailer website id that differs from tenant.json',
    breakIt: (dir) => setJson(dir, 'tenant.json', ['retailerWebsiteId'], 7799),
    file: 'retailer-config.json',
    path: '$.retailerWebsiteId',
    message: 'expected 7799 as in tenant.json, found 7701',
  },
  {
    name: 'a custom page on a reserved path',
    breakIt: (dir) => writeText(dir, 'pages/reset-password.md', '# Reset\n'),
    file: 'pages/reset-password.md',
    path: '$',
    message: '"/reset-password" is reserved for the storefront',
  },
  {
    name: 'a nested custom page under a reserved folder',
    breakIt: (dir) => writeText(dir, 'pages/builds/latest.md', '# Latest\n'),
    file: 'pages/builds/latest.md',
    path: '$',
    message: '"/builds/latest" is reserved for the storefront',
  },
  {
    name: 'two custom pages for one route',
    breakIt: (dir) => writeText(dir, 'pages/about/index.md', '# About us\n'),
    file: 'pages/about/index.md',
    path: '$',
    message: '"/about" is also defined by pages/about.md',
  },
  {
    name: 'a custom page on the home route',
    breakIt: (dir) => writeText(dir, 'pages/index.md', '# Welcome\n'),
    file: 'pages/index.md',
    path: '$',
    message: 'would replace the home page (the menu); give the page its own path',
  },
  {
    name: 'a custom page without a title',
    breakIt: (dir) => writeText(dir, 'pages/info/delivery.md', 'We deliver.\n## Areas\n'),
    file: 'pages/info/delivery.md',
    path: '$.title',
    message: 'expected a "# Title" heading',
  },
  {
    name: 'a custom page file name with upper case',
    breakIt: (dir) => writeText(dir, 'pages/info/Opening-Hours.md', '# Opening hours\n'),
    file: 'pages/info/Opening-Hours.md',
    path: '$.path',
    message: 'expected lower-case path segments of letters, digits and dashes',
  },
  {
    name: 'a javascript: redirect for an inactive retailer',
    breakIt: (dir) =>
      setJson(dir, 'tenant.json', ['active'], false).then(() =>
        setJson(dir, 'tenant.json', ['inactiveRedirectUrl'], 'javascript:alert(document.cookie)'),
      ),
    file: 'tenant.json',
    path: '$.inactiveRedirectUrl',
    message: 'expected an http:// or https:// URL',
  },
  {
    name: 'a javascript: website link in the footer',
    breakIt: (dir) => setJson(dir, 'retailer-config.json', ['retailerWebsiteLinks', 0, 'url'], 'javascript:alert(1)'),
    file: 'retailer-config.json',
    path: '$.retailerWebsiteLinks[0].url',
    message: 'expected an http(s), mailto: or tel: URL or a relative link',
  },
  {
    name: 'a website link hiding its scheme behind a tab and upper case',
    breakIt: (dir) =>
      setJson(dir, 'retailer-config.json', ['retailerWebsiteLinks', 0, 'url'], ' JavaScript\t:alert(1)'),
    file: 'retailer-config.json',
    path: '$.retailerWebsiteLinks[0].url',
    message: 'expected an http(s), mailto: or tel: URL',
  },
  {
    name: 'a data: URL as a popup action',
    breakIt: (dir) => setJson(dir, 'popups.json', [0, 'actionUrl'], 'data:text/html,<script>alert(1)</script>'),
    file: 'popups.json',
    path: '$[0].actionUrl',
    message: 'expected an http(s), mailto: or tel: URL',
  },
  {
    name: 'a javascript: link in a custom section',
    breakIt: (dir) =>
      setJson(dir, 'custom-sections.json', [0, 'body'], 'Fresh dough. [Order now](javascript:alert(1))'),
    file: 'custom-sections.json',
    path: '$[0].body',
    message: 'link "javascript:alert(1)" not allowed',
  },
  {
    name: 'a javascript: link spelled with a character reference in a custom page',
    breakIt: (dir) => writeText(dir, 'pages/deals.md', '# Deals\n\n[Deal](javascript&colon;alert(1))\n'),
    file: 'pages/deals.md',
    path: '$',
    message: 'link "javascript&colon;alert(1)" not allowed',
  },
  {
    name: 'a dark theme whose buttons cannot be read',
    breakIt: (dir) => setJson(dir, 'retailer-config.json', ['retailerCSS', 'dark-primary-foreground'], '#777777'),
    file: 'retailer-config.json',
    path: '$.retailerCSS.dark-primary-foreground',
    message: 'dark theme: primary-foreground #777777 on primary',
  },
  {
    name: 'a light theme with pale text',
    breakIt: (dir) => setJson(dir, 'retailer-config.json', ['retailerCSS', 'foreground'], '#dddddd'),
    file: 'retailer-config.json',
    path: '$.retailerCSS.foreground',
    message: 'theme: foreground #dddddd on background',
  },
  {
    name: 'a 20 MB SEO description (it is copied into every page)',
    breakIt: (dir) =>
      setJson(dir, 'retailer-config.json', ['retailerSEO', 'description'], 'x'.repeat(20 * 1024 * 1024)),
    file: 'retailer-config.json',
    path: '$.retailerSEO.description',
    message: `expected at most ${TEXT_MAX.seoDescription} characters`,
  },
  {
    name: 'a product name longer than a card holds',
    breakIt: (dir) => setJson(dir, 'products-info-ssr.json', ['products', 0, 'name'], 'Margherita '.repeat(100)),
    file: 'products-info-ssr.json',
    path: '$.products[0].name',
    message: `expected at most ${TEXT_MAX.name} characters`,
  },
  {
    name: 'a product description of a whole book',
    breakIt: (dir) => setJson(dir, 'products-info-ssr.json', ['products', 0, 'description'], 'Tomato. '.repeat(1000)),
    file: 'products-info-ssr.json',
    path: '$.products[0].description',
    message: `expected at most ${TEXT_MAX.description} characters`,
  },
  {
    name: 'an endless custom section',
    breakIt: (dir) => setJson(dir, 'custom-sections.json', [0, 'body'], 'Fresh dough. '.repeat(5000)),
    file: 'custom-sections.json',
    path: '$[0].body',
    message: `expected at most ${TEXT_MAX.markdown} characters`,
  },
  {
    name: 'a theme value of megabytes',
    breakIt: (dir) => setJson(dir, 'retailer-config.json', ['retailerCSS', 'font-family'], 'serif,'.repeat(200_000)),
    file: 'retailer-config.json',
    path: '$.retailerCSS["font-family"]',
    message: `expected at most ${TEXT_MAX.line} characters`,
  },
  {
    name: 'a folder name with upper case',
    slug: 'Broken-Shop',
    breakIt: async () => {},
    file: '',
    path: '$',
    message: 'folder name must be lower-case letters, digits and dashes',
  },
  {
    name: "a shop in the staff console's place",
    slug: 'console',
    breakIt: async () => {},
    file: '',
    path: '$',
    message: '"console" is taken: console.localhost is the staff console',
  },
];

describe('loadTenants with one broken tenant beside a good one', () => {
  it.each(brokenCases)(
    '$name: names the file, the JSON path and what was expected',
    async ({ slug = BROKEN, breakIt, file, path, message }) => {
      await addTenant(GOOD);
      await breakIt(await addTenant(slug, 'broken-shop'));

      const { tenants, failures } = await loadTenants(root);

      expect(tenants.map((tenant) => tenant.slug)).toEqual([GOOD]);
      expect(failures).toHaveLength(1);
      const [failure] = failures;
      expect(failure).toBeInstanceOf(TenantLoadError);
      expect(failure?.slug).toBe(slug);
      expect(failure?.problems).toContainEqual({
        file: join('tenants', slug, file),
        path,
        message: expect.stringContaining(message),
      });
      expect(failure?.message).toContain(`${join('tenants', slug, file)}: ${path}: `);
    },
  );

  it('collects the problems of every file in one pass', async () => {
    const dir = await addTenant(BROKEN);
    await setJson(dir, 'trading-hours.json', [0, 'openingTimeStart'], '5pm');
    await setJson(dir, 'retailer-config.json', ['retailerCSS', 'background'], 'cream');
    await writeText(dir, 'popups.json', '{');

    const { failures } = await loadTenants(root);

    expect(failures[0]?.problems.map((problem) => `${problem.file} ${problem.path}`).sort()).toEqual([
      `${join('tenants', BROKEN, 'popups.json')} $`,
      `${join('tenants', BROKEN, 'retailer-config.json')} $.retailerCSS.background`,
      `${join('tenants', BROKEN, 'trading-hours.json')} $[0].openingTimeStart`,
    ]);
  });

  it.each([
    {
      name: 'a data file that is a folder',
      breakIt: async (dir: string) => {
        await rm(join(dir, 'popups.json'));
        await mkdir(join(dir, 'popups.json'));
      },
      message: 'EISDIR',
    },
    {
      name: 'a pages entry that is a file',
      breakIt: async (dir: string) => {
        await rm(join(dir, 'pages'), { recursive: true });
        await writeFile(join(dir, 'pages'), '# not a folder\n');
      },
      message: 'ENOTDIR',
    },
  ])('$name fails that tenant with the system error', async ({ breakIt, message }) => {
    await addTenant(GOOD);
    await breakIt(await addTenant(BROKEN));

    const { tenants, failures } = await loadTenants(root);

    expect(tenants.map((tenant) => tenant.slug)).toEqual([GOOD]);
    expect(failures[0]?.slug).toBe(BROKEN);
    expect(failures[0]?.problems).toEqual([
      { file: join('tenants', BROKEN), path: '$', message: expect.stringContaining(message) },
    ]);
  });
});

describe('loadTenants', () => {
  it('fails both tenants that claim one host and loads the rest', async () => {
    await addTenant('first-shop', 'shared');
    await addTenant('second-shop', 'shared');
    await addTenant('third-shop');

    const { tenants, failures } = await loadTenants(root);

    expect(tenants.map((tenant) => tenant.slug)).toEqual(['third-shop']);
    expect(failures.map((failure) => failure.problems)).toEqual([
      [
        {
          file: join('tenants', 'first-shop', 'tenant.json'),
          path: '$.hosts',
          message: 'host "shared.test" is also claimed by second-shop',
        },
      ],
      [
        {
          file: join('tenants', 'second-shop', 'tenant.json'),
          path: '$.hosts',
          message: 'host "shared.test" is also claimed by first-shop',
        },
      ],
    ]);
  });

  it.each([
    { only: [], loaded: ['alpha-shop', 'beta-shop', 'gamma-shop'], missing: [] },
    { only: ['beta-shop'], loaded: ['beta-shop'], missing: [] },
    { only: ['gamma-shop', 'alpha-shop'], loaded: ['alpha-shop', 'gamma-shop'], missing: [] },
    { only: ['beta-shop', 'delta-shop'], loaded: ['beta-shop'], missing: ['delta-shop'] },
  ])('only $only loads $loaded and reports $missing as missing', async ({ only, loaded, missing }) => {
    for (const slug of ['alpha-shop', 'beta-shop', 'gamma-shop']) await addTenant(slug);

    const { tenants, failures } = await loadTenants(root, only);

    expect(tenants.map((tenant) => tenant.slug)).toEqual(loaded);
    expect(failures.map((failure) => failure.problems)).toEqual(
      missing.map((slug) => [{ file: join('tenants', slug), path: '$', message: 'no such tenant folder' }]),
    );
  });

  it('skips hidden folders and loose files in the tenants folder', async () => {
    await addTenant(GOOD);
    await mkdir(join(root, '.cache'));
    await writeFile(join(root, 'README.md'), '# Tenants\n');

    const { tenants, failures } = await loadTenants(root);

    expect(tenants.map((tenant) => tenant.slug)).toEqual([GOOD]);
    expect(failures).toEqual([]);
  });
});

describe('loadTenant', () => {
  it('reads every file of the fixture with defaults filled in', async () => {
    await addTenant(GOOD);

    const tenant = await loadTenant(root, GOOD);

    expect(tenant.slug).toBe(GOOD);
    expect(tenant.settings).toMatchObject({
      hosts: ['corner-slice.test'],
      retailerWebsiteId: 7701,
      active: true,
      inactiveRedirectUrl: null,
    });
    expect(tenant.config.retailerInfo).toMatchObject({
      name: 'Corner Slice',
      oflEnabled: true,
      halfHalfIngredPriceType: 1,
      orderForLaterMaxDaysToEnd: 7,
    });
    expect(tenant.config.retailerLayout).toEqual({
      layout: 2,
      showDeals: true,
      showClock: true,
      clockPosition: 'left',
    });
    expect(tenant.tradingHours[1]).toEqual({
      day: 6,
      openingTimeStart: '11:30',
      openingTimeEnd: '14:30',
      deliveryTimeStart: null,
      deliveryTimeEnd: null,
    });
    expect(tenant.closedDates[0]).toEqual({
      dateStart: '2026-12-25',
      dateEnd: '2026-12-25',
      timeEnd: '23:59',
      justDeliveryDisabled: false,
      reason: '',
    });
    expect(tenant.specials[0]).toMatchObject({
      specialDelivMethod: 0,
      priority: 0,
      showInSpecialSelector: true,
      excludedProductGroupIds: [],
    });
    expect(tenant.productsInfoSsr.products.map((product) => product.productId)).toEqual([11, 12, 21]);
    expect(tenant.pages).toEqual([
      { path: 'about', title: 'About Corner Slice', markdown: '# About Corner Slice\n\nA test shop.\n' },
      { path: 'info/allergens', title: 'Allergens', markdown: '# Allergens\n\nAsk us.\n' },
    ]);
  });

  it.each([
    { page: 'about/index.md', path: 'about' },
    { page: 'menu/gluten-free/index.md', path: 'menu/gluten-free' },
    { page: 'info/allergens/gluten.md', path: 'info/allergens/gluten' },
    { page: 'faq.md', path: 'faq' },
  ])('serves pages/$page at /$path', async ({ page, path }) => {
    const dir = await addTenant(GOOD);
    await rm(join(dir, 'pages'), { recursive: true });
    await writeText(dir, join('pages', page), '\nSome intro.\n\n#   The Title  \n\nBody.\n');

    const tenant = await loadTenant(root, GOOD);

    expect(tenant.pages.map((custom) => [custom.path, custom.title])).toEqual([[path, 'The Title']]);
  });

  it('loads an inactive retailer from tenant.json and retailer-config.json alone', async () => {
    const dir = join(root, 'closed-shop');
    await mkdir(dir);
    await cp(join(fixture, 'retailer-config.json'), join(dir, 'retailer-config.json'));
    await writeFile(
      join(dir, 'tenant.json'),
      JSON.stringify({
        hosts: ['closed-shop.test'],
        retailerWebsiteId: 7701,
        apiBaseUrl: 'http://localhost:8787',
        brokerUrl: 'wss://broker.example.com',
        active: false,
        inactiveRedirectUrl: 'https://order.example.com/',
      }),
    );

    const tenant = await loadTenant(root, 'closed-shop');

    expect(tenant.settings).toMatchObject({
      active: false,
      inactiveRedirectUrl: 'https://order.example.com/',
      mqttTopicPrefix: 'storefront',
      analytics: { enabled: false, host: null },
    });
    expect(tenant.tradingHours).toEqual([]);
    expect(tenant.productsInfoSsr).toEqual({ products: [], groups: [] });
    expect(tenant.productsInfo).toEqual({ sizes: [], options: [], ingredients: [] });
    expect(tenant.productDetails).toEqual([]);
    expect(tenant.pages).toEqual([]);
  });

  it('still requires retailer-config.json of an inactive retailer', async () => {
    const dir = join(root, 'closed-shop');
    await mkdir(dir);
    await writeFile(
      join(dir, 'tenant.json'),
      JSON.stringify({
        hosts: ['closed-shop.test'],
        retailerWebsiteId: 1,
        apiBaseUrl: 'http://localhost:8787',
        brokerUrl: 'ws://localhost:9001',
        active: false,
        inactiveRedirectUrl: 'https://order.example.com/',
      }),
    );

    await expect(loadTenant(root, 'closed-shop')).rejects.toMatchObject({
      problems: [
        { file: join('tenants', 'closed-shop', 'retailer-config.json'), path: '$', message: 'file is missing' },
      ],
    });
  });

  const optionalFiles = (Object.keys(tenantFiles) as TenantFileKey[]).filter((key) => !tenantFiles[key].required);
  it.each(optionalFiles)('treats a missing optional file (%s) as empty', async (key) => {
    const dir = await addTenant(GOOD);
    await rm(join(dir, tenantFiles[key].file), { force: true });

    const tenant = await loadTenant(root, GOOD);

    expect(tenant[key]).toEqual([]);
  });

  it('requires the files an active retailer cannot do without', () => {
    expect(
      (Object.keys(tenantFiles) as TenantFileKey[])
        .filter((key) => tenantFiles[key].required)
        .map((key) => tenantFiles[key].file),
    ).toEqual([
      'tenant.json',
      'retailer-config.json',
      'trading-hours.json',
      'products-info-ssr.json',
      'products-info.json',
      'product-details.json',
    ]);
  });
});

describe('problem formatting', () => {
  it.each<{ path: PropertyKey[]; expected: string }>([
    { path: [], expected: '$' },
    { path: ['products', 3, 'productSizes', 0, 'price'], expected: '$.products[3].productSizes[0].price' },
    { path: ['retailerCSS', 'primary-foreground'], expected: '$.retailerCSS["primary-foreground"]' },
    { path: ['hosts', 0], expected: '$.hosts[0]' },
    { path: ['$weird_key', '2nd'], expected: '$.$weird_key["2nd"]' },
  ])('jsonPath($path) is $expected', ({ path, expected }) => {
    expect(jsonPath(path)).toBe(expected);
  });

  it('lists every problem under the tenant name', () => {
    const problems: TenantProblem[] = [
      { file: 'tenants/a/tenant.json', path: '$.hosts', message: 'expected at least one host name' },
      { file: 'tenants/a/specials.json', path: '$[0].price', message: 'expected an amount of 0 or more' },
    ];

    const error = new TenantLoadError('a', problems);

    expect(problems.map(formatProblem)).toEqual([
      'tenants/a/tenant.json: $.hosts: expected at least one host name',
      'tenants/a/specials.json: $[0].price: expected an amount of 0 or more',
    ]);
    expect(error.name).toBe('TenantLoadError');
    expect(error.message).toBe(
      'tenant "a" is invalid:\n  tenants/a/tenant.json: $.hosts: expected at least one host name\n  tenants/a/specials.json: $[0].price: expected an amount of 0 or more',
    );
  });
});
