import {
  type GroupAvailabilityHours,
  type ProductGroup,
  type Special,
  productGroupSchema,
  specialSchema,
} from '../tenant/index.ts';

/** Shared by the menu tests: product groups with opening hours, and specials built on them. */

export function group(productGroupId: number, availableForAllHours = false): ProductGroup {
  return productGroupSchema.parse({ productGroupId, name: `Group ${productGroupId}`, availableForAllHours });
}

export function hours(
  productGroupId: number,
  days: readonly number[],
  timeFrom: string,
  timeTo: string,
): GroupAvailabilityHours[] {
  return days.map((day) => ({ productGroupId, day, timeFrom, timeTo }));
}

export const ALL_HOURS = 11;
/** Tuesday to Friday, 11:00-15:00. */
export const LUNCH = 25;
/** Friday and Saturday, 21:00-02:00. */
export const LATE_NIGHT = 26;
/** One row with the same from and to, which groups ignore: never available. */
export const SAME_TIMES = 27;
/** Sunday, all day. */
export const SUNDAY = 28;
/** Limited to hours but without any. */
export const NO_HOURS = 30;

export const groups: ProductGroup[] = [
  group(ALL_HOURS, true),
  group(LUNCH),
  group(LATE_NIGHT),
  group(SAME_TIMES),
  group(SUNDAY),
  group(NO_HOURS),
];

export const groupHours: GroupAvailabilityHours[] = [
  ...hours(LUNCH, [2, 3, 4, 5], '11:00', '15:00'),
  ...hours(LATE_NIGHT, [5, 6], '21:00', '02:00'),
  ...hours(SAME_TIMES, [3], '10:00', '10:00'),
  ...hours(SUNDAY, [0], '00:00', '23:59'),
  ...hours(ALL_HOURS, [1], '11:00', '12:00'),
];

export function special(
  retailerSpecialId: number,
  overrides: Partial<Special> & { groupIds?: number[] } = {},
): Special {
  const { groupIds = [-1], ...rest } = overrides;
  return specialSchema.parse({
    retailerSpecialId,
    name: `Special ${retailerSpecialId}`,
    price: 20,
    retailerSpecialItems: groupIds.map((productGroupId) => ({
      productGroupId,
      retailerProductSizeId: -1,
      productId: -1,
      qty: 1,
    })),
    ...rest,
  });
}

export function specialHours(days: readonly number[], timeFrom: string, timeTo: string): Special['availabilityHours'] {
  return days.map((day) => ({ day, timeFrom, timeTo }));
}
