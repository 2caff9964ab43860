import { describe, expect, it } from 'vitest';
import type { ClockStatus } from '../tenant/index.ts';
import {
  type OrderTypeDecision,
  type OrderTypeState,
  shopForcedOrderType,
  startupOrderType,
  switchOrderType,
} from './order-type.ts';
import type { ScheduleInput, Service } from './schedule.ts';

type OrderType = Service;
import { aest, clockStatus, hoursRow, schedule } from './test-fixtures.ts';

const delivery: OrderTypeState = { orderType: 'delivery', orderForLaterAt: null };
const pickup: OrderTypeState = { orderType: 'pickup', orderForLaterAt: null };
const later = (orderType: Service, at: Date): OrderTypeState => ({ orderType, orderForLaterAt: at });
const pickupOnlyHours = schedule({ tradingHours: [hoursRow(3, ['11:00', '21:00'])] });

describe('startupOrderType', () => {
  it.each<[string, ScheduleInput, OrderTypeState, Date, ClockStatus | undefined, OrderTypeState]>([
    [
      'a retailer that never delivers',
      schedule({ info: { allowDeliveries: false } }),
      delivery,
      aest('2026-06-10 18:00'),
      clockStatus(),
      pickup,
    ],
    [
      'delivery switched off live while delivery is chosen',
      schedule(),
      delivery,
      aest('2026-06-10 18:00'),
      clockStatus({ allowDelivery: false }),
      pickup,
    ],
    [
      'delivery switched off live while pickup is chosen',
      schedule(),
      pickup,
      aest('2026-06-10 18:00'),
      clockStatus({ allowDelivery: false }),
      pickup,
    ],
    ['Wednesday lunch: only pickup is open', schedule(), delivery, aest('2026-06-10 12:00'), clockStatus(), pickup],
    [
      'Wednesday 20:45: delivery has closed, pickup has not',
      schedule(),
      delivery,
      aest('2026-06-10 20:45'),
      clockStatus(),
      pickup,
    ],
    [
      'Wednesday dinner, both open, delivery chosen',
      schedule(),
      delivery,
      aest('2026-06-10 18:00'),
      clockStatus(),
      delivery,
    ],
    ['Wednesday dinner, both open, pickup chosen', schedule(), pickup, aest('2026-06-10 18:00'), clockStatus(), pickup],
    [
      'pickup chosen but disabled while delivery is open',
      schedule({ info: { pickupDisabled: true } }),
      pickup,
      aest('2026-06-10 18:00'),
      clockStatus(),
      delivery,
    ],
    [
      'pickup over capacity while delivery is open: the pickup choice stays',
      schedule(),
      pickup,
      aest('2026-06-10 18:00'),
      clockStatus({ livePickupOverCapacity: true }),
      pickup,
    ],
    [
      'pickup between its shifts while delivery is open: the pickup choice stays',
      schedule({
        tradingHours: [hoursRow(3, ['11:00', '14:00'], ['11:00', '21:00']), hoursRow(3, ['17:00', '21:00'])],
      }),
      pickup,
      aest('2026-06-10 15:00'),
      clockStatus(),
      pickup,
    ],
    [
      'pickup over capacity while delivery is open, delivery chosen',
      schedule(),
      delivery,
      aest('2026-06-10 18:00'),
      clockStatus({ livePickupOverCapacity: true }),
      delivery,
    ],
    [
      'closed Monday: pickup opens first (Tuesday lunch)',
      schedule(),
      delivery,
      aest('2026-06-08 12:00'),
      clockStatus(),
      pickup,
    ],
    [
      'Friday delivery opens first on a pickup-less Friday evening',
      schedule({ tradingHours: [hoursRow(5, [null, null], ['17:00', '21:00']), hoursRow(6, ['11:00', '21:00'])] }),
      pickup,
      aest('2026-06-12 12:00'),
      clockStatus(),
      delivery,
    ],
    [
      'Saturday noon: both open at 17:00, the choice stays',
      schedule(),
      pickup,
      aest('2026-06-13 12:00'),
      clockStatus(),
      pickup,
    ],
    [
      'no hours: delivery marked unavailable',
      schedule({ tradingHours: [], info: { deliveryAvailable: false } }),
      delivery,
      aest('2026-06-10 12:00'),
      undefined,
      pickup,
    ],
    [
      'no hours: pickup marked unavailable',
      schedule({ tradingHours: [], info: { pickupAvailable: false } }),
      pickup,
      aest('2026-06-10 12:00'),
      undefined,
      delivery,
    ],
    [
      'no hours: nothing marked unavailable',
      schedule({ tradingHours: [] }),
      delivery,
      aest('2026-06-10 12:00'),
      undefined,
      delivery,
    ],
    [
      'a still-valid later time is kept',
      schedule(),
      later('delivery', aest('2026-06-11 18:00')),
      aest('2026-06-10 18:00'),
      clockStatus(),
      later('delivery', aest('2026-06-11 18:00')),
    ],
    [
      'a later time now in the past is dropped',
      schedule(),
      later('delivery', aest('2026-06-09 18:00')),
      aest('2026-06-10 18:00'),
      clockStatus(),
      delivery,
    ],
    [
      'a later time survives the switch to pickup when pickup trades then',
      schedule(),
      later('delivery', aest('2026-06-11 18:00')),
      aest('2026-06-10 12:00'),
      clockStatus(),
      later('pickup', aest('2026-06-11 18:00')),
    ],
    [
      'a Perth retailer at 10:00 Perth time: pickup opens first',
      schedule({ info: { timeZoneDiff: -2 } }),
      delivery,
      aest('2026-06-10 12:00'),
      clockStatus(),
      pickup,
    ],
  ])('%s', (_, input, current, now, status, expected) => {
    expect(startupOrderType(input, current, now, status)).toEqual({ ...expected, toast: null });
  });

  it('uses the status kept in the input', () => {
    const input = schedule({ clockStatus: clockStatus({ allowDelivery: false }) });
    expect(startupOrderType(input, delivery, aest('2026-06-10 18:00')).orderType).toBe('pickup');
  });
});

describe('switchOrderType', () => {
  it.each<[string, ScheduleInput, OrderTypeState, Service, Date, OrderTypeDecision]>([
    [
      'choosing the type already chosen',
      schedule(),
      later('pickup', aest('2026-06-11 12:00')),
      'pickup',
      aest('2026-06-10 12:00'),
      { ...later('pickup', aest('2026-06-11 12:00')), toast: null },
    ],
    [
      'to pickup while it is open',
      schedule(),
      delivery,
      'pickup',
      aest('2026-06-10 18:00'),
      { ...pickup, toast: null },
    ],
    [
      'to pickup while open, keeping a valid later time',
      schedule(),
      later('delivery', aest('2026-06-11 12:00')),
      'pickup',
      aest('2026-06-10 18:00'),
      { ...later('pickup', aest('2026-06-11 12:00')), toast: null },
    ],
    [
      'to pickup while open, dropping a later time pickup cannot take',
      schedule(),
      later('delivery', aest('2026-06-15 12:00')),
      'pickup',
      aest('2026-06-10 18:00'),
      { ...pickup, toast: null },
    ],
    [
      'to delivery at Wednesday lunch: scheduled for this evening',
      schedule(),
      pickup,
      'delivery',
      aest('2026-06-10 12:00'),
      {
        ...later('delivery', aest('2026-06-10 17:00')),
        toast: {
          title: 'Order scheduled for later',
          description:
            "Delivery is not open right now, so we've set your order for today at 5:00 pm. You can change the time before checkout.",
        },
      },
    ],
    [
      'to delivery late on Wednesday: scheduled for tomorrow',
      schedule(),
      pickup,
      'delivery',
      aest('2026-06-10 20:45'),
      {
        ...later('delivery', aest('2026-06-11 17:00')),
        toast: {
          title: 'Order scheduled for later',
          description:
            "Delivery is not open right now, so we've set your order for tomorrow at 5:00 pm. You can change the time before checkout.",
        },
      },
    ],
    [
      'to delivery on Sunday night: scheduled for Tuesday',
      schedule(),
      pickup,
      'delivery',
      aest('2026-06-14 20:30'),
      {
        ...later('delivery', aest('2026-06-16 17:00')),
        toast: {
          title: 'Order scheduled for later',
          description:
            "Delivery is not open right now, so we've set your order for Tuesday at 5:00 pm. You can change the time before checkout.",
        },
      },
    ],
    [
      'to delivery for a Perth retailer at 10:00 Perth time',
      schedule({ info: { timeZoneDiff: -2 } }),
      pickup,
      'delivery',
      aest('2026-06-10 12:00'),
      {
        ...later('delivery', aest('2026-06-10 19:00')),
        toast: {
          title: 'Order scheduled for later',
          description:
            "Delivery is not open right now, so we've set your order for today at 5:00 pm. You can change the time before checkout.",
        },
      },
    ],
    [
      'to delivery while closed, keeping a valid later time',
      schedule(),
      later('pickup', aest('2026-06-11 18:00')),
      'delivery',
      aest('2026-06-10 12:00'),
      { ...later('delivery', aest('2026-06-11 18:00')), toast: null },
    ],
    [
      'to delivery while closed with ordering for later off',
      schedule({ info: { oflEnabled: false } }),
      pickup,
      'delivery',
      aest('2026-06-10 12:00'),
      {
        ...delivery,
        toast: {
          title: 'Not Available Yet',
          description: 'Delivery opens today at 5:00 pm. Please place your order within trading hours.',
        },
      },
    ],
    [
      'to delivery with ordering for later off and no delivery hours',
      schedule({ info: { oflEnabled: false }, tradingHours: pickupOnlyHours.tradingHours }),
      pickup,
      'delivery',
      aest('2026-06-10 12:00'),
      {
        ...delivery,
        toast: {
          title: 'Not Available Yet',
          description: 'Delivery is not open right now. Please place your order within trading hours.',
        },
      },
    ],
    [
      'to delivery with no delivery hours: back to pickup',
      pickupOnlyHours,
      later('pickup', aest('2026-06-10 19:00')),
      'delivery',
      aest('2026-06-10 12:00'),
      {
        ...later('pickup', aest('2026-06-10 19:00')),
        toast: {
          title: 'Delivery not available',
          description: 'Delivery is not available in the coming week, so your order stays as pickup.',
        },
      },
    ],
    [
      'to pickup when the retailer never offers it: stays delivery',
      schedule({ info: { pickupDisabled: true } }),
      delivery,
      'pickup',
      aest('2026-06-10 18:00'),
      {
        ...delivery,
        toast: {
          title: 'Pickup not available',
          description: 'Pickup is not available in the coming week, so your order stays as delivery.',
        },
      },
    ],
  ])('%s', (_, input, current, requested, now, expected) => {
    expect(switchOrderType(input, current, requested, now, clockStatus())).toEqual(expected);
  });

  it('schedules past a live delivery overload using the live wait', () => {
    const decision = switchOrderType(
      schedule(),
      pickup,
      'delivery',
      aest('2026-06-10 18:00'),
      clockStatus({ liveDeliveryOverCapacity: true, liveDeliveryWaitTime: 50 }),
    );
    expect(decision.orderForLaterAt).toEqual(aest('2026-06-10 19:00'));
    expect(decision.toast?.description).toContain('today at 7:00 pm');
  });

  it.each([
    [
      'an unknown order type',
      () => switchOrderType(schedule(), delivery, 'collect' as Service, aest('2026-06-10 12:00')),
      /orderType: expected "delivery" or "pickup", got "collect"/,
    ],
    [
      'an invalid later time',
      () => startupOrderType(schedule(), later('pickup', new Date('soon')), aest('2026-06-10 12:00')),
      /orderForLaterAt: expected a valid Date/,
    ],
    [
      'an invalid now',
      () => switchOrderType(schedule(), delivery, 'pickup', new Date(Number.NaN)),
      /now: expected a valid Date/,
    ],
  ])('throws for %s', (_, run, message) => {
    expect(run).toThrow(message);
  });
});

describe('shopForcedOrderType: what a live status change may do to an open visit', () => {
  const evening = aest('2026-06-10 18:00');
  const afterDelivery = aest('2026-06-10 20:45');
  it.each<[string, OrderTypeState, Date, ClockStatus | undefined, ClockStatus, OrderType | null]>([
    [
      'delivery paused by the shop while delivery is chosen',
      delivery,
      evening,
      clockStatus(),
      clockStatus({ allowDelivery: false }),
      'pickup',
    ],
    [
      'the first status of the visit pausing delivery',
      delivery,
      evening,
      undefined,
      clockStatus({ allowDelivery: false }),
      'pickup',
    ],
    ['a poll that changes nothing', delivery, evening, clockStatus(), clockStatus(), null],
    [
      'delivery closed by its hours before the poll (the customer keeps it)',
      delivery,
      afterDelivery,
      clockStatus(),
      clockStatus(),
      null,
    ],
    [
      'delivery paused after its hours ended',
      delivery,
      afterDelivery,
      clockStatus(),
      clockStatus({ allowDelivery: false }),
      null,
    ],
    [
      'delivery paused while pickup is chosen',
      pickup,
      evening,
      clockStatus(),
      clockStatus({ allowDelivery: false }),
      null,
    ],
    [
      'delivery paused for an order for later',
      later('delivery', aest('2026-06-11 18:00')),
      evening,
      clockStatus(),
      clockStatus({ allowDelivery: false }),
      null,
    ],
    [
      'the whole shop offline: nothing to move to',
      delivery,
      evening,
      clockStatus(),
      clockStatus({ retailerOnline: false }),
      null,
    ],
  ])('%s', (_, current, now, previous, next, expected) => {
    const decision = shopForcedOrderType(schedule(), current, now, previous, next);
    expect(decision?.orderType ?? null).toBe(expected);
    if (expected !== null) {
      expect(decision?.orderForLaterAt).toBeNull();
      expect(decision?.toast).toEqual({
        title: 'Delivery paused',
        description:
          'The shop has paused delivery for now, so your order is for pickup. Switch back to order delivery for later.',
      });
    }
  });
});
