import { PRICE_TOLERANCE_DOLLARS } from '../constants.ts';
import type { Catalogue } from '../pricing/catalogue.ts';
import { assertLineQuantity, priceCartItem, PricingError, type PricingErrorCode } from '../pricing/item-price.ts';
import { toCents, toDollars } from '../pricing/money.ts';
import { isPriceRecheckDue, type LastActivity } from './expiry.ts';
import type { CartProduct } from './schemas.ts';
import { cartUpdatedToast, cartValidationErrorToast, type CartToast } from './toasts.ts';

const TOLERANCE_CENTS = toCents(PRICE_TOLERANCE_DOLLARS);

export interface RevalidateOptions {
  now: Date;
  lastActivity: LastActivity;
  /** A fresh line id for each re-added line (the browser passes crypto.randomUUID). */
  newUuid: () => string;
}

export interface RepricedLine {
  previous: CartProduct;
  current: CartProduct;
  previousCents: number | null;
  currentCents: number;
}

export interface RemovedLine {
  item: CartProduct;
  reason: PricingErrorCode;
  message: string;
}

export type CartRevalidation =
  | { status: 'skipped'; items: CartProduct[] }
  | {
      status: 'checked';
      items: CartProduct[];
      repriced: RepricedLine[];
      removed: RemovedLine[];
      toast: CartToast | null;
    }
  | { status: 'failed'; items: CartProduct[]; toast: CartToast; error: unknown };

function storedCents(item: CartProduct): number | null {
  try {
    return toCents(item.historicPrice);
  } catch {
    return null;
  }
}

/** The cart's prices could not be checked (for instance the menu failed to load): keep the cart and say so. */
export function failedRevalidation(
  items: readonly CartProduct[],
  error: unknown,
): Extract<CartRevalidation, { status: 'failed' }> {
  return { status: 'failed', items: [...items], toast: cartValidationErrorToast(), error };
}

/**
 * Re-prices a cart left alone for more than an hour against the current catalogue (repriceCart);
 * a cart touched within the hour is left as it is.
 */
export function revalidateCart(
  items: readonly CartProduct[],
  catalogue: Catalogue | null,
  options: RevalidateOptions,
): CartRevalidation {
  if (!isPriceRecheckDue(items.length, options.lastActivity, options.now))
    return { status: 'skipped', items: [...items] };
  return repriceCart(items, catalogue, options);
}

/**
 * Re-prices every line against the current catalogue, as the spec's price check does. Lines whose
 * product, size, second half, extras or options are gone are removed; lines whose price moved
 * by more than the tolerance are removed and re-added at the end at the new price, as new
 * lines. Any other failure leaves the cart untouched and reports the validation error. Also run
 * at once when the shop's menu changes under an open page.
 */
export function repriceCart(
  items: readonly CartProduct[],
  catalogue: Catalogue | null,
  options: Omit<RevalidateOptions, 'lastActivity'>,
): Exclude<CartRevalidation, { status: 'skipped' }> {
  if (catalogue === null) return failedRevalidation(items, new Error('no current catalogue to check prices against'));
  const kept: CartProduct[] = [];
  const repriced: RepricedLine[] = [];
  const removed: RemovedLine[] = [];
  try {
    for (const item of items) {
      let currentCents: number;
      try {
        assertLineQuantity(item);
        currentCents = priceCartItem(item, catalogue);
      } catch (error) {
        if (!(error instanceof PricingError)) throw error;
        removed.push({ item, reason: error.code, message: error.message });
        continue;
      }
      const previousCents = storedCents(item);
      if (previousCents !== null && Math.abs(currentCents - previousCents) <= TOLERANCE_CENTS) {
        kept.push(item);
        continue;
      }
      const current: CartProduct = {
        ...item,
        uuid: options.newUuid(),
        timeStamp: options.now.getTime(),
        historicPrice: toDollars(currentCents),
        orderProductId: null,
      };
      repriced.push({ previous: item, current, previousCents, currentCents });
    }
  } catch (error) {
    return failedRevalidation(items, error);
  }
  return {
    status: 'checked',
    items: [...kept, ...repriced.map((line) => line.current)],
    repriced,
    removed,
    toast: cartUpdatedToast(repriced.length, removed.length),
  };
}
