import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTenant } from '../../tenant/load.ts';
import { tradingHoursSchema, type Tenant, type TradingHourEntry } from '../../tenant/index.ts';
import {
  shiftEndNote,
  tradingHoursPart,
  tradingHoursValueSchema,
  TRADING_HOURS_MAX_ROWS,
  type TradingHoursValue,
} from './trading-hours.ts';
import { SAMPLE_SHOPS } from '../../tenant/sample-shops.ts';

async function rawFile(slug: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(`tenants/${slug}/trading-hours.json`, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

const row = (
  day: number,
  open: [string, string] | null,
  delivery: [string, string] | null = null,
): TradingHourEntry => ({
  day,
  openingTimeStart: open?.[0] ?? null,
  openingTimeEnd: open?.[1] ?? null,
  deliveryTimeStart: delivery?.[0] ?? null,
  deliveryTimeEnd: delivery?.[1] ?? null,
});

/** bella-napoli's rows with the `index`-th replaced (or removed, for null). */
const edit = (rows: TradingHoursValue, index: number, next: TradingHourEntry | null): TradingHoursValue =>
  rows.flatMap((entry, at) => (at !== index ? [entry] : next ? [next] : []));

let bella: Tenant;
beforeAll(async () => {
  bella = await loadTenant('tenants', 'bella-napoli');
});

describe('trading hours part, on the sample tenants', () => {
  it.each(SAMPLE_SHOPS)(
    '%s: its published hours are a value, describe nothing against themselves and write back as they were',
    async (slug) => {
      const tenant = await loadTenant('tenants', slug);
      const published = tradingHoursPart.published(tenant);
      expect(tradingHoursValueSchema.parse(published)).toEqual(published);
      expect(tradingHoursPart.describe(published, published)).toEqual([]);
      const raw = await rawFile(slug);
      const written = tradingHoursPart.write(raw, published);
      expect(tradingHoursSchema.parse(written)).toEqual(tenant.tradingHours);
      expect(written).toEqual(raw ?? []);
    },
  );
});

describe('describe', () => {
  // bella-napoli: rows 7 and 8 are Friday 11:30–14:30 (delivery 12:00–14:00) and 17:00–01:00 (17:30–00:30); row 1 is Monday, closed.
  it.each([
    [
      'a later lunch opening',
      (rows: TradingHoursValue) => edit(rows, 7, row(5, ['12:00', '14:30'], ['12:00', '14:00'])),
      ['Friday: open 11:30–14:30, 17:00–01:00 → 12:00–14:30, 17:00–01:00'],
    ],
    [
      'no late delivery',
      (rows: TradingHoursValue) => edit(rows, 8, row(5, ['17:00', '01:00'])),
      ['Friday delivery: 12:00–14:00, 17:30–00:30 → 12:00–14:00'],
    ],
    [
      'no lunch shift at all',
      (rows: TradingHoursValue) => edit(rows, 7, null),
      [
        'Friday: open 11:30–14:30, 17:00–01:00 → 17:00–01:00',
        'Friday delivery: 12:00–14:00, 17:30–00:30 → 17:30–00:30',
      ],
    ],
    [
      'Monday opens, Sunday closes: Monday comes first',
      (rows: TradingHoursValue) => edit(edit(rows, 1, row(1, ['17:00', '21:00'], ['17:30', '20:30'])), 0, row(0, null)),
      [
        'Monday: closed → open 17:00–21:00',
        'Monday delivery: closed → 17:30–20:30',
        'Sunday: open 12:00–21:30 → closed',
        'Sunday delivery: 17:00–21:00 → closed',
      ],
    ],
    [
      'a split shift added on Tuesday, listed in start order',
      (rows: TradingHoursValue) => [...rows, row(2, ['11:30', '14:00'])],
      ['Tuesday: open 17:00–22:00 → 11:30–14:00, 17:00–22:00'],
    ],
    [
      'a row with only a start time is closed, as the storefront reads it',
      (rows: TradingHoursValue) =>
        edit(rows, 0, { ...row(0, ['12:00', '21:30'], ['17:00', '21:00']), openingTimeEnd: null }),
      ['Sunday: open 12:00–21:30 → closed'],
    ],
    ['the same hours in another row order', (rows: TradingHoursValue) => [...rows].reverse(), []],
    ['a closed row more', (rows: TradingHoursValue) => [...rows, row(3, null)], []],
  ] as const)('%s', (_, change, expected) => {
    const published = tradingHoursPart.published(bella);
    expect(tradingHoursPart.describe(published, change(published))).toEqual(expected);
  });

  it('changes a closed day back the other way', () => {
    expect(tradingHoursPart.describe([row(1, ['17:00', '21:00'])], [row(1, null)])).toEqual([
      'Monday: open 17:00–21:00 → closed',
    ]);
  });
});

describe('write', () => {
  const raw = [
    { day: 3, openingTimeStart: '11:30', openingTimeEnd: '14:30', note: 'lunch' },
    {
      day: 3,
      openingTimeStart: '17:00',
      openingTimeEnd: '22:00',
      deliveryTimeStart: '17:30',
      deliveryTimeEnd: '21:30',
      note: 'dinner',
    },
    { day: 4, openingTimeStart: null, openingTimeEnd: null, deliveryTimeStart: null, deliveryTimeEnd: null },
  ];
  const value = tradingHoursSchema.parse(raw);

  it.each<[string, TradingHoursValue, unknown]>([
    ['nothing changed: the same rows, defaults left unwritten', value, raw],
    [
      "a changed time keeps the row's unknown keys and unwritten defaults",
      edit(value, 0, row(3, ['12:00', '14:30'])),
      [{ ...raw[0], openingTimeStart: '12:00' }, raw[1], raw[2]],
    ],
    [
      "the k-th shift of a day keeps the k-th row's keys",
      edit(value, 0, null),
      [
        {
          ...raw[0],
          openingTimeStart: '17:00',
          openingTimeEnd: '22:00',
          deliveryTimeStart: '17:30',
          deliveryTimeEnd: '21:30',
        },
        raw[2],
      ],
    ],
    [
      'a new shift is written in full',
      [...value, row(5, ['11:00', '15:00'])],
      [
        ...raw,
        { day: 5, openingTimeStart: '11:00', openingTimeEnd: '15:00', deliveryTimeStart: null, deliveryTimeEnd: null },
      ],
    ],
  ])('%s', (_, next, expected) => {
    const written = tradingHoursPart.write(raw, next);
    expect(written).toEqual(expected);
    expect(tradingHoursSchema.parse(written)).toEqual(next);
  });

  it('writes a missing file from the value', () => {
    expect(tradingHoursPart.write(undefined, [row(1, ['17:00', '21:00'])])).toEqual([row(1, ['17:00', '21:00'])]);
  });

  it.each([
    ['an object', { day: 1 }],
    ['a row that is not an object', [1]],
    ['a row without a day', [{ openingTimeStart: '17:00' }]],
    ['a row with a time that is not HH:mm', [{ day: 1, openingTimeStart: '5pm', openingTimeEnd: '21:00' }]],
  ])('is undefined for a file that is %s', (_, malformed) => {
    expect(tradingHoursPart.write(malformed, value)).toBeUndefined();
  });
});

describe('value schema', () => {
  it.each([
    [
      '28 shifts',
      Array.from({ length: TRADING_HOURS_MAX_ROWS }, (_, index) => row(index % 7, ['11:00', '14:00'])),
      true,
    ],
    [
      '29 shifts',
      Array.from({ length: TRADING_HOURS_MAX_ROWS + 1 }, (_, index) => row(index % 7, ['11:00', '14:00'])),
      false,
    ],
    ['day 7', [row(7, null)], false],
    ['24:00', [row(1, ['17:00', '24:00'])], false],
  ] as const)('%s: accepted %s', (_, rows, accepted) => {
    expect(tradingHoursValueSchema.safeParse(rows).success).toBe(accepted);
  });
});

describe('end time notes', () => {
  it.each([
    ['17:00', '22:00', undefined],
    ['17:00', '23:59', undefined],
    ['17:00', '00:00', 'Until midnight'],
    ['17:00', '01:00', 'Crosses midnight: until 01:00 the next day'],
    ['10:00', '10:00', 'Crosses midnight: 24 hours, until 10:00 the next day'],
    ['00:00', '00:00', 'All day: 24 hours'],
  ])('%s until %s: %s', (from, until, note) => {
    expect(shiftEndNote({ from, until })).toBe(note);
  });
});
