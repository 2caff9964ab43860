import { describe, expect, it } from 'vitest';
import type { ScheduleInput } from './schedule.ts';
import { type BookingDay, bookingTimeChoices, isBookableTime, tableBookingDays } from './table-booking.ts';
import { aedt, aest, closedDate, hoursRow, schedule } from './test-fixtures.ts';

// 2026-11-25 is a Wednesday (Melbourne summer time, +11:00).
const wednesdayNoon = aedt('2026-11-25 12:00');
const dayOf = (days: BookingDay[], date: string) => days.find((day) => day.date === date);
const labelsOf = (days: BookingDay[], date: string) => dayOf(days, date)?.times.map((time) => time.label) ?? [];

/** Saturday 22:00 to Sunday 04:00 and nothing else: where the daylight-saving changes fall. */
const lateSaturday = (info: Parameters<typeof schedule>[0] = {}) =>
  schedule({ tradingHours: [hoursRow(6, ['22:00', '04:00'])], ...info });

describe('tableBookingDays', () => {
  const days = tableBookingDays(schedule(), wednesdayNoon);

  it('starts an hour from now and stops half an hour before each closing', () => {
    const today = days[0];
    expect(today?.date).toBe('2026-11-25');
    // Lunch 11:00-14:00: 13:00 to 13:30; dinner 17:00-21:00: 17:00 to 20:30.
    expect(today?.times.map((time) => time.time)).toEqual([
      '13:00',
      '13:15',
      '13:30',
      '17:00',
      '17:15',
      '17:30',
      '17:45',
      '18:00',
      '18:15',
      '18:30',
      '18:45',
      '19:00',
      '19:15',
      '19:30',
      '19:45',
      '20:00',
      '20:15',
      '20:30',
    ]);
    expect(today?.times[0]).toMatchObject({ at: aedt('2026-11-25 13:00'), label: '1:00 pm', nextDay: false });
  });

  it('lists 30 days from today, a day without a time saying why', () => {
    expect(days).toHaveLength(30);
    expect(days.at(-1)?.date).toBe('2026-12-24');
    expect(dayOf(days, '2026-11-30')).toEqual({
      date: '2026-11-30',
      times: [],
      reason: { kind: 'closed', text: 'closed' },
    });
    expect(days.filter((day) => day.reason).map((day) => day.date)).toEqual([
      '2026-11-30',
      '2026-12-07',
      '2026-12-14',
      '2026-12-21',
    ]);
  });

  it("ends Saturday's list with its small hours after midnight, labelled next day, and starts Sunday with its own opening", () => {
    // Saturday 17:00 to Sunday 02:00: the last seating is 01:30 on Sunday's calendar date.
    const saturday = dayOf(days, '2026-11-28');
    expect(saturday?.times.slice(-8).map((time) => [time.time, time.label, time.nextDay])).toEqual([
      ['23:45', '11:45 pm', false],
      ['00:00', 'midnight', true],
      ['00:15', '12:15 am (next day)', true],
      ['00:30', '12:30 am (next day)', true],
      ['00:45', '12:45 am (next day)', true],
      ['01:00', '1:00 am (next day)', true],
      ['01:15', '1:15 am (next day)', true],
      ['01:30', '1:30 am (next day)', true],
    ]);
    expect(saturday?.times.at(-1)?.at).toEqual(aedt('2026-11-29 01:30'));
    expect(labelsOf(days, '2026-11-29')[0]).toBe('12:00 pm');
  });

  it.each<[string, ScheduleInput, Date, string, string[]]>([
    [
      'Perth (diff -2): Saturday night on Perth time',
      schedule({ info: { timeZoneDiff: -2 } }),
      wednesdayNoon,
      '2026-11-28',
      [
        '11:45 pm',
        'midnight',
        '12:15 am (next day)',
        '12:30 am (next day)',
        '12:45 am (next day)',
        '1:00 am (next day)',
        '1:15 am (next day)',
        '1:30 am (next day)',
      ],
    ],
    [
      'spring change: the small hours skip from 1:45 am to 3:00 am',
      lateSaturday(),
      aest('2026-10-03 12:00'),
      '2026-10-03',
      [
        '11:45 pm',
        'midnight',
        '12:15 am (next day)',
        '12:30 am (next day)',
        '12:45 am (next day)',
        '1:00 am (next day)',
        '1:15 am (next day)',
        '1:30 am (next day)',
        '1:45 am (next day)',
        '3:00 am (next day)',
        '3:15 am (next day)',
        '3:30 am (next day)',
      ],
    ],
    [
      'autumn change: the repeated hour is offered twice, the second pass told apart',
      lateSaturday(),
      aedt('2026-04-04 12:00'),
      '2026-04-04',
      [
        '11:45 pm',
        'midnight',
        '12:15 am (next day)',
        '12:30 am (next day)',
        '12:45 am (next day)',
        '1:00 am (next day)',
        '1:15 am (next day)',
        '1:30 am (next day)',
        '1:45 am (next day)',
        '2:00 am (next day)',
        '2:15 am (next day)',
        '2:30 am (next day)',
        '2:45 am (next day)',
        '2:00 am (next day, after clocks go back)',
        '2:15 am (next day, after clocks go back)',
        '2:30 am (next day, after clocks go back)',
        '2:45 am (next day, after clocks go back)',
        '3:00 am (next day)',
        '3:15 am (next day)',
        '3:30 am (next day)',
      ],
    ],
  ])('%s', (_name, input, now, date, tail) => {
    const list = tableBookingDays(input, now);
    const labels = labelsOf(list, date);
    expect(labels.slice(-tail.length)).toEqual(tail);
    expect(new Set(dayOf(list, date)?.times.map((time) => time.at.getTime())).size).toBe(labels.length);
  });

  it('gives the Perth and daylight-saving small hours their real instants', () => {
    const perth = tableBookingDays(schedule({ info: { timeZoneDiff: -2 } }), wednesdayNoon);
    expect(dayOf(perth, '2026-11-28')?.times.at(-1)?.at).toEqual(aedt('2026-11-29 03:30'));
    const spring = dayOf(tableBookingDays(lateSaturday(), aest('2026-10-03 12:00')), '2026-10-03');
    expect(spring?.times.find((time) => time.time === '03:00')?.at).toEqual(aedt('2026-10-04 03:00'));
    const autumn = dayOf(tableBookingDays(lateSaturday(), aedt('2026-04-04 12:00')), '2026-04-04');
    expect(autumn?.times.filter((time) => time.time === '02:00').map((time) => time.at)).toEqual([
      aedt('2026-04-05 02:00'),
      aest('2026-04-05 02:00'),
    ]);
  });

  it('leads with the evening before while its small hours still have a time, and drops it once they have gone', () => {
    const sundayAfterMidnight = tableBookingDays(schedule(), aedt('2026-11-29 00:10'));
    expect(sundayAfterMidnight[0]).toMatchObject({ date: '2026-11-28', reason: null });
    expect(labelsOf(sundayAfterMidnight, '2026-11-28')).toEqual(['1:15 am (next day)', '1:30 am (next day)']);
    expect(sundayAfterMidnight[1]?.date).toBe('2026-11-29');
    expect(sundayAfterMidnight).toHaveLength(31);

    const later = tableBookingDays(schedule(), aedt('2026-11-29 00:40'));
    expect(later[0]?.date).toBe('2026-11-29');
    expect(later).toHaveLength(30);
  });

  it('keeps the times of a shop open round the clock on their own dates', () => {
    const allWeek = [0, 1, 2, 3, 4, 5, 6].map((day) => hoursRow(day, ['00:00', '23:59']));
    const list = tableBookingDays(schedule({ tradingHours: allWeek }), wednesdayNoon);
    const thursday = dayOf(list, '2026-11-26');
    expect(thursday?.times[0]).toMatchObject({ at: aedt('2026-11-26 00:00'), nextDay: false });
    expect(thursday?.times.at(-1)?.at).toEqual(aedt('2026-11-26 23:45'));
    expect(thursday?.times.some((time) => time.nextDay)).toBe(false);
  });

  it.each<[string, ScheduleInput, Date, string, { kind: string; text: string }]>([
    ['a weekday without hours', schedule(), wednesdayNoon, '2026-11-30', { kind: 'closed', text: 'closed' }],
    [
      'a closed date',
      schedule({ closedDates: [closedDate('2026-11-26', '2026-11-26')] }),
      wednesdayNoon,
      '2026-11-26',
      { kind: 'closed', text: 'closed' },
    ],
    [
      'a closed date with a reason',
      schedule({ closedDates: [closedDate('2026-12-01', '2026-12-03', '23:59', false, 'Staff holiday')] }),
      wednesdayNoon,
      '2026-12-02',
      { kind: 'closed', text: 'closed (Staff holiday)' },
    ],
    [
      'a closed Saturday whose own night would run past midnight',
      schedule({ closedDates: [closedDate('2026-11-28', '2026-11-28', '23:59', false, 'Private party')] }),
      wednesdayNoon,
      '2026-11-28',
      { kind: 'closed', text: 'closed (Private party)' },
    ],
    [
      'today after the last seating',
      schedule(),
      aedt('2026-11-25 20:00'),
      '2026-11-25',
      { kind: 'no-times-left', text: 'no times left' },
    ],
    [
      'a Perth Wednesday after its last seating',
      schedule({ info: { timeZoneDiff: -2 } }),
      aedt('2026-11-25 22:00'),
      '2026-11-25',
      { kind: 'no-times-left', text: 'no times left' },
    ],
  ])('%s', (_name, input, now, date, reason) => {
    expect(dayOf(tableBookingDays(input, now), date)).toMatchObject({ times: [], reason });
  });

  it('keeps days of delivery-only closures and takes bookings with online pickup switched off', () => {
    const deliveryOnly = tableBookingDays(
      schedule({ closedDates: [closedDate('2026-11-26', '2026-11-26', '23:59', true)] }),
      wednesdayNoon,
    );
    expect(dayOf(deliveryOnly, '2026-11-26')?.times.length).toBeGreaterThan(0);
    expect(
      dayOf(tableBookingDays(schedule({ info: { pickupDisabled: true } }), wednesdayNoon), '2026-11-26')?.times.length,
    ).toBeGreaterThan(0);
  });
});

describe('isBookableTime', () => {
  it.each([
    ['a dinner time', schedule(), aedt('2026-11-26 19:30'), true],
    ['the last seating', schedule(), aedt('2026-11-26 20:30'), true],
    ['after the last seating', schedule(), aedt('2026-11-26 20:45'), false],
    ['between shifts', schedule(), aedt('2026-11-26 15:00'), false],
    ['off the grid', schedule(), aedt('2026-11-26 19:31'), false],
    ['a closed Monday', schedule(), aedt('2026-11-30 19:00'), false],
    ['within the hour', schedule(), aedt('2026-11-25 12:45'), false],
    ['in the past', schedule(), aedt('2026-11-24 19:00'), false],
    ['beyond 30 days', schedule(), aedt('2026-12-30 19:00'), false],
    ["Saturday night's 12:30 am (next day)", schedule(), aedt('2026-11-29 00:30'), true],
    ["Saturday night's last seating, 1:30 am (next day)", schedule(), aedt('2026-11-29 01:30'), true],
    ['after the late last seating', schedule(), aedt('2026-11-29 01:45'), false],
    [
      'Perth Saturday night 12:30 am (next day)',
      schedule({ info: { timeZoneDiff: -2 } }),
      aedt('2026-11-29 02:30'),
      true,
    ],
    [
      'Perth 10:30 pm Saturday, already Sunday 12:30 am in Melbourne',
      schedule({ info: { timeZoneDiff: -2 } }),
      aedt('2026-11-29 00:30'),
      true,
    ],
    ['Perth after its late last seating', schedule({ info: { timeZoneDiff: -2 } }), aedt('2026-11-29 03:45'), false],
  ] as const)('%s', (_name, input, at, expected) => {
    expect(isBookableTime(input, at, wednesdayNoon)).toBe(expected);
  });

  it('accepts both passes of the repeated autumn hour and the first time after the spring gap', () => {
    expect(isBookableTime(lateSaturday(), aedt('2026-04-05 02:15'), aedt('2026-04-04 12:00'))).toBe(true);
    expect(isBookableTime(lateSaturday(), aest('2026-04-05 02:15'), aedt('2026-04-04 12:00'))).toBe(true);
    expect(isBookableTime(lateSaturday(), aedt('2026-10-04 03:00'), aest('2026-10-03 12:00'))).toBe(true);
    expect(isBookableTime(lateSaturday(), aedt('2026-10-04 03:45'), aest('2026-10-03 12:00'))).toBe(false);
  });
});

describe('bookingTimeChoices', () => {
  const choicesOf = (input: ScheduleInput, now: Date, date: string) => {
    const day = dayOf(tableBookingDays(input, now), date);
    return day
      ? bookingTimeChoices(input, day, now).map(
          (choice) => `${choice.label}${choice.reason ? ` – ${choice.reason}` : ''}`,
        )
      : [];
  };

  it('lists today from now: too soon, bookable, last seating, closed between lunch and dinner', () => {
    const today = choicesOf(schedule(), wednesdayNoon, '2026-11-25');
    expect(today.slice(0, 8)).toEqual([
      '12:00 pm – too soon (60 min notice)',
      '12:15 pm – too soon (60 min notice)',
      '12:30 pm – too soon (60 min notice)',
      '12:45 pm – too soon (60 min notice)',
      '1:00 pm',
      '1:15 pm',
      '1:30 pm',
      '1:45 pm – last seating 1:30 pm',
    ]);
    expect(today).toContain('2:00 pm – closed then');
    expect(today).toContain('4:45 pm – closed then');
    expect(today).toContain('5:00 pm');
    expect(today.slice(-2)).toEqual(['8:30 pm', '8:45 pm – last seating 8:30 pm']);
  });

  it("names a late night's small hours as the next day, up to its last seating", () => {
    const saturday = choicesOf(lateSaturday(), wednesdayNoon, '2026-11-28');
    expect(saturday[0]).toBe('10:00 pm');
    expect(saturday.slice(-3)).toEqual([
      '3:15 am (next day)',
      '3:30 am (next day)',
      '3:45 am (next day) – last seating 3:30 am',
    ]);
  });

  it('offers exactly the bookable times, the rest with a reason', () => {
    for (const day of tableBookingDays(schedule(), wednesdayNoon)) {
      const choices = bookingTimeChoices(schedule(), day, wednesdayNoon);
      expect(choices.filter((choice) => choice.time !== null).map((choice) => choice.at.getTime())).toEqual(
        day.times.map((time) => time.at.getTime()),
      );
      expect(choices.every((choice) => (choice.time === null) === (choice.reason !== null))).toBe(true);
    }
  });
});
