import { describe, expect, it } from 'vitest';
import { formatOrderTime } from './format.ts';
import { retailerInstant, retailerWallClock, timeOfDayOf } from './retailer-clock.ts';
import { assertShopZone, isTimeZoneName, shopOffsetMinutes, shopZone, type ShopZone } from './shop-zone.ts';

describe('shopZone', () => {
  it.each([
    ['a named zone wins over timeZoneDiff', { timeZone: 'Australia/Perth', timeZoneDiff: -2 }, 'Australia/Perth'],
    ['without one the spec rule stays: Melbourne + timeZoneDiff', { timeZoneDiff: -2 }, -2],
    ['an undefined zone is none', { timeZone: undefined, timeZoneDiff: 0 }, 0],
  ] as const)('%s', (_, settings, zone) => {
    expect(shopZone(settings)).toBe(zone);
  });
});

describe('the wall clock of a shop', () => {
  const wall = (at: string, zone: ShopZone) => {
    const clock = retailerWallClock(new Date(at), zone);
    return `${clock.date} ${timeOfDayOf(clock.minutes)}`;
  };

  it.each([
    // Melbourne is on daylight saving (+11) from the first Sunday of October to the first Sunday of April; Perth stays +8.
    ['summer: Perth is Melbourne − 3 h', '2026-11-27T12:15:00Z', 'Australia/Perth', '2026-11-27 20:15'],
    ['summer: the spec rule − 2 h is an hour out', '2026-11-27T12:15:00Z', -2, '2026-11-27 21:15'],
    ['summer: Melbourne', '2026-11-27T12:15:00Z', 0, '2026-11-27 23:15'],
    ['winter: Perth and − 2 h agree', '2026-06-10T12:15:00Z', 'Australia/Perth', '2026-06-10 20:15'],
    ['winter: − 2 h', '2026-06-10T12:15:00Z', -2, '2026-06-10 20:15'],
    ['Perth across midnight', '2026-11-27T15:59:00Z', 'Australia/Perth', '2026-11-27 23:59'],
    ['Perth after midnight', '2026-11-27T16:00:00Z', 'Australia/Perth', '2026-11-28 00:00'],
    ['Melbourne already tomorrow while Perth is not', '2026-11-27T13:00:00Z', 0, '2026-11-28 00:00'],
    ['Melbourne before the October change', '2026-10-03T15:59:00Z', 0, '2026-10-04 01:59'],
    ['Melbourne after the October change', '2026-10-03T16:00:00Z', 0, '2026-10-04 03:00'],
    ['Perth at the October change', '2026-10-03T16:00:00Z', 'Australia/Perth', '2026-10-04 00:00'],
    ['Melbourne before the April change', '2026-04-04T15:59:00Z', 0, '2026-04-05 02:59'],
    ['Melbourne after the April change', '2026-04-04T16:00:00Z', 0, '2026-04-05 02:00'],
    ['Perth at the April change', '2026-04-04T16:00:00Z', 'Australia/Perth', '2026-04-05 00:00'],
    // Adelaide changes on the half hour of UTC (2:00 am +9:30 is 16:30Z).
    ['Adelaide before its October change', '2026-10-03T16:29:00Z', 'Australia/Adelaide', '2026-10-04 01:59'],
    ['Adelaide after its October change', '2026-10-03T16:30:00Z', 'Australia/Adelaide', '2026-10-04 03:00'],
    ['UTC', '2026-11-27T12:15:00Z', 'UTC', '2026-11-27 12:15'],
  ] as const)('%s', (_, at, zone, shown) => {
    expect(wall(at, zone)).toBe(shown);
  });

  it.each([
    ['Perth 8:15 pm in summer', '2026-11-27', 20 * 60 + 15, 'Australia/Perth', '2026-11-27T12:15:00.000Z'],
    ['Perth 8:15 pm in winter', '2026-06-10', 20 * 60 + 15, 'Australia/Perth', '2026-06-10T12:15:00.000Z'],
    ['the spec rule − 2 h, 8:15 pm in summer', '2026-11-27', 20 * 60 + 15, -2, '2026-11-27T11:15:00.000Z'],
    ['Perth 12:30 am', '2026-11-28', 30, 'Australia/Perth', '2026-11-27T16:30:00.000Z'],
    ['Melbourne 2:30 am, skipped in October, on the old offset', '2026-10-04', 150, 0, '2026-10-03T16:30:00.000Z'],
    ['Melbourne 2:30 am, twice in April, the first', '2026-04-05', 150, 0, '2026-04-04T15:30:00.000Z'],
  ] as const)('the instant of %s', (_, date, minutes, zone, instant) => {
    expect(retailerInstant(date, minutes, zone).toISOString()).toBe(instant);
  });

  it("gives a customer in any zone the Perth kitchen's words for a Perth order", () => {
    const due = new Date('2026-11-27T12:15:00Z');
    const now = new Date('2026-11-27T11:00:00Z');
    expect(formatOrderTime(due, now, 'Australia/Perth')).toBe('today, Fri 27 Nov at 8:15 pm');
    expect(formatOrderTime(due, now, -2)).toBe('today, Fri 27 Nov at 9:15 pm');
  });

  it('knows the offsets in minutes', () => {
    expect(shopOffsetMinutes('Australia/Perth', Date.parse('2026-11-27T12:00:00Z'))).toBe(8 * 60);
    expect(shopOffsetMinutes(0, Date.parse('2026-11-27T12:00:00Z'))).toBe(11 * 60);
    expect(shopOffsetMinutes(-2, Date.parse('2026-06-10T12:00:00Z'))).toBe(8 * 60);
    expect(shopOffsetMinutes('Asia/Kathmandu', Date.parse('2026-06-10T12:00:00Z'))).toBe(5 * 60 + 45);
  });
});

describe('which zones a shop may name', () => {
  it.each([
    ['Australia/Perth', true],
    ['Australia/Melbourne', true],
    ['UTC', true],
    ['Perth', false],
    ['australia/perth', false],
    ['GMT+8', false],
    ['', false],
  ])('%s: %s', (name, known) => {
    expect(isTimeZoneName(name)).toBe(known);
  });

  it('knows a zone Intl can format where Intl cannot list its zones (browsers before 2022)', () => {
    const listed = Object.getOwnPropertyDescriptor(Intl, 'supportedValuesOf');
    Object.defineProperty(Intl, 'supportedValuesOf', { value: undefined, configurable: true });
    try {
      expect(isTimeZoneName('Australia/Perth')).toBe(true);
      expect(isTimeZoneName('Mars/Olympus')).toBe(false);
    } finally {
      if (listed) Object.defineProperty(Intl, 'supportedValuesOf', listed);
    }
  });

  it.each([
    ['an unknown zone', 'Mars/Olympus', /IANA time zone/],
    ['a diff off the quarter hour', 0.1, /quarter-hour/],
    ['a diff beyond 12 hours', 13, /timeZoneDiff/],
  ])('refuses %s', (_, zone, message) => {
    expect(() => assertShopZone(zone)).toThrow(message);
  });
});
