import { describe, expect, it } from 'vitest';
import { isBookableTime, tableBookingDays } from './table-booking.ts';
import { aedt, closedDate, schedule } from './test-fixtures.ts';

// 2026-11-25 is a Wednesday (Melbourne summer time, +11:00).
const wednesdayNoon = aedt('2026-11-25 12:00');

describe('tableBookingDays', () => {
  const days = tableBookingDays(schedule(), wednesdayNoon);

  it('starts an hour from now and stops half an hour before each closing', () => {
    const today = days[0];
    expect(today?.date).toBe('2026-11-25');
    // Lunch 11:00-14:00: 13:00 to 13:30; dinner 17:00-21:00: 17:00 to 20:30.
    expect(today?.times.map((time) => time.time)).toEqual([
      '13:00', '13:15', '13:30',
      '17:00', '17:15', '17:30', '17:45', '18:00', '18:15', '18:30', '18:45', '19:00', '19:15', '19:30', '19:45', '20:00', '20:15', '20:30',
    ]);
    expect(today?.times[0]).toMatchObject({ at: aedt('2026-11-25 13:00'), label: '1:00 pm' });
  });

  it('leaves out days the shop is closed (Monday) and covers 30 days', () => {
    expect(days.map((day) => day.date)).not.toContain('2026-11-30');
    expect(days.at(-1)?.date).toBe('2026-12-24');
  });

  it('puts times after midnight of a late shift on the next date', () => {
    // Saturday 17:00 to Sunday 02:00: the last seating is 01:30 on Sunday.
    const sunday = days.find((day) => day.date === '2026-11-29');
    expect(sunday?.times.slice(0, 7).map((time) => time.time)).toEqual(['00:00', '00:15', '00:30', '00:45', '01:00', '01:15', '01:30']);
  });

  it('skips closed dates but not delivery-only closures', () => {
    const closed = tableBookingDays(schedule({ closedDates: [closedDate('2026-11-26', '2026-11-26')] }), wednesdayNoon);
    expect(closed.map((day) => day.date)).not.toContain('2026-11-26');
    const deliveryOnly = tableBookingDays(schedule({ closedDates: [closedDate('2026-11-26', '2026-11-26', '23:59', true)] }), wednesdayNoon);
    expect(deliveryOnly.map((day) => day.date)).toContain('2026-11-26');
  });

  it('takes bookings when online pickup is switched off', () => {
    expect(tableBookingDays(schedule({ info: { pickupDisabled: true } }), wednesdayNoon).length).toBeGreaterThan(0);
  });
});

describe('isBookableTime', () => {
  it.each([
    ['a dinner time', aedt('2026-11-26 19:30'), true],
    ['the last seating', aedt('2026-11-26 20:30'), true],
    ['after the last seating', aedt('2026-11-26 20:45'), false],
    ['between shifts', aedt('2026-11-26 15:00'), false],
    ['off the grid', aedt('2026-11-26 19:31'), false],
    ['a closed Monday', aedt('2026-11-30 19:00'), false],
    ['within the hour', aedt('2026-11-25 12:45'), false],
    ['in the past', aedt('2026-11-24 19:00'), false],
    ['beyond 30 days', aedt('2026-12-30 19:00'), false],
  ])('%s: %s', (_name, at, expected) => {
    expect(isBookableTime(schedule(), at, wednesdayNoon)).toBe(expected);
  });
});
