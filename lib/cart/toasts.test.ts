import { describe, expect, it } from 'vitest';
import { cartUpdatedToast, cartValidationErrorToast, itemsRemovedToast, itemAddedToast } from './toasts.ts';

describe('cart toasts', () => {
  it.each([
    [2, 0, 'Updated prices of 2 item(s).'],
    [0, 1, 'Removed 1 unavailable item(s).'],
    [1, 3, 'Updated prices of 1 item(s). Removed 3 unavailable item(s).'],
  ])('"Cart Updated" for %s re-priced and %s removed lines says "%s" for 5 s', (updated, removed, description) => {
    expect(cartUpdatedToast(updated, removed)).toEqual({
      title: 'Cart Updated',
      description,
      variant: 'default',
      durationMs: 5000,
    });
  });

  it('says nothing when nothing changed', () => {
    expect(cartUpdatedToast(0, 0)).toBeNull();
  });

  const line = (productName: string, quantity = 1, secondHalf: string | null = null) => ({
    productName,
    quantity,
    secondHalf: secondHalf === null ? null : { productName: secondHalf },
  });

  it.each([
    ['one dish', [line('Tiramisu')], 'Removed 1 unavailable item(s) from cart: Tiramisu.'],
    [
      'two of one dish count as one line',
      [line('Lunch Margherita & Salad', 2)],
      'Removed 1 unavailable item(s) from cart: 2 × Lunch Margherita & Salad.',
    ],
    [
      'a half-and-half by both halves',
      [line('Margherita', 1, 'Diavola'), line('Cola')],
      'Removed 2 unavailable item(s) from cart: Margherita / Diavola, Cola.',
    ],
    [
      'three dishes, all named',
      [line('Tiramisu'), line('Cannoli'), line('Gelato')],
      'Removed 3 unavailable item(s) from cart: Tiramisu, Cannoli, Gelato.',
    ],
    [
      'five dishes: three named, the rest counted',
      [line('Tiramisu'), line('Cannoli'), line('Gelato'), line('Affogato'), line('Panna cotta')],
      'Removed 5 unavailable item(s) from cart: Tiramisu, Cannoli, Gelato and 2 more.',
    ],
  ])('"Items Removed" for %s names them for 4 s', (_name, removed, description) => {
    expect(itemsRemovedToast(removed)).toEqual({
      title: 'Items Removed',
      description,
      variant: 'default',
      durationMs: 4000,
    });
  });

  it('no "Items Removed" toast when nothing was removed', () => {
    expect(itemsRemovedToast([])).toBeNull();
  });

  it('a failed check is a destructive "Cart Validation Error"', () => {
    expect(cartValidationErrorToast()).toEqual({
      title: 'Cart Validation Error',
      description: 'Unable to verify current prices. Please refresh the page.',
      variant: 'destructive',
      durationMs: 5000,
    });
  });
});

describe('itemAddedToast', () => {
  it.each([
    ['the shop is not closing soon', { minutesLeft: 31, closesAt: '10:00 pm' }, ''],
    ['no current shift', null, ''],
    ['30 minutes left', { minutesLeft: 30, closesAt: '10:00 pm' }, 'We close at 10:00 pm: 30 minutes left to order.'],
    ['one minute left', { minutesLeft: 1, closesAt: 'midnight' }, 'We close at midnight: 1 minute left to order.'],
  ])('%s', (_name, closing, description) => {
    expect(itemAddedToast(closing)).toEqual({
      title: 'Item added to cart',
      description,
      variant: 'default',
      durationMs: 5000,
    });
  });

  it.each([
    [
      'a deal while the shop is not closing soon',
      { minutesLeft: 90, closesAt: '10:00 pm' },
      'Any Two Large Pizzas is in your cart.',
    ],
    ['a deal with no current shift', null, 'Any Two Large Pizzas is in your cart.'],
    [
      'a deal 10 minutes before closing',
      { minutesLeft: 10, closesAt: '10:00 pm' },
      'Any Two Large Pizzas is in your cart. We close at 10:00 pm: 10 minutes left to order.',
    ],
  ])('%s', (_name, closing, description) => {
    expect(itemAddedToast(closing, 'Any Two Large Pizzas')).toEqual({
      title: 'Deal added',
      description,
      variant: 'default',
      durationMs: 5000,
    });
  });
});
