import { describe, expect, it } from 'vitest';
import type { ShopState } from './shop-state.ts';
import { draftFromInputs, parsePriceInput, priceInputText } from './price-input.ts';

const shop: ShopState = {
  revision: 3,
  dishes: [
    {
      productId: 1,
      name: 'Margherita',
      group: 'Pizzas',
      sizes: [
        { sizeId: 11, name: 'Small', publishedCents: 1200, draftCents: 1300 },
        { sizeId: 12, name: 'Large', publishedCents: 1800, draftCents: 1800 },
      ],
    },
  ],
  menuGroups: [{ productGroupId: 1, name: 'Pizzas', allowHalfHalf: true }],
  changes: [],
  parts: {
    published: {
      tradingHours: [],
      closedDates: [],
      deliveryFees: [],
      theme: {
        background: '#ffffff',
        foreground: '#1a1a1a',
        primary: '#c0392b',
        'primary-foreground': '#ffffff',
        secondary: '#f5e6c8',
        'secondary-foreground': null,
        'dark-background': null,
        'dark-foreground': null,
        'dark-primary': null,
        'dark-primary-foreground': null,
        'dark-secondary': null,
        'dark-secondary-foreground': null,
      },
      popups: [],
      specials: [],
      preparationTime: 20,
      kitchenCapacity: { countedGroupIds: [], limits: [] },
      orderBounds: { maxOrderCents: 100_000, maxOrderItems: 100 },
      tips: { offered: false },
    },
    draft: {},
  },
  partChanges: [],
  lastPublish: null,
};

describe('price fields', () => {
  it('reads what an owner types as cents and refuses the rest', () => {
    expect([parsePriceInput('19.5'), parsePriceInput('$19.50'), parsePriceInput(' 19 '), parsePriceInput('0')]).toEqual(
      [1950, 1950, 1900, 0],
    );
    expect([
      parsePriceInput(''),
      parsePriceInput('19.505'),
      parsePriceInput('-1'),
      parsePriceInput('abc'),
      parsePriceInput('1000.01'),
    ]).toEqual([null, null, null, null, null]);
    expect(priceInputText(1950)).toBe('19.50');
  });

  it('keeps the saved draft, adds what was typed and leaves out prices back at the published one', () => {
    expect(draftFromInputs(shop, new Map([['1:12', '21']]))).toEqual({
      prices: [
        { productId: 1, sizeId: 11, priceCents: 1300 },
        { productId: 1, sizeId: 12, priceCents: 2100 },
      ],
      invalid: [],
    });
    expect(draftFromInputs(shop, new Map([['1:11', '12.00']]))).toEqual({ prices: [], invalid: [] });
    expect(draftFromInputs(shop, new Map([['1:12', 'twenty']])).invalid).toEqual(['Margherita, Large']);
  });
});
