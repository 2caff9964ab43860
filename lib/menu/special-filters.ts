import type { GroupAvailabilityHours, ProductGroup, Special } from '../tenant/index.ts';
import type { Service } from '../time/schedule.ts';
import { type SpecialHoursSubject, isSpecialAllowedFor, specialAvailability } from './special-availability.ts';
import { type ShopZone } from '../time/shop-zone.ts';

export type SelectorSpecial = SpecialHoursSubject & Pick<Special, 'showInSpecialSelector' | 'price'>;

export interface SpecialSelectorFilters {
  /** Dollars; keeps specials priced at or below it. Null or left out: no limit. */
  maxPrice?: number | null | undefined;
  /** Keeps specials available at `at` (including always-available ones). */
  showOnlyAvailable?: boolean | undefined;
  /** When given, drops specials whose delivery method excludes this order type. */
  orderType?: Service | undefined;
}

export interface SpecialSelectorContext {
  at: Date;
  groups: readonly Pick<ProductGroup, 'productGroupId' | 'availableForAllHours'>[];
  groupHours: readonly GroupAvailabilityHours[];
  zone: ShopZone;
}

const toCents = (dollars: number) => Math.round(dollars * 100);

/** The specials the special selector lists, in their given order. */
export function specialsForSelector<T extends SelectorSpecial>(
  specials: readonly T[],
  filters: SpecialSelectorFilters,
  context: SpecialSelectorContext,
): T[] {
  const { maxPrice, showOnlyAvailable = false, orderType } = filters;
  if (maxPrice != null && (!Number.isFinite(maxPrice) || maxPrice < 0))
    throw new RangeError(`maxPrice: expected dollars of 0 or more, got ${String(maxPrice)}`);
  return specials.filter((special) => {
    if (!Number.isFinite(special.price))
      throw new RangeError(
        `special ${special.retailerSpecialId}: expected a price in dollars, got ${String(special.price)}`,
      );
    if (!special.showInSpecialSelector) return false;
    if (maxPrice != null && toCents(special.price) > toCents(maxPrice)) return false;
    if (orderType !== undefined && !isSpecialAllowedFor(special, orderType)) return false;
    return (
      !showOnlyAvailable ||
      specialAvailability(special, context.groups, context.groupHours, context.at, context.zone).available
    );
  });
}
