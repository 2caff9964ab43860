import { describe, expect, it } from 'vitest';
import { type DayReason, emptyDayReason, orderDayReason } from './day-reasons.ts';
import type { ScheduleInput, Service } from './schedule.ts';
import { slotCalendar } from './slots.ts';
import { aedt, aest, closedDate, hoursRow, schedule } from './test-fixtures.ts';

// 2026-11-25 is a Wednesday (Melbourne summer time). The fixture week: Monday closed; Tuesday to
// Thursday lunch and dinner (delivery dinner only); Friday late; Saturday to 02:00; Sunday 12:00-21:00.
const wednesdayNoon = aedt('2026-11-25 12:00');

/** The reason the order-time picker gives a date, with its times from the slot engine itself. */
function pickerReason(input: ScheduleInput, service: Service, now: Date, date: string): DayReason | null {
  const day = slotCalendar(input, service, now).days.find((entry) => entry.date === date);
  if (!day) throw new Error(`${date} is not in the picker's 30 days`);
  return orderDayReason(input, service, date, now, day.slots.length > 0);
}

describe('orderDayReason', () => {
  it.each<[string, ScheduleInput, Service, Date, string, DayReason | null]>([
    ['a day with times', schedule(), 'pickup', wednesdayNoon, '2026-11-26', null],
    [
      'Monday: no trading hours at all',
      schedule(),
      'pickup',
      wednesdayNoon,
      '2026-11-30',
      { kind: 'closed', text: 'closed' },
    ],
    [
      'Monday for delivery: the shop is closed, not just delivery',
      schedule(),
      'delivery',
      wednesdayNoon,
      '2026-11-30',
      { kind: 'closed', text: 'closed' },
    ],
    [
      'day 8 of a 7-day window',
      schedule(),
      'pickup',
      wednesdayNoon,
      '2026-12-03',
      { kind: 'beyond-window', text: 'orders open 7 days ahead' },
    ],
    [
      'day 8 of a 7-day window for delivery',
      schedule(),
      'delivery',
      wednesdayNoon,
      '2026-12-03',
      { kind: 'beyond-window', text: 'orders open 7 days ahead' },
    ],
    [
      'a closed Monday beyond the window stays closed',
      schedule(),
      'pickup',
      wednesdayNoon,
      '2026-12-07',
      { kind: 'closed', text: 'closed' },
    ],
    [
      'a 1-day window',
      schedule({ info: { orderForLaterMaxDaysToEnd: 1 } }),
      'pickup',
      wednesdayNoon,
      '2026-11-27',
      { kind: 'beyond-window', text: 'orders open 1 day ahead' },
    ],
    [
      'a same-day window',
      schedule({ info: { orderForLaterMaxDaysToEnd: 0 } }),
      'pickup',
      wednesdayNoon,
      '2026-11-26',
      { kind: 'beyond-window', text: 'orders for today only' },
    ],
    [
      "a day's notice, seen today",
      schedule({ info: { orderForLaterMinDaysToStart: 1 } }),
      'pickup',
      wednesdayNoon,
      '2026-11-25',
      { kind: 'notice', text: "orders need 1 day's notice" },
    ],
    [
      "two days' notice, seen for tomorrow",
      schedule({ info: { orderForLaterMinDaysToStart: 2 } }),
      'pickup',
      wednesdayNoon,
      '2026-11-26',
      { kind: 'notice', text: "orders need 2 days' notice" },
    ],
    [
      'today after closing',
      schedule(),
      'pickup',
      aedt('2026-11-25 21:10'),
      '2026-11-25',
      { kind: 'no-times-left', text: 'no times left' },
    ],
    [
      'today, open but inside the wait until closing',
      schedule(),
      'pickup',
      aedt('2026-11-25 20:40'),
      '2026-11-25',
      { kind: 'no-times-left', text: 'no times left' },
    ],
    [
      'today for delivery after its last time',
      schedule(),
      'delivery',
      aedt('2026-11-25 20:10'),
      '2026-11-25',
      { kind: 'no-times-left', text: 'no times left' },
    ],
    [
      "Saturday 23:50: the rest of the night is Sunday's",
      schedule(),
      'pickup',
      aedt('2026-11-28 23:50'),
      '2026-11-28',
      { kind: 'no-times-left', text: 'no times left' },
    ],
    [
      "Sunday 00:10, still Saturday night: Sunday's times",
      schedule(),
      'pickup',
      aedt('2026-11-29 00:10'),
      '2026-11-29',
      null,
    ],
    [
      'Monday night seen at 23:30',
      schedule(),
      'pickup',
      aedt('2026-11-30 23:30'),
      '2026-11-30',
      { kind: 'closed', text: 'closed' },
    ],
    [
      'Perth (diff -2): Wednesday 20:45 Perth is too late',
      schedule({ info: { timeZoneDiff: -2 } }),
      'pickup',
      aedt('2026-11-25 22:45'),
      '2026-11-25',
      { kind: 'no-times-left', text: 'no times left' },
    ],
    [
      'Perth (diff -2): still Wednesday evening when Melbourne is past midnight',
      schedule({ info: { timeZoneDiff: -2 } }),
      'pickup',
      aedt('2026-11-26 00:30'),
      '2026-11-25',
      { kind: 'no-times-left', text: 'no times left' },
    ],
    [
      'Perth (diff -2): Monday is closed',
      schedule({ info: { timeZoneDiff: -2 } }),
      'pickup',
      wednesdayNoon,
      '2026-11-30',
      { kind: 'closed', text: 'closed' },
    ],
    [
      'a closed date with its reason',
      schedule({ closedDates: [closedDate('2026-11-26', '2026-11-27', '23:59', false, 'Staff holiday')] }),
      'pickup',
      wednesdayNoon,
      '2026-11-27',
      { kind: 'closed', text: 'closed (Staff holiday)' },
    ],
    [
      'a closed Saturday whose own night would run past midnight',
      schedule({ closedDates: [closedDate('2026-11-28', '2026-11-28', '23:59', false, 'Private party')] }),
      'pickup',
      wednesdayNoon,
      '2026-11-28',
      { kind: 'closed', text: 'closed (Private party)' },
    ],
    [
      'a closed date for delivery',
      schedule({ closedDates: [closedDate('2026-11-26', '2026-11-26', '23:59', false, 'Staff holiday')] }),
      'delivery',
      wednesdayNoon,
      '2026-11-26',
      { kind: 'closed', text: 'closed (Staff holiday)' },
    ],
    [
      'a delivery-only closure',
      schedule({ closedDates: [closedDate('2026-11-26', '2026-11-26', '23:59', true, 'No drivers')] }),
      'delivery',
      wednesdayNoon,
      '2026-11-26',
      { kind: 'service-closed', text: 'no delivery (No drivers)' },
    ],
    [
      'a delivery-only closure leaves pickup',
      schedule({ closedDates: [closedDate('2026-11-26', '2026-11-26', '23:59', true, 'No drivers')] }),
      'pickup',
      wednesdayNoon,
      '2026-11-26',
      null,
    ],
    [
      'a closure that ends before dinner leaves dinner',
      schedule({ closedDates: [closedDate('2026-11-26', '2026-11-26', '16:00', false, 'Stocktake')] }),
      'pickup',
      wednesdayNoon,
      '2026-11-26',
      null,
    ],
    [
      'no delivery hours on a day the shop opens',
      schedule({ tradingHours: [hoursRow(4, ['11:00', '14:00'])] }),
      'delivery',
      wednesdayNoon,
      '2026-11-26',
      { kind: 'service-closed', text: 'no delivery' },
    ],
    [
      'a warm-up longer than the shift',
      schedule({ tradingHours: [hoursRow(4, ['11:00', '11:30'])], info: { oflMinTimeFromFirstShift: 60 } }),
      'pickup',
      wednesdayNoon,
      '2026-11-26',
      { kind: 'no-times', text: 'no times available' },
    ],
    [
      'spring change: a Sunday whose only hour is the one skipped',
      schedule({ tradingHours: [hoursRow(0, ['02:00', '03:00'])] }),
      'pickup',
      aest('2026-10-01 12:00'),
      '2026-10-04',
      { kind: 'closed', text: 'closed' },
    ],
    [
      'autumn change: a Sunday whose only hour is the one repeated has times',
      schedule({ tradingHours: [hoursRow(0, ['02:00', '03:00'])] }),
      'pickup',
      aedt('2026-04-02 12:00'),
      '2026-04-05',
      null,
    ],
    [
      'spring change: the Sunday after a Saturday night across it',
      schedule(),
      'pickup',
      aest('2026-10-04 03:30'),
      '2026-10-04',
      null,
    ],
    [
      'ordering for later switched off',
      schedule({ info: { oflEnabled: false } }),
      'pickup',
      wednesdayNoon,
      '2026-11-26',
      { kind: 'later-off', text: 'ordering ahead is not offered' },
    ],
    [
      'days-ahead settings that leave no day',
      schedule({ info: { orderForLaterMinDaysToStart: 3, orderForLaterMaxDaysToEnd: 2 } }),
      'pickup',
      wednesdayNoon,
      '2026-11-26',
      { kind: 'later-off', text: 'ordering ahead is not offered' },
    ],
    [
      'a retailer without delivery',
      schedule({ info: { allowDeliveries: false } }),
      'delivery',
      wednesdayNoon,
      '2026-11-26',
      { kind: 'service-off', text: 'no delivery' },
    ],
  ])('%s', (_name, input, service, now, date, expected) => {
    expect(pickerReason(input, service, now, date)).toEqual(expected);
  });

  it('never calls a day closed while the shop trades that day', () => {
    for (const service of ['pickup', 'delivery'] as const) {
      const input = schedule({ info: { orderForLaterMaxDaysToEnd: 3 } });
      for (const day of slotCalendar(input, service, wednesdayNoon).days) {
        const reason = orderDayReason(input, service, day.date, wednesdayNoon, day.slots.length > 0);
        const weekday = new Date(`${day.date}T00:00:00Z`).getUTCDay();
        expect(reason?.kind === 'closed', `${service} ${day.date}`).toBe(weekday === 1);
      }
    }
  });
});

describe('emptyDayReason', () => {
  it.each<[string, ScheduleInput, Service, Date, string, DayReason]>([
    ['a weekday without hours', schedule(), 'pickup', wednesdayNoon, '2026-11-30', { kind: 'closed', text: 'closed' }],
    [
      'a closure over a week, on its closed Monday',
      schedule({ closedDates: [closedDate('2026-11-28', '2026-12-04', '23:59', false, 'Summer break')] }),
      'pickup',
      wednesdayNoon,
      '2026-11-30',
      { kind: 'closed', text: 'closed (Summer break)' },
    ],
    [
      'today with its hours gone',
      schedule(),
      'pickup',
      aedt('2026-11-25 21:30'),
      '2026-11-25',
      { kind: 'no-times-left', text: 'no times left' },
    ],
    [
      'a future day with hours',
      schedule(),
      'pickup',
      wednesdayNoon,
      '2026-11-26',
      { kind: 'no-times', text: 'no times available' },
    ],
  ])('%s', (_name, input, service, now, date, expected) => {
    expect(emptyDayReason(input, service, date, now)).toEqual(expected);
  });
});
