import {
  kitchenCapacitySchema,
  NO_CAPACITY_LIMITS,
  type CapacityLimit,
  type KitchenCapacity,
} from '../../kitchen/capacity.ts';
import { formatHoursRange } from '../../time/format.ts';
import type { ShopMenuGroup } from '../menu-groups.ts';
import type { ShopPart } from './part.ts';

export type KitchenCapacityValue = KitchenCapacity;
export const kitchenCapacityValueSchema = kitchenCapacitySchema;

const serviceWords: Record<CapacityLimit['service'], string> = {
  shared: 'pickup and delivery together',
  pickup: 'pickup',
  delivery: 'delivery',
};

/** "8 pizzas per 15 minutes, pickup and delivery together, 5:00 pm – 9:00 pm". */
export function limitText(limit: CapacityLimit): string {
  const when = limit.from === undefined || limit.to === undefined ? 'all day' : formatHoursRange(limit.from, limit.to);
  return `${limit.items} ${limit.items === 1 ? 'pizza' : 'pizzas'} per 15 minutes, ${serviceWords[limit.service]}, ${when}`;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** One spelling of a value, whatever order its file wrote the keys in. */
const canonical = (value: KitchenCapacity) =>
  JSON.stringify({
    countedGroupIds: value.countedGroupIds,
    limits: value.limits.map(({ service, items, from, to }) => ({ service, items, from, to })),
  });

export const sameCapacity = (a: KitchenCapacity, b: KitchenCapacity) => canonical(a) === canonical(b);

/**
 * The setting for the menu groups the owner ticked, in the menu's order: none chosen (the default)
 * when they are exactly the groups that take half & half, so the file stays as shipped and a pizza
 * group added later counts too. Ticking none leaves the default as well: the editor refuses that.
 */
export function countedGroupsOf(ticked: ReadonlySet<number>, groups: readonly ShopMenuGroup[]): number[] {
  const chosen = groups.filter((group) => ticked.has(group.productGroupId)).map((group) => group.productGroupId);
  const pizzas = groups.filter((group) => group.allowHalfHalf).map((group) => group.productGroupId);
  return chosen.join() === pizzas.join() ? [] : chosen;
}

const isOff = (value: KitchenCapacity) => value.limits.length === 0 && value.countedGroupIds.length === 0;

export const kitchenCapacityPart: ShopPart<KitchenCapacityValue> = {
  title: 'Kitchen capacity',
  file: 'config',
  schema: kitchenCapacityValueSchema,

  published: (tenant) => tenant.config.retailerInfo.kitchenCapacity ?? NO_CAPACITY_LIMITS,

  describe(from, to) {
    if (sameCapacity(from, to)) return [];
    const limits = to.limits.length === 0 ? ['No limit: the kitchen takes every order'] : to.limits.map(limitText);
    const counted =
      from.countedGroupIds.join() === to.countedGroupIds.join()
        ? []
        : [
            to.countedGroupIds.length === 0
              ? 'Counts pizzas (the groups that take half & half)'
              : `Counts the items of ${to.countedGroupIds.length} chosen product ${to.countedGroupIds.length === 1 ? 'group' : 'groups'}`,
          ];
    return [...limits, ...counted];
  },

  write(raw, value) {
    // Checked, not parsed: parsing puts known keys first, and the file keeps its own order.
    if (!isRecord(raw) || !isRecord(raw.retailerInfo)) return undefined;
    const { kitchenCapacity: current, ...rest } = raw.retailerInfo;
    if (isOff(value)) return current === undefined ? raw : { ...raw, retailerInfo: rest };
    const parsed = kitchenCapacitySchema.safeParse(current);
    if (parsed.success && sameCapacity(parsed.data, value)) return raw;
    return { ...raw, retailerInfo: { ...raw.retailerInfo, kitchenCapacity: value } };
  },
};
