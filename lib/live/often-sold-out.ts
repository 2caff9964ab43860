/**
 * The quick chips of the console's sold-out picker (issue 28): the dishes this shop marked sold out
 * most often lately, so on a Friday night the usual ones are one tap away. Pure: the clock is passed in.
 */

/** How many chips the picker shows: more would be the menu again. */
export const OFTEN_SOLD_OUT_CHIPS = 6;
/** Marks older than this say little about this season's menu. */
export const OFTEN_SOLD_OUT_DAYS = 90;

const DAY_MS = 24 * 60 * 60 * 1000;

/** How often one dish was marked sold out since `oftenSoldOutSince`, and when last. */
export interface SoldOutTally {
  productId: number;
  count: number;
  lastAt: string;
}

/** The first instant whose marks count. */
export function oftenSoldOutSince(now: Date): Date {
  return new Date(now.getTime() - OFTEN_SOLD_OUT_DAYS * DAY_MS);
}

/**
 * The dishes to offer, most marks first; a tie goes to the one marked more recently, then to the
 * lower id so every device shows the same chips. Dishes no longer on the menu are left out.
 */
export function oftenSoldOut(
  tallies: readonly SoldOutTally[],
  onMenu: ReadonlySet<number>,
  limit = OFTEN_SOLD_OUT_CHIPS,
): number[] {
  return tallies
    .filter((tally) => tally.count > 0 && onMenu.has(tally.productId))
    .sort((a, b) => b.count - a.count || Date.parse(b.lastAt) - Date.parse(a.lastAt) || a.productId - b.productId)
    .slice(0, limit)
    .map((tally) => tally.productId);
}
