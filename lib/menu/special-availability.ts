import type { GroupAvailabilityHours, ProductGroup, Special } from '../tenant/index.ts';
import { ANY } from '../tenant/index.ts';
import { assertInstant } from '../time/retailer-clock.ts';
import type { Service } from '../time/schedule.ts';
import { type GroupHoursSubject, groupAvailability } from './group-availability.ts';
import {
  ALWAYS_AVAILABLE,
  type MenuAvailability,
  type ParsedWindowRow,
  mostRestrictive,
  parseWindowRows,
  weeklyAvailability,
} from './weekly-windows.ts';
import { assertShopZone, type ShopZone } from '../time/shop-zone.ts';

export type SpecialHoursSubject = Pick<
  Special,
  'retailerSpecialId' | 'availableForAllHours' | 'availabilityHours' | 'retailerSpecialItems' | 'specialDelivMethod'
>;

const rowsBySpecialHours = new WeakMap<Special['availabilityHours'], ParsedWindowRow[]>();

/** A special's own hours; a window whose end is not after its start runs past midnight. */
export function specialWindowRows(special: SpecialHoursSubject): ParsedWindowRow[] {
  const hours = special.availabilityHours;
  const known = Array.isArray(hours) ? rowsBySpecialHours.get(hours) : undefined;
  if (known) return known;
  const rows = parseWindowRows(hours, 'whole-day', `special ${special.retailerSpecialId} availabilityHours`);
  rowsBySpecialHours.set(hours, rows);
  return rows;
}

/** The product groups a special's items come from; "any group" items add no limit. */
export function specialGroups(special: SpecialHoursSubject, groups: readonly GroupHoursSubject[]): GroupHoursSubject[] {
  if (!Array.isArray(special.retailerSpecialItems))
    throw new TypeError(`special ${special.retailerSpecialId}: expected retailerSpecialItems to be a list`);
  const ids = [...new Set(special.retailerSpecialItems.map((item) => item.productGroupId).filter((id) => id !== ANY))];
  return ids.map((id) => {
    const group = groups.find((candidate) => candidate.productGroupId === id);
    if (!group)
      throw new RangeError(
        `special ${special.retailerSpecialId}: its items name product group ${id}, which is not in the menu`,
      );
    return group;
  });
}

/**
 * A special's availability at `at`, limited by the most restrictive of its own hours and the
 * hours of the product groups its items come from.
 */
export function specialAvailability(
  special: SpecialHoursSubject,
  groups: readonly GroupHoursSubject[],
  groupHours: readonly GroupAvailabilityHours[],
  at: Date,
  zone: ShopZone,
): MenuAvailability {
  assertInstant(at, 'at');
  assertShopZone(zone);
  const own = special.availableForAllHours
    ? ALWAYS_AVAILABLE
    : weeklyAvailability(specialWindowRows(special), at, zone);
  const ofGroups = specialGroups(special, groups).map((group) => groupAvailability(group, groupHours, at, zone));
  return mostRestrictive([own, ...ofGroups]);
}

/** specialDelivMethod 1 keeps a special off delivery orders, 2 off pickup orders. */
export function isSpecialAllowedFor(special: Pick<Special, 'specialDelivMethod'>, orderType: Service): boolean {
  if (orderType !== 'delivery' && orderType !== 'pickup')
    throw new RangeError(`orderType: expected "delivery" or "pickup", got ${JSON.stringify(orderType)}`);
  if (special.specialDelivMethod === 1) return orderType !== 'delivery';
  if (special.specialDelivMethod === 2) return orderType !== 'pickup';
  if (special.specialDelivMethod === 0) return true;
  throw new RangeError(`specialDelivMethod: expected 0, 1 or 2, got ${String(special.specialDelivMethod)}`);
}

export interface SpecialContext {
  orderType: Service;
  /** The order time: now, or the requested later time. */
  at: Date;
  groups: readonly Pick<ProductGroup, 'productGroupId' | 'availableForAllHours'>[];
  groupHours: readonly GroupAvailabilityHours[];
  zone: ShopZone;
}

/** Whether a special applies to an order: its delivery method matches and the order time falls in its hours. */
export function isSpecialAvailableFor(special: SpecialHoursSubject, context: SpecialContext): boolean {
  return (
    isSpecialAllowedFor(special, context.orderType) &&
    specialAvailability(special, context.groups, context.groupHours, context.at, context.zone).available
  );
}
