import { describe, expect, it } from 'vitest';
import { closedDateAt, closedDateToday, isClosedDateAt } from './closed-dates.ts';
import type { ClosedDateRule, Service } from './schedule.ts';
import { aedt, aest, closedDate } from './test-fixtures.ts';

const christmas = closedDate('2026-12-25', '2026-12-25', '23:59', false, 'Christmas Day');
const newYear = closedDate('2027-01-01', '2027-01-02', '12:00', false, "New Year's Day");
const australiaDay = closedDate('2027-01-26', '2027-01-26', '17:00', true, 'Australia Day');
const autumnChange = closedDate('2026-04-05', '2026-04-05');
const springChange = closedDate('2026-10-04', '2026-10-04', '00:00');
const closedDates = [christmas, newYear, australiaDay, autumnChange, springChange];
const plus30s = (date: Date) => new Date(date.getTime() + 30_000);

describe('closed dates', () => {
  it.each([
    ['the minute before Christmas', 'pickup', aedt('2026-12-24 23:59'), null],
    ['Christmas midnight', 'pickup', aedt('2026-12-25 00:00'), christmas],
    [
      'Christmas 23:59:30, the end time counts as the end of the day',
      'delivery',
      plus30s(aedt('2026-12-25 23:59')),
      christmas,
    ],
    ['the midnight after Christmas', 'pickup', aedt('2026-12-26 00:00'), null],
    ["New Year's Day evening, inside the two-day range", 'pickup', aedt('2027-01-01 19:00'), newYear],
    ['the second day before the end time', 'delivery', aedt('2027-01-02 11:59'), newYear],
    [
      'the second day at the end time, still closed: the end time is inclusive',
      'pickup',
      aedt('2027-01-02 12:00'),
      newYear,
    ],
    ['the second day at 12:00:30, inside the end minute', 'delivery', plus30s(aedt('2027-01-02 12:00')), newYear],
    ['the second day a minute after the end time, reopened', 'pickup', aedt('2027-01-02 12:01'), null],
    ['the second day at the next slot after the end time', 'pickup', aedt('2027-01-02 12:15'), null],
    ['a delivery-only closure for delivery', 'delivery', aedt('2027-01-26 16:59'), australiaDay],
    ['a delivery-only closure for pickup', 'pickup', aedt('2027-01-26 16:59'), null],
    ['a delivery-only closure at its end time, still closed', 'delivery', aedt('2027-01-26 17:00'), australiaDay],
    ['a delivery-only closure a minute after its end time', 'delivery', aedt('2027-01-26 17:01'), null],
    ['the autumn change day, first minute in AEDT', 'pickup', aedt('2026-04-05 00:00'), autumnChange],
    ['the autumn change day, last minute in AEST', 'pickup', aest('2026-04-05 23:59'), autumnChange],
    ['the day after the autumn change', 'pickup', aest('2026-04-06 00:00'), null],
    ['the spring change day, 00:00 closes the whole day', 'pickup', aedt('2026-10-04 23:30'), springChange],
    ['the day before the spring change', 'pickup', aest('2026-10-03 23:59'), null],
    ['the day after the spring change', 'delivery', aedt('2026-10-05 00:00'), null],
  ] as const)('%s', (_, service, at, expected) => {
    expect(closedDateAt(closedDates, service, at, 0)).toBe(expected);
    expect(isClosedDateAt(closedDates, service, at, 0)).toBe(expected !== null);
  });

  it.each([
    ['Perth 23:00 on Christmas Eve (01:00 Melbourne)', aedt('2026-12-25 01:00'), false],
    ['Perth midnight (02:00 Melbourne)', aedt('2026-12-25 02:00'), true],
    ['Perth 23:30 on Christmas Day (01:30 Melbourne next day)', aedt('2026-12-26 01:30'), true],
    ['Perth midnight after Christmas', aedt('2026-12-26 02:00'), false],
  ] as const)('reads dates on the retailer clock: %s', (_, at, closed) => {
    expect(isClosedDateAt([christmas], 'pickup', at, -2)).toBe(closed);
  });

  it.each([
    ['a full closure', [christmas], aedt('2026-12-25 12:00'), true],
    ['a delivery-only closure', [australiaDay], aedt('2027-01-26 12:00'), false],
    ['a closure that ended earlier today', [newYear], aedt('2027-01-02 18:00'), false],
    ['a closure that starts tomorrow', [christmas], aedt('2026-12-24 20:00'), false],
    ['no closed dates', [], aedt('2026-12-25 12:00'), false],
  ] as const)('closedDateToday with %s', (_, entries, now, expected) => {
    expect(closedDateToday(entries, now, 0)).toBe(expected);
  });

  it.each([
    [
      'an end date before the start',
      [closedDate('2026-12-26', '2026-12-25')],
      /closedDates\[0\]\.dateEnd: 2026-12-25 is before dateStart 2026-12-26/,
    ],
    [
      'an end time without minutes',
      [closedDate('2026-12-25', '2026-12-25', '17')],
      /closedDates\[0\]\.timeEnd: expected a time of day/,
    ],
    [
      'a month 13',
      [christmas, closedDate('2026-13-01', '2026-13-01')],
      /closedDates\[1\]\.dateStart: expected a calendar date/,
    ],
    ['a null entry', [null], /closedDates\[0\]: expected a closed date entry/],
    ['not a list', { dateStart: '2026-12-25' }, /closedDates: expected a list/],
  ] as const)('throws for %s', (_, entries, message) => {
    expect(() =>
      isClosedDateAt(entries as unknown as ClosedDateRule[], 'pickup' as Service, aedt('2026-12-25 12:00'), 0),
    ).toThrow(message);
  });

  it('throws for an invalid instant', () => {
    expect(() => closedDateToday([christmas], new Date('later'), 0)).toThrow(/at: expected a valid Date/);
  });
});
