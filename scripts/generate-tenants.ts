import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import type { z } from 'zod';
import type {
  closedDatesSchema,
  customSectionsSchema,
  deliverySuburbsSchema,
  deliveryZonesSchema,
  groupHoursSchema,
  popupsSchema,
  productDetailsSchema,
  productsInfoSchema,
  productsInfoSsrSchema,
  retailerConfigSchema,
  specialsSchema,
  tenantSettingsSchema,
  tradingHoursSchema,
  trendingSchema,
} from '../lib/tenant/index.ts';
import { seededRandom } from './lib/seeded-random.ts';

/** One synthetic tenant: its folder name and every file in it, keyed by path inside the folder. */
export interface GeneratedTenant {
  slug: string;
  files: Record<string, string>;
}

export interface GenerateOptions {
  count: number;
  seed?: number;
}

type ProductsInfoSsr = z.input<typeof productsInfoSsrSchema>;
type ProductsInfo = z.input<typeof productsInfoSchema>;
type ProductDetails = z.input<typeof productDetailsSchema>;
type Size = ProductsInfo['sizes'][number];

/** Ids of different tenants never overlap, so a benchmark can mix them with the sample tenants. */
const RETAILER_ID_BASE = 100000;
const WEBSITE_ID_BASE = 500000;

interface Picker {
  pick<T>(items: readonly T[]): T;
  int(min: number, max: number): number;
}

function picker(random: () => number): Picker {
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  return {
    int,
    pick<T>(items: readonly T[]): T {
      const item = items[int(0, items.length - 1)];
      if (item === undefined) throw new Error('cannot pick from an empty list');
      return item;
    },
  };
}

const shopWords = [
  'Corner',
  'Village',
  'Brick Oven',
  'Stone',
  'Golden',
  'Little',
  'Lucky',
  'Red Door',
  'Laneway',
  'Hillside',
];
const suburbs = [
  ['Northcote', '3070'],
  ['Thornbury', '3071'],
  ['Preston', '3072'],
  ['Coburg', '3058'],
  ['Essendon', '3040'],
  ['Ascot Vale', '3032'],
  ['Kensington', '3031'],
  ['Footscray', '3011'],
  ['St Kilda', '3182'],
  ['Elwood', '3184'],
  ['Prahran', '3181'],
  ['Windsor', '3181'],
  ['Hawthorn', '3122'],
  ['Kew', '3101'],
  ['Camberwell', '3124'],
  ['Box Hill', '3128'],
  ['Doncaster', '3108'],
  ['Bentleigh', '3204'],
  ['Cheltenham', '3192'],
  ['Mordialloc', '3195'],
] as const;
const streets = [
  'High Street',
  'Sydney Road',
  'Station Street',
  'Main Road',
  'Church Street',
  'Chapel Street',
  'Puckle Street',
  'Burke Road',
];

const themes = [
  {
    background: '#fffaf0',
    foreground: '#2b1d16',
    primary: '#b3261e',
    'primary-foreground': '#ffffff',
    secondary: '#f3e3c3',
    'secondary-foreground': '#4a2c17',
  },
  {
    background: '#f6f3e9',
    foreground: '#1b2a21',
    primary: '#1f4d36',
    'primary-foreground': '#f6d77a',
    secondary: '#d9a441',
    'secondary-foreground': '#1b2a21',
  },
  {
    background: '#f5f7fa',
    foreground: '#14213d',
    primary: '#1d3461',
    'primary-foreground': '#ffffff',
    secondary: '#ff8a6b',
    'secondary-foreground': '#14213d',
  },
  {
    background: '#1e1d1b',
    foreground: '#f4ede1',
    primary: '#f5a623',
    'primary-foreground': '#1e1d1b',
    secondary: '#36322d',
    'secondary-foreground': '#f4ede1',
  },
] as const;

interface GroupPlan {
  name: string;
  description: string;
  sizes: readonly (readonly [name: string, productSizeId: number, price: number])[];
  halfHalf: boolean;
  products: readonly (readonly [name: string, description: string])[];
}

const groupPlans: readonly GroupPlan[] = [
  {
    name: 'Pizzas',
    description: 'Hand-stretched and stone-baked.',
    halfHalf: true,
    sizes: [
      ['Small', 1, 15],
      ['Large', 2, 21],
      ['Family', 3, 26],
    ],
    products: [
      ['Margherita', 'Tomato, mozzarella and basil.'],
      ['Pepperoni', 'Tomato, mozzarella and pepperoni.'],
      ['Hawaiian', 'Ham and pineapple.'],
      ['Supreme', 'Ham, salami, mushroom, capsicum and olives.'],
      ['Vegetarian', 'Mushroom, capsicum, onion and olives.'],
    ],
  },
  {
    name: 'Gourmet Pizzas',
    description: 'House favourites.',
    halfHalf: true,
    sizes: [
      ['Small', 1, 19],
      ['Large', 2, 25],
      ['Family', 3, 30],
    ],
    products: [
      ['Prosciutto & Rocket', 'Prosciutto, rocket and parmesan.'],
      ['Garlic Prawn', 'Prawns, garlic and chilli.'],
      ['Pumpkin & Feta', 'Roast pumpkin, feta and spinach.'],
      ['Peri-Peri Chicken', 'Chicken, capsicum and peri-peri.'],
      ['Four Cheese', 'Mozzarella, gorgonzola, parmesan and ricotta.'],
    ],
  },
  {
    name: 'Pasta',
    description: 'Cooked to order.',
    halfHalf: false,
    sizes: [
      ['Regular', 4, 20],
      ['Large', 2, 25],
    ],
    products: [
      ['Bolognese', 'Beef ragù.'],
      ['Carbonara', 'Pancetta, egg and pecorino.'],
      ['Arrabbiata', 'Tomato, garlic and chilli.'],
      ['Pesto', 'Basil pesto and parmesan.'],
      ['Marinara', 'Mixed seafood in tomato.'],
    ],
  },
  {
    name: 'Sides',
    description: 'For the table.',
    halfHalf: false,
    sizes: [['Regular', 4, 8]],
    products: [
      ['Garlic Bread', 'With garlic butter.'],
      ['Wedges', 'With sour cream and sweet chilli.'],
      ['Arancini', 'Three risotto balls.'],
      ['Chicken Wings', 'Six wings.'],
      ['Garden Salad', 'Leaves, tomato and cucumber.'],
    ],
  },
  {
    name: 'Desserts',
    description: 'Something sweet.',
    halfHalf: false,
    sizes: [['Single', 7, 9]],
    products: [
      ['Tiramisu', 'Coffee and mascarpone.'],
      ['Cannoli', 'Ricotta-filled shells.'],
      ['Nutella Pizza', 'Nutella and strawberries.'],
      ['Gelato', 'Two scoops.'],
      ['Brownie', 'With cream.'],
    ],
  },
  {
    name: 'Drinks',
    description: 'Cold drinks.',
    halfHalf: false,
    sizes: [
      ['375ml can', 5, 4],
      ['1.25L bottle', 6, 7],
    ],
    products: [
      ['Cola', ''],
      ['Lemonade', ''],
      ['Orange', ''],
      ['Sparkling Water', ''],
      ['Iced Tea', ''],
    ],
  },
];

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
const roundToCents = (dollars: number) => Math.round(dollars * 100) / 100;

function generateTenant(index: number, seed: number): GeneratedTenant {
  const rng = picker(seededRandom(seed * 1000003 + index));
  const number = String(index).padStart(3, '0');
  const slug = `synthetic-${number}`;
  const retailerId = RETAILER_ID_BASE + index;
  const retailerWebsiteId = WEBSITE_ID_BASE + index;
  const [suburb, postcode] = rng.pick(suburbs);
  const name = `${rng.pick(shopWords)} Pizza ${suburb} #${number}`;
  const theme = rng.pick(themes);
  const latitude = -37.8136 + rng.int(-200, 200) / 1000;
  const longitude = 144.9631 + rng.int(-200, 200) / 1000;

  const settings: z.input<typeof tenantSettingsSchema> = {
    hosts: [`${slug}.example.com`, `www.${slug}.example.com`],
    retailerWebsiteId,
    apiBaseUrl: 'http://localhost:8787',
    brokerUrl: 'ws://localhost:9001',
    mqttTopicPrefix: 'storefront',
    analytics: { enabled: false, host: null },
    active: true,
  };
  const config: z.input<typeof retailerConfigSchema> = {
    retailerId,
    retailerWebsiteId,
    retailerLayout: {
      layout: rng.int(1, 4),
      showDeals: rng.int(0, 1) === 1,
      showClock: rng.int(0, 1) === 1,
      clockPosition: rng.pick(['left', 'right'] as const),
    },
    // initial-layout is left to the schema default (2): the CSS schema's string catch-all rejects a number literal here.
    retailerCSS: { ...theme },
    retailerSEO: {
      title: `${name} | Pizza in ${suburb}`,
      description: `Order pizza, pasta and sides from ${name} in ${suburb}.`,
      keywords: `pizza ${suburb}, pizza delivery ${postcode}`,
    },
    retailerInfo: {
      name,
      address: `${rng.int(1, 400)} ${rng.pick(streets)}, ${suburb} VIC ${postcode}`,
      phone: `(03) 9${rng.int(100, 999)} ${rng.int(1000, 9999)}`,
      email: `hello@${slug}.example.com`,
      timeZoneDiff: 0,
      baseDeliveryFee: rng.pick([4.5, 5, 6, 6.5, 7.5]),
      minOrderValueDelivery: rng.pick([20, 25, 30, 35]),
      minOrderValuePickup: 0,
      ingredientsPriceType: rng.pick([1, 2] as const),
      ingredientsOffProductPrice: rng.int(0, 1) === 1,
      halfHalfIngredPriceType: rng.pick([1, 2] as const),
      halfHalfPriceType: rng.pick([1, 2] as const),
      oflEnabled: true,
      oflMinTimeFromCurrTime: 15,
      oflMinTimeFromFirstShift: 0,
      orderForLaterMaxDaysToEnd: 7,
      orderForLaterMinDaysToStart: 0,
      pickupDisabled: false,
      allowDeliveries: true,
      pickupAvailable: true,
      deliveryAvailable: true,
    },
    retailerWebsiteLinks: [{ label: 'Instagram', url: `https://www.instagram.com/${slug.replace('-', '')}/` }],
    retailerPaymentTypes: { cashAccepted: true, amexAccepted: rng.int(0, 1) === 1 },
    oflEnabled: true,
    allowHalfHalfInSpecials: true,
  };

  const ingredients: ProductsInfo['ingredients'] = [
    'Mozzarella',
    'Ham',
    'Salami',
    'Mushroom',
    'Capsicum',
    'Olives',
    'Onion',
    'Pineapple',
    'Chilli',
    'Rocket',
  ].map((ingredientName, i) => ({
    ingredientId: i + 1,
    name: ingredientName,
    price: roundToCents(1.5 + (i % 4) * 0.5),
    defaultExtraPrice: 2,
    overrideGroupPrice: i === 0,
  }));
  const options: ProductsInfo['options'] = [
    {
      retailerProductOptionId: 1,
      name: 'Base',
      required: true,
      choices: [
        { retailerProductOptionChoiceId: 1, name: 'Classic', defaultPrice: 0 },
        { retailerProductOptionChoiceId: 2, name: 'Thin', defaultPrice: 0 },
        { retailerProductOptionChoiceId: 3, name: 'Gluten-free', defaultPrice: 3 },
      ],
    },
  ];
  const groups: ProductsInfoSsr['groups'] = [];
  const products: ProductsInfoSsr['products'] = [];
  const sizes: Size[] = [];
  const details: ProductDetails = [];
  groupPlans.forEach((plan, groupIndex) => {
    const productGroupId = groupIndex + 1;
    groups.push({
      productGroupId,
      name: plan.name,
      description: plan.description,
      sortOrder: groupIndex * 10,
      allowHalfHalf: plan.halfHalf,
      halfHalfSurcharge: plan.halfHalf ? 2 : 0,
      availableForAllHours: true,
      extraPrice: plan.halfHalf ? 2.5 : null,
    });
    const groupSizes = plan.sizes.map(([sizeName, productSizeId, price], sizeIndex): Size => ({
      retailerProductSizeId: productGroupId * 10 + sizeIndex + 1,
      productGroupId,
      productSizeId,
      name: sizeName,
      price,
      defaultProductPrice: price,
    }));
    sizes.push(...groupSizes);
    plan.products.forEach(([productName, description], productIndex) => {
      const productId = productGroupId * 100 + productIndex + 1;
      const markup = rng.int(0, 4);
      const productSizes = groupSizes.map((size) => ({ ...size, price: roundToCents(size.price + markup) }));
      const product = {
        productId,
        productGroupId,
        name: productName,
        description,
        minPrice: Math.min(...productSizes.map((size) => size.price)),
        image: '',
        sortOrder: productIndex * 10,
        isHalfHalf: plan.halfHalf,
        isVegetarian: productName === 'Margherita' || productName === 'Vegetarian',
      };
      products.push(product);
      details.push({
        ...product,
        productSizes,
        productOptions: plan.halfHalf ? [{ retailerProductOptionId: 1 }] : [],
        productExtras: plan.halfHalf
          ? ingredients.map((ingredient) => ({ ingredientId: ingredient.ingredientId }))
          : [],
        productIngredients: plan.halfHalf ? [{ ingredientId: 1 }] : [],
      });
    });
  });

  const tradingHours: z.input<typeof tradingHoursSchema> = [0, 1, 2, 3, 4, 5, 6].flatMap((day) =>
    day === 1
      ? []
      : [
          {
            day,
            openingTimeStart: '17:00',
            openingTimeEnd: day >= 5 ? '00:30' : '21:30',
            deliveryTimeStart: '17:30',
            deliveryTimeEnd: day >= 5 ? '00:00' : '21:00',
          },
        ],
  );
  const closedDates: z.input<typeof closedDatesSchema> = [
    { dateStart: '2026-12-25', dateEnd: '2026-12-25', timeEnd: '23:59', justDeliveryDisabled: false },
  ];
  const specials: z.input<typeof specialsSchema> = [
    {
      retailerSpecialId: 1,
      name: 'Two Large Pizzas',
      price: 38,
      priority: 1,
      retailerSpecialItems: [{ productGroupId: 1, retailerProductSizeId: 12, productId: -1, qty: 2 }],
    },
    {
      retailerSpecialId: 2,
      name: 'Late Night Slice',
      price: 12,
      specialDelivMethod: 1,
      availableForAllHours: false,
      availabilityHours: [{ day: 5, timeFrom: '22:00', timeTo: '00:30' }],
      retailerSpecialItems: [{ productGroupId: 1, retailerProductSizeId: 11, productId: -1, qty: 1 }],
    },
  ];
  const groupHours: z.input<typeof groupHoursSchema> = [];
  const trending: z.input<typeof trendingSchema> = products
    .slice(0, 4)
    .map((product, i) => ({ productId: product.productId, orderCount: 100 - i * 10 }));
  const popups: z.input<typeof popupsSchema> = [
    { popupId: 1, title: `Welcome to ${name}`, body: 'Order online for pickup or delivery.', active: true },
  ];
  const customSections: z.input<typeof customSectionsSchema> = [
    { sectionId: 1, title: 'Fresh every day', body: 'Dough made every morning.', position: 'top' },
  ];
  const box = (size: number): [number, number][] =>
    [
      [latitude + size, longitude - size],
      [latitude + size, longitude + size],
      [latitude - size, longitude + size],
      [latitude - size, longitude - size],
    ].map(([a, b]) => [Number((a ?? 0).toFixed(4)), Number((b ?? 0).toFixed(4))]);
  const deliveryZones: z.input<typeof deliveryZonesSchema> = [
    { zoneId: 1, name: `${suburb} and nearby`, polygon: box(0.02) },
  ];
  const deliverySuburbs: z.input<typeof deliverySuburbsSchema> = [{ suburbId: 1, name: suburb, postcode, zoneId: 1 }];

  const files: Record<string, string> = {
    'tenant.json': json(settings),
    'retailer-config.json': json(config),
    'trading-hours.json': json(tradingHours),
    'closed-dates.json': json(closedDates),
    'specials.json': json(specials),
    'popups.json': json(popups),
    'custom-sections.json': json(customSections),
    'delivery-zones.json': json(deliveryZones),
    'delivery-suburbs.json': json(deliverySuburbs),
    'products-info-ssr.json': json({ products, groups } satisfies ProductsInfoSsr),
    'products-info.json': json({ sizes, options, ingredients } satisfies ProductsInfo),
    'trending.json': json(trending),
    'group-hours.json': json(groupHours),
    'product-details.json': json(details),
    'pages/about/index.md': `# About ${name}\n\nA neighbourhood pizza shop in ${suburb}.\n`,
    'pages/info/delivery.md': `# Delivery\n\nWe deliver around ${suburb} (${postcode}).\n`,
  };
  return { slug, files };
}

/** Retailer ids count up from RETAILER_ID_BASE and must stay below the website ids. */
const MAX_COUNT = WEBSITE_ID_BASE - RETAILER_ID_BASE - 1;

function checkOptions({ count, seed = 1 }: GenerateOptions): void {
  if (!Number.isInteger(count) || count < 1 || count > MAX_COUNT)
    throw new Error(`count must be a whole number from 1 to ${MAX_COUNT}, got ${count}`);
  if (!Number.isInteger(seed)) throw new Error(`seed must be a whole number, got ${seed}`);
}

/** One tenant at a time, so 10,000 tenants never sit in memory together. */
export function eachGeneratedTenant(options: GenerateOptions): Generator<GeneratedTenant> {
  checkOptions(options);
  return (function* () {
    for (let index = 1; index <= options.count; index += 1) yield generateTenant(index, options.seed ?? 1);
  })();
}

/** Deterministic synthetic tenants for build benchmarks: the same count and seed give the same files. */
export function generateTenants(options: GenerateOptions): GeneratedTenant[] {
  return [...eachGeneratedTenant(options)];
}

const syntheticSlug = /^synthetic-\d{3,}$/;

/**
 * Writes the tenants under `outDir`, replacing earlier synthetic tenants there (a smaller
 * second run must not leave extra tenants behind); other folders are left alone.
 */
export async function writeTenants(tenants: Iterable<GeneratedTenant>, outDir: string): Promise<void> {
  await mkdir(outDir, { recursive: true });
  const existing = await readdir(outDir, { withFileTypes: true });
  for (const entry of existing) {
    if (entry.isDirectory() && syntheticSlug.test(entry.name)) await rm(join(outDir, entry.name), { recursive: true });
  }
  for (const tenant of tenants) {
    for (const [path, content] of Object.entries(tenant.files)) {
      const file = join(outDir, tenant.slug, path);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, content);
    }
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      count: { type: 'string', default: '10' },
      out: { type: 'string', default: '.build/synthetic-tenants' },
      seed: { type: 'string', default: '1' },
    },
  });
  const count = Number(values.count);
  await writeTenants(eachGeneratedTenant({ count, seed: Number(values.seed) }), values.out);
  console.log(`wrote ${count} synthetic tenants to ${values.out}`);
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
