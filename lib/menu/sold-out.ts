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
 * The menu's rules marking what is sold out, which stays on the menu so the customer sees why it
 * cannot be had: each dish's card (`data-product-id`) or a sold-out group's section
 * (`#group-<id>`) shows its "Sold out today" badge (`data-sold-out-badge`) instead of its Add
 * button, dimmed; a trending link (`data-open-product`, with `data-group-id`) likewise, and takes
 * no tap. A style of its own rather than a change to the menu's markup, so it applies the same
 * before and after the menu hydrates. The ids are whole numbers (the clock status schema), so
 * nothing else reaches the style.
 */
export function soldOutMenuStyle(soldOut: SoldOut | null): string {
  if (soldOut === null) return '';
  const marked = [
    ...[...soldOut.productIds].map((productId) => ({
      cards: `[data-product-id="${productId}"]`,
      links: `[data-open-product="${productId}"]`,
    })),
    ...[...soldOut.productGroupIds].map((groupId) => ({
      cards: `#group-${groupId} [data-product-id]`,
      links: `[data-open-product][data-group-id="${groupId}"]`,
    })),
  ];
  const rule = (selectors: string[], declarations: string) => {
    const safe = selectors.filter((selector) => /^[\w#\-[\]="():> ]+$/.test(selector));
    return safe.length === 0 ? [] : [`${safe.join(',\n')} { ${declarations} }`];
  };
  return [
    ...rule(
      marked.flatMap(({ cards, links }) => [`${cards} [data-add-product]`, `${links} [data-trending-add]`]),
      'display: none !important;',
    ),
    ...rule(
      marked.flatMap(({ cards, links }) => [`${cards} [data-sold-out-badge]`, `${links} [data-sold-out-badge]`]),
      'display: inline-flex !important;',
    ),
    ...rule(
      marked.flatMap(({ cards, links }) => [cards, links]),
      'opacity: 0.65;',
    ),
    ...rule(
      marked.map(({ links }) => links),
      'pointer-events: none;',
    ),
  ].join('\n');
}
