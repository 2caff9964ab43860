import type { GroupAvailabilityHours } from '../tenant/index.ts';
import { groupAvailability, isGroupAvailable, type GroupHoursSubject } from './group-availability.ts';
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
  const groupHours = hoursInForce(hours);
  return Object.fromEntries(
    groups.map((group) => [group.productGroupId, isGroupAvailable(group, groupHours, at, zone)]),
  );
}

function hoursInForce(hours: {
  built: readonly GroupAvailabilityHours[];
  live: readonly GroupAvailabilityHours[] | undefined;
}): readonly GroupAvailabilityHours[] {
  return hours.live && hours.live.length > 0 ? hours.live : hours.built;
}

/**
 * When each product group not served at `at` is served, in the spec's availability texts
 * ("Opens at 11:30 am", "Available tomorrow from 11:30 am"), by group id; a group served then is
 * left out. The menu says it in place of the group's Add buttons.
 */
export function groupServedTexts(
  groups: readonly GroupHoursSubject[],
  hours: { built: readonly GroupAvailabilityHours[]; live: readonly GroupAvailabilityHours[] | undefined },
  at: Date,
  zone: ShopZone,
): Record<number, string> {
  const groupHours = hoursInForce(hours);
  return Object.fromEntries(
    groups.flatMap((group) => {
      const availability = groupAvailability(group, groupHours, at, zone);
      return availability.available ? [] : [[group.productGroupId, availability.nextText ?? availability.text]];
    }),
  );
}
