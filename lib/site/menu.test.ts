import { describe, expect, it } from 'vitest';
import { loadTenant } from '../tenant/load.ts';
import { menuView } from './menu.ts';

const bella = await loadTenant('tenants', 'bella-napoli');

describe('menu view', () => {
  const menu = menuView(bella);

  it('keeps the retailer order of groups and products', () => {
    const groupOrder = [...bella.productsInfoSsr.groups]
      .sort((a, b) => a.sortOrder - b.sortOrder)
      .map((group) => group.productGroupId);
    expect(menu.map((group) => group.productGroupId)).toEqual(groupOrder);
    for (const group of menu) {
      const orders = group.products.map(
        (product) =>
          bella.productsInfoSsr.products.find((candidate) => candidate.productId === product.productId)?.sortOrder ?? 0,
      );
      expect(orders).toEqual([...orders].sort((a, b) => a - b));
    }
  });

  it('prices every product from its sizes, in cents', () => {
    const products = menu.flatMap((group) => group.products);
    expect(products.length).toBe(bella.productsInfoSsr.products.length);
    for (const product of products) {
      expect(Number.isInteger(product.fromPriceCents)).toBe(true);
      if (product.sizes.length > 0)
        expect(product.fromPriceCents).toBe(Math.min(...product.sizes.map((size) => size.priceCents)));
    }
  });

  it('carries the group hours of groups with limited hours', () => {
    const limited = menu.filter((group) => !group.availableForAllHours);
    expect(limited.length).toBeGreaterThan(0);
    for (const group of limited)
      expect(group.hours.every((row) => row.productGroupId === group.productGroupId)).toBe(true);
  });

  it('gives a product the photo the build made of its image, and a product without one none', () => {
    const photo = { src: '/_images/0123456789abcdef', width: 800, height: 600 };
    const [first, second] = bella.productsInfoSsr.products;
    if (!first || !second) throw new Error('bella-napoli has fewer than two products');
    const withImages = {
      ...bella,
      productsInfoSsr: {
        ...bella.productsInfoSsr,
        products: bella.productsInfoSsr.products.map((product) =>
          product === first || product === second ? { ...product, image: 'photos/margherita.jpg' } : product,
        ),
      },
      photos: { 'photos/margherita.jpg': photo },
    };
    const products = menuView(withImages).flatMap((group) => group.products);
    expect(
      products
        .filter((product) => product.photo)
        .map((product) => product.productId)
        .sort(),
    ).toEqual([first.productId, second.productId].sort());
    expect(products.find((product) => product.productId === first.productId)?.photo).toEqual(photo);
    // Without the build's photos (the reference API's tenants), an image names nothing to show.
    expect(
      menuView({ ...withImages, photos: {} })
        .flatMap((group) => group.products)
        .some((product) => 'photo' in product),
    ).toBe(false);
  });
});
