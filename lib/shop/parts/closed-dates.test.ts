import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTenant } from '../../tenant/load.ts';
import { closedDatesSchema, type ClosedDate, type Tenant } from '../../tenant/index.ts';
import {
  CLOSED_DATES_MAX,
  closedDatesPart,
  closedDatesValueSchema,
  formatDateRange,
  type ClosedDatesValue,
} from './closed-dates.ts';
import { SAMPLE_SHOPS } from '../../tenant/sample-shops.ts';

async function rawFile(slug: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(`tenants/${slug}/closed-dates.json`, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

const closed = (
  dateStart: string,
  dateEnd: string,
  timeEnd = '23:59',
  justDeliveryDisabled = false,
  reason = '',
): ClosedDate => ({ dateStart, dateEnd, timeEnd, justDeliveryDisabled, reason });

const at = (rows: ClosedDatesValue, index: number, change: Partial<ClosedDate> | null): ClosedDatesValue =>
  rows.flatMap((entry, where) => (where !== index ? [entry] : change ? [{ ...entry, ...change }] : []));

let bella: Tenant;
beforeAll(async () => {
  bella = await loadTenant('tenants', 'bella-napoli');
});

describe('closed dates part, on the sample tenants', () => {
  it.each(SAMPLE_SHOPS)(
    '%s: its published dates are a value, describe nothing against themselves and write back as they were',
    async (slug) => {
      const tenant = await loadTenant('tenants', slug);
      const published = closedDatesPart.published(tenant);
      expect(closedDatesValueSchema.parse(published)).toEqual(published);
      expect(closedDatesPart.describe(published, published)).toEqual([]);
      const raw = await rawFile(slug);
      const written = closedDatesPart.write(raw, published);
      expect(closedDatesSchema.parse(written)).toEqual(tenant.closedDates);
      expect(written).toEqual(raw ?? []);
    },
  );
});

describe('describe', () => {
  // bella-napoli: 24 Dec delivery only, 25–26 Dec, 1 Jan until 16:00, 11–17 Jan.
  it.each([
    [
      'a reason edited',
      (rows: ClosedDatesValue) => at(rows, 1, { reason: 'Christmas' }),
      ['Changed: 25–26 Dec 2026 closed; reason "Christmas Day and Boxing Day" → "Christmas"'],
    ],
    [
      'one entry removed: the others stay unchanged',
      (rows: ClosedDatesValue) => at(rows, 0, null),
      ['Removed: 24 Dec 2026 closed for delivery only (Christmas Eve: pickup only, our drivers…)'],
    ],
    [
      'delivery only becomes closed',
      (rows: ClosedDatesValue) => at(rows, 0, { justDeliveryDisabled: false }),
      ['Changed: 24 Dec 2026 closed for delivery only → 24 Dec 2026 closed'],
    ],
    [
      'a closure moved a day earlier keeps its reason',
      (rows: ClosedDatesValue) => at(rows, 1, { dateStart: '2026-12-24' }),
      ['Changed: 25–26 Dec 2026 closed → 24–26 Dec 2026 closed'],
    ],
    [
      'both dates moved, matched by reason',
      (rows: ClosedDatesValue) => at(rows, 3, { dateStart: '2027-01-25', dateEnd: '2027-02-02', timeEnd: '16:00' }),
      ['Changed: 11–17 Jan 2027 closed → 25 Jan – 2 Feb 2027 closed until 16:00'],
    ],
    [
      "a later opening on New Year's Day",
      (rows: ClosedDatesValue) => at(rows, 2, { timeEnd: '17:00' }),
      ['Changed: 1 Jan 2027 closed until 16:00 → 1 Jan 2027 closed until 17:00'],
    ],
    [
      '00:00 closes the whole last day, like 23:59',
      (rows: ClosedDatesValue) => at(rows, 2, { timeEnd: '00:00' }),
      ['Changed: 1 Jan 2027 closed until 16:00 → 1 Jan 2027 closed'],
    ],
    [
      'an entry added, listed in date order',
      (rows: ClosedDatesValue) => [...rows, closed('2026-12-31', '2027-01-01', '02:00', true, "New Year's Eve")],
      ["Added: 31 Dec 2026 – 1 Jan 2027 closed for delivery only until 02:00 (New Year's Eve)"],
    ],
    [
      'all removed',
      () => [],
      [
        'Removed: 24 Dec 2026 closed for delivery only (Christmas Eve: pickup only, our drivers…)',
        'Removed: 25–26 Dec 2026 closed (Christmas Day and Boxing Day)',
        "Removed: 1 Jan 2027 closed until 16:00 (New Year's Day: opening at 4pm)",
        'Removed: 11–17 Jan 2027 closed (Summer break: the wood oven gets its…)',
      ],
    ],
    ['the same entries in another order', (rows: ClosedDatesValue) => [...rows].reverse(), []],
  ] as const)('%s', (_, change, expected) => {
    const published = closedDatesPart.published(bella);
    expect(closedDatesPart.describe(published, change(published))).toEqual(expected);
  });

  it('an unrelated entry in place of another reads as removed and added', () => {
    expect(
      closedDatesPart.describe(
        [closed('2026-12-25', '2026-12-25', '23:59', false, 'Christmas')],
        [closed('2027-03-01', '2027-03-02')],
      ),
    ).toEqual(['Removed: 25 Dec 2026 closed (Christmas)', 'Added: 1–2 Mar 2027 closed']);
  });

  it('shows reasons that differ only past the cut in full', () => {
    const long = 'Closed for the staff party and the annual deep clean of the kitchen ';
    expect(
      closedDatesPart.describe(
        [closed('2026-12-25', '2026-12-25', '23:59', false, `${long}A`)],
        [closed('2026-12-25', '2026-12-25', '23:59', false, `${long}B`)],
      ),
    ).toEqual([`Changed: 25 Dec 2026 closed; reason "${long}A" → "${long}B"`]);
  });

  it('names an emptied reason', () => {
    expect(
      closedDatesPart.describe(
        [closed('2026-12-25', '2026-12-25', '23:59', false, 'Christmas')],
        [closed('2026-12-25', '2026-12-25')],
      ),
    ).toEqual(['Changed: 25 Dec 2026 closed; reason "Christmas" → none']);
  });
});

describe('date ranges', () => {
  it.each([
    ['2026-12-24', '2026-12-24', '24 Dec 2026'],
    ['2026-12-25', '2026-12-26', '25–26 Dec 2026'],
    ['2027-01-11', '2027-02-02', '11 Jan – 2 Feb 2027'],
    ['2026-12-28', '2027-01-04', '28 Dec 2026 – 4 Jan 2027'],
  ])('%s to %s: %s', (from, to, text) => {
    expect(formatDateRange(from, to)).toBe(text);
  });
});

describe('write', () => {
  const raw = [
    { dateStart: '2026-12-24', dateEnd: '2026-12-24', justDeliveryDisabled: true, staffNote: 'drivers off' },
    {
      dateStart: '2026-12-25',
      dateEnd: '2026-12-26',
      timeEnd: '23:59',
      justDeliveryDisabled: false,
      reason: 'Christmas',
      staffNote: 'family',
    },
  ];
  const value = closedDatesSchema.parse(raw);

  it.each<[string, ClosedDatesValue, unknown]>([
    ['nothing changed: the same entries, defaults left unwritten', value, raw],
    [
      "an edited reason keeps the entry's unknown keys",
      at(value, 1, { reason: 'Christmas and Boxing Day' }),
      [raw[0], { ...raw[1], reason: 'Christmas and Boxing Day' }],
    ],
    ['the first entry removed: the second keeps its own keys', at(value, 0, null), [raw[1]]],
    [
      'an entry added is written in full',
      [...value, closed('2027-01-01', '2027-01-01', '16:00')],
      [
        ...raw,
        { dateStart: '2027-01-01', dateEnd: '2027-01-01', timeEnd: '16:00', justDeliveryDisabled: false, reason: '' },
      ],
    ],
    ['reordered entries keep their own keys', [...value].reverse(), [...raw].reverse()],
  ])('%s', (_, next, expected) => {
    const written = closedDatesPart.write(raw, next);
    expect(written).toEqual(expected);
    expect(closedDatesSchema.parse(written)).toEqual(next);
  });

  it('writes a missing file from the value', () => {
    expect(closedDatesPart.write(undefined, [closed('2027-01-01', '2027-01-01')])).toEqual([
      closed('2027-01-01', '2027-01-01'),
    ]);
  });

  it.each([
    ['an object', { dateStart: '2026-12-24' }],
    ['an entry that is not an object', ['2026-12-24']],
    ['an entry without dates', [{ reason: 'Christmas' }]],
    ['an entry ending before it starts', [{ dateStart: '2026-12-25', dateEnd: '2026-12-24' }]],
  ])('is undefined for a file that is %s', (_, malformed) => {
    expect(closedDatesPart.write(malformed, value)).toBeUndefined();
  });
});

describe('value schema', () => {
  it.each([
    [
      `${CLOSED_DATES_MAX} entries`,
      Array.from({ length: CLOSED_DATES_MAX }, () => closed('2026-12-25', '2026-12-25')),
      true,
    ],
    [
      `${CLOSED_DATES_MAX + 1} entries`,
      Array.from({ length: CLOSED_DATES_MAX + 1 }, () => closed('2026-12-25', '2026-12-25')),
      false,
    ],
    ['an entry ending before it starts', [closed('2026-12-25', '2026-12-24')], false],
    ['a date not as yyyy-MM-dd', [closed('25/12/2026', '2026-12-25')], false],
    ['a reason of 501 characters', [closed('2026-12-25', '2026-12-25', '23:59', false, 'x'.repeat(501))], false],
  ] as const)('%s: accepted %s', (_, rows, accepted) => {
    expect(closedDatesValueSchema.safeParse(rows).success).toBe(accepted);
  });
});
