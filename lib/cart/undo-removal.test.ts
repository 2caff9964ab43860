import { describe, expect, it } from 'vitest';
import {
  BASIL,
  CHEESE,
  cartItem,
  COLA,
  CAN,
  halfHalf,
  LARGE,
  MARGHERITA,
  PEPPERONI,
  SMALL,
  SUPREME,
} from '../pricing/test-menu.ts';
import type { CartProduct } from './schemas.ts';
import { putLineBack, takeLineOut } from './undo-removal.ts';

const first = cartItem(MARGHERITA, SMALL);
// A 9-tap line: half & half, an extra on each half, a left-off ingredient and an option.
const fancy = halfHalf(PEPPERONI, SUPREME, LARGE, {
  quantity: 3,
  orderProductId: 77,
  extras: [
    {
      ingredientId: CHEESE,
      name: 'Extra cheese',
      quantity: 2,
      price: 1.5,
      defaultExtraPrice: 1.5,
      overrideGroupPrice: false,
    },
    { ingredientId: BASIL, name: 'Basil', quantity: -1, price: 0, defaultExtraPrice: 0, overrideGroupPrice: false },
  ],
  options: [{ retailerProductOptionId: 501, retailerProductOptionChoiceId: 5012, name: 'Thin', defaultPrice: 0 }],
});
const last = cartItem(COLA, CAN);
const cart = [first, fancy, last];
const uuids = (products: readonly CartProduct[]) => products.map((line) => line.uuid);

describe('takeLineOut then putLineBack', () => {
  it.each([
    ['the first line', first.uuid, cart],
    ['a half & half in the middle, with its extras and options', fancy.uuid, cart],
    ['the last line', last.uuid, cart],
  ])('%s comes back at its place, as it was', (_name, uuid, products) => {
    const taken = takeLineOut(products, uuid);
    expect(taken).not.toBeNull();
    if (!taken) return;
    expect(uuids(taken.products)).not.toContain(uuid);
    const back = putLineBack(taken.products, taken.removed);
    expect(uuids(back)).toEqual(uuids(products));
    const { orderProductId: _server, ...kept } = taken.removed.line;
    expect(back.find((line) => line.uuid === uuid)).toEqual({ ...kept, orderProductId: null });
  });

  it('takes nothing out for a uuid not in the cart', () => {
    expect(takeLineOut(cart, 'gone')).toBeNull();
  });
});

describe('putLineBack', () => {
  it.each([
    ['its place still exists', [first, last], 1, [first.uuid, fancy.uuid, last.uuid]],
    ['the cart has since shrunk below its place', [first], 2, [first.uuid, fancy.uuid]],
    ['the cart has since emptied', [], 1, [fancy.uuid]],
    ['it is back already (a second tap)', [first, fancy, last], 1, [first.uuid, fancy.uuid, last.uuid]],
  ])('when %s', (_name, products, index, expected) => {
    expect(uuids(putLineBack(products, { line: fancy, index }))).toEqual(expected);
  });
});
