import { z } from 'zod';
import { cartProductSchema, orderStatusSchema, orderTypeSchema, type CartProduct, type OrderType } from './schemas.ts';

/**
 * The customer's order as the browser keeps it (spec section 3, "Order store"), saved under
 * `orderStore`. Totals are not stored: they are computed from the lines and the current menu.
 */
export const orderStateSchema = z.object({
  orderType: orderTypeSchema.default('delivery'),
  /** Null until create-order has answered. */
  encryptedOrderId: z.string().min(1).nullable().default(null),
  orderForLater: z.boolean().default(false),
  orderForLaterRequestDateTime: z.iso.datetime({ offset: true }).nullable().default(null),
  orderNotes: z.string().max(1000).default(''),
  /** Where the customer has said the order goes, which can set the delivery fee and minimum; null until chosen. */
  deliverySuburbId: z.int().positive().nullable().default(null),
  products: z.array(cartProductSchema).max(200).default([]),
  orderStatuses: z.array(orderStatusSchema).max(500).default([]),
  /** Epoch milliseconds of the customer's last change; null for a cart never touched. */
  lastActivity: z.int().nonnegative().nullable().default(null),
  createDate: z.iso.datetime({ offset: true }).nullable().default(null),
  /**
   * The Idempotency-Key of the create-order call until the server has answered it, kept across
   * reloads so a retry after a lost answer finds the same order instead of making a second one.
   */
  createKey: z.string().nullable().default(null),
  /** Counts changes the server must hear about; the sync sends while it differs from `syncedRevision`. */
  revision: z.int().nonnegative().default(0),
  syncedRevision: z.int().nonnegative().default(0),
});

export type OrderState = z.infer<typeof orderStateSchema>;

export function freshOrderState(orderType: OrderType = 'delivery', deliverySuburbId: number | null = null): OrderState {
  return orderStateSchema.parse({ orderType, deliverySuburbId });
}

export type DecodedOrderState = { ok: true; state: OrderState } | { ok: false; state: OrderState; reason: string };

/** A saved order, or a fresh one with the reason when the saved text is unreadable or from an older shape. */
export function decodeOrderState(saved: string | undefined): DecodedOrderState {
  if (saved === undefined) return { ok: true, state: freshOrderState() };
  let json: unknown;
  try {
    json = JSON.parse(saved);
  } catch {
    return { ok: false, state: freshOrderState(), reason: 'the saved order is not JSON' };
  }
  const parsed = orderStateSchema.safeParse(json);
  if (parsed.success) return { ok: true, state: parsed.data };
  return { ok: false, state: freshOrderState(), reason: z.prettifyError(parsed.error) };
}

/** Units in the cart: a line of 3 counts 3. */
export function cartUnitCount(products: readonly Pick<CartProduct, 'quantity'>[]): number {
  return products.reduce((sum, line) => sum + line.quantity, 0);
}
