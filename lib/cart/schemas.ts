import { z } from 'zod';
import { dollars, id, instant, nonNegativeDollars } from '../tenant/primitives.ts';
import { sizeSchema } from '../tenant/products.ts';

/**
 * Names a cart carries are the menu's (the server stores the catalogue's own), so a longer one
 * is not a menu name; the bound keeps a client from filling the order store with text.
 */
const menuName = z.string().max(200);

/** A size as a cart line carries it: the menu's size, its name bounded like the other names. */
const cartSizeSchema = sizeSchema.extend({ name: menuName.min(1) });

/** An extra added to (quantity >= 1) or an ingredient removed from (quantity -1) a product. */
export const cartExtraSchema = z.object({
  ingredientId: id,
  name: menuName,
  quantity: z
    .int()
    .min(-1)
    .max(10)
    .refine((value) => value !== 0, 'quantity is -1 (removed) or 1 or more (extra)'),
  price: nonNegativeDollars,
  defaultExtraPrice: nonNegativeDollars.default(0),
  overrideGroupPrice: z.boolean().default(false),
});

export const cartOptionSchema = z.object({
  retailerProductOptionId: id,
  retailerProductOptionChoiceId: id,
  name: menuName,
  defaultPrice: dollars.default(0),
});

export const cartHalfSchema = z.object({
  productId: id,
  productGroupId: id,
  productName: menuName,
  size: cartSizeSchema,
  extras: z.array(cartExtraSchema).max(100).default([]),
});

/**
 * The deal a line was added through (a special's builder): the special, and which use of it, so
 * the same deal added twice is two. The cart charges those lines that deal, not the one the
 * priority rule would pick.
 */
export const cartDealSchema = z.object({
  retailerSpecialId: id,
  dealId: z.string().min(1).max(100),
});

/** A line of the cart. `historicPrice` is the unit price (dollars) when the line was added. */
export const cartProductSchema = z.object({
  uuid: z.string().min(1).max(100),
  productId: id,
  productGroupId: id,
  productName: menuName,
  size: cartSizeSchema,
  isHalfHalf: z.boolean().default(false),
  secondHalf: cartHalfSchema.nullable().default(null),
  extras: z.array(cartExtraSchema).max(100).default([]),
  options: z.array(cartOptionSchema).max(50).default([]),
  quantity: z.int().min(1).max(99),
  historicPrice: nonNegativeDollars,
  orderProductId: id.nullable().default(null),
  timeStamp: z.int().nonnegative(),
  addedBySuggestion: z.boolean().default(false),
  addedByTrending: z.boolean().default(false),
  addedBySpecialPop: z.boolean().default(false),
  addedByAIRecommendation: z.boolean().default(false),
  deal: cartDealSchema.nullable().default(null),
});

/** How the customer gets the order; delivery unless they choose pickup. */
export const orderTypeSchema = z.enum(['delivery', 'pickup']);

export const orderStatusCodes = {
  /** First status of a visit on a desktop browser. */
  start: 1,
  /** First status of a visit on a mobile device. */
  mobileStart: 54,
  pickup: 55,
  delivery: 56,
  login: 63,
  logout: 64,
} as const;
export const orderStatusTypeId = z.union(Object.values(orderStatusCodes).map((code) => z.literal(code)));

export const orderStatusSchema = z.object({
  orderStatusTypeId,
  notes: z.string().max(500).default(''),
  timestamp: instant,
});

/** The body of create-order and update-order (spec section 3, "Order payload"). */
export const orderPayloadSchema = z.object({
  encryptedOrderId: z.string().min(1).max(100).nullable(),
  retailerId: id,
  extraOrderNotes: z.string().max(1000).default(''),
  createDate: instant,
  currentOrderStatusTypeId: orderStatusTypeId,
  lastOrderStatusUpdate: instant,
  isPickup: z.boolean(),
  historicDeliveryFee: nonNegativeDollars,
  historicDeliveryWaitTime: z.int().min(0),
  orderForLater: z.boolean(),
  orderForLaterRequestDateTime: instant.nullable(),
  closedDate: z.boolean().default(false),
  orderPlatformSourceId: z.literal(1),
  /** Which storefront sent the order (ORDER_SOURCE, 'web-storefront'): a short label, not free text. */
  source: z.string().min(1).max(50),
  products: z.array(cartProductSchema).max(200),
});

export type CartExtra = z.infer<typeof cartExtraSchema>;
export type CartOption = z.infer<typeof cartOptionSchema>;
export type CartHalf = z.infer<typeof cartHalfSchema>;
export type CartProduct = z.infer<typeof cartProductSchema>;
export type CartDeal = z.infer<typeof cartDealSchema>;
export type OrderType = z.infer<typeof orderTypeSchema>;
export type OrderStatus = z.infer<typeof orderStatusSchema>;
export type OrderPayload = z.infer<typeof orderPayloadSchema>;
