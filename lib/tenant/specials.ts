import { z } from 'zod';
import { id, idOrAny, nonNegativeDollars, text, TEXT_MAX, timeOfDay, weekday } from './primitives.ts';

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
  price: nonNegativeDollars,
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
export const specialsSchema = z.array(specialSchema);

export type SpecialAvailabilityHours = z.infer<typeof specialAvailabilityHoursSchema>;
export type RetailerSpecialItem = z.infer<typeof retailerSpecialItemSchema>;
export type Special = z.infer<typeof specialSchema>;
