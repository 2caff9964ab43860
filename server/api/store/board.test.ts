import { describe, expect, it } from 'vitest';
import type { Placement } from '../../../lib/cart/placement.ts';
import { cartProductSchema } from '../../../lib/cart/schemas.ts';
import { cartLine, halfHalfLine } from '../tests/fixtures/orders.ts';
import { boardOrderOf } from './board.ts';

describe('boardOrderOf: a placed order as the kitchen reads it', () => {
  const placement: Placement = {
    orderNumber: 12,
    placedAt: '2030-03-05T09:00:00.000Z',
    dueAt: '2030-03-05T09:30:00.000Z',
    isPickup: false,
    orderForLater: true,
    orderForLaterRequestDateTime: '2030-03-05T21:15:00+11:00',
    paymentMethod: 'cash',
    subTotal: 33,
    discountTotal: 0,
    deals: [],
    deliveryFee: 5.5,
    total: 38.5,
    tip: 0,
    tipPercent: null,
    promoCode: null,
    promoSaving: 0,
    contact: { fullName: 'Grace Hopper', phoneNumber: '0400 111 222', email: 'grace@example.com' },
    delivery: {
      street: '1 Collins St',
      suburbId: 1,
      instructions: 'Side door',
      suburbName: 'Melbourne',
      postcode: '3000',
    },
    orderNotes: '  ',
  };
  const lines = [
    cartProductSchema.parse(cartLine('board-a', { quantity: 2 })),
    cartProductSchema.parse(halfHalfLine('board-b')),
  ];

  it('is due at the time asked for, in UTC; the address carries the delivery instructions; blank notes are none', () => {
    expect(boardOrderOf('order-12', placement, lines, 'taken')).toEqual({
      encryptedOrderId: 'order-12',
      orderNumber: 12,
      placedAt: '2030-03-05T09:00:00.000Z',
      dueAt: '2030-03-05T10:15:00.000Z',
      // Promised only to an order as soon as possible.
      promisedAt: null,
      // The kitchen has not run late with it.
      runningLateUntil: null,
      orderType: 'delivery',
      customer: { name: 'Grace Hopper', phone: '0400 111 222', email: 'grace@example.com' },
      address: '1 Collins St, Melbourne 3000 (Side door)',
      lines: ['2 × Margherita · Small', '1 × Margherita / Pepperoni · Large · Half Margherita, half Pepperoni'],
      notes: null,
      totalCents: 3850,
      tipCents: 0,
      promoCode: null,
      promoSavingCents: 0,
      paymentMethod: 'cash',
      state: 'taken',
      // Accepted by staff, not by the shop's auto-accept.
      autoAccepted: false,
    });
  });

  it('has no due time for an order as soon as possible, and no address for a pickup', () => {
    const asap = {
      ...placement,
      isPickup: true,
      orderForLater: false,
      orderForLaterRequestDateTime: null,
      delivery: null,
      orderNotes: 'Extra napkins',
    };
    expect(boardOrderOf('order-13', asap, [], 'new')).toMatchObject({
      dueAt: null,
      promisedAt: '2030-03-05T09:30:00.000Z',
      orderType: 'pickup',
      address: null,
      notes: 'Extra napkins',
      lines: [],
    });
  });
});
