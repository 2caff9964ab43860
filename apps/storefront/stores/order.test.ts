import { beforeEach, describe, expect, it } from 'vitest';
import { freshOrderState } from '../../../lib/cart/order-state.ts';
import { cartItem, halfHalf, LARGE, MARGHERITA, PEPPERONI, SMALL, SUPREME } from '../../../lib/pricing/test-menu.ts';
import {
  $order,
  $undoableRemoval,
  forgetRemoval,
  removeLine,
  resetOrder,
  setCartLines,
  setQuantity,
  undoRemoval,
} from './order.ts';

const now = new Date('2026-11-25T08:00:00Z');
const first = cartItem(MARGHERITA, SMALL);
const middle = halfHalf(PEPPERONI, SUPREME, LARGE);
const last = cartItem(MARGHERITA, LARGE);
const uuids = () => $order.get().products.map((line) => line.uuid);

describe('removing a line with Undo', () => {
  beforeEach(() => {
    $undoableRemoval.set(null);
    $order.set({ ...freshOrderState(), products: [first, middle, last] });
  });

  it.each<[string, () => void]>([
    ['Remove', () => removeLine(middle.uuid, now)],
    ['"−" at quantity 1 (the bin)', () => setQuantity(middle.uuid, 0, now)],
  ])('%s, then Undo, gives the same cart as a change the server hears of', (_name, remove) => {
    const revision = $order.get().revision;
    remove();
    expect(uuids()).toEqual([first.uuid, last.uuid]);
    expect($undoableRemoval.get()).toEqual({ line: middle, index: 1 });
    undoRemoval(now);
    expect(uuids()).toEqual([first.uuid, middle.uuid, last.uuid]);
    expect($order.get().revision).toBe(revision + 2);
    expect($undoableRemoval.get()).toBeNull();
  });

  it('a second Undo changes nothing', () => {
    removeLine(middle.uuid, now);
    undoRemoval(now);
    const revision = $order.get().revision;
    undoRemoval(now);
    expect($order.get().revision).toBe(revision);
  });

  it.each<[string, () => void]>([
    ['the cart closes', () => forgetRemoval()],
    ['the cart is re-priced (the removed line’s price may be old)', () => setCartLines($order.get().products, now)],
    ['the order is placed and a fresh one starts', () => resetOrder()],
  ])('Undo is no longer offered once %s', (_name, after) => {
    removeLine(middle.uuid, now);
    after();
    expect($undoableRemoval.get()).toBeNull();
  });

  it('removing another line offers Undo for that one', () => {
    removeLine(middle.uuid, now);
    removeLine(first.uuid, now);
    undoRemoval(now);
    expect(uuids()).toEqual([first.uuid, last.uuid]);
  });
});
