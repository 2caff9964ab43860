import type { ClockStatus } from '../tenant/index.ts';

/** What the shop has marked sold out, by id. */
export interface SoldOut {
  productIds: ReadonlySet<number>;
  productGroupIds: ReadonlySet<number>;
}

/**
 * What the shop has sold out of at `at`, as the clock status says (the operators' console marks
 * dishes and groups sold out for the rest of the trading day, until soldOutUntil); null when
 * nothing is. A time at or after soldOutUntil has everything back.
 */
export function soldOutAt(status: ClockStatus | undefined, at: Date): SoldOut | null {
  const productIds = status?.soldOutProductIds ?? [];
  const productGroupIds = status?.soldOutProductGroupIds ?? [];
  if (productIds.length === 0 && productGroupIds.length === 0) return null;
  const until = status?.soldOutUntil === undefined ? Infinity : Date.parse(status.soldOutUntil);
  if (at.getTime() >= until) return null;
  return { productIds: new Set(productIds), productGroupIds: new Set(productGroupIds) };
}

/** Whether a dish is sold out: itself, or its whole product group. */
export function isDishSoldOut(soldOut: SoldOut | null, dish: { productId: number; productGroupId: number }): boolean {
  return (
    soldOut !== null && (soldOut.productIds.has(dish.productId) || soldOut.productGroupIds.has(dish.productGroupId))
  );
}

/**
 * The menu's rules hiding what is sold out: each dish's card (`data-product-id`), a sold-out
 * group's section (`#group-<id>`) and its link in the menu's sections. A style of its own rather
 * than a change to the menu's markup, so it applies the same before and after the menu hydrates.
 * The ids are whole numbers (the clock status schema), so nothing else reaches the style.
 */
export function soldOutMenuStyle(soldOut: SoldOut | null): string {
  if (soldOut === null) return '';
  const selectors = [
    ...[...soldOut.productIds].map((productId) => `[data-product-id="${productId}"]`),
    ...[...soldOut.productGroupIds].flatMap((groupId) => [
      `#group-${groupId}`,
      `li:has(> a[href="#group-${groupId}"])`,
    ]),
  ].filter((selector) => /^[\w#\-[\]="():> ]+$/.test(selector));
  return selectors.length === 0 ? '' : `${selectors.join(',\n')} { display: none !important; }`;
}
