import { describe, expect, it } from 'vitest';
import { catalogueFromTenant } from '../pricing/catalogue.ts';
import { loadTenant } from '../tenant/load.ts';
import { acceptedPaymentMethods, checkPlacement, type PlacementInput } from './checkout.ts';
import { deliveryTermsFor } from './delivery-quote.ts';
import { buildCartLine } from './line-builder.ts';
import { buildOrderPayload } from './order-payload.ts';

const bella = await loadTenant('tenants', 'bella-napoli');
const catalogue = catalogueFromTenant(bella);
// Wednesday 25 November 2026, 7:00 pm in Melbourne: both services open.
const wednesdayEvening = new Date('2026-11-25T08:00:00Z');

function line(productId: number, retailerProductSizeId: number, quantity = 1) {
  return {
    ...buildCartLine(catalogue, {
      productId,
      retailerProductSizeId,
      options: {},
      extras: {},
      removed: [],
      secondHalf: null,
      quantity,
    }).line,
    uuid: crypto.randomUUID(),
    timeStamp: 0,
  };
}

// Two large Margheritas ($22 each) make up "Any Two Large Pizzas" ($44), so no discount; a Diavola large is $24.
const margheritas = line(1101, 202, 2);

function placement(changes: {
  isPickup?: boolean;
  later?: string | null;
  suburbId?: number | null;
  expectedTotal?: number;
  paymentMethod?: 'cash' | 'card';
  products?: ReturnType<typeof line>[];
}): PlacementInput {
  const isPickup = changes.isPickup ?? false;
  const payload = buildOrderPayload(
    {
      encryptedOrderId: 'order-1',
      retailerId: 111,
      orderType: isPickup ? 'pickup' : 'delivery',
      products: changes.products ?? [margheritas],
      deliveryFeeCents: 0,
      orderForLater: changes.later != null,
      orderForLaterRequestDateTime: changes.later ?? null,
    },
    wednesdayEvening,
  );
  const suburbId = changes.suburbId === undefined ? 1 : changes.suburbId;
  return {
    payload,
    paymentMethod: changes.paymentMethod ?? 'cash',
    delivery: isPickup || suburbId === null ? null : { street: '12 Lygon St', suburbId, instructions: '' },
    expectedTotal: changes.expectedTotal ?? 50.5,
  };
}

describe('deliveryTermsFor', () => {
  it.each([
    ['Carlton, zone 1', 1, 650, 3000],
    ['Fitzroy North, zone 2', 4, 850, 4000],
  ])('%s', (_name, suburbId, feeCents, minimumCents) => {
    expect(deliveryTermsFor(bella, suburbId)).toMatchObject({ feeCents, minimumCents });
  });
  it('knows no suburb outside the list', () => expect(deliveryTermsFor(bella, 999)).toBeNull());
});

describe('checkPlacement', () => {
  it.each<[string, PlacementInput, Date, string | null]>([
    ['delivery to Carlton now at the total shown: $44 + $6.50', placement({}), wednesdayEvening, null],
    ['pickup now: no delivery fee', placement({ isPickup: true, expectedTotal: 44 }), wednesdayEvening, null],
    [
      'a total the customer was not shown',
      placement({ expectedTotal: 0.5 }),
      wednesdayEvening,
      'total: The total is now $50.50, not $0.50. Please check your order and place it again.',
    ],
    [
      'delivery without a suburb',
      placement({ suburbId: null }),
      wednesdayEvening,
      'suburb: We do not deliver to that suburb. Choose one from the list, or order for pickup.',
    ],
    [
      'a suburb outside the delivery areas',
      placement({ suburbId: 999 }),
      wednesdayEvening,
      'suburb: We do not deliver to that suburb. Choose one from the list, or order for pickup.',
    ],
    [
      'zone 2 needs $40: one large pizza is not enough',
      placement({ suburbId: 4, products: [line(1101, 202)], expectedTotal: 30.5 }),
      wednesdayEvening,
      'products: The minimum for delivery is $40.00. Add $18.00 more to order.',
    ],
    [
      'delivery now at 3 am',
      placement({}),
      new Date('2026-11-25T16:00:00Z'),
      'orderTime: Delivery is closed right now and opens today at 5:30 pm. Please choose a later time.',
    ],
    [
      'a later time on a closed Monday',
      placement({ later: '2026-11-30T08:00:00Z' }),
      wednesdayEvening,
      'orderTime: Delivery is not open at that time. Please choose a time within trading hours.',
    ],
    [
      'a later time that has passed',
      placement({ later: '2026-11-25T07:00:00Z' }),
      wednesdayEvening,
      'orderTime: Please choose a time at least 15 minutes from now.',
    ],
    ['an empty cart', placement({ products: [] }), wednesdayEvening, 'products: Your cart is empty.'],
    [
      'a lunch dish (served 11:30 to 3 pm) ordered for now at 7 pm',
      placement({ isPickup: true, products: [margheritas, line(1130, 211)], expectedTotal: 59 }),
      wednesdayEvening,
      "orderTime: Lunch Margherita & Salad isn't served then. Remove it from your cart or choose another time.",
    ],
    [
      'a lunch dish for Thursday lunch',
      placement({
        isPickup: true,
        later: '2026-11-26T01:30:00Z',
        products: [margheritas, line(1130, 211)],
        expectedTotal: 59,
      }),
      wednesdayEvening,
      null,
    ],
    [
      'a 15% tip of the $44 of food, not the delivery fee: $6.60',
      { ...placement({}), tip: { kind: 'percent', percent: 15 }, expectedTip: 6.6 },
      wednesdayEvening,
      null,
    ],
    [
      'a tip shown that the rule does not give',
      { ...placement({}), tip: { kind: 'percent', percent: 15 }, expectedTip: 7 },
      wednesdayEvening,
      'tip: The tip comes to $6.60, not $7.00. Please check your tip and place the order again.',
    ],
    [
      'a tip above the food',
      { ...placement({}), tip: { kind: 'amount', amount: 50 }, expectedTip: 50 },
      wednesdayEvening,
      'tip: A tip can be at most $44.00 on this order. Please choose a smaller tip.',
    ],
  ])('%s', (_name, input, now, problem) => {
    const checked = checkPlacement(input, bella, catalogue, now);
    expect(checked.ok ? null : `${checked.field}: ${checked.message}`).toBe(problem);
  });

  it('refuses cash where the retailer takes only cards', () => {
    const cardOnly = {
      ...bella,
      config: { ...bella.config, retailerPaymentTypes: { cashAccepted: false, amexAccepted: true } },
    };
    expect(acceptedPaymentMethods(cardOnly)).toEqual(['card']);
    expect(checkPlacement(placement({}), cardOnly, catalogue, wednesdayEvening)).toMatchObject({
      ok: false,
      field: 'paymentMethod',
    });
    expect(checkPlacement(placement({ paymentMethod: 'card' }), cardOnly, catalogue, wednesdayEvening)).toMatchObject({
      ok: true,
    });
  });
});
