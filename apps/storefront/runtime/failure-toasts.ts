import { ApiError } from '../../../lib/api/client.ts';
import { messages } from '../../../lib/api/contract.ts';
import { cartValidationErrorToast } from '../../../lib/cart/toasts.ts';
import { toast } from '../stores/toasts.ts';

/** What the customer was doing when a call failed; each has the spec's title (section 8). */
export type FailedAction = 'create-order' | 'update-order' | 'verify-prices';

const titles: Record<Exclude<FailedAction, 'verify-prices'>, string> = {
  'create-order': 'Error creating order',
  'update-order': 'Error updating order',
};

function explain(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.kind === 'network' || error.kind === 'timeout')
      return 'We could not reach the shop. Your cart is safe and we will keep trying.';
    if (error.kind === 'http' && error.body) return error.body.message;
  }
  return 'Something went wrong. Your cart is safe and we will try again.';
}

/**
 * The one place a failed call becomes a message to the customer. Prices that cannot be checked,
 * whatever the cause (the menu data did not load, the cart could not be re-priced), get the
 * spec's one message, since refreshing the page is the answer to each.
 */
export function toastFailure(action: FailedAction, error: unknown): void {
  if (action === 'verify-prices') toast(cartValidationErrorToast());
  else toast({ title: titles[action], description: explain(error), variant: 'destructive' });
}

/** The spec's answer to a change of an order the kitchen already took. */
export function toastOrderProcessed(): void {
  toast({ title: titles['update-order'], description: messages.orderProcessed, variant: 'destructive' });
}
