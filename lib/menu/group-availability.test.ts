import { describe, expect, it } from 'vitest';
import type { GroupAvailabilityHours, ProductGroup } from '../tenant/index.ts';
import { aedt, aest } from '../time/test-fixtures.ts';
import { groupAvailability, isGroupAvailable } from './group-availability.ts';
import { describeGroupHours } from './hours-description.ts';
import {
  ALL_HOURS,
  LATE_NIGHT,
  LUNCH,
  NO_HOURS,
  SAME_TIMES,
  SUNDAY,
  group,
  groupHours,
  groups,
  hours,
} from './test-fixtures.ts';
import type { MenuAvailability } from './weekly-windows.ts';

const byId = (id: number) => groups.find((candidate) => candidate.productGroupId === id) ?? group(id);
const plus30s = (date: Date) => new Date(date.getTime() + 30_000);

describe('isGroupAvailable', () => {
  it.each<[string, number, Date, number, boolean]>([
    ['lunch at its first minute', LUNCH, aest('2026-06-10 11:00'), 0, true],
    ['lunch at 14:59', LUNCH, aest('2026-06-10 14:59'), 0, true],
    ['lunch at its end', LUNCH, aest('2026-06-10 15:00'), 0, false],
    ['lunch before it starts', LUNCH, aest('2026-06-10 10:59'), 0, false],
    ['lunch on Monday', LUNCH, aest('2026-06-08 12:00'), 0, false],
    ['late night Friday 21:00', LATE_NIGHT, aest('2026-06-12 21:00'), 0, true],
    ["late night Saturday 01:59, Friday's window", LATE_NIGHT, aest('2026-06-13 01:59'), 0, true],
    ['late night Saturday 02:00', LATE_NIGHT, aest('2026-06-13 02:00'), 0, false],
    ["late night Sunday 01:00, Saturday's window", LATE_NIGHT, aest('2026-06-14 01:00'), 0, true],
    ['late night Sunday 21:00', LATE_NIGHT, aest('2026-06-14 21:00'), 0, false],
    ['late night Thursday 23:00', LATE_NIGHT, aest('2026-06-11 23:00'), 0, false],
    ['same from and to is ignored', SAME_TIMES, aest('2026-06-10 10:00'), 0, false],
    ['same from and to is ignored, later', SAME_TIMES, aest('2026-06-10 15:00'), 0, false],
    ['Sunday 00:00', SUNDAY, aest('2026-06-14 00:00'), 0, true],
    ['Sunday 23:59:30, the last minute counts', SUNDAY, plus30s(aest('2026-06-14 23:59')), 0, true],
    ['Monday 00:00', SUNDAY, aest('2026-06-15 00:00'), 0, false],
    ['a group available all hours ignores its rows', ALL_HOURS, aest('2026-06-10 03:00'), 0, true],
    ['a limited group without hours', NO_HOURS, aest('2026-06-10 12:00'), 0, false],
    ['lunch for Perth at 10:30 Perth time', LUNCH, aest('2026-06-10 12:30'), -2, false],
    ['lunch for Perth at 11:00 Perth time', LUNCH, aest('2026-06-10 13:00'), -2, true],
    ['autumn change: the first 01:30', LATE_NIGHT, aedt('2026-04-05 01:30'), 0, true],
    ['autumn change: the repeated 02:30', LATE_NIGHT, aest('2026-04-05 02:30'), 0, false],
    ['spring change: 01:59 AEST', LATE_NIGHT, aest('2026-10-04 01:59'), 0, true],
    ['spring change: 03:00 AEDT, where 02:00 would have been', LATE_NIGHT, aedt('2026-10-04 03:00'), 0, false],
  ])('%s', (_, id, at, diff, available) => {
    expect(isGroupAvailable(byId(id), groupHours, at, diff)).toBe(available);
    expect(groupAvailability(byId(id), groupHours, at, diff).available).toBe(available);
  });
});

describe('groupAvailability texts', () => {
  const result = (
    type: MenuAvailability['type'],
    available: boolean,
    text: string,
    extra: Partial<MenuAvailability> = {},
  ): MenuAvailability => ({
    type,
    available,
    text,
    nextText: null,
    closesAt: null,
    nextAvailableAt: null,
    ...extra,
  });

  it.each<[string, number, Date, number, MenuAvailability]>([
    [
      'lunch at noon',
      LUNCH,
      aest('2026-06-10 12:00'),
      0,
      result('single_window', true, 'Until 3:00 pm', { closesAt: aest('2026-06-10 15:00') }),
    ],
    [
      'lunch 30 minutes before closing',
      LUNCH,
      aest('2026-06-10 14:30'),
      0,
      result('single_window', true, 'Available until 3:00 pm', { closesAt: aest('2026-06-10 15:00') }),
    ],
    [
      'lunch 31 minutes before closing',
      LUNCH,
      aest('2026-06-10 14:29'),
      0,
      result('single_window', true, 'Until 3:00 pm', { closesAt: aest('2026-06-10 15:00') }),
    ],
    [
      'lunch before it opens',
      LUNCH,
      aest('2026-06-10 10:00'),
      0,
      result('single_window', false, 'Opens at 11:00 am', { nextAvailableAt: aest('2026-06-10 11:00') }),
    ],
    [
      'lunch after it closed',
      LUNCH,
      aest('2026-06-10 16:00'),
      0,
      result('not_available_today', false, 'Not available today', {
        nextText: 'Available tomorrow from 11:00 am',
        nextAvailableAt: aest('2026-06-11 11:00'),
      }),
    ],
    [
      'lunch on Friday afternoon',
      LUNCH,
      aest('2026-06-12 16:00'),
      0,
      result('not_available_today', false, 'Not available today', {
        nextText: 'Available Tuesday at 11:00 am',
        nextAvailableAt: aest('2026-06-16 11:00'),
      }),
    ],
    [
      'late night on Wednesday',
      LATE_NIGHT,
      aest('2026-06-10 12:00'),
      0,
      result('not_available_today', false, 'Not available today', {
        nextText: 'Available Friday from 9:00 pm',
        nextAvailableAt: aest('2026-06-12 21:00'),
      }),
    ],
    [
      'late night on Thursday',
      LATE_NIGHT,
      aest('2026-06-11 12:00'),
      0,
      result('not_available_today', false, 'Not available today', {
        nextText: 'Available tomorrow from 9:00 pm',
        nextAvailableAt: aest('2026-06-12 21:00'),
      }),
    ],
    [
      'late night on Friday evening',
      LATE_NIGHT,
      aest('2026-06-12 22:00'),
      0,
      result('single_window', true, 'Until 2:00 am', { closesAt: aest('2026-06-13 02:00') }),
    ],
    [
      'late night at 01:45',
      LATE_NIGHT,
      aest('2026-06-13 01:45'),
      0,
      result('single_window', true, 'Available until 2:00 am', { closesAt: aest('2026-06-13 02:00') }),
    ],
    [
      'late night on Saturday noon',
      LATE_NIGHT,
      aest('2026-06-13 12:00'),
      0,
      result('single_window', false, 'Opens at 9:00 pm', { nextAvailableAt: aest('2026-06-13 21:00') }),
    ],
    [
      'Sunday group on Sunday',
      SUNDAY,
      aest('2026-06-14 12:00'),
      0,
      result('single_window', true, 'Available all day', { closesAt: aest('2026-06-15 00:00') }),
    ],
    [
      'Sunday group on Saturday',
      SUNDAY,
      aest('2026-06-13 12:00'),
      0,
      result('not_available_today', false, 'Not available today', {
        nextText: 'Available all day tomorrow',
        nextAvailableAt: aest('2026-06-14 00:00'),
      }),
    ],
    [
      'Sunday group on Wednesday',
      SUNDAY,
      aest('2026-06-10 12:00'),
      0,
      result('not_available_today', false, 'Not available today', {
        nextText: 'Available all day Sunday',
        nextAvailableAt: aest('2026-06-14 00:00'),
      }),
    ],
    [
      'a group available all hours',
      ALL_HOURS,
      aest('2026-06-10 12:00'),
      0,
      result('always_available', true, 'Always available'),
    ],
    [
      'a limited group without hours',
      NO_HOURS,
      aest('2026-06-10 12:00'),
      0,
      result('not_available_today', false, 'Not available'),
    ],
    [
      'only same-time rows',
      SAME_TIMES,
      aest('2026-06-10 12:00'),
      0,
      result('not_available_today', false, 'Not available'),
    ],
    [
      'lunch for Perth at 14:30 Perth time',
      LUNCH,
      aest('2026-06-10 16:30'),
      -2,
      result('single_window', true, 'Available until 3:00 pm', { closesAt: aest('2026-06-10 17:00') }),
    ],
    [
      'late night across the autumn change',
      LATE_NIGHT,
      aedt('2026-04-04 22:00'),
      0,
      result('single_window', true, 'Until 2:00 am', { closesAt: aedt('2026-04-05 02:00') }),
    ],
    [
      'late night across the spring change',
      LATE_NIGHT,
      aest('2026-10-03 22:00'),
      0,
      result('single_window', true, 'Until 3:00 am', { closesAt: aedt('2026-10-04 03:00') }),
    ],
  ])('%s', (_, id, at, diff, expected) => {
    expect(groupAvailability(byId(id), groupHours, at, diff)).toEqual(expected);
  });

  it('names the same weekday a week ahead as next week', () => {
    const wednesdays = hours(40, [3], '11:00', '15:00');
    expect(groupAvailability(group(40), wednesdays, aest('2026-06-10 16:00'), 0).nextText).toBe(
      'Available next Wednesday at 11:00 am',
    );
  });

  it('joins windows that meet into one stretch', () => {
    const afternoon = [...hours(43, [3], '11:00', '14:00'), ...hours(43, [3], '14:01', '17:00')];
    expect(groupAvailability(group(43), afternoon, aest('2026-06-10 12:00'), 0)).toMatchObject({
      text: 'Until 5:00 pm',
      closesAt: aest('2026-06-10 17:00'),
    });
    const weekend = [...hours(44, [0], '00:00', '23:59'), ...hours(44, [1], '00:00', '23:59')];
    expect(groupAvailability(group(44), weekend, aest('2026-06-14 12:00'), 0)).toMatchObject({
      text: 'Available all day',
      closesAt: aest('2026-06-16 00:00'),
    });
  });

  it('drops a window the spring change leaves out', () => {
    const smallHours = hours(45, [0], '02:30', '03:00');
    expect(groupAvailability(group(45), smallHours, aest('2026-10-04 01:00'), 0).nextAvailableAt).toEqual(
      aedt('2026-10-11 02:30'),
    );
    expect(groupAvailability(group(45), smallHours, aest('2026-06-14 01:00'), 0).nextAvailableAt).toEqual(
      aest('2026-06-14 02:30'),
    );
  });

  it('reads a window running to midnight as ending at midnight', () => {
    const evenings = hours(41, [3], '18:00', '00:00');
    expect(groupAvailability(group(41), evenings, aest('2026-06-10 19:00'), 0).text).toBe('Until midnight');
  });
});

describe('describeGroupHours', () => {
  it.each<[string, ProductGroup, GroupAvailabilityHours[], string[]]>([
    [
      'lunch',
      byId(LUNCH),
      groupHours,
      [
        'Tuesday - 11:00 am - 3:00 pm',
        'Wednesday - 11:00 am - 3:00 pm',
        'Thursday - 11:00 am - 3:00 pm',
        'Friday - 11:00 am - 3:00 pm',
      ],
    ],
    ['late night', byId(LATE_NIGHT), groupHours, ['Friday - From 9:00 pm', 'Saturday - From 9:00 pm']],
    ['Sunday', byId(SUNDAY), groupHours, ['Sunday - All day']],
    ['all hours', byId(ALL_HOURS), groupHours, ['Available during all opening hours']],
    ['no hours', byId(NO_HOURS), groupHours, ['Not available']],
    ['only same-time rows', byId(SAME_TIMES), groupHours, ['Not available']],
    [
      'split hours past midnight',
      group(42),
      [...hours(42, [1], '17:00', '21:00'), ...hours(42, [1], '10:00', '14:00'), ...hours(42, [2], '10:00', '03:00')],
      ['Monday - 10:00 am - 2:00 pm, 5:00 pm - 9:00 pm', 'Tuesday - 10:00 am - 3:00 am (next day)'],
    ],
  ])('%s', (_, subject, rows, lines) => {
    expect(describeGroupHours(subject, rows)).toEqual(lines);
  });
});

describe('malformed group hours', () => {
  const at = aest('2026-06-10 12:00');
  it.each<[string, () => unknown, RegExp]>([
    [
      'a weekday of 9',
      () => isGroupAvailable(group(50), [{ productGroupId: 50, day: 9, timeFrom: '11:00', timeTo: '15:00' }], at, 0),
      /groupHours\[0\]\.day: expected a weekday/,
    ],
    [
      'a time like 9am',
      () =>
        isGroupAvailable(group(50), [...hours(50, [3], '11:00', '15:00'), ...hours(51, [3], '9am', '15:00')], at, 0),
      /groupHours\[1\]\.timeFrom: expected a time of day/,
    ],
    [
      'a missing group id',
      () =>
        isGroupAvailable(
          group(50),
          [{ day: 3, timeFrom: '11:00', timeTo: '15:00' } as unknown as GroupAvailabilityHours],
          at,
          0,
        ),
      /groupHours\[0\]\.productGroupId/,
    ],
    [
      'hours that are not a list',
      () => isGroupAvailable(group(50), {} as unknown as GroupAvailabilityHours[], at, 0),
      /groupHours: expected a list/,
    ],
    [
      'no group',
      () => isGroupAvailable(null as unknown as ProductGroup, groupHours, at, 0),
      /group: expected a product group/,
    ],
    [
      'an invalid instant, even for an all-hours group',
      () => isGroupAvailable(byId(ALL_HOURS), groupHours, new Date(Number.NaN), 0),
      /at: expected a valid Date/,
    ],
    ['a diff that is not a number', () => groupAvailability(byId(LUNCH), groupHours, at, Number.NaN), /timeZoneDiff/],
  ])('throws for %s', (_, run, message) => {
    expect(run).toThrow(message);
  });
});
