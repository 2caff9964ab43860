import { describe, expect, it } from 'vitest';
import type { TradingHourEntry } from '../tenant/index.ts';
import type { Service } from './schedule.ts';
import { currentShift, firstShiftStarts, minutesLeft, nextShift, tradingShifts } from './shifts.ts';
import { aedt, aest, hoursRow, retailerInfo, weekHours } from './test-fixtures.ts';

const melbourne = { tradingHours: weekHours, retailerInfo: retailerInfo() };
const perth = { tradingHours: weekHours, retailerInfo: retailerInfo({ timeZoneDiff: -2 }) };
const iso = (shift: { start: Date; end: Date } | null) =>
  shift ? [shift.start.toISOString(), shift.end.toISOString()] : null;

describe('firstShiftStarts', () => {
  const night = {
    tradingHours: [hoursRow(6, ['20:00', '23:59']), hoursRow(0, ['00:00', '02:00'])],
    retailerInfo: retailerInfo(),
  };
  const overnightOnly = { tradingHours: [hoursRow(6, ['22:00', '04:00'])], retailerInfo: retailerInfo() };
  const spring = {
    tradingHours: [hoursRow(6, ['22:00', '02:00']), hoursRow(0, ['01:30', '04:00'])],
    retailerInfo: retailerInfo(),
  };
  it.each([
    [
      'Saturday 17:00, Sunday its own 12:00 despite the Saturday night shift, Monday none',
      melbourne,
      'pickup',
      '2026-06-13',
      '2026-06-15',
      { '2026-06-13': aest('2026-06-13 17:00'), '2026-06-14': aest('2026-06-14 12:00') },
    ],
    [
      'Wednesday delivery: dinner only',
      melbourne,
      'delivery',
      '2026-06-10',
      '2026-06-10',
      { '2026-06-10': aest('2026-06-10 17:00') },
    ],
    [
      'Perth: Wednesday 11:00 on Perth time',
      perth,
      'pickup',
      '2026-06-10',
      '2026-06-10',
      { '2026-06-10': aest('2026-06-10 13:00') },
    ],
    [
      'Saturday evening trading into Sunday 00:00: Sunday has no first orders of its own',
      night,
      'pickup',
      '2026-06-13',
      '2026-06-14',
      { '2026-06-13': aest('2026-06-13 20:00') },
    ],
    [
      'overnight 22:17-08:17 then Thursday 07:00: Thursday has no first orders of its own',
      {
        tradingHours: [hoursRow(3, ['22:17', '08:17']), hoursRow(4, ['07:00', '12:00'])],
        retailerInfo: retailerInfo(),
      },
      'pickup',
      '2026-06-10',
      '2026-06-11',
      { '2026-06-10': aest('2026-06-10 22:17') },
    ],
    [
      'an overnight shift ending 04:00: Thursday 07:00 starts the day',
      {
        tradingHours: [hoursRow(3, ['22:00', '04:00']), hoursRow(4, ['07:00', '12:00'])],
        retailerInfo: retailerInfo(),
      },
      'pickup',
      '2026-06-11',
      '2026-06-11',
      { '2026-06-11': aest('2026-06-11 07:00') },
    ],
    [
      'an overnight Saturday shift gives Sunday no start',
      overnightOnly,
      'pickup',
      '2026-06-13',
      '2026-06-14',
      { '2026-06-13': aest('2026-06-13 22:00') },
    ],
    [
      'the spring change: Saturday night trades past Sunday 01:30 AEST, no first orders',
      spring,
      'pickup',
      '2026-10-04',
      '2026-10-04',
      {},
    ],
    [
      'the spring change: a Sunday from 07:00 after a night ending 02:00',
      {
        tradingHours: [hoursRow(6, ['22:00', '02:00']), hoursRow(0, ['07:00', '12:00'])],
        retailerInfo: retailerInfo(),
      },
      'pickup',
      '2026-10-04',
      '2026-10-04',
      { '2026-10-04': aedt('2026-10-04 07:00') },
    ],
    [
      'the autumn change: a Sunday from 07:00 after a night ending 02:00',
      {
        tradingHours: [hoursRow(6, ['22:00', '02:00']), hoursRow(0, ['07:00', '12:00'])],
        retailerInfo: retailerInfo(),
      },
      'pickup',
      '2026-04-05',
      '2026-04-05',
      { '2026-04-05': aest('2026-04-05 07:00') },
    ],
  ] as const)('%s', (_, input, service, from, to, expected) => {
    const starts = firstShiftStarts(input, service, from, to);
    expect(
      Object.fromEntries(
        [...starts].map(([dayMs, start]) => [
          new Date(dayMs).toISOString().slice(0, 10),
          new Date(start).toISOString(),
        ]),
      ),
    ).toEqual(Object.fromEntries(Object.entries(expected).map(([date, at]) => [date, at.toISOString()])));
  });
});

describe('tradingShifts', () => {
  it.each([
    [
      'Wednesday pickup: lunch and dinner',
      'pickup',
      aest('2026-06-10 00:00'),
      aest('2026-06-11 00:00'),
      [
        [aest('2026-06-10 11:00'), aest('2026-06-10 14:00')],
        [aest('2026-06-10 17:00'), aest('2026-06-10 21:00')],
      ],
    ],
    [
      'Wednesday delivery: dinner only',
      'delivery',
      aest('2026-06-10 00:00'),
      aest('2026-06-11 00:00'),
      [[aest('2026-06-10 17:00'), aest('2026-06-10 20:30')]],
    ],
    ['Monday: closed', 'pickup', aest('2026-06-08 00:00'), aest('2026-06-09 00:00'), []],
    [
      'Friday late: 23:59 runs to midnight and meets Saturday',
      'pickup',
      aest('2026-06-12 15:00'),
      aest('2026-06-13 12:00'),
      [[aest('2026-06-12 17:00'), aest('2026-06-13 00:00')]],
    ],
    [
      'Saturday past midnight',
      'pickup',
      aest('2026-06-13 12:00'),
      aest('2026-06-14 11:00'),
      [[aest('2026-06-13 17:00'), aest('2026-06-14 02:00')]],
    ],
    [
      'Sunday early hours belong to Saturday',
      'delivery',
      aest('2026-06-14 00:30'),
      aest('2026-06-14 00:45'),
      [[aest('2026-06-13 17:00'), aest('2026-06-14 01:00')]],
    ],
  ] as const)('%s', (_, service, from, to, expected) => {
    expect(tradingShifts(melbourne, service, from, to).map(iso)).toEqual(
      expected.map(([start, end]) => [start.toISOString(), end.toISOString()]),
    );
  });

  it.each([
    ['within 2 minutes', '14:02', 1],
    ['touching', '14:00', 1],
    ['overlapping', '13:00', 1],
    ['3 minutes apart', '14:03', 2],
  ])('merges consecutive shifts %s', (_, secondStart, count) => {
    const hours = [hoursRow(3, ['11:00', '14:00']), hoursRow(3, [secondStart, '17:00'])];
    const shifts = tradingShifts(
      { tradingHours: hours, retailerInfo: retailerInfo() },
      'pickup',
      aest('2026-06-10 00:00'),
      aest('2026-06-11 00:00'),
    );
    expect(shifts).toHaveLength(count);
    expect(shifts.at(-1)?.end).toEqual(aest('2026-06-10 17:00'));
  });

  it('merges a late shift with one starting at 00:01 the next day', () => {
    const hours = [hoursRow(5, ['18:00', '23:59']), hoursRow(6, ['00:01', '01:30'])];
    expect(
      tradingShifts(
        { tradingHours: hours, retailerInfo: retailerInfo() },
        'pickup',
        aest('2026-06-12 20:00'),
        aest('2026-06-12 21:00'),
      ).map(iso),
    ).toEqual([[aest('2026-06-12 18:00').toISOString(), aest('2026-06-13 01:30').toISOString()]]);
  });

  it('treats equal start and end as a full day', () => {
    const hours = [hoursRow(3, ['10:00', '10:00'])];
    expect(
      tradingShifts(
        { tradingHours: hours, retailerInfo: retailerInfo() },
        'pickup',
        aest('2026-06-10 12:00'),
        aest('2026-06-10 13:00'),
      ).map(iso),
    ).toEqual([[aest('2026-06-10 10:00').toISOString(), aest('2026-06-11 10:00').toISOString()]]);
  });

  it.each([
    ['a Sunday without a clock change', aest('2026-06-14 00:00'), 1],
    ['the spring change, when 02:30-03:00 never happens', aest('2026-10-04 00:00'), 0],
  ] as const)('keeps a 02:30-03:00 shift on %s: %i shifts', (_, from, count) => {
    const hours = [hoursRow(0, ['02:30', '03:00'])];
    expect(
      tradingShifts(
        { tradingHours: hours, retailerInfo: retailerInfo() },
        'pickup',
        from,
        new Date(from.getTime() + 86_400_000),
      ),
    ).toHaveLength(count);
  });

  it('ignores a row with only a start time', () => {
    const hours = [hoursRow(3, ['10:00', null])];
    expect(
      tradingShifts(
        { tradingHours: hours, retailerInfo: retailerInfo() },
        'pickup',
        aest('2026-06-10 00:00'),
        aest('2026-06-11 00:00'),
      ),
    ).toEqual([]);
  });
});

describe('currentShift and minutesLeft', () => {
  it.each([
    [
      'Wednesday 11:00, the first minute',
      'pickup',
      aest('2026-06-10 11:00'),
      [aest('2026-06-10 11:00'), aest('2026-06-10 14:00')],
      180,
    ],
    ['Wednesday 13:45', 'pickup', aest('2026-06-10 13:45'), [aest('2026-06-10 11:00'), aest('2026-06-10 14:00')], 15],
    [
      'Wednesday 13:45:30 rounds the part minute up',
      'pickup',
      new Date(aest('2026-06-10 13:45').getTime() + 30_000),
      [aest('2026-06-10 11:00'), aest('2026-06-10 14:00')],
      15,
    ],
    ['Wednesday 14:00, the end', 'pickup', aest('2026-06-10 14:00'), null, null],
    ['Wednesday 16:59, between shifts', 'pickup', aest('2026-06-10 16:59'), null, null],
    ['Wednesday 13:00 delivery: dinner only', 'delivery', aest('2026-06-10 13:00'), null, null],
    [
      'Friday 23:59:30 before midnight',
      'pickup',
      new Date(aest('2026-06-12 23:59').getTime() + 30_000),
      [aest('2026-06-12 17:00'), aest('2026-06-13 00:00')],
      1,
    ],
    [
      'Sunday 01:30 in Saturday night pickup',
      'pickup',
      aest('2026-06-14 01:30'),
      [aest('2026-06-13 17:00'), aest('2026-06-14 02:00')],
      30,
    ],
    ['Sunday 01:30 after Saturday night delivery', 'delivery', aest('2026-06-14 01:30'), null, null],
    ['Monday 12:00, closed all day', 'pickup', aest('2026-06-08 12:00'), null, null],
    // The autumn change: Saturday 17:00 AEDT to the first 02:00 (still AEDT).
    [
      'Sunday 2026-04-05 01:30 AEDT',
      'pickup',
      aedt('2026-04-05 01:30'),
      [aedt('2026-04-04 17:00'), aedt('2026-04-05 02:00')],
      30,
    ],
    ['Sunday 2026-04-05 02:30 AEST, the repeated hour', 'pickup', aest('2026-04-05 02:30'), null, null],
    [
      'Sunday 2026-04-05 12:00 AEST',
      'pickup',
      aest('2026-04-05 12:00'),
      [aest('2026-04-05 12:00'), aest('2026-04-05 21:00')],
      540,
    ],
    // The spring change: 02:00 does not exist, so Saturday night pickup runs until 03:00 AEDT, the instant 02:00 AEST would have been.
    [
      'Sunday 2026-10-04 01:30 AEST',
      'pickup',
      aest('2026-10-04 01:30'),
      [aest('2026-10-03 17:00'), aedt('2026-10-04 03:00')],
      30,
    ],
    [
      'Sunday 2026-10-04 12:00 AEDT',
      'delivery',
      aedt('2026-10-04 12:00'),
      [aedt('2026-10-04 12:00'), aedt('2026-10-04 20:00')],
      480,
    ],
  ] as const)('%s', (_, service, now, expected, left) => {
    const shift = currentShift(melbourne, service, now);
    expect(iso(shift)).toEqual(expected ? expected.map((date) => date.toISOString()) : null);
    if (shift) expect(minutesLeft(shift, now)).toBe(left);
  });

  it('reads a Perth retailer (diff -2) on Perth time', () => {
    expect(iso(currentShift(perth, 'pickup', aest('2026-06-10 19:30')))).toEqual([
      aest('2026-06-10 19:00').toISOString(),
      aest('2026-06-10 23:00').toISOString(),
    ]);
    expect(currentShift(perth, 'pickup', aest('2026-06-10 18:30'))).toBeNull();
  });

  it('never reports negative minutes', () => {
    expect(
      minutesLeft({ start: aest('2026-06-10 11:00'), end: aest('2026-06-10 14:00') }, aest('2026-06-10 15:00')),
    ).toBe(0);
  });
});

describe('nextShift', () => {
  it.each([
    ['Monday noon: Tuesday lunch', 'pickup', aest('2026-06-08 12:00'), aest('2026-06-09 11:00')],
    ['Wednesday 14:30: dinner', 'pickup', aest('2026-06-10 14:30'), aest('2026-06-10 17:00')],
    ['Wednesday 11:00 while open: dinner', 'pickup', aest('2026-06-10 11:00'), aest('2026-06-10 17:00')],
    ['Wednesday 21:00 delivery: Thursday dinner', 'delivery', aest('2026-06-10 21:00'), aest('2026-06-11 17:00')],
    ['Sunday 21:00 delivery: Tuesday dinner', 'delivery', aest('2026-06-14 21:00'), aest('2026-06-16 17:00')],
    [
      'Saturday 2026-10-03 18:00: Sunday noon after the spring change',
      'pickup',
      aest('2026-10-03 18:00'),
      aedt('2026-10-04 12:00'),
    ],
  ] as const)('%s', (_, service, now, start) => {
    expect(nextShift(melbourne, service, now)?.start).toEqual(start);
  });

  it.each<[string, TradingHourEntry[]]>([
    ['no trading hours at all', []],
    ['only closed rows', [hoursRow(0, [null, null]), hoursRow(3, [null, null])]],
  ])('finds nothing with %s', (_, hours) => {
    const input = { tradingHours: hours, retailerInfo: retailerInfo() };
    expect(nextShift(input, 'pickup', aest('2026-06-10 12:00'))).toBeNull();
    expect(currentShift(input, 'delivery', aest('2026-06-10 12:00'))).toBeNull();
  });

  it('looks no further than 7 days', () => {
    const input = { tradingHours: [hoursRow(3, ['11:00', '14:00'])], retailerInfo: retailerInfo() };
    expect(nextShift(input, 'pickup', aest('2026-06-10 15:00'))?.start).toEqual(aest('2026-06-17 11:00'));
    const fortnightly = { tradingHours: [] as TradingHourEntry[], retailerInfo: retailerInfo() };
    expect(nextShift(fortnightly, 'pickup', aest('2026-06-10 15:00'))).toBeNull();
  });
});

describe('malformed trading hours', () => {
  const at = aest('2026-06-10 12:00');
  it.each([
    ['a weekday of 7', [{ ...hoursRow(3, ['11:00', '14:00']), day: 7 }], /tradingHours\[0\]\.day: expected a weekday/],
    [
      'a time without minutes',
      [{ ...hoursRow(3, ['11:00', '14:00']), openingTimeStart: '5pm' }],
      /tradingHours\[0\]\.openingTimeStart: expected a time of day as HH:mm/,
    ],
    [
      'a delivery time out of range',
      [
        hoursRow(2, ['11:00', '14:00']),
        { ...hoursRow(3, [null, null]), deliveryTimeStart: '17:00', deliveryTimeEnd: '24:30' },
      ],
      /tradingHours\[1\]\.deliveryTimeEnd/,
    ],
    ['a list that is not a list', 'monday' as unknown as TradingHourEntry[], /tradingHours: expected a list/],
    ['a null entry', [null] as unknown as TradingHourEntry[], /tradingHours\[0\]: expected a trading hour entry/],
  ] as const)('throws for %s', (_, hours, message) => {
    const input = { tradingHours: hours as TradingHourEntry[], retailerInfo: retailerInfo() };
    expect(() => currentShift(input, 'pickup' as Service, at)).toThrow(message);
  });

  it('throws for an invalid now and a bad timeZoneDiff', () => {
    expect(() => currentShift(melbourne, 'pickup', new Date(Number.NaN))).toThrow(/now: expected a valid Date/);
    expect(() => tradingShifts(melbourne, 'pickup', new Date(Number.NaN), at)).toThrow(/from: expected a valid Date/);
    expect(() =>
      nextShift({ tradingHours: weekHours, retailerInfo: retailerInfo({ timeZoneDiff: 20 }) }, 'pickup', at),
    ).toThrow(/timeZoneDiff/);
    expect(() => minutesLeft({ start: at, end: at }, new Date(Number.NaN))).toThrow(/now/);
  });
});
