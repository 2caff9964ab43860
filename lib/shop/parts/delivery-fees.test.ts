import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deliveryZonesSchema } from '../../tenant/content.ts';
import { loadTenant } from '../../tenant/load.ts';
import {
  deliveryFeesPart,
  deliveryFeesValueSchema,
  MAX_DELIVERY_ZONES,
  type DeliveryFeesValue,
  type DeliveryZoneFees,
} from './delivery-fees.ts';
import { SAMPLE_SHOPS } from '../../tenant/sample-shops.ts';

async function rawZones(slug: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(join('tenants', slug, 'delivery-zones.json'), 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

const zone = (
  zoneId: number,
  name: string,
  deliveryFeeCents: number | null,
  minOrderCents: number | null,
): DeliveryZoneFees => ({ zoneId, name, colour: '', deliveryFeeCents, minOrderCents });
const carlton = zone(1, 'Carlton & Fitzroy', 650, 3000);
const brunswick = zone(2, 'Brunswick', 850, 4000);

describe('delivery fees: describe', () => {
  it.each<[string, DeliveryFeesValue, DeliveryFeesValue, string[]]>([
    ['nothing changed', [carlton, brunswick], [carlton, brunswick], []],
    [
      'a fee raised',
      [carlton],
      [{ ...carlton, deliveryFeeCents: 700 }],
      ['Carlton & Fitzroy: delivery fee $6.50 → $7.00'],
    ],
    [
      'a minimum left to the standard one',
      [carlton],
      [{ ...carlton, minOrderCents: null }],
      ['Carlton & Fitzroy: minimum order $30.00 → the standard delivery minimum'],
    ],
    [
      'a fee of its own where the standard one applied',
      [zone(1, 'Carlton & Fitzroy', null, null)],
      [carlton],
      [
        'Carlton & Fitzroy: delivery fee the standard delivery fee → $6.50',
        'Carlton & Fitzroy: minimum order the standard delivery minimum → $30.00',
      ],
    ],
    [
      'free delivery is a fee of $0, not the standard fee',
      [carlton],
      [{ ...carlton, deliveryFeeCents: 0 }],
      ['Carlton & Fitzroy: delivery fee $6.50 → $0.00'],
    ],
    [
      'both fields of two zones, in the order of the new value',
      [carlton, brunswick],
      [
        { ...brunswick, minOrderCents: 4500 },
        { ...carlton, deliveryFeeCents: 600 },
      ],
      ['Brunswick: minimum order $40.00 → $45.00', 'Carlton & Fitzroy: delivery fee $6.50 → $6.00'],
    ],
    ['the name is only a label: renaming changes nothing', [carlton], [{ ...carlton, name: 'Carlton' }], []],
    [
      'a zone the shop does not have is ignored, as write ignores it',
      [carlton],
      [carlton, zone(9, 'Nowhere', 100, 100)],
      [],
    ],
    ['a zone left out of the value is left as it is', [carlton, brunswick], [carlton], []],
  ])('%s', (_name, from, to, lines) => {
    expect(deliveryFeesPart.describe(from, to)).toEqual(lines);
  });
});

describe('delivery fees: write', () => {
  const raw = [
    {
      name: 'Carlton & Fitzroy',
      zoneId: 1,
      colour: '#b3261e',
      deliveryFee: 6.5,
      minOrderValue: 30,
      polygon: [
        [0, 0],
        [0, 1],
        [1, 1],
      ],
      note: 'kept',
    },
    {
      zoneId: 2,
      name: 'Brunswick',
      polygon: [
        [0, 0],
        [0, 1],
        [1, 1],
      ],
    },
  ];

  it.each<[string, DeliveryFeesValue, unknown]>([
    ['the published values leave the file exactly as it was', [carlton, zone(2, 'Brunswick', null, null)], raw],
    [
      'a fee set, unknown keys, key order, polygon and the other zone kept',
      [{ ...carlton, deliveryFeeCents: 700 }],
      [{ ...raw[0], deliveryFee: 7 }, raw[1]],
    ],
    [
      'null goes back to the standard fee and minimum',
      [zone(1, 'x', null, null)],
      [{ ...raw[0], deliveryFee: null, minOrderValue: null }, raw[1]],
    ],
    [
      'a zone without its own fields gets them',
      [zone(2, 'Brunswick', 1250, 2999)],
      [raw[0], { ...raw[1], deliveryFee: 12.5, minOrderValue: 29.99 }],
    ],
    [
      'unknown zone ids and the display name are ignored',
      [zone(7, 'Elsewhere', 100, 100), { ...carlton, name: 'Renamed' }],
      raw,
    ],
  ])('%s', (_name, value, expected) => {
    const written = deliveryFeesPart.write(raw, value);
    expect(JSON.stringify(written)).toBe(JSON.stringify(expected));
    expect(deliveryZonesSchema.safeParse(written).success).toBe(true);
  });

  it.each<[string, unknown]>([
    ['an object', { zones: [] }],
    ['a string', 'zones'],
    ['a zone without an id', [{ name: 'x' }]],
    ['a zone id that is text', [{ zoneId: '1' }]],
    ['a null zone', [null]],
    ['a zone that is a list', [[1]]],
  ])('malformed raw (%s) gives undefined', (_name, malformed) => {
    expect(deliveryFeesPart.write(malformed, [carlton])).toBeUndefined();
  });

  it('an absent file is a shop without zones', () => {
    expect(deliveryFeesPart.write(undefined, [])).toEqual([]);
  });
});

describe('delivery fees: sample tenants', () => {
  it.each(SAMPLE_SHOPS)('%s: writing the published value re-parses to the same zones, byte for byte', async (slug) => {
    const tenant = await loadTenant('tenants', slug);
    const raw = await rawZones(slug);
    const published = deliveryFeesPart.published(tenant);
    expect(deliveryFeesValueSchema.parse(published)).toEqual(published);
    const written = deliveryFeesPart.write(raw, published);
    expect(deliveryZonesSchema.parse(written)).toEqual(tenant.deliveryZones);
    if (raw !== undefined) expect(JSON.stringify(written)).toBe(JSON.stringify(raw));
    expect(deliveryFeesPart.describe(published, published)).toEqual([]);
  });

  it('bella-napoli: a changed fee and minimum show in describe and land in the file', async () => {
    const tenant = await loadTenant('tenants', 'bella-napoli');
    const published = deliveryFeesPart.published(tenant);
    expect(published[0]).toEqual({
      zoneId: 1,
      name: 'Carlton & Fitzroy',
      colour: '#b3261e',
      deliveryFeeCents: 650,
      minOrderCents: 3000,
    });
    const changed = published.map((fees) =>
      fees.zoneId === 1 ? { ...fees, deliveryFeeCents: 700, minOrderCents: null } : fees,
    );
    expect(deliveryFeesPart.describe(published, changed)).toEqual([
      'Carlton & Fitzroy: delivery fee $6.50 → $7.00',
      'Carlton & Fitzroy: minimum order $30.00 → the standard delivery minimum',
    ]);
    const zones = deliveryZonesSchema.parse(deliveryFeesPart.write(await rawZones('bella-napoli'), changed));
    expect(zones.map(({ zoneId, deliveryFee, minOrderValue }) => ({ zoneId, deliveryFee, minOrderValue }))).toEqual([
      { zoneId: 1, deliveryFee: 7, minOrderValue: null },
      { zoneId: 2, deliveryFee: 8.5, minOrderValue: 40 },
      { zoneId: 3, deliveryFee: 8.5, minOrderValue: 40 },
    ]);
    expect(zones.map((written) => written.polygon)).toEqual(tenant.deliveryZones.map((original) => original.polygon));
  });

  it('old-mill-pizza delivers by suburb: no zones to edit', async () => {
    expect(deliveryFeesPart.published(await loadTenant('tenants', 'old-mill-pizza'))).toEqual([]);
  });
});

describe('delivery fees: the value a browser sends', () => {
  it.each<[string, unknown]>([
    ['negative cents', [{ ...carlton, deliveryFeeCents: -1 }]],
    ['a fraction of a cent', [{ ...carlton, minOrderCents: 10.5 }]],
    ['a zone twice', [carlton, { ...carlton, deliveryFeeCents: 1 }]],
    ['an empty name', [{ ...carlton, name: '' }]],
    [
      'too many zones',
      Array.from({ length: MAX_DELIVERY_ZONES + 1 }, (_, index) => ({ ...carlton, zoneId: index + 1 })),
    ],
  ])('refuses %s', (_name, value) => {
    expect(deliveryFeesValueSchema.safeParse(value).success).toBe(false);
  });
});
