import { describe, expect, it } from 'vitest';
import { daySummary, reportBounds, reportRangeRefusal, shopHourOf, type ReportOrder } from './day-summary.ts';

const MELBOURNE = 'Australia/Melbourne';
const PERTH = 'Australia/Perth';

let numbers = 0;
function order(placedAt: string, overrides: Partial<ReportOrder> = {}): ReportOrder {
  return {
    orderNumber: (numbers += 1),
    placedAt,
    service: 'pickup',
    paymentMethod: 'cash',
    totalCents: 2000,
    tipCents: 0,
    promoCode: null,
    promoSavingCents: 0,
    cancelled: false,
    lines: [{ dish: 'Margherita', secondHalf: null, quantity: 1, lineCents: 2000 }],
    ...overrides,
  };
}

describe('the shop hour of an instant, across daylight saving', () => {
  it.each([
    // Melbourne's autumn change, first Sunday of April: 3:00 AEDT becomes 2:00 AEST, so hour 2 runs twice.
    ['2026-04-04T13:00:00Z', MELBOURNE, '2026-04-05', 0],
    ['2026-04-04T15:30:00Z', MELBOURNE, '2026-04-05', 2],
    ['2026-04-04T16:30:00Z', MELBOURNE, '2026-04-05', 2],
    ['2026-04-04T17:00:00Z', MELBOURNE, '2026-04-05', 3],
    ['2026-04-05T13:59:00Z', MELBOURNE, '2026-04-05', 23],
    ['2026-04-05T14:00:00Z', MELBOURNE, '2026-04-06', 0],
    // Its spring change, first Sunday of October: 2:00 AEST becomes 3:00 AEDT, so there is no hour 2.
    ['2026-10-03T15:59:00Z', MELBOURNE, '2026-10-04', 1],
    ['2026-10-03T16:00:00Z', MELBOURNE, '2026-10-04', 3],
    ['2026-10-04T12:59:00Z', MELBOURNE, '2026-10-04', 23],
    ['2026-10-04T13:00:00Z', MELBOURNE, '2026-10-05', 0],
    // Perth keeps +8 all year: the same instants are other hours.
    ['2026-04-04T15:30:00Z', PERTH, '2026-04-04', 23],
    ['2026-04-04T16:30:00Z', PERTH, '2026-04-05', 0],
    ['2026-10-03T16:00:00Z', PERTH, '2026-10-04', 0],
    // The spec's rule: Melbourne plus timeZoneDiff hours.
    ['2026-04-04T16:30:00Z', -2, '2026-04-05', 0],
  ] as const)('%s in %s is %s, hour %i', (at, zone, date, hour) => {
    expect(shopHourOf(at, zone)).toEqual({ date, hour });
  });
});

describe('the instants a range of shop days runs between', () => {
  it.each([
    [
      'a 25-hour autumn day in Melbourne',
      MELBOURNE,
      '2026-04-05',
      '2026-04-05',
      '2026-04-04T13:00:00.000Z',
      '2026-04-05T14:00:00.000Z',
    ],
    [
      'a 23-hour spring day in Melbourne',
      MELBOURNE,
      '2026-10-04',
      '2026-10-04',
      '2026-10-03T14:00:00.000Z',
      '2026-10-04T13:00:00.000Z',
    ],
    [
      'the same day in Perth',
      PERTH,
      '2026-04-05',
      '2026-04-05',
      '2026-04-04T16:00:00.000Z',
      '2026-04-05T16:00:00.000Z',
    ],
    [
      'a week across the change',
      MELBOURNE,
      '2026-04-01',
      '2026-04-07',
      '2026-03-31T13:00:00.000Z',
      '2026-04-07T14:00:00.000Z',
    ],
  ] as const)('%s', (_, zone, from, to, start, end) => {
    const bounds = reportBounds(from, to, zone);
    expect([bounds.start.toISOString(), bounds.end.toISOString()]).toEqual([start, end]);
  });
});

describe('which ranges may be reported', () => {
  it.each([
    ['2026-04-05', '2026-04-05', null],
    ['2026-04-01', '2026-05-01', null],
    ['2026-04-01', '2026-05-02', 'A report covers at most 31 days: choose a shorter range.'],
    ['2026-04-06', '2026-04-05', 'from: expected a day on or before to'],
    ['2026-02-30', '2026-03-01', 'from and to: expected calendar dates as YYYY-MM-DD'],
    ['yesterday', '2026-03-01', 'from and to: expected calendar dates as YYYY-MM-DD'],
  ])('%s to %s: %s', (from, to, refusal) => {
    expect(reportRangeRefusal(from, to)).toBe(refusal);
  });
});

describe('the summary', () => {
  it('totals, averages and hours over the autumn change, cancelled orders apart', () => {
    const summary = daySummary(
      [
        order('2026-04-04T15:30:00Z', { totalCents: 1500 }),
        order('2026-04-04T16:30:00Z', { totalCents: 2500, service: 'delivery', paymentMethod: 'card' }),
        order('2026-04-05T09:00:00Z', { totalCents: 3001 }),
        order('2026-04-05T09:10:00Z', { totalCents: 9999, cancelled: true }),
        // The day before and the day after in the shop's calendar.
        order('2026-04-04T12:59:00Z'),
        order('2026-04-05T14:00:00Z'),
      ],
      '2026-04-05',
      '2026-04-05',
      MELBOURNE,
    );
    expect(summary.totals).toEqual({ orders: 3, salesCents: 7001, averageCents: 2334 });
    expect(summary.cancelled).toEqual({ orders: 1, salesCents: 9999 });
    expect(summary.byHour).toHaveLength(24);
    expect(summary.byHour[2]).toEqual({ hour: 2, orders: 2, salesCents: 4000 });
    expect(summary.byHour[19]).toEqual({ hour: 19, orders: 1, salesCents: 3001 });
    expect(summary.byDay).toEqual([{ date: '2026-04-05', orders: 3, salesCents: 7001 }]);
    expect(summary.byService).toEqual([
      { service: 'delivery', orders: 1, salesCents: 2500 },
      { service: 'pickup', orders: 2, salesCents: 4501 },
    ]);
    expect(summary.byPayment).toEqual([
      { paymentMethod: 'cash', orders: 2, salesCents: 4501 },
      { paymentMethod: 'card', orders: 1, salesCents: 2500 },
      { paymentMethod: 'online', orders: 0, salesCents: 0 },
    ]);
  });

  it('tips apart from sales: in all and by payment, cancelled orders and untipped ones left out', () => {
    const summary = daySummary(
      [
        order('2026-04-05T09:00:00Z', { totalCents: 4400, tipCents: 660 }),
        order('2026-04-05T09:05:00Z', { totalCents: 2000, tipCents: 500, paymentMethod: 'card' }),
        order('2026-04-05T09:10:00Z', { totalCents: 4400, tipCents: 660, paymentMethod: 'online' }),
        order('2026-04-05T09:15:00Z', { totalCents: 3000, paymentMethod: 'online' }),
        order('2026-04-05T09:20:00Z', { totalCents: 4400, tipCents: 880, cancelled: true }),
      ],
      '2026-04-05',
      '2026-04-05',
      MELBOURNE,
    );
    expect(summary.totals).toEqual({ orders: 4, salesCents: 13_800, averageCents: 3450 });
    expect(summary.tips).toEqual({
      orders: 3,
      tipCents: 1820,
      byPayment: [
        { paymentMethod: 'cash', orders: 1, tipCents: 660 },
        { paymentMethod: 'card', orders: 1, tipCents: 500 },
        { paymentMethod: 'online', orders: 1, tipCents: 660 },
      ],
    });
  });

  it('promo savings by code, already out of sales; cancelled orders left out', () => {
    const summary = daySummary(
      [
        order('2026-04-05T09:00:00Z', { totalCents: 1500, promoCode: 'SAVE5', promoSavingCents: 500 }),
        order('2026-04-05T09:05:00Z', { totalCents: 1800, promoCode: 'TEN', promoSavingCents: 200 }),
        order('2026-04-05T09:10:00Z', { totalCents: 1500, promoCode: 'SAVE5', promoSavingCents: 500 }),
        order('2026-04-05T09:15:00Z', { totalCents: 1500, promoCode: 'SAVE5', promoSavingCents: 500, cancelled: true }),
        order('2026-04-05T09:20:00Z'),
      ],
      '2026-04-05',
      '2026-04-05',
      MELBOURNE,
    );
    expect(summary.totals.salesCents).toBe(1500 + 1800 + 1500 + 2000);
    expect(summary.promos).toEqual({
      orders: 3,
      savingCents: 1200,
      byCode: [
        { code: 'SAVE5', orders: 2, savingCents: 1000 },
        { code: 'TEN', orders: 1, savingCents: 200 },
      ],
    });
  });

  it('the spring change has no hour 2: 1:59 and 3:00 are an hour apart on the clock, a minute in time', () => {
    const summary = daySummary(
      [order('2026-10-03T15:59:00Z'), order('2026-10-03T16:00:00Z')],
      '2026-10-04',
      '2026-10-04',
      MELBOURNE,
    );
    expect(summary.byHour.filter((hour) => hour.orders > 0).map((hour) => hour.hour)).toEqual([1, 3]);
  });

  it('Perth counts the same instants on its own days', () => {
    const summary = daySummary(
      [order('2026-04-04T15:30:00Z'), order('2026-04-04T16:30:00Z')],
      '2026-04-04',
      '2026-04-05',
      PERTH,
    );
    expect(summary.byDay.map((day) => [day.date, day.orders])).toEqual([
      ['2026-04-04', 1],
      ['2026-04-05', 1],
    ]);
    expect(summary.byHour[23]?.orders).toBe(1);
    expect(summary.byHour[0]?.orders).toBe(1);
  });

  it('dishes: a half-and-half is half a dish of each half with half its price, the odd cent to the first; best sellers first', () => {
    const summary = daySummary(
      [
        order('2026-04-05T02:00:00Z', {
          lines: [
            { dish: 'Margherita', secondHalf: null, quantity: 2, lineCents: 3000 },
            { dish: 'Margherita', secondHalf: 'Diavola', quantity: 1, lineCents: 2001 },
          ],
        }),
        order('2026-04-05T03:00:00Z', {
          lines: [{ dish: 'Garlic bread', secondHalf: null, quantity: 3, lineCents: 1500 }],
        }),
        order('2026-04-05T04:00:00Z', {
          cancelled: true,
          lines: [{ dish: 'Diavola', secondHalf: null, quantity: 9, lineCents: 18000 }],
        }),
      ],
      '2026-04-05',
      '2026-04-05',
      MELBOURNE,
    );
    expect(summary.byDish).toEqual([
      { dish: 'Margherita', quantity: 2.5, salesCents: 4001 },
      { dish: 'Garlic bread', quantity: 3, salesCents: 1500 },
      { dish: 'Diavola', quantity: 0.5, salesCents: 1000 },
    ]);
  });

  it('an empty day lists every hour at nothing and averages nothing', () => {
    const summary = daySummary([], '2026-04-05', '2026-04-05', PERTH);
    expect(summary.totals).toEqual({ orders: 0, salesCents: 0, averageCents: 0 });
    expect(summary.byHour.every((hour) => hour.orders === 0)).toBe(true);
    expect(summary.byDish).toEqual([]);
  });

  it('refuses a range it may not report', () => {
    expect(() => daySummary([], '2026-04-01', '2026-05-02', PERTH)).toThrow(/at most 31 days/);
  });
});
