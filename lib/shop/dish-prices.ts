import { z } from 'zod';
import { toCents } from '../pricing/money.ts';
import type { Tenant } from '../tenant/index.ts';
import { id } from '../tenant/primitives.ts';
import { keepOrder } from './keep-order.ts';
import { shopCents } from './limits.ts';

/** One size of one dish at a price: sizeId is the size's retailerProductSizeId. */
export const dishPriceSchema = z.object({ productId: id, sizeId: id, priceCents: shopCents });
export type DishPrice = z.infer<typeof dishPriceSchema>;

export const shopDishSchema = z.object({
  productId: id,
  name: z.string(),
  group: z.string(),
  sizes: z.array(z.object({ sizeId: id, name: z.string(), publishedCents: z.int(), draftCents: z.int() })),
});
export type ShopDish = z.infer<typeof shopDishSchema>;

/** A price publishing changes (or changed). */
export const shopChangeSchema = z.object({
  productId: id,
  sizeId: id,
  dish: z.string(),
  size: z.string(),
  fromCents: z.int(),
  toCents: z.int(),
});
export type ShopChange = z.infer<typeof shopChangeSchema>;

/** The key of one size of one dish in a draft or a publish. */
export const priceKey = (productId: number, sizeId: number) => `${productId}:${sizeId}`;

/** Every size of every dish of the menu at its published price, in menu order. */
export function shopDishes(tenant: Tenant, draft: readonly DishPrice[]): ShopDish[] {
  const drafted = new Map(draft.map((price) => [priceKey(price.productId, price.sizeId), price.priceCents]));
  const groups = new Map(tenant.productsInfoSsr.groups.map((group) => [group.productGroupId, group]));
  const details = new Map(tenant.productDetails.map((detail) => [detail.productId, detail]));
  return [...tenant.productsInfoSsr.products]
    .sort(
      (a, b) =>
        (groups.get(a.productGroupId)?.sortOrder ?? 0) - (groups.get(b.productGroupId)?.sortOrder ?? 0) ||
        a.sortOrder - b.sortOrder,
    )
    .map((product) => ({
      productId: product.productId,
      name: product.name,
      group: groups.get(product.productGroupId)?.name ?? '',
      sizes: (details.get(product.productId)?.productSizes ?? []).map((size) => {
        const publishedCents = toCents(size.price);
        return {
          sizeId: size.retailerProductSizeId,
          name: size.name,
          publishedCents,
          draftCents: drafted.get(priceKey(product.productId, size.retailerProductSizeId)) ?? publishedCents,
        };
      }),
    }));
}

/** The prices naming a dish or size this menu does not have, as the 400's words. */
export function unknownPrices(tenant: Tenant, prices: readonly DishPrice[]): string[] {
  const known = new Set(
    tenant.productDetails.flatMap((detail) =>
      detail.productSizes.map((size) => priceKey(detail.productId, size.retailerProductSizeId)),
    ),
  );
  return prices
    .filter((price) => !known.has(priceKey(price.productId, price.sizeId)))
    .map((price) => `no size ${price.sizeId} of dish ${price.productId} on this menu`);
}

/** What setting these prices would change on the published menu; prices equal to the published ones change nothing and are left out. */
export function priceChanges(tenant: Tenant, prices: readonly DishPrice[]): ShopChange[] {
  const byKey = new Map(
    shopDishes(tenant, []).flatMap((dish) =>
      dish.sizes.map((size) => [priceKey(dish.productId, size.sizeId), { dish, size }] as const),
    ),
  );
  const changes: ShopChange[] = [];
  const seen = new Set<string>();
  for (const price of prices) {
    const key = priceKey(price.productId, price.sizeId);
    const found = byKey.get(key);
    if (!found || seen.has(key) || found.size.publishedCents === price.priceCents) continue;
    seen.add(key);
    changes.push({
      productId: price.productId,
      sizeId: price.sizeId,
      dish: found.dish.name,
      size: found.size.name,
      fromCents: found.size.publishedCents,
      toCents: price.priceCents,
    });
  }
  return changes;
}

/**
 * The two data files as they are on disk, read loosely so that everything the editor does not
 * touch (fields left to their defaults, unknown keys, order) is written back exactly as it was.
 */
const rawDetails = z.array(
  z.looseObject({
    productId: z.number(),
    minPrice: z.number(),
    productSizes: z.array(z.looseObject({ retailerProductSizeId: z.number(), price: z.number() })),
  }),
);
const rawSsr = z.looseObject({ products: z.array(z.looseObject({ productId: z.number(), minPrice: z.number() })) });

export interface MenuFiles {
  /** products-info-ssr.json, parsed JSON. */
  productsInfoSsr: unknown;
  /** product-details.json, parsed JSON. */
  productDetails: unknown;
}

/**
 * The menu files with these prices set. A dish whose size prices change gets the lowest of them
 * as its `minPrice` in both files, so the two never disagree. Undefined when the files are not the
 * shape the schemas expect (the caller reports the tenant as broken; the load would have failed).
 */
export function withPrices(files: MenuFiles, prices: readonly DishPrice[]): MenuFiles | undefined {
  const details = rawDetails.safeParse(files.productDetails);
  const ssr = rawSsr.safeParse(files.productsInfoSsr);
  if (!details.success || !ssr.success) return undefined;
  const wanted = new Map(prices.map((price) => [priceKey(price.productId, price.sizeId), price.priceCents]));
  const minPrices = new Map<number, number>();
  const productDetails = details.data.map((detail) => {
    const productSizes = detail.productSizes.map((size) => {
      const cents = wanted.get(priceKey(detail.productId, size.retailerProductSizeId));
      return cents === undefined ? size : { ...size, price: cents / 100 };
    });
    if (productSizes.every((size, index) => size === detail.productSizes[index])) return detail;
    const minPrice = Math.min(...productSizes.map((size) => size.price));
    minPrices.set(detail.productId, minPrice);
    return { ...detail, minPrice, productSizes };
  });
  const products = ssr.data.products.map((product) => {
    const minPrice = minPrices.get(product.productId);
    return minPrice === undefined ? product : { ...product, minPrice };
  });
  return {
    productsInfoSsr: keepOrder(files.productsInfoSsr, { ...ssr.data, products }),
    productDetails: keepOrder(files.productDetails, productDetails),
  };
}
