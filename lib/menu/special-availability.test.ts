import { describe, expect, it } from 'vitest';
import type { Special } from '../tenant/index.ts';
import { aedt, aest } from '../time/test-fixtures.ts';
import type { Service } from '../time/schedule.ts';
import { describeSpecialHours } from './hours-description.ts';
import { isSpecialAllowedFor, isSpecialAvailableFor, specialAvailability } from './special-availability.ts';
import { ALL_HOURS, LATE_NIGHT, LUNCH, NO_HOURS, groupHours, groups, special, specialHours } from './test-fixtures.ts';
import type { AvailabilityType } from './weekly-windows.ts';

const lunchDeal = special(1, {
  availableForAllHours: false,
  availabilityHours: specialHours([2, 3, 4, 5], '11:30', '14:30'),
  groupIds: [ALL_HOURS],
});
const lateNight = special(2, {
  availableForAllHours: false,
  availabilityHours: specialHours([5, 6], '22:00', '01:00'),
  groupIds: [LATE_NIGHT],
});
const anyTime = special(3);
const onLunchGroup = special(4, { groupIds: [LUNCH, ALL_HOURS, -1] });
const longerThanItsGroup = special(5, {
  availableForAllHours: false,
  availabilityHours: specialHours([3], '11:00', '22:00'),
  groupIds: [LUNCH],
});
const eveningOnLunchGroup = special(6, {
  availableForAllHours: false,
  availabilityHours: specialHours([3], '17:00', '21:00'),
  groupIds: [LUNCH],
});
const wholeDayFromTen = special(7, {
  availableForAllHours: false,
  availabilityHours: specialHours([3], '10:00', '10:00'),
});
const lunchAndLateNight = special(8, {
  availableForAllHours: false,
  availabilityHours: specialHours([4], '11:30', '14:30'),
  groupIds: [LATE_NIGHT],
});
const onEmptyGroup = special(9, { groupIds: [NO_HOURS] });
const noHours = special(10, { availableForAllHours: false });

describe('specialAvailability', () => {
  it.each<[string, Special, Date, number, AvailabilityType, boolean, string, string | null]>([
    [
      'a special for all hours on any-group items',
      anyTime,
      aest('2026-06-10 03:00'),
      0,
      'always_available',
      true,
      'Always available',
      null,
    ],
    ['the lunch deal at noon', lunchDeal, aest('2026-06-10 12:00'), 0, 'single_window', true, 'Until 2:30 pm', null],
    [
      'the lunch deal at 14:00',
      lunchDeal,
      aest('2026-06-10 14:00'),
      0,
      'single_window',
      true,
      'Available until 2:30 pm',
      null,
    ],
    [
      'the lunch deal at 11:00',
      lunchDeal,
      aest('2026-06-10 11:00'),
      0,
      'single_window',
      false,
      'Opens at 11:30 am',
      null,
    ],
    [
      'the lunch deal at 14:30, its end',
      lunchDeal,
      aest('2026-06-10 14:30'),
      0,
      'not_available_today',
      false,
      'Not available today',
      'Available tomorrow from 11:30 am',
    ],
    [
      'the lunch deal on Saturday',
      lunchDeal,
      aest('2026-06-13 12:00'),
      0,
      'not_available_today',
      false,
      'Not available today',
      'Available Tuesday at 11:30 am',
    ],
    [
      'late night on Friday 23:00',
      lateNight,
      aest('2026-06-12 23:00'),
      0,
      'single_window',
      true,
      'Until 1:00 am',
      null,
    ],
    [
      'late night at Saturday 00:45',
      lateNight,
      aest('2026-06-13 00:45'),
      0,
      'single_window',
      true,
      'Available until 1:00 am',
      null,
    ],
    [
      'late night at Saturday 01:00',
      lateNight,
      aest('2026-06-13 01:00'),
      0,
      'single_window',
      false,
      'Opens at 10:00 pm',
      null,
    ],
    [
      'late night on Wednesday',
      lateNight,
      aest('2026-06-10 12:00'),
      0,
      'not_available_today',
      false,
      'Not available today',
      'Available Friday from 10:00 pm',
    ],
    [
      'an all-hours special on a lunch group at noon',
      onLunchGroup,
      aest('2026-06-10 12:00'),
      0,
      'single_window',
      true,
      'Until 3:00 pm',
      null,
    ],
    [
      'an all-hours special on a lunch group on Monday',
      onLunchGroup,
      aest('2026-06-08 12:00'),
      0,
      'not_available_today',
      false,
      'Not available today',
      'Available tomorrow from 11:00 am',
    ],
    [
      'own hours to 22:00, group to 15:00: the group closes sooner',
      longerThanItsGroup,
      aest('2026-06-10 12:00'),
      0,
      'single_window',
      true,
      'Until 3:00 pm',
      null,
    ],
    [
      'own hours closed, group open: unavailable wins',
      eveningOnLunchGroup,
      aest('2026-06-10 12:00'),
      0,
      'single_window',
      false,
      'Opens at 5:00 pm',
      null,
    ],
    [
      'both closed: the one back later decides',
      lunchAndLateNight,
      aest('2026-06-10 16:00'),
      0,
      'not_available_today',
      false,
      'Not available today',
      'Available Friday from 9:00 pm',
    ],
    [
      'same from and to: a whole day from 10:00',
      wholeDayFromTen,
      aest('2026-06-11 09:00'),
      0,
      'single_window',
      true,
      'Until 10:00 am',
      null,
    ],
    [
      'same from and to, before it starts',
      wholeDayFromTen,
      aest('2026-06-10 09:00'),
      0,
      'single_window',
      false,
      'Opens at 10:00 am',
      null,
    ],
    [
      'a group that is never available',
      onEmptyGroup,
      aest('2026-06-10 12:00'),
      0,
      'not_available_today',
      false,
      'Not available',
      null,
    ],
    [
      'limited to hours without any',
      noHours,
      aest('2026-06-10 12:00'),
      0,
      'not_available_today',
      false,
      'Not available',
      null,
    ],
    [
      'the lunch deal for Perth at 11:45 Perth time',
      lunchDeal,
      aest('2026-06-10 13:45'),
      -2,
      'single_window',
      true,
      'Until 2:30 pm',
      null,
    ],
    [
      'the lunch deal for Perth at 11:00 Perth time',
      lunchDeal,
      aest('2026-06-10 13:00'),
      -2,
      'single_window',
      false,
      'Opens at 11:30 am',
      null,
    ],
    [
      'late night on the autumn change night',
      lateNight,
      aedt('2026-04-05 00:30'),
      0,
      'single_window',
      true,
      'Available until 1:00 am',
      null,
    ],
    [
      'late night on the spring change night',
      lateNight,
      aest('2026-10-04 00:15'),
      0,
      'single_window',
      true,
      'Until 1:00 am',
      null,
    ],
  ])('%s', (_, subject, at, diff, type, available, text, nextText) => {
    expect(specialAvailability(subject, groups, groupHours, at, diff)).toMatchObject({
      type,
      available,
      text,
      nextText,
    });
  });

  it('gives the closing time of the most restrictive limit', () => {
    expect(specialAvailability(longerThanItsGroup, groups, groupHours, aest('2026-06-10 12:00'), 0).closesAt).toEqual(
      aest('2026-06-10 15:00'),
    );
    expect(
      specialAvailability(lunchAndLateNight, groups, groupHours, aest('2026-06-10 16:00'), 0).nextAvailableAt,
    ).toEqual(aest('2026-06-12 21:00'));
  });

  it.each<[string, () => unknown, RegExp]>([
    [
      'an item in a group the menu does not have',
      () => specialAvailability(special(11, { groupIds: [99] }), groups, groupHours, aest('2026-06-10 12:00'), 0),
      /special 11: its items name product group 99, which is not in the menu/,
    ],
    [
      'hours with a weekday of 8',
      () =>
        specialAvailability(
          {
            ...special(12, { availableForAllHours: false }),
            availabilityHours: [{ day: 8, timeFrom: '11:00', timeTo: '12:00' }],
          },
          groups,
          groupHours,
          aest('2026-06-10 12:00'),
          0,
        ),
      /special 12 availabilityHours\[0\]\.day/,
    ],
    [
      'hours given as text',
      () =>
        specialAvailability(
          { ...noHours, availabilityHours: 'weekdays' as unknown as Special['availabilityHours'] },
          groups,
          groupHours,
          aest('2026-06-10 12:00'),
          0,
        ),
      /special 10 availabilityHours: expected a list/,
    ],
    [
      'items that are not a list',
      () =>
        specialAvailability(
          { ...anyTime, retailerSpecialItems: null as unknown as Special['retailerSpecialItems'] },
          groups,
          groupHours,
          aest('2026-06-10 12:00'),
          0,
        ),
      /special 3: expected retailerSpecialItems to be a list/,
    ],
    [
      'an invalid instant',
      () => specialAvailability(anyTime, groups, groupHours, new Date(Number.NaN), 0),
      /at: expected a valid Date/,
    ],
    [
      'a bad diff',
      () => specialAvailability(anyTime, groups, groupHours, aest('2026-06-10 12:00'), 99),
      /timeZoneDiff/,
    ],
  ])('throws for %s', (_, run, message) => {
    expect(run).toThrow(message);
  });
});

describe('delivery methods', () => {
  it.each<[string, 0 | 1 | 2, Service, boolean]>([
    ['any order, delivery', 0, 'delivery', true],
    ['any order, pickup', 0, 'pickup', true],
    ['not for delivery, delivery', 1, 'delivery', false],
    ['not for delivery, pickup', 1, 'pickup', true],
    ['not for pickup, delivery', 2, 'delivery', true],
    ['not for pickup, pickup', 2, 'pickup', false],
  ])('%s', (_, method, orderType, allowed) => {
    expect(isSpecialAllowedFor({ specialDelivMethod: method }, orderType)).toBe(allowed);
    expect(
      isSpecialAvailableFor(special(20, { specialDelivMethod: method }), {
        orderType,
        at: aest('2026-06-10 12:00'),
        groups,
        groupHours,
        zone: 0,
      }),
    ).toBe(allowed);
  });

  it.each<[string, Date, boolean]>([
    ['at noon', aest('2026-06-10 12:00'), true],
    ['at a later time outside its hours', aest('2026-06-10 18:00'), false],
    ['at a later time on Thursday lunch', aest('2026-06-11 12:00'), true],
  ])('applies the lunch deal only in its hours: %s', (_, at, available) => {
    expect(isSpecialAvailableFor(lunchDeal, { orderType: 'pickup', at, groups, groupHours, zone: 0 })).toBe(available);
  });

  it.each<[string, () => unknown, RegExp]>([
    [
      'an unknown method',
      () => isSpecialAllowedFor({ specialDelivMethod: 3 as 0 }, 'pickup'),
      /specialDelivMethod: expected 0, 1 or 2, got 3/,
    ],
    ['an unknown order type', () => isSpecialAllowedFor({ specialDelivMethod: 0 }, 'dine-in' as Service), /orderType/],
  ])('throws for %s', (_, run, message) => {
    expect(run).toThrow(message);
  });
});

describe('describeSpecialHours', () => {
  it.each<[string, Special, string[]]>([
    ['all hours', anyTime, ['Available during all opening hours']],
    [
      'the lunch deal',
      lunchDeal,
      [
        'Tuesday - 11:30 am - 2:30 pm',
        'Wednesday - 11:30 am - 2:30 pm',
        'Thursday - 11:30 am - 2:30 pm',
        'Friday - 11:30 am - 2:30 pm',
      ],
    ],
    ['late night', lateNight, ['Friday - From 10:00 pm', 'Saturday - From 10:00 pm']],
    ['a whole day from 10:00', wholeDayFromTen, ['Wednesday - 10:00 am - 10:00 am (next day)']],
    [
      'all of Sunday',
      special(13, { availableForAllHours: false, availabilityHours: specialHours([0], '00:00', '23:59') }),
      ['Sunday - All day'],
    ],
    ['no hours', noHours, ['Not available']],
  ])('%s', (_, subject, lines) => {
    expect(describeSpecialHours(subject)).toEqual(lines);
  });
});
