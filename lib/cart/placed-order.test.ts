import { describe, expect, it } from 'vitest';
import type { OrderAnswer, Placement } from './placement.ts';
import { cartProductSchema } from './schemas.ts';
import {
  confirmationView,
  laterOrderAnswer,
  placementDueAt,
  promisedTime,
  withKitchenNews,
  withOrderProcessed,
} from './placed-order.ts';

const waits = { livePickupWaitTime: 20, liveDeliveryWaitTime: 45 };
const asap = { isPickup: true, orderForLater: false, orderForLaterRequestDateTime: null };

describe('placementDueAt', () => {
  it.each<[string, Parameters<typeof placementDueAt>[0], string, string]>([
    ['pickup now: the pickup wait', asap, '2026-11-27T09:30:00.000Z', '2026-11-27T09:50:00.000Z'],
    [
      'delivery now: the delivery wait',
      { ...asap, isPickup: false },
      '2026-11-27T09:30:00.000Z',
      '2026-11-27T10:15:00.000Z',
    ],
    [
      'delivery now at 11:50 pm: due after midnight',
      { ...asap, isPickup: false },
      '2026-11-27T12:50:00.000Z',
      '2026-11-27T13:35:00.000Z',
    ],
    [
      'for later: the time asked for',
      { isPickup: true, orderForLater: true, orderForLaterRequestDateTime: '2026-11-28T08:15:00+11:00' },
      '2026-11-27T09:30:00.000Z',
      '2026-11-27T21:15:00.000Z',
    ],
    [
      'later without a time: treated as now',
      { isPickup: true, orderForLater: true, orderForLaterRequestDateTime: null },
      '2026-11-27T09:30:00.000Z',
      '2026-11-27T09:50:00.000Z',
    ],
  ])('%s', (_name, order, now, expected) => {
    expect(placementDueAt(order, waits, new Date(now))).toBe(expected);
  });
});

function placement(changes: Partial<Placement> = {}): Placement {
  return {
    orderNumber: 42,
    placedAt: '2026-11-27T09:30:00.000Z',
    dueAt: '2026-11-27T10:00:00.000Z',
    isPickup: true,
    orderForLater: false,
    orderForLaterRequestDateTime: null,
    contact: { fullName: 'Grace Brewster Hopper', phoneNumber: '0400 111 222', email: 'grace@example.com' },
    delivery: null,
    paymentMethod: 'cash',
    orderNotes: '',
    subTotal: 44,
    discountTotal: 0,
    deals: [],
    deliveryFee: 0,
    total: 44,
    tip: 0,
    tipPercent: null,
    promoCode: null,
    promoSaving: 0,
    ...changes,
  };
}

const size = {
  retailerProductSizeId: 12,
  productGroupId: 1,
  productSizeId: 2,
  name: 'Large 13"',
  price: 22,
  defaultProductPrice: 22,
};

function answer(changes: Partial<OrderAnswer> = {}): OrderAnswer {
  return {
    orderProcessed: false,
    kitchenStage: 'new',
    runningLateUntil: null,
    loggedInCustId: null,
    historicDeliveryFee: 0,
    discountTotal: 0,
    products: [
      cartProductSchema.parse({
        uuid: '0b0e7c1e-8d9a-4f2b-9c3d-2e1f0a9b8c7d',
        productId: 101,
        productGroupId: 1,
        productName: 'Margherita',
        size,
        quantity: 2,
        historicPrice: 22,
        extras: [],
        options: [{ retailerProductOptionId: 31, retailerProductOptionChoiceId: 312, name: 'Thin & crispy' }],
        isHalfHalf: false,
        secondHalf: null,
        orderProductId: 9,
        timeStamp: 1_900_000_000_000,
      }),
    ],
    placement: null,
    placementDetails: null,
    orderWatch: null,
    payment: null,
    ...changes,
  };
}

const shop = { name: 'Bella Napoli Pizzeria', address: '312 Lygon Street, Carlton VIC 3053' };
const fridayEvening = new Date('2026-11-27T09:35:00Z');
const view = (changes: Partial<Placement> = {}, now = fridayEvening, timeZoneDiff = 0, order = answer()) =>
  confirmationView(order, placement(changes), placement(changes), shop, now, timeZoneDiff);
const withheldView = (changes: Partial<Placement> = {}, order = answer()) =>
  confirmationView(order, placement(changes), null, shop, fridayEvening, 0);

describe('confirmationView', () => {
  it('a pickup order just placed: its number, the shop to collect from, when, who and how they pay', () => {
    expect(view()).toEqual({
      orderNumber: '#42',
      status: 'received',
      stage: 'new',
      statusTitle: 'Order received',
      statusText: 'Thanks, Grace! We have your order and will start on it shortly.',
      secondStep: 'Preparing',
      late: null,
      service: 'Pickup',
      when: { label: 'Ready for pickup', text: 'As soon as possible, about 9:00 pm' },
      place: {
        label: 'Pickup from',
        lines: ['Bella Napoli Pizzeria', '312 Lygon Street, Carlton VIC 3053'],
        instructions: null,
      },
      notes: null,
      contact: 'Grace Brewster Hopper · 0400 111 222',
      withheld: null,
      payment: 'Cash on delivery or pickup',
      lines: [
        {
          key: '0b0e7c1e-8d9a-4f2b-9c3d-2e1f0a9b8c7d',
          title: '2 × Margherita',
          details: 'Large 13" · Thin & crispy',
          price: '$44.00',
        },
      ],
      totals: [
        { label: 'Subtotal', amount: '$44.00', kind: 'plain' },
        { label: 'Total', amount: '$44.00', kind: 'total' },
      ],
      tipNote: null,
    });
  });

  it('a promo code on a line of its own, its saving already out of the total', () => {
    const shown = view({ promoCode: 'SAVE5', promoSaving: 5, total: 39 });
    expect(shown.totals).toEqual([
      { label: 'Subtotal', amount: '$44.00', kind: 'plain' },
      { label: 'Promo SAVE5', amount: '−$5.00', kind: 'discount' },
      { label: 'Total', amount: '$39.00', kind: 'total' },
    ]);
  });

  it.each([
    [
      'a 15% tip noted on a cash pickup',
      { tip: 6.6, tipPercent: 15 },
      'Total to pay',
      'Your tip of $6.60 is noted: please pay it with your order at the counter. Thank you!',
    ],
    [
      'an own tip noted on a card delivery',
      { tip: 5, tipPercent: null, isPickup: false, paymentMethod: 'card' as const },
      'Total to pay',
      'Your tip of $5.00 is noted: please pay it with your order at the door. Thank you!',
    ],
    [
      'a 15% tip paid online',
      { tip: 6.6, tipPercent: 15, paymentMethod: 'online' as const },
      'Total paid',
      'Your tip of $6.60 is charged with your order. Thank you!',
    ],
  ])('%s: a line of its own after the order total, and what is paid in all', (_case, changes, paidLabel, note) => {
    const shown = view(changes);
    const tipLine = changes.tipPercent === null ? 'Tip' : `Tip (${changes.tipPercent}%)`;
    expect(shown.totals.slice(-3)).toEqual([
      { label: 'Order total', amount: '$44.00', kind: 'plain' },
      { label: tipLine, amount: changes.tip === 5 ? '$5.00' : '$6.60', kind: 'tip' },
      { label: paidLabel, amount: changes.tip === 5 ? '$49.00' : '$50.60', kind: 'total' },
    ]);
    expect(shown.tipNote).toBe(note);
  });

  it('a delivery order: the address with its instructions, the fee and the deals as lines of their own', () => {
    const delivery = {
      street: '12 Lygon Street',
      suburbId: 3,
      instructions: 'Ring twice',
      suburbName: 'Carlton',
      postcode: '3053',
    };
    const shown = view({
      isPickup: false,
      delivery,
      paymentMethod: 'card',
      subTotal: 44,
      discountTotal: 4,
      deliveryFee: 6.5,
      total: 46.5,
    });
    expect(shown).toMatchObject({
      service: 'Delivery',
      when: { label: 'Delivery' },
      place: { label: 'Deliver to', lines: ['12 Lygon Street, Carlton 3053'], instructions: 'Ring twice' },
      payment: 'Card on delivery or pickup',
      totals: [
        { label: 'Subtotal', amount: '$44.00', kind: 'plain' },
        { label: 'Deals', amount: '−$4.00', kind: 'discount' },
        { label: 'Delivery fee', amount: '$6.50', kind: 'plain' },
        { label: 'Total', amount: '$46.50', kind: 'total' },
      ],
    });
  });

  it('names each deal the order was priced with, as the cart did', () => {
    const shown = view({
      subTotal: 55,
      discountTotal: 7,
      deals: [
        { name: 'Vegan Feast', discount: 5 },
        { name: 'Any Two Regular Pizzas', discount: 2 },
      ],
      total: 48,
    });
    expect(shown.totals).toEqual([
      { label: 'Subtotal', amount: '$55.00', kind: 'plain' },
      { label: 'Vegan Feast', amount: '−$5.00', kind: 'discount' },
      { label: 'Any Two Regular Pizzas', amount: '−$2.00', kind: 'discount' },
      { label: 'Total', amount: '$48.00', kind: 'total' },
    ]);
  });

  it('a shop without an address on file: its name alone', () => {
    expect(
      confirmationView(answer(), placement(), placement(), { name: 'Crust & Co', address: '' }, fridayEvening, 0).place
        ?.lines,
    ).toEqual(['Crust & Co']);
  });

  it.each([
    ['no notes', '', null],
    ['only spaces', '   ', null],
    ['notes, exactly as sent', '  No onions.\nExtra napkins please  ', '  No onions.\nExtra napkins please  '],
  ])('%s', (_name, orderNotes, notes) => {
    expect(view({ orderNotes }).notes).toBe(notes);
  });

  describe('without the details (read by the order id alone)', () => {
    const delivery = {
      street: '12 Lygon Street',
      suburbId: 3,
      instructions: 'Ring twice',
      suburbName: 'Carlton',
      postcode: '3053',
    };
    const secrets = ['Grace', 'Hopper', '0400 111 222', 'grace@example.com', 'Lygon', 'Ring twice', 'No onions'];

    it('a guest order: the order, when and what it came to, no name, address or notes, and where they can be seen', () => {
      const shown = withheldView({ isPickup: false, delivery, orderNotes: 'No onions' });
      expect(shown).toMatchObject({
        orderNumber: '#42',
        statusText: 'Thanks! We have your order and will start on it shortly.',
        when: { label: 'Delivery' },
        place: null,
        notes: null,
        contact: null,
        withheld:
          'Your contact details, delivery address and notes are hidden to keep them private. They show only on the confirmation page opened when you ordered (its address holds the key), for 30 days.',
        payment: 'Cash on delivery or pickup',
      });
      expect(shown.lines).toHaveLength(1);
      for (const secret of secrets) expect(JSON.stringify(shown)).not.toContain(secret);
    });

    it("a customer's order: log in to see them; a pickup still shows the shop", () => {
      const shown = withheldView({ orderNotes: 'No onions' }, answer({ loggedInCustId: 7 }));
      expect(shown).toMatchObject({
        place: { label: 'Pickup from', lines: ['Bella Napoli Pizzeria', '312 Lygon Street, Carlton VIC 3053'] },
        contact: null,
        withheld:
          'Your contact details and notes are hidden to keep them private. Log in to the account you ordered with to see them.',
      });
    });
  });

  it('once the kitchen has taken it: being prepared', () => {
    expect(view({}, fridayEvening, 0, answer({ orderProcessed: true }))).toMatchObject({
      status: 'preparing',
      statusTitle: 'Being prepared',
      statusText: 'The kitchen has your order and is preparing it.',
      secondStep: 'Preparing',
    });
  });

  it.each<[string, Partial<Placement>, Date, { statusTitle: string; secondStep: string; statusText?: string }]>([
    [
      'a pickup for tomorrow, taken tonight: accepted, with when it will be ready',
      { isPickup: true, orderForLater: true, orderForLaterRequestDateTime: '2026-11-28T19:15:00+11:00' },
      fridayEvening,
      {
        statusTitle: 'Accepted',
        secondStep: 'Accepted',
        statusText: 'The kitchen has accepted your order and will have it ready tomorrow, Sat 28 Nov at 7:15 pm.',
      },
    ],
    [
      'a delivery for tomorrow, taken tonight: accepted, with when it comes',
      { isPickup: false, orderForLater: true, orderForLaterRequestDateTime: '2026-11-28T19:15:00+11:00' },
      fridayEvening,
      {
        statusTitle: 'Accepted',
        secondStep: 'Accepted',
        statusText: 'The kitchen has accepted your order and will have it with you tomorrow, Sat 28 Nov at 7:15 pm.',
      },
    ],
    [
      'the same pickup once its time has come and it is still in the kitchen: being prepared',
      { isPickup: true, orderForLater: true, orderForLaterRequestDateTime: '2026-11-28T19:15:00+11:00' },
      new Date('2026-11-28T08:16:00Z'),
      { statusTitle: 'Being prepared', secondStep: 'Preparing' },
    ],
  ])('an order for later taken by the kitchen: %s', (_name, changes, now, expected) => {
    expect(view(changes, now, 0, answer({ orderProcessed: true, kitchenStage: 'taken' }))).toMatchObject(expected);
  });

  it.each<[OrderAnswer['kitchenStage'], boolean, string]>([
    ['ready', true, 'Ready for pickup'],
    ['collected', true, 'Collected'],
    ['ready', false, 'Ready'],
    ['out-for-delivery', false, 'Out for delivery'],
    ['delivered', false, 'Delivered'],
  ])('the kitchen has it %s (pickup: %s): %s', (kitchenStage, isPickup, title) => {
    expect(view({ isPickup }, fridayEvening, 0, answer({ orderProcessed: true, kitchenStage })).statusTitle).toBe(
      title,
    );
  });

  it.each<[string, Partial<Placement>, string, number, string]>([
    ['now, due the same evening', {}, '2026-11-27T09:35:00Z', 0, 'As soon as possible, about 9:00 pm'],
    [
      'now, due after midnight',
      { placedAt: '2026-11-27T12:50:00.000Z', dueAt: '2026-11-27T13:20:00.000Z' },
      '2026-11-27T12:51:00Z',
      0,
      'As soon as possible, about tomorrow, Sat 28 Nov at 12:20 am',
    ],
    ['now, seen again the next day', {}, '2026-11-28T01:00:00Z', 0, 'As soon as possible, about Fri 27 Nov at 9:00 pm'],
    [
      'now, across the spring change (1:50 am + 30 minutes is 3:20 am)',
      { placedAt: '2025-10-04T15:50:00.000Z', dueAt: '2025-10-04T16:20:00.000Z' },
      '2025-10-04T15:51:00Z',
      0,
      'As soon as possible, about 3:20 am',
    ],
    [
      'now, across the autumn change (2:50 am + 30 minutes is 2:20 am again)',
      { placedAt: '2025-04-05T15:50:00.000Z', dueAt: '2025-04-05T16:20:00.000Z' },
      '2025-04-05T15:51:00Z',
      0,
      'As soon as possible, about 2:20 am',
    ],
    [
      'now, at a Perth shop (two hours behind Melbourne)',
      {},
      '2026-11-27T09:35:00Z',
      -2,
      'As soon as possible, about 7:00 pm',
    ],
    [
      'for later tomorrow',
      {
        orderForLater: true,
        orderForLaterRequestDateTime: '2026-11-28T07:00:00+11:00',
        dueAt: '2026-11-27T20:00:00.000Z',
      },
      '2026-11-27T09:35:00Z',
      0,
      'tomorrow, Sat 28 Nov at 7:00 am',
    ],
    [
      'for later on Monday',
      {
        orderForLater: true,
        orderForLaterRequestDateTime: '2026-11-30T18:30:00+11:00',
        dueAt: '2026-11-30T07:30:00.000Z',
      },
      '2026-11-27T09:35:00Z',
      0,
      'Mon 30 Nov at 6:30 pm',
    ],
    ['placed before due times were kept', { dueAt: null }, '2026-11-27T09:35:00Z', 0, 'As soon as possible'],
  ])('when: %s', (_name, changes, now, timeZoneDiff, text) => {
    expect(view(changes, new Date(now), timeZoneDiff).when.text).toBe(text);
  });
});

describe('running late', () => {
  // Friday 27 November 2026, 8:35 pm in Melbourne (AEDT): the shop's clock.
  it.each<[string, Partial<OrderAnswer>, string | null]>([
    ['never late: nothing said', { orderProcessed: true, kitchenStage: 'taken' }, null],
    [
      'late while cooking: the new time',
      { orderProcessed: true, kitchenStage: 'taken', runningLateUntil: '2026-11-27T10:10:00.000Z' },
      'The kitchen is running late: now about 9:10 pm',
    ],
    [
      'late before the kitchen took it',
      { runningLateUntil: '2026-11-27T09:55:00.000Z' },
      'The kitchen is running late: now about 8:55 pm',
    ],
    [
      'late past midnight: the day too',
      { kitchenStage: 'taken', runningLateUntil: '2026-11-27T13:10:00.000Z' },
      'The kitchen is running late: now about tomorrow, Sat 28 Nov at 12:10 am',
    ],
    [
      'once ready the lateness is over',
      { orderProcessed: true, kitchenStage: 'ready', runningLateUntil: '2026-11-27T10:10:00.000Z' },
      null,
    ],
  ])('%s', (_name, changes, late) => {
    const shown = view({}, fridayEvening, 0, answer(changes));
    expect(shown.late).toBe(late);
    // The order's lines and prices are as placed, late or not.
    expect(shown.lines).toEqual(view().lines);
    expect(shown.totals).toEqual(view().totals);
  });

  const late = (until: string | null) => answer({ runningLateUntil: until });
  it.each<[string, OrderAnswer, string | undefined, string | null]>([
    ['a live message with a new time', late(null), '2026-11-27T10:10:00.000Z', '2026-11-27T10:10:00.000Z'],
    [
      'a live message without one keeps the known',
      late('2026-11-27T10:10:00.000Z'),
      undefined,
      '2026-11-27T10:10:00.000Z',
    ],
    [
      'an older message never pulls it in',
      late('2026-11-27T10:20:00.000Z'),
      '2026-11-27T10:10:00.000Z',
      '2026-11-27T10:20:00.000Z',
    ],
  ])('%s', (_name, order, news, until) => {
    expect(
      withKitchenNews(order, { orderProcessed: false, ...(news ? { runningLateUntil: news } : {}) }).runningLateUntil,
    ).toBe(until);
  });

  it('a poll answered before the live message keeps the later time', () => {
    expect(laterOrderAnswer(late('2026-11-27T10:10:00.000Z'), late(null)).runningLateUntil).toBe(
      '2026-11-27T10:10:00.000Z',
    );
    expect(laterOrderAnswer(late(null), late('2026-11-27T10:10:00.000Z')).runningLateUntil).toBe(
      '2026-11-27T10:10:00.000Z',
    );
  });
});

describe('a refund never goes back', () => {
  const paid = (refunded: boolean) =>
    answer({ kitchenStage: 'declined', payment: { state: 'paid', total: 37.5, refunded } });
  it.each<[string, OrderAnswer | null, OrderAnswer, boolean]>([
    ['a poll that sees the refund', paid(false), paid(true), true],
    ['a poll that left before the refund was recorded', paid(true), paid(false), true],
    ['no refund yet', paid(false), paid(false), false],
  ])('%s', (_name, previous, next, refunded) => {
    expect(laterOrderAnswer(previous, next).payment?.refunded).toBe(refunded);
  });
});

describe('the status never goes back', () => {
  it.each<[string, OrderAnswer | null, OrderAnswer, boolean]>([
    ['a first answer is taken as it is', null, answer(), false],
    ['a poll that sees the kitchen took it', answer(), answer({ orderProcessed: true }), true],
    ['a poll answered before the live message arrived', answer({ orderProcessed: true }), answer(), true],
  ])('%s', (_name, previous, next, processed) => {
    expect(laterOrderAnswer(previous, next).orderProcessed).toBe(processed);
  });

  it.each([
    ['the kitchen took it', answer(), true, true],
    ['a message saying it is not taken yet changes nothing', answer({ orderProcessed: true }), false, true],
  ])('a live message: %s', (_name, order, orderProcessed, expected) => {
    expect(withOrderProcessed(order, orderProcessed).orderProcessed).toBe(expected);
  });
});

describe('promisedTime', () => {
  const later = (at: string) => ({ isPickup: true, orderForLater: true, orderForLaterRequestDateTime: at });
  it.each<[string, Parameters<typeof promisedTime>[0], string, number | string, string]>([
    ['pickup now: now plus the pickup wait', asap, '2026-11-27T09:30:00Z', 0, 'Ready for pickup about 8:50 pm'],
    [
      'delivery now: now plus the delivery wait',
      { ...asap, isPickup: false },
      '2026-11-27T09:30:00Z',
      0,
      'Delivery about 9:15 pm',
    ],
    [
      'a second before the minute turns: the minute the server would still record',
      asap,
      '2026-11-27T09:30:59.900Z',
      0,
      'Ready for pickup about 8:50 pm',
    ],
    [
      'delivery now at 11:50 pm: after midnight, named with its day',
      { ...asap, isPickup: false },
      '2026-11-27T12:50:00Z',
      0,
      'Delivery about tomorrow, Sat 28 Nov at 12:35 am',
    ],
    [
      'pickup now at 11:50 pm at a Perth shop: still the same evening there',
      asap,
      '2026-11-27T12:50:00Z',
      'Australia/Perth',
      'Ready for pickup about 9:10 pm',
    ],
    ['pickup now just after midnight: today', asap, '2026-11-27T13:05:00Z', 0, 'Ready for pickup about 12:25 am'],
    [
      'for later tomorrow: the time chosen, with its day',
      later('2026-11-28T07:00:00+11:00'),
      '2026-11-27T09:30:00Z',
      0,
      'Ready for pickup tomorrow, Sat 28 Nov at 7:00 am',
    ],
    [
      'for later tonight, delivered',
      { ...later('2026-11-27T22:30:00+11:00'), isPickup: false },
      '2026-11-27T09:30:00Z',
      0,
      'Delivery today, Fri 27 Nov at 10:30 pm',
    ],
  ])('%s', (_name, order, now, zone, expected) => {
    expect(promisedTime(order, waits, new Date(now), zone).sentence).toBe(expected);
  });

  it('words an order now as the confirmation page does once place-order recorded it', () => {
    const now = new Date('2026-11-27T09:30:00Z');
    const promise = promisedTime(asap, waits, now, 0);
    const dueAt = placementDueAt(asap, waits, now);
    expect(view({ dueAt }, now, 0).when).toEqual({
      label: promise.label,
      text: `As soon as possible, ${promise.time}`,
    });
  });
});
