import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatDayAndTime,
  formatDayAndTimeLabel,
  formatDayLabel,
  formatHoursRange,
  formatListTime,
  formatOrderTime,
  formatRelativeDay,
  formatShortDate,
  formatTime,
  isAllDayWindow,
  isEveningFromWindow,
  isMidnightTime,
} from './format.ts';
import { aedt, aest } from './test-fixtures.ts';

describe('formatCount', () => {
  it.each([
    [1, 'day', '1 day'],
    [2, 'day', '2 days'],
    [7, 'day', '7 days'],
    [0, 'day', '0 days'],
    [1, 'minute', '1 minute'],
    [15, 'minute', '15 minutes'],
    [0, 'minute', '0 minutes'],
    [1, 'hour', '1 hour'],
    [2, 'hour', '2 hours'],
  ] as const)('%s %s reads "%s"', (count, unit, text) => {
    expect(formatCount(count, unit)).toBe(text);
  });
});

describe('formatTime', () => {
  it.each([
    ['17:30', '5:30 pm'],
    ['05:30', '5:30 am'],
    ['12:00', '12:00 pm'],
    ['12:45', '12:45 pm'],
    ['00:30', '12:30 am'],
    ['11:59', '11:59 am'],
    ['23:58', '11:58 pm'],
    ['00:00', 'midnight'],
    ['00:01', 'midnight'],
    ['23:59', 'midnight'],
    ['00:02', '12:02 am'],
    [1050, '5:30 pm'],
    [0, 'midnight'],
    [1440, 'midnight'],
  ] as const)('%s reads "%s"', (time, text) => {
    expect(formatTime(time)).toBe(text);
  });

  it.each([
    ['25:00', /HH:mm/],
    ['5pm', /HH:mm/],
    [1441, /whole minutes from 0 to 1440/],
    [-1, /whole minutes/],
    [12.5, /whole minutes/],
  ] as const)('rejects %s', (time, message) => {
    expect(() => formatTime(time)).toThrow(message);
  });

  it.each([
    ['00:00', true],
    ['00:01', true],
    ['23:59', true],
    ['12:00', false],
  ])('%s means midnight: %s', (time, midnight) => {
    expect(isMidnightTime(time)).toBe(midnight);
  });
});

describe('formatHoursRange', () => {
  it.each([
    ['00:00', '23:59', 'All day'],
    ['00:01', '23:59', 'All day'],
    ['00:00', '00:00', 'All day'],
    ['11:00', '15:00', '11:00 am - 3:00 pm'],
    ['10:00', '03:00', '10:00 am - 3:00 am (next day)'],
    ['10:00', '00:00', '10:00 am - midnight'],
    ['15:59', '23:00', '3:59 pm - 11:00 pm'],
    ['16:00', '22:00', 'From 4:00 pm'],
    ['17:00', '23:59', 'From 5:00 pm'],
    ['21:00', '02:00', 'From 9:00 pm'],
    ['18:00', '01:00', 'From 6:00 pm'],
    ['16:00', '21:59', '4:00 pm - 9:59 pm'],
    ['18:00', '02:01', '6:00 pm - 2:01 am (next day)'],
  ])('%s to %s reads "%s"', (from, to, text) => {
    expect(formatHoursRange(from, to)).toBe(text);
  });

  it.each([
    ['00:00', '23:59', true, false],
    ['00:01', '00:00', true, false],
    ['00:02', '23:59', false, false],
    ['16:00', '22:00', false, true],
    ['20:00', '00:00', false, true],
    ['15:00', '23:00', false, false],
  ])('%s-%s all day %s, evening %s', (from, to, allDay, evening) => {
    expect(isAllDayWindow(from, to)).toBe(allDay);
    expect(isEveningFromWindow(from, to)).toBe(evening);
  });
});

describe('relative days', () => {
  it.each([
    ['2026-06-10', 'today'],
    ['2026-06-11', 'tomorrow'],
    ['2026-06-12', 'Friday'],
    ['2026-06-16', 'Tuesday'],
    ['2026-06-17', 'next Wednesday'],
    ['2026-06-23', 'next Tuesday'],
    ['2026-06-24', 'Wednesday 24 June'],
    ['2026-06-09', 'Tuesday 9 June'],
  ])('%s seen on Wednesday 2026-06-10 reads "%s"', (date, text) => {
    expect(formatRelativeDay(date, '2026-06-10')).toBe(text);
  });

  it.each([
    [aest('2026-06-10 17:30'), aest('2026-06-10 12:00'), 0, 'today at 5:30 pm'],
    [aest('2026-06-11 11:00'), aest('2026-06-10 23:30'), 0, 'tomorrow at 11:00 am'],
    [aest('2026-06-11 00:30'), aest('2026-06-10 23:30'), 0, 'tomorrow at 12:30 am'],
    [aest('2026-06-13 19:00'), aest('2026-06-10 12:00'), 0, 'Saturday at 7:00 pm'],
    [aest('2026-06-10 19:00'), aest('2026-06-10 12:00'), -2, 'today at 5:00 pm'],
    [aest('2026-06-11 01:00'), aest('2026-06-10 12:00'), -2, 'today at 11:00 pm'],
    [aedt('2026-04-05 02:30'), aedt('2026-04-04 20:00'), 0, 'tomorrow at 2:30 am'],
  ] as const)('%s seen at %s (diff %s) reads "%s"', (at, now, diff, text) => {
    expect(formatDayAndTime(at, now, diff)).toBe(text);
  });
});

describe('day labels of the order-time picker, its bar and table booking', () => {
  it.each([
    ['2026-11-25', 'Today, Wed 25 Nov', 'today, Wed 25 Nov at 6:00 pm'],
    ['2026-11-26', 'Tomorrow, Thu 26 Nov', 'tomorrow, Thu 26 Nov at 6:00 pm'],
    ['2026-11-27', 'Fri 27 Nov', 'Fri 27 Nov at 6:00 pm'],
    ['2026-12-02', 'Wed 2 Dec', 'Wed 2 Dec at 6:00 pm'],
    ['2027-01-01', 'Fri 1 Jan', 'Fri 1 Jan at 6:00 pm'],
    ['2026-11-24', 'Tue 24 Nov', 'Tue 24 Nov at 6:00 pm'],
  ])('%s seen on Wednesday 2026-11-25 reads "%s"', (date, label, phrase) => {
    expect(formatDayLabel(date, '2026-11-25')).toBe(label);
    expect(formatDayAndTimeLabel(date, '6:00 pm', '2026-11-25')).toBe(phrase);
  });

  it.each([
    ['2026-10-04', 'Sun 4 Oct'],
    ['2026-04-05', 'Sun 5 Apr'],
    ['2028-02-29', 'Tue 29 Feb'],
  ])('%s reads "%s"', (date, text) => {
    expect(formatShortDate(date)).toBe(text);
  });

  it.each([
    [aedt('2026-11-25 18:00'), aedt('2026-11-25 12:00'), 0, 'today, Wed 25 Nov at 6:00 pm'],
    [aedt('2026-11-26 00:30'), aedt('2026-11-25 23:50'), 0, 'tomorrow, Thu 26 Nov at 12:30 am'],
    [aedt('2026-11-28 00:15'), aedt('2026-11-25 12:00'), 0, 'Sat 28 Nov at 12:15 am'],
    [aedt('2026-11-26 01:00'), aedt('2026-11-25 12:00'), -2, 'today, Wed 25 Nov at 11:00 pm'],
    [aedt('2026-11-26 00:30'), aedt('2026-11-26 00:10'), -2, 'today, Wed 25 Nov at 10:30 pm'],
    [aest('2026-10-04 03:00'), aest('2026-10-03 20:00'), 0, 'tomorrow, Sun 4 Oct at 4:00 am'],
    [aedt('2026-04-05 02:30'), aedt('2026-04-04 20:00'), 0, 'tomorrow, Sun 5 Apr at 2:30 am'],
  ] as const)('%s seen at %s (diff %s) reads "%s"', (at, now, diff, text) => {
    expect(formatOrderTime(at, now, diff)).toBe(text);
  });

  it.each([
    ['19:30', {}, '7:30 pm'],
    ['00:15', { nextDay: true }, '12:15 am (next day)'],
    ['00:00', { nextDay: true }, 'midnight'],
    ['02:15', { repeated: true }, '2:15 am (after clocks go back)'],
    ['02:15', { nextDay: true, repeated: true }, '2:15 am (next day, after clocks go back)'],
  ] as const)('%s with %j reads "%s"', (time, notes, text) => {
    expect(formatListTime(time, notes)).toBe(text);
  });
});
