import type { ProductGroup, RetailerInfo } from '../tenant/index.ts';
import type { ProductOffer } from './catalogue.ts';
import { formatMoney } from './money.ts';

/**
 * The size price of a half-and-half: half of each half's price summed (type 1) or the dearer
 * half (type 2). An odd total leaves half a cent, rounded up in the retailer's favour as a
 * till would.
 */
export function halfHalfSizeCents(
  firstCents: number,
  secondCents: number,
  halfHalfPriceType: RetailerInfo['halfHalfPriceType'],
): number {
  return halfHalfPriceType === 1 ? Math.round((firstCents + secondCents) / 2) : Math.max(firstCents, secondCents);
}

/** Extras of both halves: full price (type 1) or half price (type 2), rounded once for the whole item. */
export function halfHalfExtrasCents(
  firstCents: number,
  secondCents: number,
  halfHalfIngredPriceType: RetailerInfo['halfHalfIngredPriceType'],
): number {
  return halfHalfIngredPriceType === 1 ? firstCents + secondCents : Math.round((firstCents + secondCents) / 2);
}

/**
 * What one extra (or a removed ingredient's credit) of `unitCents` adds to a half-and-half when
 * put on one half: the price the builder labels it with. Several odd-cent extras together are
 * rounded once (halfHalfExtrasCents), so their sum may differ from the labels by a cent.
 */
export function onHalfCents(
  unitCents: number,
  halfHalfIngredPriceType: RetailerInfo['halfHalfIngredPriceType'],
): number {
  return halfHalfExtrasCents(unitCents, 0, halfHalfIngredPriceType);
}

/** The group makes half-and-halves in this size: it allows halves and lists the size, or lists none. */
export function halfHalfSizeAllowed(
  group: Pick<ProductGroup, 'allowHalfHalf' | 'halfHalfSizeIds'>,
  retailerProductSizeId: number,
): boolean {
  return (
    group.allowHalfHalf && (group.halfHalfSizeIds === null || group.halfHalfSizeIds.includes(retailerProductSizeId))
  );
}

/** The product may be one half of a half-and-half: its group allows halves and the product is marked as halvable. */
export function canBeHalved(offer: ProductOffer): boolean {
  return offer.group.allowHalfHalf && offer.product.isHalfHalf;
}

/**
 * Why these two halves cannot be sold as one half-and-half, or null when they can: both halvable,
 * of one group, in one size the group halves. The builder offers only such pairs; the cart and the
 * server refuse any other, so a forged line cannot split a slice.
 */
export function halfHalfRefusal(
  first: ProductOffer,
  second: ProductOffer,
  firstSizeId: number,
  secondSizeId: number,
): string | null {
  const names = `${first.product.name} and ${second.product.name}`;
  if (!canBeHalved(first) || !canBeHalved(second)) return `${names} cannot be made half-and-half`;
  if (first.product.productGroupId !== second.product.productGroupId)
    return `${names} are from different menus and cannot share a pizza`;
  if (firstSizeId !== secondSizeId) return `the halves of ${names} must be the same size`;
  if (!halfHalfSizeAllowed(first.group, firstSizeId)) {
    return `${first.group.name} are not made half-and-half in ${first.sizes.get(firstSizeId)?.name ?? `size ${firstSizeId}`}`;
  }
  return null;
}

/** The sizes a half-and-half is made in, as a customer reads them: 'Medium 14" or Large 18"'. */
export function halfHalfSizesText(
  sizes: readonly { retailerProductSizeId: number; name: string }[],
  halfHalfSizeIds: readonly number[],
): string {
  const names = sizes.filter((size) => halfHalfSizeIds.includes(size.retailerProductSizeId)).map((size) => size.name);
  return new Intl.ListFormat('en-AU', { type: 'disjunction' }).format(names);
}

/**
 * The shop's half-and-half rule in words, as the builder's label states it: "half of each pizza's
 * price, plus $2.00" (type 1) or "the dearer pizza's price, plus $2.00" (type 2), so the price of
 * a half-and-half never surprises.
 */
export function halfHalfRuleText(halfHalfPriceType: RetailerInfo['halfHalfPriceType'], surchargeCents: number): string {
  const base = halfHalfPriceType === 1 ? "half of each pizza's price" : "the dearer pizza's price";
  return surchargeCents > 0 ? `${base}, plus ${formatMoney(surchargeCents)}` : base;
}
