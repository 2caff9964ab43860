import { describe, expect, it } from 'vitest';
import { loadTenant } from '../tenant/load.ts';
import { menuView } from './menu.ts';

const bella = await loadTenant('tenants', 'bella-napoli');

describe('menu view', () => {
  const menu = menuView(bella);

  it('keeps the retailer order of groups and products', () => {
    const groupOrder = [...bella.productsInfoSsr.groups].sort((a, b) => a.sortOrder - b.sortOrder).map((group) => group.productGroupId);
    expect(menu.map((group) => group.productGroupId)).toEqual(groupOrder);
    for (const group of menu) {
      const orders = group.products.map((product) => bella.productsInfoSsr.products.find((candidate) => candidate.productId === product.productId)?.sortOrder ?? 0);
      expect(orders).toEqual([...orders].sort((a, b) => a - b));
    }
  });

  it('prices every product from its sizes, in cents', () => {
    const products = menu.flatMap((group) => group.products);
    expect(products.length).toBe(bella.productsInfoSsr.products.length);
    for (const product of products) {
      expect(Number.isInteger(product.fromPriceCents)).toBe(true);
      if (product.sizes.length > 0) expect(product.fromPriceCents).toBe(Math.min(...product.sizes.map((size) => size.priceCents)));
    }
  });

  it('carries the group hours of groups with limited hours', () => {
    const limited = menu.filter((group) => !group.availableForAllHours);
    expect(limited.length).toBeGreaterThan(0);
    for (const group of limited) expect(group.hours.every((row) => row.productGroupId === group.productGroupId)).toBe(true);
  });
});
