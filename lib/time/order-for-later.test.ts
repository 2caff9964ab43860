import { describe, expect, it } from 'vitest';
import { validateOrderForLater } from './order-for-later.ts';
import type { ScheduleInput, Service } from './schedule.ts';
import { aedt, aest, closedDate, hoursRow, schedule } from './test-fixtures.ts';

const wednesdayNoon = aest('2026-06-10 12:00');
const lunchClosure = closedDate('2026-06-11', '2026-06-11', '12:00', false, 'Stocktake');
/** Saturday evening running into Sunday's own small-hours shift: one stretch across midnight. */
const nightHours = [hoursRow(6, ['20:00', '23:59']), hoursRow(0, ['00:00', '02:00'])];
/** Sunday's own shift through the small hours, where the daylight-saving changes fall. */
const smallHours = [hoursRow(0, ['00:00', '04:00'])];
/** A Saturday shift into Sunday's small hours, and no Sunday shift of its own. */
const overnightOnly = [hoursRow(6, ['22:00', '04:00'])];
/** Saturday's overnight shift overlapping Sunday's own from 01:30 (spring) or 01:00 (autumn). */
const springHours = [hoursRow(6, ['22:00', '02:00']), hoursRow(0, ['01:30', '04:00'])];
const autumnHours = [hoursRow(6, ['22:00', '02:00']), hoursRow(0, ['01:00', '04:00'])];
/** An overnight shift from `day` 22:17 to 08:17 and the next day's own first shift from 07:00, inside it. */
const overnightIntoMorning = (day: number) => [hoursRow(day, ['22:17', '08:17']), hoursRow((day + 1) % 7, ['07:00', '12:00'])];
/** One shift ends 22:15 and the next starts 22:17: within the consecutive gap, yet 22:15 is in neither. */
const twoMinuteGap = (day: number) => [hoursRow(day, ['17:00', '22:15']), hoursRow(day, ['22:17', '23:30'])];
const offGrid = 'Time slots are in 15-minute steps. Please choose one of the listed times.';
const notOpen = (name: string) => `${name} is not open at that time. Please choose a time within trading hours.`;

describe('validateOrderForLater', () => {
  it.each<[string, ScheduleInput, Service, Date, Date, string | null]>([
    ['Wednesday lunch pickup in an hour', schedule(), 'pickup', aest('2026-06-10 13:00'), wednesdayNoon, null],
    ['exactly the 15-minute lead', schedule(), 'pickup', aest('2026-06-10 12:15'), wednesdayNoon, null],
    ['a minute short of the lead', schedule(), 'pickup', aest('2026-06-10 12:14'), wednesdayNoon, 'Please choose a time at least 15 minutes from now.'],
    ['a time in the past', schedule(), 'pickup', aest('2026-06-10 11:00'), wednesdayNoon, 'Please choose a time at least 15 minutes from now.'],
    ['a 1-minute lead: "1 minute", not "1 minutes"', schedule({ info: { oflMinTimeFromCurrTime: 1 } }), 'pickup', aest('2026-06-10 12:00'), wednesdayNoon, 'Please choose a time at least 1 minute from now.'],
    ['a 1-minute lead, a minute ahead', schedule({ info: { oflMinTimeFromCurrTime: 1 } }), 'pickup', aest('2026-06-10 12:15'), aest('2026-06-10 12:14'), null],
    ['a slot plus 7 minutes', schedule(), 'pickup', aest('2026-06-10 13:07'), wednesdayNoon, offGrid],
    ['a slot plus 30 seconds', schedule(), 'pickup', new Date(aest('2026-06-10 13:00').getTime() + 30_000), wednesdayNoon, offGrid],
    ['a slot plus 7 minutes in Adelaide, half an hour behind', schedule({ info: { timeZoneDiff: -0.5 } }), 'pickup', aest('2026-06-10 13:37'), wednesdayNoon, offGrid],
    ['a slot in Adelaide, half an hour behind', schedule({ info: { timeZoneDiff: -0.5 } }), 'pickup', aest('2026-06-10 13:45'), wednesdayNoon, null],
    ["the retailer's own 40-minute lead", schedule({ info: { oflMinTimeFromCurrTime: 40 } }), 'pickup', aest('2026-06-10 12:30'), wednesdayNoon, 'Please choose a time at least 40 minutes from now.'],
    ['pickup at the end of lunch', schedule(), 'pickup', aest('2026-06-10 14:00'), wednesdayNoon, notOpen('Pickup')],
    ['delivery at lunch, dinner only', schedule(), 'delivery', aest('2026-06-10 13:00'), wednesdayNoon, notOpen('Delivery')],
    ['delivery at the start of dinner', schedule(), 'delivery', aest('2026-06-10 17:00'), wednesdayNoon, null],
    ['Saturday-night delivery after midnight, inside the shift that crosses it', schedule(), 'delivery', aest('2026-06-14 00:45'), wednesdayNoon, null],
    ['Saturday-night delivery before midnight', schedule(), 'delivery', aest('2026-06-13 23:45'), wednesdayNoon, null],
    ['a closed Monday', schedule(), 'pickup', aest('2026-06-15 12:00'), wednesdayNoon, notOpen('Pickup')],
    ['7 days ahead', schedule(), 'pickup', aest('2026-06-17 12:00'), wednesdayNoon, null],
    ['8 days ahead', schedule(), 'pickup', aest('2026-06-18 12:00'), wednesdayNoon, 'Orders for later can be placed up to 7 days ahead.'],
    ['1 day ahead when only 1 is allowed', schedule({ info: { orderForLaterMaxDaysToEnd: 1 } }), 'pickup', aest('2026-06-11 12:00'), wednesdayNoon, null],
    ['2 days ahead when only 1 is allowed', schedule({ info: { orderForLaterMaxDaysToEnd: 1 } }), 'pickup', aest('2026-06-12 12:00'), wednesdayNoon, 'Orders for later can be placed up to 1 day ahead.'],
    ['3 days ahead when days run from tomorrow up to 1: "1 day", not "1 days"', schedule({ info: { orderForLaterMinDaysToStart: 1, orderForLaterMaxDaysToEnd: 1 } }), 'pickup', aest('2026-06-13 18:00'), wednesdayNoon, 'Orders for later can be placed from tomorrow up to 1 day ahead.'],
    ['today when days run from the day after tomorrow up to 2', schedule({ info: { orderForLaterMinDaysToStart: 2, orderForLaterMaxDaysToEnd: 2 } }), 'pickup', aest('2026-06-10 13:00'), wednesdayNoon, 'Orders for later can be placed from Friday up to 2 days ahead.'],
    ['tomorrow when only today is allowed', schedule({ info: { orderForLaterMaxDaysToEnd: 0 } }), 'pickup', aest('2026-06-11 12:00'), wednesdayNoon, 'Orders for later can only be placed for later today.'],
    ['today when the days start tomorrow', schedule({ info: { orderForLaterMinDaysToStart: 1 } }), 'pickup', aest('2026-06-10 13:00'), wednesdayNoon, 'Orders for later can be placed from tomorrow up to 7 days ahead.'],
    ['tomorrow when the days start tomorrow', schedule({ info: { orderForLaterMinDaysToStart: 1 } }), 'pickup', aest('2026-06-11 13:00'), wednesdayNoon, null],
    ['a minimum beyond the maximum', schedule({ info: { orderForLaterMinDaysToStart: 3, orderForLaterMaxDaysToEnd: 2 } }), 'pickup', aest('2026-06-12 13:00'), wednesdayNoon, 'Ordering for later is not available at the moment.'],
    ['order for later switched off', schedule({ info: { oflEnabled: false } }), 'pickup', aest('2026-06-10 13:00'), wednesdayNoon, 'Ordering for later is not available at this store.'],
    ['pickup disabled', schedule({ info: { pickupDisabled: true } }), 'pickup', aest('2026-06-10 13:00'), wednesdayNoon, 'Pickup is not available at this store.'],
    ['delivery not offered', schedule({ info: { allowDeliveries: false } }), 'delivery', aest('2026-06-10 18:00'), wednesdayNoon, 'Delivery is not available at this store.'],
    ['before the first shift plus 30 minutes', schedule({ info: { oflMinTimeFromFirstShift: 30 } }), 'pickup', aest('2026-06-11 11:15'), wednesdayNoon, 'The first pickup orders of the day start at 11:30 am.'],
    ['at the first shift plus 30 minutes', schedule({ info: { oflMinTimeFromFirstShift: 30 } }), 'pickup', aest('2026-06-11 11:30'), wednesdayNoon, null],
    ["the day's second shift is not held back", schedule({ info: { oflMinTimeFromFirstShift: 30 } }), 'pickup', aest('2026-06-11 17:00'), wednesdayNoon, null],
    ['Saturday night first delivery', schedule({ info: { oflMinTimeFromFirstShift: 30 } }), 'delivery', aest('2026-06-13 17:15'), wednesdayNoon, 'The first delivery orders of the day start at 5:30 pm.'],
    ["after Saturday midnight: Saturday's shift, untouched by Sunday's warm-up", schedule({ info: { oflMinTimeFromFirstShift: 30 } }), 'pickup', aest('2026-06-14 00:30'), wednesdayNoon, null],
    ["Sunday inside its own first shift's warm-up", schedule({ info: { oflMinTimeFromFirstShift: 30 } }), 'pickup', aest('2026-06-14 12:15'), wednesdayNoon, 'The first pickup orders of the day start at 12:30 pm.'],
    ["Sunday at its own first shift plus 30 minutes", schedule({ info: { oflMinTimeFromFirstShift: 30 } }), 'pickup', aest('2026-06-14 12:30'), wednesdayNoon, null],
    ['Saturday evening trading into Sunday 00:00: Sunday 00:15 has no warm-up, the kitchen never stopped', schedule({ tradingHours: nightHours, info: { oflMinTimeFromFirstShift: 30 } }), 'pickup', aest('2026-06-14 00:15'), wednesdayNoon, null],
    ['Saturday evening joined to Sunday 00:00: Sunday 00:30', schedule({ tradingHours: nightHours, info: { oflMinTimeFromFirstShift: 30 } }), 'pickup', aest('2026-06-14 00:30'), wednesdayNoon, null],
    ['Saturday evening joined to Sunday 00:00: Saturday 20:15', schedule({ tradingHours: nightHours, info: { oflMinTimeFromFirstShift: 30 } }), 'pickup', aest('2026-06-13 20:15'), wednesdayNoon, 'The first pickup orders of the day start at 8:30 pm.'],
    ['only an overnight Saturday shift: Saturday 23:00', schedule({ tradingHours: overnightOnly }), 'pickup', aest('2026-06-13 23:00'), wednesdayNoon, null],
    ['only an overnight Saturday shift: Sunday 01:00 is Saturday night', schedule({ tradingHours: overnightOnly }), 'pickup', aest('2026-06-14 01:00'), wednesdayNoon, null],
    ["spring change, warm-up 60: Saturday night trades past Sunday's 01:30 start, so 03:15 AEDT is open", schedule({ tradingHours: springHours, info: { oflMinTimeFromFirstShift: 60 } }), 'pickup', aedt('2026-10-04 03:15'), aest('2026-10-03 12:00'), null],
    ['spring change, warm-up 60: 03:30 AEDT, an hour after 01:30 AEST', schedule({ tradingHours: springHours, info: { oflMinTimeFromFirstShift: 60 } }), 'pickup', aedt('2026-10-04 03:30'), aest('2026-10-03 12:00'), null],
    ["autumn change, warm-up 90: Saturday night trades past Sunday's 01:00 start, so 02:15 AEDT is open", schedule({ tradingHours: autumnHours, info: { oflMinTimeFromFirstShift: 90 } }), 'pickup', aedt('2026-04-05 02:15'), aedt('2026-04-04 12:00'), null],
    ['overnight 22:17-08:17 then 07:00: the shop has traded since the night before, 07:00 is open', schedule({ tradingHours: overnightIntoMorning(3), info: { oflMinTimeFromFirstShift: 30 } }), 'pickup', aest('2026-06-11 07:00'), wednesdayNoon, null],
    ['overnight 22:17-08:17 then 07:00, on the spring change', schedule({ tradingHours: overnightIntoMorning(6), info: { oflMinTimeFromFirstShift: 30 } }), 'pickup', aedt('2026-10-04 07:00'), aest('2026-10-03 12:00'), null],
    ['overnight 22:17-08:17 then 07:00, on the autumn change', schedule({ tradingHours: overnightIntoMorning(6), info: { oflMinTimeFromFirstShift: 30 } }), 'pickup', aest('2026-04-05 07:00'), aedt('2026-04-04 12:00'), null],
    ['an overnight shift ending 04:00 before the 07:00 shift: 07:15 is in the warm-up', schedule({ tradingHours: [hoursRow(3, ['22:00', '04:00']), hoursRow(4, ['07:00', '12:00'])], info: { oflMinTimeFromFirstShift: 30 } }), 'pickup', aest('2026-06-11 07:15'), wednesdayNoon, 'The first pickup orders of the day start at 7:30 am.'],
    ['shifts ending 22:15 and starting 22:17: 22:15 is in neither', schedule({ tradingHours: twoMinuteGap(3) }), 'pickup', aest('2026-06-10 22:15'), wednesdayNoon, notOpen('Pickup')],
    ['shifts ending 22:15 and starting 22:17: 22:30 is in the second', schedule({ tradingHours: twoMinuteGap(3) }), 'pickup', aest('2026-06-10 22:30'), wednesdayNoon, null],
    ['shifts ending 22:15 and starting 22:17: 22:00 is in the first', schedule({ tradingHours: twoMinuteGap(3) }), 'pickup', aest('2026-06-10 22:00'), wednesdayNoon, null],
    ['a two-minute gap on the spring change: 22:15 AEDT is in neither', schedule({ tradingHours: twoMinuteGap(0) }), 'pickup', aedt('2026-10-04 22:15'), aest('2026-10-03 12:00'), notOpen('Pickup')],
    ['a two-minute gap on the autumn change: 22:15 AEST is in neither', schedule({ tradingHours: twoMinuteGap(0) }), 'pickup', aest('2026-04-05 22:15'), aedt('2026-04-04 12:00'), notOpen('Pickup')],
    ['autumn change, warm-up 90: the repeated 02:00 AEST', schedule({ tradingHours: autumnHours, info: { oflMinTimeFromFirstShift: 90 } }), 'pickup', aest('2026-04-05 02:00'), aedt('2026-04-04 12:00'), null],
    ['Christmas Day', schedule({ closedDates: [closedDate('2026-12-25', '2026-12-25', '23:59', false, 'Christmas Day')] }), 'pickup', aedt('2026-12-25 18:00'), aedt('2026-12-20 12:00'), 'Pickup is closed then (Christmas Day).'],
    ['a closed date without a reason names its date', schedule({ closedDates: [closedDate('2026-12-25', '2026-12-25')] }), 'delivery', aedt('2026-12-25 18:00'), aedt('2026-12-20 12:00'), 'Delivery is closed then (Fri 25 Dec).'],
    ['at the end time of a closure ending 12:00', schedule({ closedDates: [lunchClosure] }), 'pickup', aest('2026-06-11 12:00'), wednesdayNoon, 'Pickup is closed then (Stocktake).'],
    ['a minute after a closure ending 12:00: off the slot grid', schedule({ closedDates: [lunchClosure] }), 'pickup', aest('2026-06-11 12:01'), wednesdayNoon, offGrid],
    ['the slot after a closure ending 12:00', schedule({ closedDates: [lunchClosure] }), 'delivery', aest('2026-06-11 17:00'), wednesdayNoon, null],
    ['12:15 after a closure ending 12:00', schedule({ closedDates: [lunchClosure] }), 'pickup', aest('2026-06-11 12:15'), wednesdayNoon, null],
    ['across midnight: at the end time of a closure ending Sunday 00:30', schedule({ tradingHours: nightHours, closedDates: [closedDate('2026-06-13', '2026-06-14', '00:30')] }), 'pickup', aest('2026-06-14 00:30'), wednesdayNoon, 'Pickup is closed then (Sat 13 Jun – Sun 14 Jun).'],
    ['across midnight: the slot after a closure ending Sunday 00:30', schedule({ tradingHours: nightHours, closedDates: [closedDate('2026-06-13', '2026-06-14', '00:30')] }), 'pickup', aest('2026-06-14 00:45'), wednesdayNoon, null],
    ['spring change: at the end time of a closure ending 03:00 AEDT', schedule({ tradingHours: smallHours, closedDates: [closedDate('2026-10-04', '2026-10-04', '03:00')] }), 'pickup', aedt('2026-10-04 03:00'), aest('2026-10-03 12:00'), 'Pickup is closed then (Sun 4 Oct).'],
    ['spring change: 03:15 AEDT after a closure ending 03:00', schedule({ tradingHours: smallHours, closedDates: [closedDate('2026-10-04', '2026-10-04', '03:00')] }), 'pickup', aedt('2026-10-04 03:15'), aest('2026-10-03 12:00'), null],
    ['autumn change: the first 02:00 of a closure ending 02:00', schedule({ tradingHours: smallHours, closedDates: [closedDate('2026-04-05', '2026-04-05', '02:00')] }), 'pickup', aedt('2026-04-05 02:00'), aedt('2026-04-04 12:00'), 'Pickup is closed then (Sun 5 Apr).'],
    ['autumn change: the repeated 02:00 after a closure ending 02:00', schedule({ tradingHours: smallHours, closedDates: [closedDate('2026-04-05', '2026-04-05', '02:00')] }), 'pickup', aest('2026-04-05 02:00'), aedt('2026-04-04 12:00'), null],
    ['pickup on a delivery-only closure', schedule({ closedDates: [closedDate('2026-06-11', '2026-06-11', '23:59', true)] }), 'pickup', aest('2026-06-11 18:00'), wednesdayNoon, null],
    ['delivery on a delivery-only closure', schedule({ closedDates: [closedDate('2026-06-11', '2026-06-11', '23:59', true)] }), 'delivery', aest('2026-06-11 18:00'), wednesdayNoon, 'Delivery is closed then (Thu 11 Jun).'],
    ['Perth: 11:30 Perth time', schedule({ info: { timeZoneDiff: -2 } }), 'pickup', aest('2026-06-10 13:30'), wednesdayNoon, null],
    ['Perth: 14:30 Perth time', schedule({ info: { timeZoneDiff: -2 } }), 'pickup', aest('2026-06-10 16:30'), wednesdayNoon, notOpen('Pickup')],
    ['Perth: 8 Perth days ahead though 7 Melbourne days', schedule({ info: { timeZoneDiff: -2 } }), 'pickup', aest('2026-06-18 13:30'), aest('2026-06-11 01:00'), 'Orders for later can be placed up to 7 days ahead.'],
    ['Melbourne: the same pair is 7 days ahead', schedule(), 'pickup', aest('2026-06-18 13:30'), aest('2026-06-11 01:00'), null],
    ['Sunday noon after the autumn change', schedule(), 'pickup', aest('2026-04-05 12:00'), aedt('2026-04-04 12:00'), null],
    ['the repeated 02:30 of the autumn change', schedule(), 'pickup', aest('2026-04-05 02:30'), aedt('2026-04-04 12:00'), notOpen('Pickup')],
    ['Saturday-night pickup after midnight, just before the spring change', schedule(), 'pickup', aest('2026-10-04 01:45'), aest('2026-10-03 12:00'), null],
    ['Saturday-night pickup before midnight ahead of the spring change', schedule(), 'pickup', aest('2026-10-03 23:45'), aest('2026-10-03 12:00'), null],
  ])('%s', (_, input, service, requested, now, reason) => {
    expect(validateOrderForLater(input, service, requested, now)).toEqual(reason === null ? { ok: true } : expect.objectContaining({ ok: false, reason }));
  });

  it.each([
    ['an invalid requested time', schedule(), new Date('soon'), /requested: expected a valid Date/],
    ['a negative day limit', schedule({ info: { orderForLaterMaxDaysToEnd: -1 } }), aest('2026-06-10 13:00'), /retailerInfo\.orderForLaterMaxDaysToEnd/],
    ['a part-minute lead', schedule({ info: { oflMinTimeFromCurrTime: 2.5 } }), aest('2026-06-10 13:00'), /retailerInfo\.oflMinTimeFromCurrTime/],
    ['broken trading hours', schedule({ tradingHours: [{ day: 3, openingTimeStart: '11', openingTimeEnd: '14:00', deliveryTimeStart: null, deliveryTimeEnd: null }] }), aest('2026-06-10 13:00'), /tradingHours\[0\]\.openingTimeStart/],
  ])('throws for %s', (_, input, requested, message) => {
    expect(() => validateOrderForLater(input, 'pickup', requested, wednesdayNoon)).toThrow(message);
  });
});
