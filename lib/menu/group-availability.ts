import { assertInstant } from '../time/retailer-clock.ts';
import type { GroupAvailabilityHours, ProductGroup } from '../tenant/index.ts';
import {
  ALWAYS_AVAILABLE,
  type MenuAvailability,
  type ParsedWindowRow,
  isWithinWindows,
  parseWindowRow,
  weeklyAvailability,
} from './weekly-windows.ts';
import { assertShopZone, type ShopZone } from '../time/shop-zone.ts';

export type GroupHoursSubject = Pick<ProductGroup, 'productGroupId' | 'availableForAllHours'>;

// The group-hours list is replaced as a whole when refetched, so its parsed rows can be kept per list.
const rowsByList = new WeakMap<readonly GroupAvailabilityHours[], Map<number, ParsedWindowRow[]>>();

/** The validated hours of one group; rows with the same from and to are ignored. */
export function groupWindowRows(
  groupHours: readonly GroupAvailabilityHours[],
  productGroupId: number,
): ParsedWindowRow[] {
  if (!Array.isArray(groupHours)) throw new TypeError(`groupHours: expected a list, got ${String(groupHours)}`);
  const known = rowsByList.get(groupHours);
  if (known) return known.get(productGroupId) ?? [];
  const byGroup = new Map<number, ParsedWindowRow[]>();
  groupHours.forEach((row, index) => {
    if (typeof row !== 'object' || row === null || !Number.isInteger(row.productGroupId)) {
      throw new TypeError(
        `groupHours[${index}].productGroupId: expected a product group id, got ${String(row?.productGroupId)}`,
      );
    }
    const parsed = parseWindowRow(row, 'ignored', `groupHours[${index}]`);
    if (parsed) byGroup.set(row.productGroupId, [...(byGroup.get(row.productGroupId) ?? []), parsed]);
  });
  rowsByList.set(groupHours, byGroup);
  return byGroup.get(productGroupId) ?? [];
}

function assertArguments(group: GroupHoursSubject, at: Date, zone: ShopZone): void {
  assertInstant(at, 'at');
  assertShopZone(zone);
  if (typeof group !== 'object' || group === null || !Number.isInteger(group.productGroupId))
    throw new TypeError(`group: expected a product group, got ${String(group)}`);
}

/** Whether a product group can be ordered at `at`: open all hours, or a window of its hours covers the time. */
export function isGroupAvailable(
  group: GroupHoursSubject,
  groupHours: readonly GroupAvailabilityHours[],
  at: Date,
  zone: ShopZone,
): boolean {
  assertArguments(group, at, zone);
  const rows = groupWindowRows(groupHours, group.productGroupId);
  return group.availableForAllHours || isWithinWindows(rows, at, zone);
}

/** A product group's availability at `at` with its texts. */
export function groupAvailability(
  group: GroupHoursSubject,
  groupHours: readonly GroupAvailabilityHours[],
  at: Date,
  zone: ShopZone,
): MenuAvailability {
  assertArguments(group, at, zone);
  const rows = groupWindowRows(groupHours, group.productGroupId);
  return group.availableForAllHours ? ALWAYS_AVAILABLE : weeklyAvailability(rows, at, zone);
}
