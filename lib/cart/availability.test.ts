import { describe, expect, it, vi } from 'vitest';
import {
  BROWNIE,
  COLA,
  CAN,
  DESSERTS,
  DRINKS,
  LARGE,
  MARGHERITA,
  PEPPERONI,
  PIZZAS,
  REGULAR_DESSERT,
  cartItem,
  half,
  halfHalf,
  testCatalogue,
} from '../pricing/test-menu.ts';
import { checkCartAvailability } from './availability.ts';
import type { CartProduct } from './schemas.ts';

const shop = testCatalogue();

describe('checkCartAvailability', () => {
  const pizza = cartItem(MARGHERITA, LARGE);
  const brownie = cartItem(BROWNIE, REGULAR_DESSERT);
  const cola = cartItem(COLA, CAN);

  it.each<[string, CartProduct[], number[], CartProduct[]]>([
    ['everything is open', [pizza, brownie, cola], [PIZZAS, DESSERTS, DRINKS], []],
    ['desserts are closed (only served some hours)', [pizza, brownie, cola], [PIZZAS, DRINKS], [brownie]],
    ['a group sold during all hours stays even when the hours say closed', [pizza, cola], [], []],
    ['an empty cart', [], [], []],
  ])('%s', (_, items, openGroups, removed) => {
    const result = checkCartAvailability(items, shop, (groupId) => openGroups.includes(groupId));
    expect(result.removed).toEqual(removed);
    expect(result.available).toEqual(items.filter((item) => !removed.includes(item)));
  });

  it('lists the removed lines, says how many and names them', () => {
    const result = checkCartAvailability(
      [brownie, { ...brownie, uuid: 'second-brownie', quantity: 2 }, pizza],
      shop,
      () => false,
    );
    expect(result.removed.map((item) => item.uuid)).toEqual([brownie.uuid, 'second-brownie']);
    expect(result.toast).toEqual({
      title: 'Items Removed',
      description: 'Removed 2 unavailable item(s) from cart: Brownie, 2 × Brownie.',
      variant: 'default',
      durationMs: 4000,
    });
  });

  it('shows no toast when nothing is removed', () => {
    expect(checkCartAvailability([pizza], shop, () => true).toast).toBeNull();
  });

  it('only asks about groups with limited hours', () => {
    const isGroupAvailable = vi.fn(() => true);
    checkCartAvailability([pizza, brownie, cola], shop, isGroupAvailable);
    expect(isGroupAvailable.mock.calls).toEqual([[DESSERTS]]);
  });

  it("checks a half-and-half's second half too", () => {
    const source = testCatalogue();
    const limitedPizzas = {
      ...source,
      groups: new Map(
        [...source.groups].map(([id, group]) => [
          id,
          id === PIZZAS ? { ...group, availableForAllHours: false } : group,
        ]),
      ),
    };
    const mixed = halfHalf(MARGHERITA, PEPPERONI, LARGE, {
      secondHalf: { ...half(PEPPERONI, LARGE), productGroupId: DESSERTS },
    });
    const isGroupAvailable = vi.fn((groupId: number) => groupId === PIZZAS);
    expect(checkCartAvailability([mixed], limitedPizzas, isGroupAvailable).removed).toEqual([]);
    expect(isGroupAvailable.mock.calls).toEqual([[PIZZAS], [PIZZAS]]);
  });

  it('falls back to the group stored on the line when the product is not in the catalogue', () => {
    const unknown = { ...brownie, productId: 999 };
    expect(checkCartAvailability([unknown], shop, () => false).removed).toEqual([unknown]);
  });
});
