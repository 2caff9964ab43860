import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { loadTenant } from '../../tenant/load.ts';
import { specialsSchema } from '../../tenant/index.ts';
import {
  specialProblems,
  specialsPart,
  specialsProblems,
  specialsValueSchema,
  type SpecialValue,
  type SpecialsValue,
} from './specials.ts';
import { SAMPLE_SHOPS } from '../../tenant/sample-shops.ts';

async function rawSpecials(slug: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(`tenants/${slug}/specials.json`, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

const bella = await loadTenant('tenants', 'bella-napoli');
const bellaRaw = (await rawSpecials('bella-napoli')) as Record<string, unknown>[];
const shop = specialsPart.published(bella);
const [twoLarge, lunch, feast] = shop as [SpecialValue, SpecialValue, SpecialValue];
const dessert = shop.find((special) => special.name === 'Dessert for Two') as SpecialValue;
const replace = (value: SpecialsValue, next: SpecialValue) =>
  value.map((special) => (special.retailerSpecialId === next.retailerSpecialId ? next : special));

describe('specials: describe', () => {
  it.each<[string, SpecialsValue, SpecialsValue, string[]]>([
    ['nothing changed', shop, shop.map((special) => ({ ...special })), []],
    [
      'a price',
      shop,
      replace(shop, { ...feast, priceCents: 6790 }),
      ['"Family Feast (Delivery)": price $64.00 → $67.90'],
    ],
    [
      'hidden from Deals',
      shop,
      replace(shop, { ...lunch, showInSpecialSelector: false }),
      ['"Pickup Lunch Deal": hidden from Deals'],
    ],
    [
      'listed under Deals',
      shop,
      replace(shop, { ...dessert, showInSpecialSelector: true }),
      ['"Dessert for Two": listed under Deals'],
    ],
    [
      'name and description',
      shop,
      replace(shop, { ...twoLarge, name: 'Two Big Pizzas', description: 'Any two.' }),
      ['"Any Two Large Pizzas": name now "Two Big Pizzas"; description changed'],
    ],
    [
      'description only',
      shop,
      replace(shop, { ...twoLarge, description: '' }),
      ['"Any Two Large Pizzas": description changed'],
    ],
    [
      'everything of one, in order',
      shop,
      replace(shop, { ...feast, priceCents: 0, showInSpecialSelector: false, name: 'Feast' }),
      [
        '"Family Feast (Delivery)": price $64.00 → $0.00',
        '"Family Feast (Delivery)": hidden from Deals',
        '"Family Feast (Delivery)": name now "Feast"',
      ],
    ],
    [
      'several, in list order',
      shop,
      replace(replace(shop, { ...lunch, priceCents: 1800 }), { ...twoLarge, priceCents: 4500 }),
      ['"Any Two Large Pizzas": price $44.00 → $45.00', '"Pickup Lunch Deal": price $17.00 → $18.00'],
    ],
    ['a special the shop does not have is left out', shop, [...shop, { ...lunch, retailerSpecialId: 1 }], []],
    ['a special left out of the value changes nothing', shop, [twoLarge], []],
  ])('%s', (_name, from, to, lines) => {
    expect(specialsPart.describe(from, to)).toEqual(lines);
  });
});

describe('specials: write', () => {
  it.each(SAMPLE_SHOPS)(
    '%s: the published value writes the file back unchanged and it loads as the same specials',
    async (slug) => {
      const tenant = await loadTenant('tenants', slug);
      const raw = await rawSpecials(slug);
      const written = specialsPart.write(raw, specialsPart.published(tenant));
      expect(written).toEqual(raw ?? []);
      expect(specialsSchema.parse(written)).toEqual(tenant.specials);
    },
  );

  const minimal = {
    retailerSpecialId: 5,
    name: 'Bare',
    price: 10,
    retailerSpecialItems: [{ productGroupId: -1, retailerProductSizeId: -1, productId: -1 }],
    promo: 'x',
  };
  const bare: SpecialValue = {
    retailerSpecialId: 5,
    name: 'Bare',
    description: '',
    showInSpecialSelector: true,
    priceCents: 1000,
  };
  const at = (index: number, fields: Record<string, unknown>) =>
    bellaRaw.map((special, position) => (position === index ? { ...special, ...fields } : special));

  it.each<[string, unknown, SpecialsValue, unknown]>([
    ['a price in dollars', bellaRaw, replace(shop, { ...feast, priceCents: 6790 }), at(2, { price: 67.9 })],
    [
      'name, description and listing',
      bellaRaw,
      replace(shop, { ...lunch, name: 'Lunch', description: 'Noon.', showInSpecialSelector: false }),
      at(1, { name: 'Lunch', description: 'Noon.', showInSpecialSelector: false }),
    ],
    ['unknown ids ignored, nothing added', bellaRaw, [...shop, { ...bare, retailerSpecialId: 1 }], bellaRaw],
    ['specials left out stay, nothing removed', bellaRaw, [{ ...twoLarge, priceCents: 4000 }], at(0, { price: 40 })],
    ['absent fields and unknown keys stay as written', [minimal], [bare], [minimal]],
    [
      'an edit keeps unknown keys and slots',
      [minimal],
      [{ ...bare, showInSpecialSelector: false, priceCents: 1250 }],
      [{ ...minimal, price: 12.5, showInSpecialSelector: false }],
    ],
    ['absent file', undefined, [], []],
    ['absent file with a value adds nothing', undefined, [bare], []],
  ])('%s', (_name, raw, value, expected) => {
    const written = specialsPart.write(raw, value);
    expect(written).toEqual(expected);
    expect(specialsSchema.safeParse(written).success).toBe(true);
  });

  it('leaves the raw file as it was', () => {
    const before = structuredClone(bellaRaw);
    specialsPart.write(bellaRaw, replace(shop, { ...feast, name: 'Changed' }));
    expect(bellaRaw).toEqual(before);
  });

  it.each<[string, unknown]>([
    ['an object', { specials: [] }],
    ['a special without an id', [{ name: 'No id', price: 1 }]],
    ['an id that is text', [{ retailerSpecialId: '7001' }]],
    ['null', null],
  ])('malformed raw (%s) gives undefined', (_name, raw) => {
    expect(specialsPart.write(raw, shop)).toBeUndefined();
  });
});

describe('specials: value and problems', () => {
  it.each(SAMPLE_SHOPS)('%s: the published value is a valid value', async (slug) => {
    expect(specialsValueSchema.safeParse(specialsPart.published(await loadTenant('tenants', slug))).success).toBe(true);
  });

  it.each<[string, unknown]>([
    ['more than 100', Array.from({ length: 101 }, (_, index) => ({ ...twoLarge, retailerSpecialId: index + 1 }))],
    ['the same id twice', [twoLarge, twoLarge]],
    ['a negative price', [{ ...twoLarge, priceCents: -1 }]],
    ['a fraction of a cent', [{ ...twoLarge, priceCents: 10.5 }]],
    ['a price over the bound', [{ ...twoLarge, priceCents: 100_001 }]],
    ['an empty name', [{ ...twoLarge, name: '' }]],
  ])('refuses %s', (_name, value) => {
    expect(specialsValueSchema.safeParse(value).success).toBe(false);
  });

  it('says what stops a special from publishing', () => {
    expect(specialProblems(twoLarge, undefined)).toEqual({});
    expect(specialProblems(twoLarge, '42.5')).toEqual({});
    expect(specialProblems(twoLarge, '42.555').price).toMatch(/^Not a price/);
    expect(
      specialsProblems([twoLarge, { ...lunch, name: '' }], new Map([[twoLarge.retailerSpecialId, 'abc']])),
    ).toEqual([
      '"Any Two Large Pizzas", price: Not a price: type dollars and cents, like 39.90 (at most $1,000.00)',
      'Special 2: Needs a name: the shop lists the special by it',
    ]);
  });
});
