import { z } from 'zod';
import {
  DEFAULT_LAYOUT,
  DEFAULT_MAX_ORDER_ITEMS,
  DEFAULT_MAX_ORDER_VALUE,
  ORDER_BOUND_CENTS,
  ORDER_BOUND_ITEMS,
  ORDER_FOR_LATER_LEAD_MINUTES,
  ORDER_FOR_LATER_MAX_DAYS_TO_END,
  ORDER_FOR_LATER_MIN_DAYS_TO_START,
} from '../constants.ts';
import {
  DEFAULT_PREPARATION_MINUTES,
  MAX_PREPARATION_MINUTES,
  MIN_PREPARATION_MINUTES,
} from '../kitchen/kitchen-flow.ts';
import { kitchenCapacitySchema } from '../kitchen/capacity.ts';
import { tipSettingsSchema } from '../cart/tip.ts';
import {
  dollarsWithin,
  hexColour,
  id,
  nonNegativeDollars,
  safeLink,
  text,
  TEXT_MAX,
  timeZoneName,
} from './primitives.ts';

/** Theme keys of the spec (section 2). Live design updates may change these fields only, with values of these types. */
export const retailerCssSchema = z
  .object({
    'initial-layout': z.int().min(1).max(4).default(DEFAULT_LAYOUT),
    background: hexColour,
    foreground: hexColour,
    primary: hexColour,
    'primary-foreground': hexColour,
    secondary: hexColour,
    'secondary-foreground': hexColour.optional(),
    // The dark variant (spec section 2, dark mode): each colour left out is derived from the light theme.
    'dark-background': hexColour.optional(),
    'dark-foreground': hexColour.optional(),
    'dark-primary': hexColour.optional(),
    'dark-primary-foreground': hexColour.optional(),
    'dark-secondary': hexColour.optional(),
    'dark-secondary-foreground': hexColour.optional(),
  })
  .catchall(z.union([text(TEXT_MAX.line), z.number()]));

export const retailerLayoutSchema = z.object({
  layout: z.int().min(1).max(4).default(DEFAULT_LAYOUT),
  showDeals: z.boolean().default(false),
  showClock: z.boolean().default(false),
  clockPosition: z.enum(['left', 'right']).default('left'),
});

export const retailerSeoSchema = z.object({
  title: text(TEXT_MAX.name).min(1),
  description: text(TEXT_MAX.seoDescription).default(''),
  keywords: text(TEXT_MAX.line).default(''),
});

/**
 * Pricing and ordering settings (spec section 3). Amounts are dollars, times are minutes.
 * ingredientsPriceType: 1 = an extra costs the ingredient's price, 2 = the default extra price
 *   unless the ingredient overrides the group price.
 * halfHalfPriceType: 1 = half of each half's size price summed, 2 = the higher of the two.
 * halfHalfIngredPriceType: 1 = extras on a half cost their full price, 2 = half price.
 */
export const retailerInfoSchema = z.object({
  name: text(TEXT_MAX.name).min(1),
  address: text(TEXT_MAX.line).default(''),
  phone: text(TEXT_MAX.line).default(''),
  email: text(TEXT_MAX.line).default(''),
  timeZoneDiff: z.number().min(-12).max(12).default(0),
  /** The shop's IANA zone, when Melbourne + timeZoneDiff is not its clock all year (lib/time/shop-zone.ts). */
  timeZone: timeZoneName.optional(),
  baseDeliveryFee: nonNegativeDollars.default(0),
  minOrderValueDelivery: nonNegativeDollars.default(0),
  minOrderValuePickup: nonNegativeDollars.default(0),
  /** The largest order taken online (issue 29), within what the console lets an owner set. */
  maxOrderValue: dollarsWithin(ORDER_BOUND_CENTS).default(DEFAULT_MAX_ORDER_VALUE),
  maxOrderItems: z
    .int()
    .min(ORDER_BOUND_ITEMS.min, `expected at least ${ORDER_BOUND_ITEMS.min} items`)
    .max(ORDER_BOUND_ITEMS.max, `expected at most ${ORDER_BOUND_ITEMS.max} items`)
    .default(DEFAULT_MAX_ORDER_ITEMS),
  ingredientsPriceType: z.union([z.literal(1), z.literal(2)]).default(1),
  ingredientsOffProductPrice: z.boolean().default(false),
  halfHalfIngredPriceType: z.union([z.literal(1), z.literal(2)]).default(1),
  halfHalfPriceType: z.union([z.literal(1), z.literal(2)]).default(1),
  oflEnabled: z.boolean().default(true),
  oflMinTimeFromCurrTime: z.int().min(0).default(ORDER_FOR_LATER_LEAD_MINUTES),
  oflMinTimeFromFirstShift: z.int().min(0).default(0),
  orderForLaterMaxDaysToEnd: z.int().min(0).default(ORDER_FOR_LATER_MAX_DAYS_TO_END),
  orderForLaterMinDaysToStart: z.int().min(0).default(ORDER_FOR_LATER_MIN_DAYS_TO_START),
  pickupDisabled: z.boolean().default(false),
  allowDeliveries: z.boolean().default(true),
  pickupAvailable: z.boolean().default(true),
  deliveryAvailable: z.boolean().default(true),
  /** How long before an order for later is due the kitchen starts it: it joins the board's queue then (issue 28). */
  preparationMinutes: z
    .int()
    .min(MIN_PREPARATION_MINUTES)
    .max(MAX_PREPARATION_MINUTES)
    .default(DEFAULT_PREPARATION_MINUTES),
  /** How many pizzas the kitchen takes per 15-minute slot (lib/kitchen/capacity.ts); absent, it takes every order. */
  kitchenCapacity: kitchenCapacitySchema.optional(),
  /** The tip percentages checkout offers (lib/cart/tip.ts); absent, the shop takes no tips. */
  tips: tipSettingsSchema.optional(),
});

export const retailerPaymentTypesSchema = z.object({
  cashAccepted: z.boolean().default(true),
  amexAccepted: z.boolean().default(false),
});

export const retailerWebsiteLinkSchema = z.object({
  label: text(TEXT_MAX.name).min(1),
  url: safeLink,
});

/** Response of GET /api/get-retailer-config. */
export const retailerConfigSchema = z.object({
  retailerId: id,
  retailerWebsiteId: id,
  retailerLayout: retailerLayoutSchema,
  retailerCSS: retailerCssSchema,
  retailerSEO: retailerSeoSchema,
  retailerInfo: retailerInfoSchema,
  retailerWebsiteLinks: z.array(retailerWebsiteLinkSchema).default([]),
  retailerPaymentTypes: retailerPaymentTypesSchema,
  oflEnabled: z.boolean().default(true),
  allowHalfHalfInSpecials: z.boolean().default(false),
});

export type RetailerCss = z.infer<typeof retailerCssSchema>;
export type RetailerLayout = z.infer<typeof retailerLayoutSchema>;
export type RetailerSeo = z.infer<typeof retailerSeoSchema>;
export type RetailerInfo = z.infer<typeof retailerInfoSchema>;
export type RetailerConfig = z.infer<typeof retailerConfigSchema>;
