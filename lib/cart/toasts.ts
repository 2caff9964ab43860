import {
  CART_UPDATED_TOAST_MS,
  CLOSING_SOON_MINUTES,
  ITEMS_REMOVED_TOAST_MS,
  TOAST_DURATION_MS,
} from '../constants.ts';
import { lineTitle } from './describe-line.ts';

/** A notification for the toaster, as plain data: the caller decides when to show it. */
export interface CartToast {
  title: string;
  description: string;
  variant: 'default' | 'destructive';
  durationMs: number;
}

/** After a price re-check: how many lines changed price and how many were dropped because they are no longer sold. */
export function cartUpdatedToast(priceUpdatedCount: number, removedCount: number): CartToast | null {
  const parts = [
    priceUpdatedCount > 0 ? `Updated prices of ${priceUpdatedCount} item(s).` : '',
    removedCount > 0 ? `Removed ${removedCount} unavailable item(s).` : '',
  ].filter((part) => part !== '');
  if (parts.length === 0) return null;
  return { title: 'Cart Updated', description: parts.join(' '), variant: 'default', durationMs: CART_UPDATED_TOAST_MS };
}

/** How many removed dishes a toast names before it says how many more; the cart lists them all. */
const NAMED_IN_TOAST = 3;

/** What naming a cart line takes. */
export interface NamedLine {
  productName: string;
  quantity: number;
  secondHalf?: { productName: string } | null | undefined;
}

/** A removed line as the customer ordered it: "Tiramisu", "2 × Margherita / Diavola". */
export function removedLineName(line: NamedLine): string {
  return line.quantity > 1 ? `${line.quantity} × ${lineTitle(line)}` : lineTitle(line);
}

/** After the availability check removed lines whose product group is not available at the order time: the spec's count, then the dishes by name (spec section 5). */
export function itemsRemovedToast(removed: readonly NamedLine[]): CartToast | null {
  if (removed.length === 0) return null;
  const names = removed.slice(0, NAMED_IN_TOAST).map(removedLineName);
  const more = removed.length - names.length;
  const list = more > 0 ? `${names.join(', ')} and ${more} more` : names.join(', ');
  return {
    title: 'Items Removed',
    description: `Removed ${removed.length} unavailable item(s) from cart: ${list}.`,
    variant: 'default',
    durationMs: ITEMS_REMOVED_TOAST_MS,
  };
}

/** When current prices could not be checked at all. */
export function cartValidationErrorToast(): CartToast {
  return {
    title: 'Cart Validation Error',
    description: 'Unable to verify current prices. Please refresh the page.',
    variant: 'destructive',
    durationMs: TOAST_DURATION_MS,
  };
}

/**
 * After a line went into the cart, or the lines of a deal (named `deal`: one toast for the whole
 * deal). When the service closes within CLOSING_SOON_MINUTES the customer is reminded to finish,
 * since a cart left for later may not be taken.
 */
export function itemAddedToast(
  closing: { minutesLeft: number; closesAt: string } | null,
  deal: string | null = null,
): CartToast {
  const reminder =
    closing !== null && closing.minutesLeft <= CLOSING_SOON_MINUTES
      ? `We close at ${closing.closesAt}: ${closing.minutesLeft} ${closing.minutesLeft === 1 ? 'minute' : 'minutes'} left to order.`
      : '';
  const description = [deal === null ? '' : `${deal} is in your cart.`, reminder]
    .filter((part) => part !== '')
    .join(' ');
  return {
    title: deal === null ? 'Item added to cart' : 'Deal added',
    description,
    variant: 'default',
    durationMs: TOAST_DURATION_MS,
  };
}
