import type { GroupAvailabilityHours } from '../tenant/index.ts';
import { isGroupAvailable, type GroupHoursSubject } from './group-availability.ts';
import { type ShopZone } from '../time/shop-zone.ts';

/**
 * Which product groups can be ordered at `at`, by group id. The live hours replace the built
 * ones only when they hold rows: the API answers an empty list when it fails, and that must not
 * close every limited group.
 */
export function groupAvailabilityMap(
  groups: readonly GroupHoursSubject[],
  hours: { built: readonly GroupAvailabilityHours[]; live: readonly GroupAvailabilityHours[] | undefined },
  at: Date,
  zone: ShopZone,
): Record<number, boolean> {
  const groupHours = hours.live && hours.live.length > 0 ? hours.live : hours.built;
  return Object.fromEntries(
    groups.map((group) => [group.productGroupId, isGroupAvailable(group, groupHours, at, zone)]),
  );
}
