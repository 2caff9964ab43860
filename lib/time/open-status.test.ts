import { describe, expect, it } from 'vitest';
import { retailerInfoSchema, tradingHoursSchema, type ClosedDate } from '../tenant/index.ts';
import { serviceOpenStatus } from './open-status.ts';
import type { ScheduleInput, Service } from './schedule.ts';

const tradingHours = tradingHoursSchema.parse([
  { day: 0, openingTimeStart: '12:00', openingTimeEnd: '21:30', deliveryTimeStart: '17:00', deliveryTimeEnd: '21:00' },
  { day: 1 },
  { day: 5, openingTimeStart: '11:30', openingTimeEnd: '14:30', deliveryTimeStart: '12:00', deliveryTimeEnd: '14:00' },
  { day: 5, openingTimeStart: '17:00', openingTimeEnd: '01:00', deliveryTimeStart: '17:30', deliveryTimeEnd: '00:30' },
  { day: 6, openingTimeStart: '12:00', openingTimeEnd: '15:00', deliveryTimeStart: '12:00', deliveryTimeEnd: '14:30' },
  { day: 6, openingTimeStart: '17:00', openingTimeEnd: '01:00', deliveryTimeStart: '17:30', deliveryTimeEnd: '00:30' },
  { day: 2, openingTimeStart: '17:00', openingTimeEnd: '22:00', deliveryTimeStart: '17:30', deliveryTimeEnd: '21:30' },
]);
const christmas: ClosedDate[] = [
  { dateStart: '2026-12-25', dateEnd: '2026-12-26', timeEnd: '23:59', justDeliveryDisabled: false, reason: '' },
];

const schedule = (
  overrides: { timeZoneDiff?: number; timeZone?: string; allowDeliveries?: boolean } = {},
): ScheduleInput => ({
  tradingHours,
  closedDates: christmas,
  retailerInfo: retailerInfoSchema.parse({ name: 'Test', ...overrides }),
});

const perth = { timeZone: 'Australia/Perth', timeZoneDiff: -2 };
const minusTwo = { timeZoneDiff: -2 };

describe('serviceOpenStatus', () => {
  it.each<[string, string, Service, Parameters<typeof schedule>[0], boolean, string]>([
    ['Friday evening', '2026-11-27T09:30:00Z', 'pickup', {}, true, 'Pickup open until 1:00 am'],
    ['Friday evening', '2026-11-27T09:30:00Z', 'delivery', {}, true, 'Delivery open until 12:30 am'],
    ["after midnight, in Friday's late shift", '2026-11-27T13:45:00Z', 'pickup', {}, true, 'Pickup open until 1:00 am'],
    [
      'after midnight, delivery already over',
      '2026-11-27T13:45:00Z',
      'delivery',
      {},
      false,
      'Delivery opens today at 12:00 pm',
    ],
    ['Monday, closed all day', '2026-11-29T23:00:00Z', 'pickup', {}, false, 'Pickup opens tomorrow at 5:00 pm'],
    [
      "Christmas Day: closed through Boxing Day, so the tail of Saturday's late shift comes first",
      '2026-12-25T01:00:00Z',
      'pickup',
      {},
      false,
      'Pickup opens Sunday at midnight',
    ],
    [
      'a Perth shop two hours behind',
      '2026-11-27T09:30:00Z',
      'pickup',
      { timeZoneDiff: -2 },
      true,
      'Pickup open until 1:00 am',
    ],
    [
      'a Perth shop before its dinner shift',
      '2026-11-27T05:30:00Z',
      'pickup',
      { timeZoneDiff: -2 },
      false,
      'Pickup opens today at 5:00 pm',
    ],
    ['the night the clocks go forward', '2026-10-03T14:30:00Z', 'pickup', {}, true, 'Pickup open until 1:00 am'],
    // A Perth shop that names its zone: Melbourne − 3 h in summer, where the − 2 h rule is an hour late.
    ['Perth, 4:30 pm in summer', '2026-11-27T08:30:00Z', 'pickup', perth, false, 'Pickup opens today at 5:00 pm'],
    ['Perth, 12:45 am in summer', '2026-11-27T16:45:00Z', 'pickup', perth, true, 'Pickup open until 1:00 am'],
    ['Perth, 5:30 pm in winter', '2026-06-12T09:30:00Z', 'pickup', perth, true, 'Pickup open until 1:00 am'],
    [
      'Perth, 12:30 am as Melbourne goes forward',
      '2026-10-03T16:30:00Z',
      'pickup',
      perth,
      true,
      'Pickup open until 1:00 am',
    ],
    [
      'the − 2 h rule, the same night',
      '2026-10-03T16:30:00Z',
      'pickup',
      minusTwo,
      false,
      'Pickup opens today at 12:00 pm',
    ],
    [
      'a retailer that does not deliver',
      '2026-11-27T09:30:00Z',
      'delivery',
      { allowDeliveries: false },
      false,
      'Delivery not available this week',
    ],
  ])('%s (%s, %s)', (_label, at, service, overrides, open, text) => {
    expect(serviceOpenStatus(schedule(overrides), service, new Date(at))).toEqual({ service, open, text });
  });
});

describe('serviceOpenStatus with the live clock', () => {
  const live = {
    retailerOnline: true,
    liveDeliveryWaitTime: 30,
    livePickupWaitTime: 30,
    closedDateToday: false,
    livePickupOverCapacity: false,
    liveDeliveryOverCapacity: false,
    allowDelivery: true,
  };
  const friday = new Date('2026-11-27T09:30:00Z');
  it.each<[string, Partial<typeof live>, Service, boolean, string]>([
    ['online', {}, 'pickup', true, 'Pickup open until 1:00 am'],
    ['offline', { retailerOnline: false }, 'pickup', false, 'Pickup closed now'],
    ['offline', { retailerOnline: false }, 'delivery', false, 'Delivery closed now'],
    ['delivery over capacity', { liveDeliveryOverCapacity: true }, 'delivery', false, 'Delivery closed now'],
    [
      'delivery over capacity leaves pickup open',
      { liveDeliveryOverCapacity: true },
      'pickup',
      true,
      'Pickup open until 1:00 am',
    ],
    ['closed today', { closedDateToday: true }, 'pickup', false, 'Pickup closed now'],
  ])('%s: %s', (_label, overrides, service, open, text) => {
    expect(serviceOpenStatus(schedule(), service, friday, { ...live, ...overrides })).toEqual({ service, open, text });
  });

  it('a pause by the shop says until when, in its hours or not, and is over when that time comes', () => {
    const paused = { ...live, allowDelivery: false, deliveryPausedUntil: '2026-11-27T11:00:00.000Z' };
    expect(serviceOpenStatus(schedule(), 'delivery', friday, paused)).toEqual({
      service: 'delivery',
      open: false,
      text: 'Delivery paused until today at 10:00 pm',
    });
    expect(serviceOpenStatus(schedule(), 'pickup', friday, paused).text).toBe('Pickup open until 1:00 am');
    expect(serviceOpenStatus(schedule(), 'delivery', new Date('2026-11-27T05:00:00Z'), paused).text).toBe(
      'Delivery paused until today at 10:00 pm',
    );
    expect(
      serviceOpenStatus(schedule(), 'delivery', new Date('2026-11-27T11:00:00Z'), { ...paused, allowDelivery: true })
        .text,
    ).toBe('Delivery open until 12:30 am');
  });

  it('outside the hours still says when it opens', () => {
    expect(
      serviceOpenStatus(schedule(), 'pickup', new Date('2026-11-29T23:00:00Z'), { ...live, retailerOnline: false })
        .text,
    ).toBe('Pickup opens tomorrow at 5:00 pm');
  });
});
