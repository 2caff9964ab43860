import { describe, expect, it } from 'vitest';
import { cartTotals } from '../pricing/totals.ts';
import { LARGE, MARGHERITA, PEPPERONI, PIZZAS, cartItem, slot, special, testCatalogue } from '../pricing/test-menu.ts';
import {
  findPromoCode,
  promoCodeSchema,
  promoCodesSchema,
  promoLabel,
  promoSaving,
  promoWhenText,
  type PromoCart,
  type PromoCode,
} from './promo.ts';

const zone = 'Australia/Melbourne';
// Friday 27 November 2026, 7:00 pm in Melbourne (UTC+11).
const fridayEvening = new Date('2026-11-27T08:00:00Z');

const cart = (over: Partial<PromoCart> = {}): PromoCart => ({
  foodCents: 4_000,
  deliveryFeeCents: 500,
  service: 'delivery',
  at: fridayEvening,
  zone,
  ...over,
});

const code = (over: Partial<PromoCode> = {}): PromoCode => ({
  code: 'SAVE5',
  saving: { kind: 'amount', amount: 5 },
  ...over,
});

describe('promoSaving', () => {
  it.each<[string, PromoCode | undefined, Partial<PromoCart>, ReturnType<typeof promoSaving>]>([
    ['$5 off $40.00', code(), {}, { ok: true, code: 'SAVE5', cents: 500, freeDelivery: false }],
    [
      'an amount off never takes the food below zero',
      code({ saving: { kind: 'amount', amount: 50 } }),
      {},
      { ok: true, code: 'SAVE5', cents: 4_000, freeDelivery: false },
    ],
    [
      '10% rounds half up: $24.55 → $2.46',
      code({ saving: { kind: 'percent', percent: 10 } }),
      { foodCents: 2_455 },
      { ok: true, code: 'SAVE5', cents: 246, freeDelivery: false },
    ],
    [
      '100% off is the food, never the delivery fee',
      code({ saving: { kind: 'percent', percent: 100 } }),
      {},
      { ok: true, code: 'SAVE5', cents: 4_000, freeDelivery: false },
    ],
    [
      'free delivery saves the fee',
      code({ saving: { kind: 'freeDelivery' } }),
      {},
      { ok: true, code: 'SAVE5', cents: 500, freeDelivery: true },
    ],
    [
      'the minimum counts the food after the specials: exactly met',
      code({ minimumOrder: 40 }),
      {},
      { ok: true, code: 'SAVE5', cents: 500, freeDelivery: false },
    ],
    [
      'a code valid on Fridays from 5 pm to 9 pm at 7 pm on a Friday',
      code({ weekdays: [5], from: '17:00', to: '21:00' }),
      {},
      { ok: true, code: 'SAVE5', cents: 500, freeDelivery: false },
    ],
    [
      'a window past midnight, at 12:30 am Saturday, belongs to Friday',
      code({ weekdays: [5], from: '22:00', to: '02:00' }),
      { at: new Date('2026-11-27T13:30:00Z') },
      { ok: true, code: 'SAVE5', cents: 500, freeDelivery: false },
    ],
    [
      "valid through its last day, in the shop's calendar",
      code({ endsOn: '2026-11-27' }),
      {},
      { ok: true, code: 'SAVE5', cents: 500, freeDelivery: false },
    ],
    [
      'the last use left',
      code({ maxUses: 10, oncePerCustomer: true }),
      { usesSoFar: 9, usesByCustomer: 0 },
      { ok: true, code: 'SAVE5', cents: 500, freeDelivery: false },
    ],
    [
      'unknown',
      undefined,
      {},
      { ok: false, reason: 'unknown', message: 'We do not know that code. Please check it and try again.' },
    ],
    [
      'expired: the day after its last day in Melbourne, still Friday in UTC',
      code({ endsOn: '2026-11-27' }),
      { at: new Date('2026-11-27T13:30:00Z') },
      { ok: false, reason: 'expired', message: 'This code ended on Fri 27 Nov.' },
    ],
    [
      'not valid on this day',
      code({ weekdays: [1, 2] }),
      {},
      {
        ok: false,
        reason: 'notNow',
        message: "This code is valid Mondays and Tuesdays, not at this order's time.",
      },
    ],
    [
      'not valid at this time',
      code({ from: '11:00', to: '15:00' }),
      {},
      {
        ok: false,
        reason: 'notNow',
        message: "This code is valid Every day, 11:00 am - 3:00 pm, not at this order's time.",
      },
    ],
    [
      'minimum not reached',
      code({ minimumOrder: 50 }),
      {},
      { ok: false, reason: 'minimum', message: 'This code needs an order of $50.00. Add $10.00 more to use it.' },
    ],
    [
      'pickup only, on a delivery order',
      code({ services: ['pickup'] }),
      {},
      { ok: false, reason: 'service', message: 'This code is for pickup orders only.' },
    ],
    [
      'free delivery on a pickup order',
      code({ saving: { kind: 'freeDelivery' } }),
      { service: 'pickup', deliveryFeeCents: 0 },
      { ok: false, reason: 'service', message: 'This code is for delivery orders only.' },
    ],
    [
      'used up',
      code({ maxUses: 10 }),
      { usesSoFar: 10 },
      { ok: false, reason: 'usedUp', message: 'This code has been used up.' },
    ],
    [
      'once per customer, used before',
      code({ oncePerCustomer: true }),
      { usesByCustomer: 1 },
      {
        ok: false,
        reason: 'usedByCustomer',
        message: 'You have already used this code: it is one use per customer.',
      },
    ],
  ])('%s', (_name, promo, over, expected) => {
    expect(promoSaving(promo, cart(over))).toEqual(expected);
  });

  it('applies after the specials: a percentage is of the food the specials leave, and the minimum counts it too', () => {
    const items = [cartItem(MARGHERITA, LARGE), cartItem(PEPPERONI, LARGE)];
    const deal = special({ price: 24, retailerSpecialItems: [slot({ productGroupId: PIZZAS, qty: 2 })] });
    const totals = cartTotals(items, testCatalogue(), {
      orderType: 'pickup',
      specials: [deal],
      isSpecialAvailable: () => true,
    });
    expect(totals).toMatchObject({ subtotal: 3845, discount: 1445 });
    const food = totals.subtotal - totals.discount;
    const half = promoSaving(
      code({ saving: { kind: 'percent', percent: 50 } }),
      cart({ foodCents: food, service: 'pickup' }),
    );
    expect(half).toMatchObject({ ok: true, cents: 1200 });
    const needsTheSubtotal = promoSaving(code({ minimumOrder: totals.subtotal / 100 }), cart({ foodCents: food }));
    expect(needsTheSubtotal).toMatchObject({ ok: false, reason: 'minimum' });
  });
});

describe('the codes of a shop', () => {
  it('finds a typed code whatever its case and spaces', () => {
    expect(findPromoCode([code()], '  save5 ')?.code).toBe('SAVE5');
    expect(findPromoCode([code()], 'SAVE6')).toBeUndefined();
    expect(findPromoCode([code()], 'x'.repeat(500))).toBeUndefined();
  });

  it.each([
    ['a code of 2 letters', { code: 'AB', saving: { kind: 'freeDelivery' } }],
    ['an amount of zero', { code: 'ZERO', saving: { kind: 'amount', amount: 0 } }],
    ['a percentage over 100', { code: 'ALL', saving: { kind: 'percent', percent: 101 } }],
    ['a start without an end', { code: 'LUNCH', saving: { kind: 'freeDelivery' }, from: '11:00' }],
    ['an unknown key', { code: 'LUNCH', saving: { kind: 'freeDelivery' }, stacks: true }],
  ])('refuses %s', (_name, raw) => {
    expect(promoCodeSchema.safeParse(raw).success).toBe(false);
  });

  it('keeps codes as owners type them in capitals, and each once', () => {
    expect(promoCodeSchema.parse({ code: ' lunch-10 ', saving: { kind: 'freeDelivery' } }).code).toBe('LUNCH-10');
    expect(promoCodesSchema.safeParse([code(), code({ code: 'save5' })]).success).toBe(false);
  });

  it('names the saving and when a code is valid', () => {
    expect(promoLabel('SAVE5')).toBe('Promo SAVE5');
    expect(promoWhenText({ weekdays: [0, 5, 6], from: '17:00', to: '21:00' })).toBe(
      'Fridays, Saturdays and Sundays, 5:00 pm - 9:00 pm',
    );
    expect(promoWhenText({})).toBe('Every day');
  });
});
