import { z } from 'zod';
import { kitchenStages } from '../kitchen/kitchen-flow.ts';
import { orderWatchKeyPattern } from '../live/order-watch.ts';
import { id, instant, nonNegativeDollars } from '../tenant/index.ts';
import { checkoutContactSchema, deliveryAddressSchema } from './checkout.ts';
import { onlinePaymentStates } from './online-payment.ts';
import { paymentMethods } from './payment-methods.ts';
import { cartProductSchema } from './schemas.ts';

/** What a placed order says about its customer: only the kitchen, its receipt's holder and its customer's session see it. */
export const placementDetailsSchema = z.object({
  contact: checkoutContactSchema,
  delivery: deliveryAddressSchema.extend({ suburbName: z.string(), postcode: z.string() }).nullable(),
  orderNotes: z.string(),
});

/** A placed order without its customer's details: what its id alone may read. */
export const placementSummarySchema = z.object({
  /** The retailer's own count of placed orders (1, 2, 3, …): what the customer and the kitchen call the order. */
  orderNumber: z.int().positive(),
  placedAt: instant,
  /** When it should be ready: the time asked for, or the placing time plus the live wait. Null on orders placed before it was recorded. */
  dueAt: instant.nullable().default(null),
  isPickup: z.boolean(),
  orderForLater: z.boolean(),
  orderForLaterRequestDateTime: instant.nullable(),
  paymentMethod: z.enum(paymentMethods),
  subTotal: nonNegativeDollars,
  discountTotal: nonNegativeDollars,
  /** Each deal that priced the order, by name, and what it took off: the ones the cart named. Empty on orders placed before they were recorded. */
  deals: z
    .array(z.object({ name: z.string().max(200), discount: nonNegativeDollars }))
    .max(200)
    .default([]),
  deliveryFee: nonNegativeDollars,
  /** The promo code the customer applied (lib/cart/promo.ts) and what it took off; null and 0 on orders without one. */
  promoCode: z.string().max(20).nullable().default(null),
  promoSaving: nonNegativeDollars.default(0),
  /** Subtotal − deals − promo saving + delivery fee. */
  total: nonNegativeDollars,
  /**
   * The customer's tip (lib/cart/tip.ts), on top of `total`: charged with it when paid online, else
   * noted to pay at the door or the counter. 0 on orders placed without one or before tips.
   */
  tip: nonNegativeDollars.default(0),
  /** The shop's percentage the tip was chosen as; null for an amount of the customer's own. */
  tipPercent: z.int().min(1).max(100).nullable().default(null),
});

/** A placed order as the kitchen received it: who, where, how they pay and what it came to, in dollars. */
export const placementSchema = placementSummarySchema.extend(placementDetailsSchema.shape);

/** What get-order answers about one order: its lines, and once placed, the placement and how to follow it live. */
export const orderAnswerSchema = z.object({
  orderProcessed: z.boolean(),
  /** Where the kitchen has the placed order (lib/kitchen/kitchen-flow.ts): the order page says it in words. */
  kitchenStage: z.enum(kitchenStages).default('new'),
  /** The later time the kitchen promised, running late (lib/kitchen/running-late.ts); null when it never did. */
  runningLateUntil: instant.nullable().default(null),
  loggedInCustId: id.nullable(),
  historicDeliveryFee: nonNegativeDollars,
  /** What the retailer's specials took off the order when it was last priced. */
  discountTotal: nonNegativeDollars.default(0),
  products: z.array(cartProductSchema),
  /** Null until the customer placed the order. */
  placement: placementSummarySchema.nullable().default(null),
  /** Who placed it and where it goes: null unless placed, and unless the call holds the order's receipt or its customer's session. */
  placementDetails: placementDetailsSchema.nullable().default(null),
  /**
   * How the confirmation page follows the order live (see lib/live/order-watch.ts): the key it
   * logs in to the broker with and the topic id the status arrives on. Null until placed.
   */
  orderWatch: z
    .object({ key: z.string().regex(orderWatchKeyPattern), topicId: z.string().regex(orderWatchKeyPattern) })
    .nullable()
    .default(null),
  /** The order's newest online payment (issue 30): null unless it was paid or tried online. Its page follows it. */
  payment: z
    .object({ state: z.enum(onlinePaymentStates), total: nonNegativeDollars, refunded: z.boolean().default(false) })
    .nullable()
    .default(null),
});

export type OrderAnswer = z.output<typeof orderAnswerSchema>;
export type Placement = z.infer<typeof placementSchema>;
export type PlacementSummary = z.infer<typeof placementSummarySchema>;
export type PlacementDetails = z.infer<typeof placementDetailsSchema>;
