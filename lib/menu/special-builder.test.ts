import { describe, expect, it } from 'vitest';
import {
  COLA,
  CAN,
  LARGE,
  MARGHERITA,
  PEPPERONI,
  PIZZAS,
  SMALL,
  SUPREME,
  DRINKS,
  GARLIC_BREAD,
  REGULAR_SIDE,
  slot,
  special,
  testCatalogue,
} from '../pricing/test-menu.ts';
import { cartTotals } from '../pricing/totals.ts';
import { aest, schedule } from '../time/test-fixtures.ts';
import { dealLaterTime, dealRefusal, previewSpecial, specialUnits } from './special-builder.ts';

const catalogue = testCatalogue();
const twoLarge = special({
  name: 'Two large pizzas',
  price: 30,
  retailerSpecialItems: [
    slot({ productGroupId: PIZZAS, retailerProductSizeId: LARGE, qty: 2 }),
    slot({ productGroupId: DRINKS }),
  ],
  excludedProductIds: [SUPREME],
});

describe('specialUnits', () => {
  it('repeats a slot by its quantity and offers only what fits it', () => {
    const units = specialUnits(twoLarge, catalogue);
    expect(units.map((unit) => unit.label)).toEqual(['Pizzas 1 of 2', 'Pizzas 2 of 2', 'Drinks']);
    expect(units[0]?.candidates).toEqual([
      { productId: MARGHERITA, name: 'Margherita', sizes: [{ retailerProductSizeId: LARGE, name: 'Large' }] },
      { productId: PEPPERONI, name: 'Pepperoni', sizes: [{ retailerProductSizeId: LARGE, name: 'Large' }] },
    ]);
    expect(units[2]?.candidates.map((candidate) => candidate.productId)).toEqual([COLA]);
  });
});

describe('previewSpecial', () => {
  it.each([
    // 18.50 + 19.95 + 3.50 = 41.95 for 30.00.
    ['filled as the special asks', [MARGHERITA, LARGE, PEPPERONI, LARGE, COLA, CAN], 4195, 1195, true],
    [
      'a small pizza does not make it up',
      [MARGHERITA, SMALL, PEPPERONI, LARGE, COLA, CAN],
      1200 + 1995 + 350,
      0,
      false,
    ],
    [
      'a side in the drink slot does not either',
      [MARGHERITA, LARGE, PEPPERONI, LARGE, GARLIC_BREAD, REGULAR_SIDE],
      1850 + 1995 + 495,
      0,
      false,
    ],
  ])('%s', (_name, ids, regularCents, savingCents, applies) => {
    const units = [0, 2, 4].map((at) => ({
      productId: ids[at] ?? 0,
      retailerProductSizeId: ids[at + 1] ?? 0,
      options: {},
    }));
    const preview = previewSpecial(twoLarge, units, catalogue, 'pickup');
    expect(preview).toMatchObject({ regularCents, savingCents, dealCents: regularCents - savingCents, applies });
    // The saving shown before adding is the discount the cart shows once the lines are in it.
    const totals = cartTotals(
      preview.lines.map((line, index) => ({ ...line, uuid: `l${index}`, timeStamp: 0 })),
      catalogue,
      { orderType: 'pickup', specials: [twoLarge], isSpecialAvailable: () => true },
    );
    expect(totals.discount).toBe(savingCents);
  });
});

describe('dealRefusal: a deal that cannot apply at the order time cannot be added', () => {
  // Friday and Saturday from 10 pm to 1 am, Melbourne time (UTC+11 in November).
  const midnightMunchies = special({
    name: 'Midnight Munchies',
    price: 29,
    availableForAllHours: false,
    availabilityHours: [
      { day: 5, timeFrom: '22:00', timeTo: '01:00' },
      { day: 6, timeFrom: '22:00', timeTo: '01:00' },
    ],
    retailerSpecialItems: [slot({ productGroupId: PIZZAS })],
  });
  const pickupLunch = special({
    name: 'Pickup Lunch Deal',
    price: 17,
    specialDelivMethod: 1,
    retailerSpecialItems: [slot({ productGroupId: PIZZAS })],
  });
  const groups = [...catalogue.groups.values()];
  it.each([
    [
      'Friday 8:40 pm, before its hours',
      midnightMunchies,
      'pickup',
      '2026-11-27T09:40:00Z',
      'Not available at your order time. Opens at 10:00 pm.',
    ],
    [
      'Thursday evening',
      midnightMunchies,
      'pickup',
      '2026-11-26T09:40:00Z',
      'Not available at your order time. Available tomorrow from 10:00 pm.',
    ],
    [
      'Sunday 2 am, after its last window',
      midnightMunchies,
      'delivery',
      '2026-11-28T15:00:00Z',
      'Not available at your order time. Available Friday from 10:00 pm.',
    ],
    ['Friday 10:30 pm, in its hours', midnightMunchies, 'delivery', '2026-11-27T11:30:00Z', null],
    ["Saturday 12:30 am, past midnight in Friday's window", midnightMunchies, 'pickup', '2026-11-27T13:30:00Z', null],
    [
      'a pickup-only deal on a delivery order',
      pickupLunch,
      'delivery',
      '2026-11-27T01:00:00Z',
      'Pickup Lunch Deal is for pickup orders only.',
    ],
    ['a pickup-only deal on a pickup order', pickupLunch, 'pickup', '2026-11-27T01:00:00Z', null],
  ] as const)('%s', (_name, deal, orderType, at, refusal) => {
    expect(dealRefusal(deal, { orderType, at: new Date(at), groups, groupHours: [], zone: 0 })).toBe(refusal);
  });
});

describe('dealLaterTime: the order time a refused deal offers to set', () => {
  // The test shop (lib/time/test-fixtures.ts): Friday pickup 5 pm to midnight, Monday closed; June is AEST.
  const lateFriday = special({
    name: 'Late Friday',
    price: 20,
    availableForAllHours: false,
    availabilityHours: [{ day: 5, timeFrom: '22:00', timeTo: '01:00' }],
    retailerSpecialItems: [slot({ productGroupId: PIZZAS })],
  });
  const mondayLunch = special({
    name: 'Monday Lunch',
    price: 15,
    availableForAllHours: false,
    availabilityHours: [{ day: 1, timeFrom: '12:00', timeTo: '14:00' }],
    retailerSpecialItems: [slot({ productGroupId: PIZZAS })],
  });
  const pickupOnly = special({
    name: 'Pickup only',
    price: 15,
    specialDelivMethod: 1,
    retailerSpecialItems: [slot({ productGroupId: PIZZAS })],
  });
  const groups = [...catalogue.groups.values()];
  it.each([
    ['Friday 8:40 pm: Friday 10 pm', lateFriday, 'pickup', '2026-06-12 20:40', '2026-06-12 22:00'],
    ['Thursday evening: tomorrow at 10 pm', lateFriday, 'pickup', '2026-06-11 19:00', '2026-06-12 22:00'],
    [
      'Friday 9:50 pm: 10 pm is inside the 15-minute notice, nothing to offer',
      lateFriday,
      'pickup',
      '2026-06-12 21:50',
      null,
    ],
    ['in its hours: nothing to offer', lateFriday, 'pickup', '2026-06-12 22:30', null],
    ['its only window falls on a day the shop is closed', mondayLunch, 'pickup', '2026-06-12 12:00', null],
    ['refused for the service, not the time', pickupOnly, 'delivery', '2026-06-12 19:00', null],
  ] as const)('%s', (_name, deal, orderType, now, offered) => {
    const at = aest(now);
    const context = { orderType, at, groups, groupHours: [], zone: 0 };
    expect(dealLaterTime(deal, context, schedule(), at)).toEqual(offered === null ? null : aest(offered));
  });
});
