import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  parseTimeOfDay,
  retailerDate,
  retailerInstant,
  retailerWallClock,
  timeOfDayOf,
  weekdayOf,
} from './retailer-clock.ts';
import { assertShopZone } from './shop-zone.ts';

const wallCases = [
  // instant, timeZoneDiff, date, weekday, minutes
  ['2026-06-10T07:00:00Z', 0, '2026-06-10', 3, 17 * 60],
  ['2026-06-10T07:00:59Z', 0, '2026-06-10', 3, 17 * 60],
  ['2026-06-10T07:00:00Z', -2, '2026-06-10', 3, 15 * 60],
  ['2026-06-10T07:00:00Z', -0.5, '2026-06-10', 3, 16 * 60 + 30],
  ['2026-06-10T07:00:00Z', 1.75, '2026-06-10', 3, 18 * 60 + 45],
  ['2026-06-10T13:59:00Z', 0, '2026-06-10', 3, 23 * 60 + 59],
  ['2026-06-10T14:00:00Z', 0, '2026-06-11', 4, 0],
  ['2026-06-10T15:59:00Z', -2, '2026-06-10', 3, 23 * 60 + 59],
  ['2026-06-10T16:00:00Z', -2, '2026-06-11', 4, 0],
  ['2026-12-31T13:30:00Z', 0, '2027-01-01', 5, 30],
  // Autumn change, 2026-04-05: 03:00 AEDT becomes 02:00 AEST, so 02:00-02:59 happens twice.
  ['2026-04-04T14:59:00Z', 0, '2026-04-05', 0, 1 * 60 + 59],
  ['2026-04-04T15:59:00Z', 0, '2026-04-05', 0, 2 * 60 + 59],
  ['2026-04-04T16:00:00Z', 0, '2026-04-05', 0, 2 * 60],
  ['2026-04-04T16:30:00Z', 0, '2026-04-05', 0, 2 * 60 + 30],
  ['2026-04-04T17:00:00Z', 0, '2026-04-05', 0, 3 * 60],
  ['2026-04-04T16:00:00Z', -2, '2026-04-05', 0, 0],
  // Spring change, 2026-10-04: 02:00 AEST becomes 03:00 AEDT, so 02:00-02:59 never happens.
  ['2026-10-03T15:59:00Z', 0, '2026-10-04', 0, 1 * 60 + 59],
  ['2026-10-03T16:00:00Z', 0, '2026-10-04', 0, 3 * 60],
  ['2026-10-03T16:00:00Z', -2, '2026-10-04', 0, 1 * 60],
] as const;

const instantCases = [
  // date, minutes, timeZoneDiff, instant
  ['2026-06-10', 17 * 60, 0, '2026-06-10T07:00:00.000Z'],
  ['2026-06-10', 17 * 60, -2, '2026-06-10T09:00:00.000Z'],
  ['2026-06-10', 17 * 60, -0.5, '2026-06-10T07:30:00.000Z'],
  ['2026-06-10', 0, 0, '2026-06-09T14:00:00.000Z'],
  ['2026-06-10', 25 * 60, 0, '2026-06-10T15:00:00.000Z'],
  ['2026-01-15', 12 * 60, 0, '2026-01-15T01:00:00.000Z'],
  ['2026-04-05', 1 * 60 + 30, 0, '2026-04-04T14:30:00.000Z'],
  ['2026-04-05', 2 * 60 + 30, 0, '2026-04-04T15:30:00.000Z'],
  ['2026-04-05', 3 * 60, 0, '2026-04-04T17:00:00.000Z'],
  ['2026-04-05', 12 * 60, 0, '2026-04-05T02:00:00.000Z'],
  ['2026-04-05', 0, -2, '2026-04-04T15:00:00.000Z'],
  ['2026-10-04', 1 * 60 + 30, 0, '2026-10-03T15:30:00.000Z'],
  ['2026-10-04', 2 * 60 + 30, 0, '2026-10-03T16:30:00.000Z'],
  ['2026-10-04', 3 * 60, 0, '2026-10-03T16:00:00.000Z'],
  ['2026-10-04', 12 * 60, 0, '2026-10-04T01:00:00.000Z'],
] as const;

function checkConversions() {
  it.each(wallCases)('%s with diff %s reads %s (weekday %s) minute %s', (instant, diff, date, weekday, minutes) => {
    expect(retailerWallClock(new Date(instant), diff)).toEqual({ date, weekday, minutes });
    expect(retailerDate(new Date(instant), diff)).toBe(date);
  });

  it.each(instantCases)('%s at minute %s with diff %s is %s', (date, minutes, diff, instant) => {
    expect(retailerInstant(date, minutes, diff).toISOString()).toBe(instant);
  });
}

describe('retailer clock', () => {
  checkConversions();

  it.each(['2026-04-05', '2026-10-04', '2026-06-10'])('round-trips every existing quarter hour of %s', (date) => {
    for (let minutes = 0; minutes < 24 * 60; minutes += 15) {
      const skipped = date === '2026-10-04' && minutes >= 120 && minutes < 180;
      const wall = retailerWallClock(retailerInstant(date, minutes, 0), 0);
      expect(wall).toMatchObject(skipped ? { date, minutes: minutes + 60 } : { date, minutes });
    }
  });
});

describe.each(['America/New_York', 'Asia/Kolkata', 'Australia/Perth'])(
  'retailer clock with the machine in %s',
  (zone) => {
    const saved = process.env['TZ'];
    beforeAll(() => {
      process.env['TZ'] = zone;
    });
    afterAll(() => {
      if (saved === undefined) delete process.env['TZ'];
      else process.env['TZ'] = saved;
    });
    checkConversions();
  },
);

describe('calendar arithmetic', () => {
  it.each([
    ['2026-06-10', 1, '2026-06-11'],
    ['2026-06-30', 1, '2026-07-01'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2026-04-04', 1, '2026-04-05'],
    ['2026-10-04', -1, '2026-10-03'],
    ['2026-06-10', 30, '2026-07-10'],
  ])('%s plus %i days is %s', (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
    expect(daysBetween(date, expected)).toBe(days);
  });

  it.each([
    ['2026-06-08', 1],
    ['2026-06-14', 0],
    ['2026-04-05', 0],
    ['2026-06-13', 6],
  ])('%s is weekday %i', (date, weekday) => {
    expect(weekdayOf(date)).toBe(weekday);
  });

  it.each([
    ['00:00', 0],
    ['09:05', 545],
    ['23:59', 1439],
  ])('time of day %s is minute %i', (text, minutes) => {
    expect(parseTimeOfDay(text)).toBe(minutes);
    expect(timeOfDayOf(minutes)).toBe(text);
  });

  it.each([
    [1440, '00:00'],
    [1530, '01:30'],
    [-15, '23:45'],
  ])('minute %i reads %s', (minutes, text) => {
    expect(timeOfDayOf(minutes)).toBe(text);
  });
});

describe('malformed input', () => {
  it.each([
    ['an invalid Date', () => retailerWallClock(new Date('nope'), 0), /at: expected a valid Date/],
    ['a string for a Date', () => retailerWallClock('2026-06-10' as unknown as Date, 0), /at: expected a valid Date/],
    ['a diff beyond 12 hours', () => retailerWallClock(new Date(0), 13), /timeZoneDiff/],
    ['a diff off the quarter hour', () => retailerWallClock(new Date(0), 0.1), /quarter-hour/],
    ['a missing diff', () => retailerWallClock(new Date(0), undefined as unknown as number), /timeZoneDiff/],
    ['NaN diff', () => retailerInstant('2026-06-10', 0, Number.NaN), /timeZoneDiff/],
    ['a date that does not exist', () => retailerInstant('2026-02-30', 0, 0), /yyyy-MM-dd, got "2026-02-30"/],
    ['a date without padding', () => retailerInstant('2026-6-1', 0, 0), /yyyy-MM-dd/],
    ['part minutes', () => retailerInstant('2026-06-10', 1.5, 0), /whole minutes/],
    ['24:00', () => parseTimeOfDay('24:00'), /HH:mm \(00:00-23:59\), got "24:00"/],
    ['an unpadded time', () => parseTimeOfDay('9:00', 'openingTimeStart'), /openingTimeStart: expected a time of day/],
    ['seconds', () => parseTimeOfDay('09:00:00'), /HH:mm/],
    ['null for a time', () => parseTimeOfDay(null as unknown as string), /got null/],
  ])('throws a clear error for %s', (_, run, message) => {
    expect(run).toThrow(message);
  });

  it.each([-12, -9.5, 0, 5.75, 12])('accepts a diff of %s hours', (diff) => {
    expect(() => assertShopZone(diff)).not.toThrow();
  });
});
