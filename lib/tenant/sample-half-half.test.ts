import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { productChoices } from '../cart/line-builder.ts';
import { catalogueFromTenant } from '../pricing/catalogue.ts';
import { priceCartItem } from '../pricing/item-price.ts';
import { cartProductSchema } from '../cart/schemas.ts';
import { menuView } from '../site/menu.ts';
import { loadTenants } from './load.ts';
import type { Tenant } from './tenant.ts';

/**
 * What a sample shop tells its customers about half-and-half must be what its builder, its cart
 * and the server allow: a shop that says "whole pies can be split" must not split a slice. Every
 * shop text that talks about halves is listed here with the sizes it promises; a new such text
 * without an entry, or a builder that halves other sizes, fails.
 */
const talksOfHalves = /\bhalves\b|\bsplit\b|half[ -](?:and|&)[ -]half/i;

const groupPromises = [
  {
    slug: 'bella-napoli',
    group: 'Classic Pizzas',
    says: 'Halves welcome.',
    sizes: ['Small 10"', 'Large 13"', 'Family 15"'],
  },
  {
    slug: 'crust-and-co',
    group: 'New York Pies',
    says: 'Whole pies can be split half and half.',
    sizes: ['Medium 14"', 'Large 18"'],
  },
  {
    slug: 'harbour-pizza',
    group: 'Classic Pizzas',
    says: 'Split any large or family pizza in half.',
    sizes: ['Large 13"', 'Family 15"'],
  },
];
const specialPromises = [
  { slug: 'bella-napoli', special: 'Any Two Large Pizzas', says: 'Halves allowed.' },
  { slug: 'fire-and-slice', special: 'Any Two Regular Pizzas', says: 'Halves welcome.' },
];

let tenants: Tenant[];
beforeAll(async () => {
  const result = await loadTenants(join(import.meta.dirname, '..', '..', 'tenants'));
  expect(result.failures.map((failure) => failure.message)).toEqual([]);
  tenants = result.tenants.filter((tenant) => tenant.settings.active);
});

function shop(slug: string): Tenant {
  const found = tenants.find((tenant) => tenant.slug === slug);
  if (!found) throw new Error(`no active sample tenant ${slug}`);
  return found;
}

/** Every text a customer reads that could speak of halves, with where it is. */
function shopTexts(tenant: Tenant): { where: string; text: string }[] {
  return [
    ...tenant.productsInfoSsr.groups.map((group) => ({ where: `group ${group.name}`, text: group.description })),
    ...tenant.productsInfoSsr.products.map((product) => ({
      where: `product ${product.name}`,
      text: product.description,
    })),
    ...tenant.specials.map((special) => ({ where: `special ${special.name}`, text: special.description })),
    ...tenant.popups.map((popup) => ({ where: `popup ${popup.title}`, text: `${popup.title} ${popup.body}` })),
    ...tenant.customSections.map((section) => ({
      where: `custom section ${section.title}`,
      text: `${section.title} ${section.body}`,
    })),
    ...tenant.pages.map((page) => ({ where: `page ${page.path}`, text: page.markdown })),
  ];
}

describe('sample shops say what their builders do about half-and-half', () => {
  it('every text about halves is one of the promises checked below', () => {
    const listed = new Set([
      ...groupPromises.map((promise) => `${promise.slug}: group ${promise.group}`),
      ...specialPromises.map((promise) => `${promise.slug}: special ${promise.special}`),
    ]);
    const talking = tenants.flatMap((tenant) =>
      shopTexts(tenant)
        .filter((entry) => talksOfHalves.test(entry.text))
        .map((entry) => `${tenant.slug}: ${entry.where}`),
    );
    expect(talking.sort()).toEqual([...listed].sort());
  });

  it.each(groupPromises)(
    '$slug, $group: "$says" is halved in $sizes and nothing else',
    ({ slug, group: groupName, says, sizes }) => {
      const tenant = shop(slug);
      const group = tenant.productsInfoSsr.groups.find((candidate) => candidate.name === groupName);
      if (!group) throw new Error(`${slug} has no group ${groupName}`);
      expect(group.description).toContain(says);

      const catalogue = catalogueFromTenant(tenant);
      const products = tenant.productsInfoSsr.products.filter(
        (product) => product.productGroupId === group.productGroupId,
      );
      expect(products.filter((product) => product.isHalfHalf).length).toBeGreaterThan(1);
      for (const product of products) {
        const choices = productChoices(catalogue, product.productId);
        if (!choices) throw new Error(`${product.name} cannot be built`);
        const halved = choices.sizes
          .filter((size) => choices.halfHalfSizeIds.includes(size.retailerProductSizeId))
          .map((size) => size.name);
        expect(halved, product.name).toEqual(
          product.isHalfHalf ? sizes.filter((name) => choices.sizes.some((size) => size.name === name)) : [],
        );
      }

      // The server prices with the same rules: a half-and-half in a size the shop does not halve is refused.
      const [first, second] = products.filter((product) => product.isHalfHalf);
      const detailOf = (productId: number) => tenant.productDetails.find((detail) => detail.productId === productId);
      for (const size of detailOf(first?.productId ?? 0)?.productSizes ?? []) {
        const secondSize = detailOf(second?.productId ?? 0)?.productSizes.find(
          (candidate) => candidate.retailerProductSizeId === size.retailerProductSizeId,
        );
        if (!first || !second || !secondSize) continue;
        const line = cartProductSchema.parse({
          uuid: 'probe',
          productId: first.productId,
          productGroupId: group.productGroupId,
          productName: first.name,
          size,
          isHalfHalf: true,
          secondHalf: {
            productId: second.productId,
            productGroupId: group.productGroupId,
            productName: second.name,
            size: secondSize,
            extras: [],
          },
          quantity: 1,
          historicPrice: 0,
          timeStamp: 0,
        });
        if (sizes.includes(size.name)) expect(priceCartItem(line, catalogue), size.name).toBeGreaterThan(0);
        else expect(() => priceCartItem(line, catalogue), size.name).toThrow(/not made half-and-half/);
      }
    },
  );

  it.each(groupPromises)(
    '$slug, $group: the menu line names the sizes when not every size is halved',
    ({ slug, group: groupName, sizes }) => {
      const tenant = shop(slug);
      const group = menuView(tenant).find((candidate) => candidate.name === groupName);
      const groupSizes = tenant.productsInfo.sizes.filter((size) => size.productGroupId === group?.productGroupId);
      const every = groupSizes.every((size) => sizes.includes(size.name));
      expect(group?.halfHalfSizes).toBe(
        every ? '' : new Intl.ListFormat('en-AU', { type: 'disjunction' }).format(sizes),
      );
    },
  );

  it.each(specialPromises)(
    '$slug, $special: "$says" lets halves into the deal',
    ({ slug, special: specialName, says }) => {
      const tenant = shop(slug);
      const special = tenant.specials.find((candidate) => candidate.name === specialName);
      expect(special?.description).toContain(says);
      expect(special?.allowHalfHalfsInSpecials).toBe(true);
      expect(tenant.config.allowHalfHalfInSpecials).toBe(true);
    },
  );
});
