import { describe, expect, it } from 'vitest';
import type { ClockStatus } from '../tenant/index.ts';
import { type ClockStatusInput, computeClockStatus } from './clock-status.ts';
import { aedt, aest, closedDate, retailerInfo, weekHours } from './test-fixtures.ts';

function input(overrides: Partial<ClockStatusInput> = {}): ClockStatusInput {
  return { tradingHours: weekHours, closedDates: [], retailerInfo: retailerInfo(), ...overrides };
}

const open: ClockStatus = {
  retailerOnline: true,
  liveDeliveryWaitTime: 30,
  livePickupWaitTime: 30,
  closedDateToday: false,
  livePickupOverCapacity: false,
  liveDeliveryOverCapacity: false,
  allowDelivery: true,
};
const christmas = closedDate('2026-12-25', '2026-12-25', '23:59', false, 'Christmas Day');
const australiaDay = closedDate('2027-01-26', '2027-01-26', '17:00', true, 'Delivery from 5pm');

describe('computeClockStatus', () => {
  it.each<[string, ClockStatusInput, Date, Partial<ClockStatus>, Partial<ClockStatus>]>([
    ['Wednesday lunch, pickup open', input(), aest('2026-06-10 12:00'), {}, {}],
    ['Wednesday dinner, both open', input(), aest('2026-06-10 18:00'), {}, {}],
    ['Wednesday 16:00, between shifts', input(), aest('2026-06-10 16:00'), {}, { retailerOnline: false }],
    ['closed Monday', input(), aest('2026-06-08 12:00'), {}, { retailerOnline: false }],
    ['no trading hours', input({ tradingHours: [] }), aest('2026-06-10 12:00'), {}, { retailerOnline: false }],
    [
      'Christmas Day in trading hours',
      input({ closedDates: [christmas] }),
      aedt('2026-12-25 18:00'),
      {},
      { retailerOnline: false, closedDateToday: true, allowDelivery: false },
    ],
    [
      'a delivery-only closure at lunch',
      input({ closedDates: [australiaDay] }),
      aedt('2027-01-26 12:00'),
      {},
      { allowDelivery: false },
    ],
    [
      'a delivery-only closure after its end time',
      input({ closedDates: [australiaDay] }),
      aedt('2027-01-26 18:00'),
      {},
      {},
    ],
    [
      'a retailer that never delivers',
      input({ retailerInfo: retailerInfo({ allowDeliveries: false }) }),
      aest('2026-06-10 18:00'),
      {},
      { allowDelivery: false },
    ],
    [
      'pickup disabled while only pickup trades',
      input({ retailerInfo: retailerInfo({ pickupDisabled: true }) }),
      aest('2026-06-10 12:00'),
      {},
      { retailerOnline: false },
    ],
    [
      'Perth dinner at 17:30 Perth time',
      input({ retailerInfo: retailerInfo({ timeZoneDiff: -2 }) }),
      aest('2026-06-10 19:30'),
      {},
      {},
    ],
    [
      'Perth at 15:30 Perth time',
      input({ retailerInfo: retailerInfo({ timeZoneDiff: -2 }) }),
      aest('2026-06-10 17:30'),
      {},
      { retailerOnline: false },
    ],
    ['Saturday night, first 01:30 of the autumn change', input(), aedt('2026-04-05 01:30'), {}, {}],
    ['Saturday night, the repeated 02:30', input(), aest('2026-04-05 02:30'), {}, { retailerOnline: false }],
    ['Saturday night just before the spring change', input(), aest('2026-10-04 01:59'), {}, {}],
    ['Saturday night just after the spring change', input(), aedt('2026-10-04 03:00'), {}, { retailerOnline: false }],
    [
      'live wait times and capacity',
      input(),
      aest('2026-06-10 18:00'),
      { livePickupWaitTime: 45, liveDeliveryWaitTime: 60, liveDeliveryOverCapacity: true },
      { livePickupWaitTime: 45, liveDeliveryWaitTime: 60, liveDeliveryOverCapacity: true },
    ],
    [
      'live pickup over capacity',
      input(),
      aest('2026-06-10 12:00'),
      { livePickupOverCapacity: true },
      { livePickupOverCapacity: true },
    ],
    [
      'the retailer forced offline',
      input(),
      aest('2026-06-10 18:00'),
      { retailerOnline: false },
      { retailerOnline: false },
    ],
    [
      'a live online flag cannot open a closed Monday',
      input(),
      aest('2026-06-08 12:00'),
      { retailerOnline: true },
      { retailerOnline: false },
    ],
    [
      'a live closed-date flag',
      input(),
      aest('2026-06-10 18:00'),
      { closedDateToday: true },
      { retailerOnline: false, closedDateToday: true },
    ],
    [
      'a live allowDelivery cannot reopen Christmas',
      input({ closedDates: [christmas] }),
      aedt('2026-12-25 18:00'),
      { allowDelivery: true },
      { retailerOnline: false, closedDateToday: true, allowDelivery: false },
    ],
    [
      'delivery switched off live',
      input(),
      aest('2026-06-10 18:00'),
      { allowDelivery: false },
      { allowDelivery: false },
    ],
  ])('%s', (_, data, now, live, expected) => {
    expect(computeClockStatus(data, now, live)).toEqual({ ...open, ...expected });
  });

  it.each([
    ['a negative wait', { liveDeliveryWaitTime: -5 }, /live\.liveDeliveryWaitTime: expected whole minutes/],
    ['a part-minute wait', { livePickupWaitTime: 12.5 }, /live\.livePickupWaitTime/],
    ['a flag given as text', { retailerOnline: 'yes' }, /live\.retailerOnline: expected true or false/],
  ] as const)('throws for %s', (_, live, message) => {
    expect(() =>
      computeClockStatus(input(), aest('2026-06-10 12:00'), live as unknown as Partial<ClockStatus>),
    ).toThrow(message);
  });

  it('throws for an invalid now', () => {
    expect(() => computeClockStatus(input(), new Date(Number.NaN))).toThrow(/now: expected a valid Date/);
  });
});
