import { describe, expect, it } from 'vitest';
import { aedt, aest, hoursRow, schedule } from './test-fixtures.ts';
import { soldOutUntil, tradingDateAt } from './trading-day.ts';

// weekHours: Monday closed; Saturday's pickup runs to 02:00 on Sunday; Friday's to the day's end.
describe('soldOutUntil: sold out for the rest of the trading day, on the retailer clock', () => {
  it.each([
    ['Tuesday lunch: until midnight', aest('2026-06-09 12:00'), aest('2026-06-10 00:00'), '2026-06-09'],
    [
      'Monday, a closed day: until midnight all the same',
      aest('2026-06-08 10:00'),
      aest('2026-06-09 00:00'),
      '2026-06-08',
    ],
    [
      'Friday 23:30, the shift ending at the day’s end: midnight',
      aest('2026-06-12 23:30'),
      aest('2026-06-13 00:00'),
      '2026-06-12',
    ],
    [
      'Saturday 23:00: until Saturday’s shift closes at 2 am',
      aest('2026-06-13 23:00'),
      aest('2026-06-14 02:00'),
      '2026-06-13',
    ],
    [
      'half past one on Sunday, still Saturday’s shift: the same 2 am',
      aest('2026-06-14 01:30'),
      aest('2026-06-14 02:00'),
      '2026-06-13',
    ],
    [
      'Sunday 2:30 am, after it: Sunday’s trading, to Sunday midnight',
      aest('2026-06-14 02:30'),
      aest('2026-06-15 00:00'),
      '2026-06-14',
    ],
    // 5 April 2026: at 03:00 AEDT the clocks go back to 02:00 AEST; Saturday's 2 am is the first one.
    [
      'Saturday night before the autumn change: its first 2 am',
      aedt('2026-04-04 23:00'),
      aedt('2026-04-05 02:00'),
      '2026-04-04',
    ],
    [
      'the autumn Sunday, 25 hours long: its midnight in standard time',
      aest('2026-04-05 12:00'),
      aest('2026-04-06 00:00'),
      '2026-04-05',
    ],
    // 4 October 2026: at 02:00 AEST the clocks go forward to 03:00 AEDT; 2 am is skipped, read on the old offset.
    [
      'Saturday night before the spring change: 2 am on the old offset',
      aest('2026-10-03 23:00'),
      aest('2026-10-04 02:00'),
      '2026-10-03',
    ],
    [
      'the spring Sunday, 23 hours long: its midnight in summer time',
      aedt('2026-10-04 12:00'),
      aedt('2026-10-05 00:00'),
      '2026-10-04',
    ],
  ])('%s', (_, at, until, date) => {
    expect(tradingDateAt(schedule(), at)).toBe(date);
    expect(soldOutUntil(schedule(), at).toISOString()).toBe(until.toISOString());
  });

  it('a shop trading day and night keeps each calendar date its own', () => {
    const allDay = schedule({
      tradingHours: [0, 1, 2, 3, 4, 5, 6].map((day) => hoursRow(day, ['00:00', '23:59'], ['00:00', '23:59'])),
    });
    expect(soldOutUntil(allDay, aest('2026-06-10 10:00')).toISOString()).toBe(aest('2026-06-11 00:00').toISOString());
    expect(soldOutUntil(allDay, aest('2026-06-11 00:30')).toISOString()).toBe(aest('2026-06-12 00:00').toISOString());
  });

  it('a shift running long past midnight stretches the day by at most 12 hours', () => {
    const lateNight = schedule({ tradingHours: [hoursRow(3, ['18:00', '23:59']), hoursRow(4, ['00:00', '23:59'])] });
    expect(soldOutUntil(lateNight, aest('2026-06-10 20:00')).toISOString()).toBe(
      aest('2026-06-11 12:00').toISOString(),
    );
  });
});
