import { isGroupAvailable } from '../menu/group-availability.ts';
import { isDishSoldOut, soldOutAt } from '../menu/sold-out.ts';
import type { Catalogue } from '../pricing/catalogue.ts';
import type { ClockStatus, GroupAvailabilityHours } from '../tenant/index.ts';
import type { CartProduct } from './schemas.ts';
import { itemsRemovedToast, removedLineName, type CartToast } from './toasts.ts';
import type { ShopZone } from '../time/shop-zone.ts';

export interface CartAvailability {
  available: CartProduct[];
  /** The lines taken out, so the caller can list them. */
  removed: CartProduct[];
  toast: CartToast | null;
}

function groupIdsOf(item: CartProduct, catalogue: Catalogue): number[] {
  const groupOf = (productId: number, stored: number) => catalogue.products.get(productId)?.productGroupId ?? stored;
  const first = groupOf(item.productId, item.productGroupId);
  const secondHalf = item.secondHalf ?? null;
  return secondHalf === null ? [first] : [first, groupOf(secondHalf.productId, secondHalf.productGroupId)];
}

/**
 * Drops lines whose product group (either half's, for a half-and-half) cannot be ordered at the
 * order time. `isGroupAvailable` answers for that time: now, or the requested later time.
 * Groups sold during all hours are never asked about.
 */
export function checkCartAvailability(
  items: readonly CartProduct[],
  catalogue: Catalogue,
  isGroupAvailable: (productGroupId: number) => boolean,
): CartAvailability {
  const isOpen = (productGroupId: number) =>
    catalogue.groups.get(productGroupId)?.availableForAllHours === true || isGroupAvailable(productGroupId);
  const available: CartProduct[] = [];
  const removed: CartProduct[] = [];
  for (const item of items) (groupIdsOf(item, catalogue).every(isOpen) ? available : removed).push(item);
  return { available, removed, toast: itemsRemovedToast(removed) };
}

/**
 * The cart's dishes not served at a time, by name ("2 × Lunch Special"): what the order-time
 * rules (lib/time/order-time-reasons.ts) tell a customer a time is refused for.
 */
export function unservedDishesAt(
  items: readonly CartProduct[],
  catalogue: Catalogue,
  groupHours: readonly GroupAvailabilityHours[],
  zone: ShopZone,
): (at: Date) => string[] {
  return (at) => {
    const isOpen = (productGroupId: number) => {
      const group = catalogue.groups.get(productGroupId);
      return group === undefined || isGroupAvailable(group, groupHours, at, zone);
    };
    return checkCartAvailability(items, catalogue, isOpen).removed.map(removedLineName);
  };
}

/**
 * The cart's dishes the shop has sold out of at a time, by name: a line whose product, second
 * half or either's product group is marked sold out (lib/menu/sold-out.ts). Empty once the
 * trading day they were sold out for is over.
 */
export function soldOutDishesAt(
  items: readonly CartProduct[],
  catalogue: Catalogue,
  clockStatus: ClockStatus | undefined,
): (at: Date) => string[] {
  return (at) => {
    const soldOut = soldOutAt(clockStatus, at);
    if (soldOut === null) return [];
    const dishOf = (productId: number, storedGroupId: number) => ({
      productId,
      productGroupId: catalogue.products.get(productId)?.productGroupId ?? storedGroupId,
    });
    return items
      .filter((item) => {
        const halves = [
          dishOf(item.productId, item.productGroupId),
          ...(item.secondHalf ? [dishOf(item.secondHalf.productId, item.secondHalf.productGroupId)] : []),
        ];
        return halves.some((half) => isDishSoldOut(soldOut, half));
      })
      .map(removedLineName);
  };
}
