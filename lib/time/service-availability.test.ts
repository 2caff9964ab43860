import { describe, expect, it } from 'vitest';
import type { ClockStatus } from '../tenant/index.ts';
import type { ScheduleInput, Service } from './schedule.ts';
import {
  isServiceAvailableNow,
  isServiceOpenAt,
  serviceAvailabilityNow,
  type UnavailableReason,
} from './service-availability.ts';
import { aedt, aest, clockStatus, closedDate, schedule } from './test-fixtures.ts';

const wednesdayNoon = aest('2026-06-10 12:00');
const wednesdayDinner = aest('2026-06-10 18:00');
const christmas = closedDate('2026-12-25', '2026-12-25', '23:59', false, 'Christmas Day');
const lunchClosure = closedDate('2026-06-11', '2026-06-11', '12:00');
const overnightClosure = closedDate('2026-06-13', '2026-06-14', '00:30');
const deliveryOff = closedDate('2026-06-10', '2026-06-10', '23:59', true, 'Street party');

describe('serviceAvailabilityNow', () => {
  it.each<[string, ScheduleInput, Service, Date, ClockStatus | undefined, UnavailableReason | null]>([
    ['pickup at Wednesday lunch', schedule(), 'pickup', wednesdayNoon, undefined, null],
    ['delivery at Wednesday dinner', schedule(), 'delivery', wednesdayDinner, clockStatus(), null],
    ['delivery at its first minute', schedule(), 'delivery', aest('2026-06-10 17:00'), clockStatus(), null],
    ['delivery at its end', schedule(), 'delivery', aest('2026-06-10 20:30'), clockStatus(), 'outside-hours'],
    ['delivery at Wednesday lunch, dinner only', schedule(), 'delivery', wednesdayNoon, clockStatus(), 'outside-hours'],
    ['pickup between shifts', schedule(), 'pickup', aest('2026-06-10 16:00'), clockStatus(), 'outside-hours'],
    ['pickup on a closed Monday', schedule(), 'pickup', aest('2026-06-08 12:00'), clockStatus(), 'outside-hours'],
    [
      'pickup with pickup disabled',
      schedule({ info: { pickupDisabled: true } }),
      'pickup',
      wednesdayNoon,
      clockStatus(),
      'not-offered',
    ],
    [
      'delivery without deliveries',
      schedule({ info: { allowDeliveries: false } }),
      'delivery',
      wednesdayDinner,
      clockStatus(),
      'not-offered',
    ],
    [
      'pickup with the retailer offline',
      schedule(),
      'pickup',
      wednesdayNoon,
      clockStatus({ retailerOnline: false }),
      'retailer-offline',
    ],
    [
      'pickup over capacity',
      schedule(),
      'pickup',
      wednesdayDinner,
      clockStatus({ livePickupOverCapacity: true }),
      'over-capacity',
    ],
    [
      'delivery while pickup is over capacity',
      schedule(),
      'delivery',
      wednesdayDinner,
      clockStatus({ livePickupOverCapacity: true }),
      null,
    ],
    [
      'delivery over capacity',
      schedule(),
      'delivery',
      wednesdayDinner,
      clockStatus({ liveDeliveryOverCapacity: true }),
      'over-capacity',
    ],
    [
      'delivery switched off live',
      schedule(),
      'delivery',
      wednesdayDinner,
      clockStatus({ allowDelivery: false }),
      'delivery-not-allowed',
    ],
    [
      'pickup while delivery is switched off',
      schedule(),
      'pickup',
      wednesdayDinner,
      clockStatus({ allowDelivery: false }),
      null,
    ],
    [
      'pickup with the live closed-date flag',
      schedule(),
      'pickup',
      wednesdayNoon,
      clockStatus({ closedDateToday: true }),
      'closed-date',
    ],
    [
      'delivery on Christmas Day',
      schedule({ closedDates: [christmas] }),
      'delivery',
      aedt('2026-12-25 18:00'),
      clockStatus(),
      'closed-date',
    ],
    [
      'pickup on Christmas Day',
      schedule({ closedDates: [christmas] }),
      'pickup',
      aedt('2026-12-25 18:00'),
      undefined,
      'closed-date',
    ],
    [
      'delivery on a delivery-only closure',
      schedule({ closedDates: [deliveryOff] }),
      'delivery',
      wednesdayDinner,
      clockStatus(),
      'closed-date',
    ],
    [
      'pickup on a delivery-only closure',
      schedule({ closedDates: [deliveryOff] }),
      'pickup',
      wednesdayDinner,
      clockStatus(),
      null,
    ],
    [
      'pickup at the end time of a closure ending 12:00',
      schedule({ closedDates: [lunchClosure] }),
      'pickup',
      aest('2026-06-11 12:00'),
      clockStatus(),
      'closed-date',
    ],
    [
      'pickup a minute after a closure ending 12:00',
      schedule({ closedDates: [lunchClosure] }),
      'pickup',
      aest('2026-06-11 12:01'),
      clockStatus(),
      null,
    ],
    [
      'across midnight: delivery at the end time of a closure ending Sunday 00:30',
      schedule({ closedDates: [overnightClosure] }),
      'delivery',
      aest('2026-06-14 00:30'),
      clockStatus(),
      'closed-date',
    ],
    [
      'across midnight: delivery a minute after a closure ending Sunday 00:30',
      schedule({ closedDates: [overnightClosure] }),
      'delivery',
      aest('2026-06-14 00:31'),
      clockStatus(),
      null,
    ],
    [
      'autumn change: Saturday-night pickup at the end time of a closure ending 01:30',
      schedule({ closedDates: [closedDate('2026-04-05', '2026-04-05', '01:30')] }),
      'pickup',
      aedt('2026-04-05 01:30'),
      clockStatus(),
      'closed-date',
    ],
    [
      'autumn change: Saturday-night pickup a minute after it',
      schedule({ closedDates: [closedDate('2026-04-05', '2026-04-05', '01:30')] }),
      'pickup',
      aedt('2026-04-05 01:31'),
      clockStatus(),
      null,
    ],
    [
      'spring change: Saturday-night pickup at the end time of a closure ending 01:00',
      schedule({ closedDates: [closedDate('2026-10-04', '2026-10-04', '01:00')] }),
      'pickup',
      aest('2026-10-04 01:00'),
      clockStatus(),
      'closed-date',
    ],
    [
      'spring change: Saturday-night pickup a minute after it',
      schedule({ closedDates: [closedDate('2026-10-04', '2026-10-04', '01:00')] }),
      'pickup',
      aest('2026-10-04 01:01'),
      clockStatus(),
      null,
    ],
    [
      'the status kept in the input',
      schedule({ clockStatus: clockStatus({ livePickupOverCapacity: true }) }),
      'pickup',
      wednesdayNoon,
      undefined,
      'over-capacity',
    ],
    [
      'Perth pickup at 16:30 Perth time',
      schedule({ info: { timeZoneDiff: -2 } }),
      'pickup',
      aest('2026-06-10 18:30'),
      clockStatus(),
      'outside-hours',
    ],
    [
      'Perth pickup at 17:00 Perth time',
      schedule({ info: { timeZoneDiff: -2 } }),
      'pickup',
      aest('2026-06-10 19:00'),
      clockStatus(),
      null,
    ],
    [
      'Saturday-night pickup in the repeated autumn hour',
      schedule(),
      'pickup',
      aest('2026-04-05 02:30'),
      clockStatus(),
      'outside-hours',
    ],
    [
      'Saturday-night pickup before the spring change',
      schedule(),
      'pickup',
      aest('2026-10-04 01:59'),
      clockStatus(),
      null,
    ],
  ])('%s', (_, input, service, now, status, reason) => {
    expect(serviceAvailabilityNow(input, service, now, status)).toEqual({ available: reason === null, reason });
    expect(isServiceAvailableNow(input, service, now, status)).toBe(reason === null);
  });
});

describe('isServiceOpenAt', () => {
  it.each<[string, ScheduleInput, Service, Date, boolean]>([
    ['pickup at the start of dinner', schedule(), 'pickup', aest('2026-06-10 17:00'), true],
    ['pickup at the end of dinner', schedule(), 'pickup', aest('2026-06-10 21:00'), false],
    ['delivery just after Saturday midnight', schedule(), 'delivery', aest('2026-06-14 00:30'), true],
    ['delivery at its Saturday-night end', schedule(), 'delivery', aest('2026-06-14 01:00'), false],
    ['pickup when pickup is disabled', schedule({ info: { pickupDisabled: true } }), 'pickup', wednesdayNoon, false],
    ['pickup on a delivery-only closure', schedule({ closedDates: [deliveryOff] }), 'pickup', wednesdayDinner, true],
    [
      'delivery on a delivery-only closure',
      schedule({ closedDates: [deliveryOff] }),
      'delivery',
      wednesdayDinner,
      false,
    ],
    [
      'pickup at the end time of a closure ending 12:00',
      schedule({ closedDates: [lunchClosure] }),
      'pickup',
      aest('2026-06-11 12:00'),
      false,
    ],
    [
      'pickup at 12:15 after a closure ending 12:00',
      schedule({ closedDates: [lunchClosure] }),
      'pickup',
      aest('2026-06-11 12:15'),
      true,
    ],
    [
      'across midnight: delivery at the end time of a closure ending Sunday 00:30',
      schedule({ closedDates: [overnightClosure] }),
      'delivery',
      aest('2026-06-14 00:30'),
      false,
    ],
    [
      'across midnight: delivery at 00:45 after it',
      schedule({ closedDates: [overnightClosure] }),
      'delivery',
      aest('2026-06-14 00:45'),
      true,
    ],
    ['pickup on Christmas', schedule({ closedDates: [christmas] }), 'pickup', aedt('2026-12-25 12:00'), false],
    ['Sunday pickup on the autumn change day', schedule(), 'pickup', aest('2026-04-05 12:00'), true],
    ['Sunday delivery on the spring change day', schedule(), 'delivery', aedt('2026-10-04 19:59'), true],
    ['Sunday delivery end on the spring change day', schedule(), 'delivery', aedt('2026-10-04 20:00'), false],
    ['any time with no trading hours', schedule({ tradingHours: [] }), 'pickup', wednesdayNoon, false],
  ])('%s', (_, input, service, at, open) => {
    expect(isServiceOpenAt(input, service, at)).toBe(open);
  });

  it('ignores live status: a later time is judged on hours alone', () => {
    const input = schedule({ clockStatus: clockStatus({ retailerOnline: false, livePickupOverCapacity: true }) });
    expect(isServiceOpenAt(input, 'pickup', aest('2026-06-11 12:00'))).toBe(true);
  });

  it.each([
    ['an invalid time', () => isServiceOpenAt(schedule(), 'pickup', new Date(Number.NaN)), /at: expected a valid Date/],
    [
      'an invalid now',
      () => isServiceAvailableNow(schedule(), 'pickup', new Date(Number.NaN)),
      /now: expected a valid Date/,
    ],
    [
      'a fractional-minute diff',
      () => isServiceOpenAt(schedule({ info: { timeZoneDiff: 0.3 } }), 'pickup', wednesdayNoon),
      /timeZoneDiff/,
    ],
  ])('throws for %s', (_, run, message) => {
    expect(run).toThrow(message);
  });
});
