import type { RetailerInfo } from '../tenant/index.ts';

/**
 * The size price of a half-and-half: half of each half's price summed (type 1) or the dearer
 * half (type 2). An odd total leaves half a cent, rounded up in the retailer's favour as a
 * till would.
 */
export function halfHalfSizeCents(firstCents: number, secondCents: number, halfHalfPriceType: RetailerInfo['halfHalfPriceType']): number {
  return halfHalfPriceType === 1 ? Math.round((firstCents + secondCents) / 2) : Math.max(firstCents, secondCents);
}

/** Extras of both halves: full price (type 1) or half price (type 2), rounded once for the whole item. */
export function halfHalfExtrasCents(firstCents: number, secondCents: number, halfHalfIngredPriceType: RetailerInfo['halfHalfIngredPriceType']): number {
  return halfHalfIngredPriceType === 1 ? firstCents + secondCents : Math.round((firstCents + secondCents) / 2);
}
