import { describe, expect, it } from 'vitest';
import { cartItem, MARGHERITA, SMALL } from '../pricing/test-menu.ts';
import { cartUnitCount, decodeOrderState, freshOrderState } from './order-state.ts';

describe('decodeOrderState', () => {
  const saved = {
    ...freshOrderState('pickup'),
    products: [cartItem(MARGHERITA, SMALL, { quantity: 2 })],
    lastActivity: 1_700_000_000_000,
  };

  it.each([
    ['nothing saved', undefined, true, 'delivery', 0],
    ['a saved order', JSON.stringify(saved), true, 'pickup', 2],
    [
      'an order from before notes were kept (defaults fill in)',
      JSON.stringify({ orderType: 'pickup', products: saved.products }),
      true,
      'pickup',
      2,
    ],
    ['text that is not JSON', '{"orderType":', false, 'delivery', 0],
    [
      'a line with a negative quantity',
      JSON.stringify({ ...saved, products: [{ ...saved.products[0], quantity: -1 }] }),
      false,
      'delivery',
      0,
    ],
    ['an unknown order type', JSON.stringify({ ...saved, orderType: 'drone' }), false, 'delivery', 0],
    ['a list instead of an order', '[]', false, 'delivery', 0],
  ])('%s', (_name, text, ok, orderType, units) => {
    const decoded = decodeOrderState(text);
    expect(decoded.ok).toBe(ok);
    expect(decoded.state.orderType).toBe(orderType);
    expect(cartUnitCount(decoded.state.products)).toBe(units);
    if (!decoded.ok) expect(decoded.reason).not.toBe('');
  });

  it.each([
    [
      'an order saved before the suburb was kept',
      JSON.stringify({ orderType: 'delivery', products: saved.products }),
      null,
    ],
    ['an order with the customer’s suburb', JSON.stringify({ ...saved, deliverySuburbId: 4 }), 4],
  ])('%s restores the delivery suburb', (_name, text, deliverySuburbId) => {
    expect(decodeOrderState(text)).toMatchObject({ ok: true, state: { deliverySuburbId } });
  });
});
