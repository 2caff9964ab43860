import { z } from 'zod';
import {
  dollarsWithin,
  id,
  idOrAny,
  MAX_DISH_PRICE_CENTS,
  nonNegativeDollars,
  text,
  TEXT_MAX,
  timeOfDay,
  weekday,
} from './primitives.ts';

/** More specials than any shop lists; the console's Shop view edits at most these. */
export const MAX_SPECIALS = 100;

export const specialAvailabilityHoursSchema = z.object({
  day: weekday,
  timeFrom: timeOfDay,
  timeTo: timeOfDay,
});

/** One slot of a special: which products fill it. -1 in any id field means "any". */
export const retailerSpecialItemSchema = z.object({
  productGroupId: idOrAny,
  retailerProductSizeId: idOrAny,
  productId: idOrAny,
  qty: z.int().positive().default(1),
});

/** specialDelivMethod: 0 = any order, 1 = not for delivery orders, 2 = not for pickup orders. */
export const specialSchema = z.object({
  retailerSpecialId: id,
  name: text(TEXT_MAX.name).min(1),
  description: text(TEXT_MAX.description).default(''),
  image: text(TEXT_MAX.url).default(''),
  price: dollarsWithin({ min: 0, max: MAX_DISH_PRICE_CENTS }),
  priority: z.int().default(0),
  specialDelivMethod: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(0),
  showInSpecialSelector: z.boolean().default(true),
  availableForAllHours: z.boolean().default(true),
  availabilityHours: z.array(specialAvailabilityHoursSchema).default([]),
  retailerSpecialItems: z.array(retailerSpecialItemSchema).min(1),
  excludedProductIds: z.array(id).default([]),
  excludedProductGroupIds: z.array(id).default([]),
  excludedRetailerProductSizeIds: z.array(id).default([]),
  specialSurchargeForHalfHalf: nonNegativeDollars.default(0),
  allowHalfHalfsInSpecials: z.boolean().default(false),
});
export const specialsSchema = z.array(specialSchema).max(MAX_SPECIALS, `expected at most ${MAX_SPECIALS} specials`);

export type SpecialAvailabilityHours = z.infer<typeof specialAvailabilityHoursSchema>;
export type RetailerSpecialItem = z.infer<typeof retailerSpecialItemSchema>;
export type Special = z.infer<typeof specialSchema>;
