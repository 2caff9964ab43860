import { describe, expect, it } from 'vitest';
import { ORDER_SOURCE } from '../constants.ts';
import { COLA, CAN, LARGE, MARGHERITA, SMALL, cartItem } from '../pricing/test-menu.ts';
import { aedt, closedDate, retailerInfo } from '../time/test-fixtures.ts';
import {
  buildOrderPayload,
  closedDateApplies,
  OrderPayloadError,
  payloadFromState,
  type OrderPayloadInput,
} from './order-payload.ts';
import { freshOrderState } from './order-state.ts';
import { orderTypeStatus, startStatus } from './order-status.ts';
import { orderPayloadSchema } from './schemas.ts';

const now = new Date('2026-03-15T02:00:00.000Z');
const earlier = new Date('2026-03-15T01:40:00.000Z');
const products = [
  cartItem(MARGHERITA, LARGE, { historicPrice: 18.5 }),
  cartItem(COLA, CAN, { historicPrice: 3.5, quantity: 2 }),
];

const input = (changes: Partial<OrderPayloadInput> = {}): OrderPayloadInput => ({
  encryptedOrderId: null,
  retailerId: 111,
  orderType: 'delivery',
  products,
  deliveryFeeCents: 550,
  orderForLater: false,
  orderForLaterRequestDateTime: null,
  ...changes,
});

describe('buildOrderPayload', () => {
  it('builds a new delivery order', () => {
    expect(buildOrderPayload(input({ orderNotes: 'Ring the bell', deliveryWaitTimeMinutes: 45 }), now)).toEqual({
      encryptedOrderId: null,
      retailerId: 111,
      extraOrderNotes: 'Ring the bell',
      createDate: '2026-03-15T02:00:00.000Z',
      currentOrderStatusTypeId: 1,
      lastOrderStatusUpdate: '2026-03-15T02:00:00.000Z',
      isPickup: false,
      historicDeliveryFee: 5.5,
      historicDeliveryWaitTime: 45,
      orderForLater: false,
      orderForLaterRequestDateTime: null,
      closedDate: false,
      orderPlatformSourceId: 1,
      source: ORDER_SOURCE,
      products,
    });
  });

  it.each<[string, Partial<OrderPayloadInput>, Record<string, unknown>]>([
    [
      'pickup sends no delivery fee whatever the totals said',
      { orderType: 'pickup', deliveryFeeCents: 550 },
      { isPickup: true, historicDeliveryFee: 0 },
    ],
    ['the default wait time is 30 minutes', {}, { historicDeliveryWaitTime: 30 }],
    ['no notes send an empty string', {}, { extraOrderNotes: '' }],
    [
      'a new order starts at status 1 even after a mobile start status',
      { statuses: [startStatus('iPhone', earlier)] },
      { currentOrderStatusTypeId: 1, lastOrderStatusUpdate: now.toISOString() },
    ],
    [
      'an existing order reports its latest status',
      {
        encryptedOrderId: 'enc-1',
        statuses: [startStatus('iPhone', earlier), orderTypeStatus('pickup', new Date('2026-03-15T01:50:00.000Z'))],
      },
      { encryptedOrderId: 'enc-1', currentOrderStatusTypeId: 55, lastOrderStatusUpdate: '2026-03-15T01:50:00.000Z' },
    ],
    [
      'an existing order without statuses reports 1',
      { encryptedOrderId: 'enc-1', statuses: [] },
      { currentOrderStatusTypeId: 1 },
    ],
    [
      'an existing order keeps its creation time',
      { encryptedOrderId: 'enc-1', createDate: earlier },
      { createDate: earlier.toISOString() },
    ],
    [
      'a later order sends its time as ISO',
      { orderForLater: true, orderForLaterRequestDateTime: new Date('2026-03-15T08:30:00.000Z') },
      { orderForLater: true, orderForLaterRequestDateTime: '2026-03-15T08:30:00.000Z' },
    ],
    [
      'a later time with a Melbourne offset passes as given',
      { orderForLater: true, orderForLaterRequestDateTime: '2026-03-15T19:30:00+11:00' },
      { orderForLaterRequestDateTime: '2026-03-15T19:30:00+11:00' },
    ],
    [
      'an order for now drops a leftover later time',
      { orderForLater: false, orderForLaterRequestDateTime: new Date('2026-03-15T08:30:00.000Z') },
      { orderForLaterRequestDateTime: null },
    ],
    ['a closed date is passed on', { closedDate: true }, { closedDate: true }],
    ['an empty cart can be sent (to update the order)', { products: [] }, { products: [] }],
  ])('%s', (_, changes, expected) => {
    expect(buildOrderPayload(input(changes), now)).toMatchObject(expected);
  });

  it('passes the schema the reference API validates with', () => {
    const payload = buildOrderPayload(
      input({ encryptedOrderId: 'enc-1', statuses: [orderTypeStatus('delivery', earlier)] }),
      now,
    );
    expect(orderPayloadSchema.parse(payload)).toEqual(payload);
  });

  it.each<[string, Partial<OrderPayloadInput>, RegExp]>([
    [
      'an order for later without a time',
      { orderForLater: true, orderForLaterRequestDateTime: null },
      /order for later needs orderForLaterRequestDateTime/,
    ],
    [
      'a later time that is not a date',
      { orderForLater: true, orderForLaterRequestDateTime: 'tomorrow at 7' },
      /orderForLaterRequestDateTime/,
    ],
    ['no retailer', { retailerId: 0 }, /retailerId/],
    ['notes over 1000 characters', { orderNotes: 'x'.repeat(1001) }, /extraOrderNotes/],
    [
      'a line with no quantity',
      { products: [{ ...cartItem(MARGHERITA, LARGE), quantity: 0 }] },
      /products\[0\]\.quantity/,
    ],
    ['a negative wait time', { deliveryWaitTimeMinutes: -5 }, /historicDeliveryWaitTime/],
  ])('refuses %s with the reason', (_, changes, message) => {
    expect(() => buildOrderPayload(input(changes), now)).toThrow(OrderPayloadError);
    expect(() => buildOrderPayload(input(changes), now)).toThrow(message);
  });

  it('lists the schema issues on the error', () => {
    try {
      buildOrderPayload(input({ retailerId: -1 }), now);
      expect.unreachable();
    } catch (error) {
      if (!(error instanceof OrderPayloadError)) throw error;
      expect(error.issues.map((issue) => issue.path)).toEqual([['retailerId']]);
    }
  });

  it('refuses a delivery fee that is not whole cents', () => {
    expect(() => buildOrderPayload(input({ deliveryFeeCents: 12.5 }), now)).toThrow(/whole number of cents/);
  });
});

describe('payloadFromState', () => {
  it('sends the saved order as it stands: lines, type, later time, notes, creation date and latest status', () => {
    const state = {
      ...freshOrderState('pickup'),
      encryptedOrderId: 'order-7',
      products: [cartItem(MARGHERITA, SMALL)],
      orderNotes: 'No onions',
      orderForLater: true,
      orderForLaterRequestDateTime: '2026-11-26T08:00:00.000Z',
      createDate: '2026-11-25T07:00:00.000Z',
      orderStatuses: [{ orderStatusTypeId: 55 as const, notes: '', timestamp: '2026-11-25T07:05:00.000Z' }],
    };
    expect(
      payloadFromState(
        state,
        { retailerId: 111, deliveryFeeCents: 650, deliveryWaitTimeMinutes: 40, hours: null },
        new Date('2026-11-25T08:00:00Z'),
      ),
    ).toMatchObject({
      encryptedOrderId: 'order-7',
      isPickup: true,
      historicDeliveryFee: 0,
      historicDeliveryWaitTime: 40,
      extraOrderNotes: 'No onions',
      orderForLater: true,
      orderForLaterRequestDateTime: '2026-11-26T08:00:00.000Z',
      createDate: '2026-11-25T07:00:00.000Z',
      currentOrderStatusTypeId: 55,
      products: [expect.objectContaining({ productId: MARGHERITA })],
    });
  });
});

describe('closedDateApplies', () => {
  const christmas = closedDate('2026-12-25', '2026-12-25', '23:59', false, 'Christmas Day');
  const noDelivery = closedDate('2026-12-24', '2026-12-24', '23:59', true);
  const hours = (timeZoneDiff = 0) => ({
    closedDates: [christmas, noDelivery],
    retailerInfo: retailerInfo({ timeZoneDiff }),
  });
  const now = (at: Date) => ({ isPickup: false, orderForLater: false, orderForLaterRequestDateTime: null, at });
  const later = (isPickup: boolean, at: Date) => ({
    isPickup,
    orderForLater: true,
    orderForLaterRequestDateTime: at.toISOString(),
    at: aedt('2026-12-20 12:00'),
  });
  it.each([
    ['ordering now on Christmas Day', now(aedt('2026-12-25 18:00')), 0, true],
    ['ordering now the day before', now(aedt('2026-12-23 18:00')), 0, false],
    ['a later time on Christmas Day, chosen days before', later(false, aedt('2026-12-25 18:00')), 0, true],
    [
      'a later time the day after, chosen on Christmas Day',
      { ...later(false, aedt('2026-12-26 18:00')), at: aedt('2026-12-25 18:00') },
      0,
      false,
    ],
    ['delivery on a delivery-only closure', later(false, aedt('2026-12-24 18:00')), 0, true],
    ['pickup on a delivery-only closure', later(true, aedt('2026-12-24 18:00')), 0, false],
    [
      "Perth: 23:30 in Melbourne is still Christmas Eve's 21:30 in Perth",
      later(true, aedt('2026-12-25 23:30')),
      -2,
      true,
    ],
    [
      "Perth: Melbourne's first minutes of Christmas are Perth's Christmas Eve",
      later(false, aedt('2026-12-25 01:00')),
      -2,
      true,
    ],
  ] as const)('%s', (_, { at, ...order }, timeZoneDiff, expected) => {
    expect(closedDateApplies(hours(timeZoneDiff), order, at)).toBe(expected);
  });

  it('is what payloadFromState sends as closedDate', () => {
    const state = {
      ...freshOrderState('delivery'),
      products: [cartItem(MARGHERITA, SMALL)],
      orderForLater: true,
      orderForLaterRequestDateTime: aedt('2026-12-25 18:00').toISOString(),
    };
    const order = { retailerId: 111, deliveryFeeCents: 650 };
    expect(payloadFromState(state, { ...order, hours: hours() }, aedt('2026-12-20 12:00')).closedDate).toBe(true);
    expect(
      payloadFromState(
        { ...state, orderForLaterRequestDateTime: aedt('2026-12-26 18:00').toISOString() },
        { ...order, hours: hours() },
        aedt('2026-12-20 12:00'),
      ).closedDate,
    ).toBe(false);
  });
});
