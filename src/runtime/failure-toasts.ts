import { ApiError } from '../lib/api/client.ts';
import { messages } from '../lib/api/contract.ts';
import { toast } from '../stores/toasts.ts';

/** What the customer was doing when a call failed; each has the spec's title (section 8). */
export type FailedAction = 'create-order' | 'update-order' | 'load-menu';

const titles: Record<FailedAction, string> = {
  'create-order': 'Error creating order',
  'update-order': 'Error updating order',
  'load-menu': 'Menu not loaded',
};

function explain(action: FailedAction, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.kind === 'network' || error.kind === 'timeout') return 'We could not reach the shop. Your cart is safe and we will keep trying.';
    if (error.kind === 'http' && error.body) return error.body.message;
  }
  if (action === 'load-menu') return 'Prices and options could not be loaded. Please check your connection and try again.';
  return 'Something went wrong. Your cart is safe and we will try again.';
}

/** The one place a failed call becomes a message to the customer. */
export function toastFailure(action: FailedAction, error: unknown): void {
  toast({ title: titles[action], description: explain(action, error), variant: 'destructive' });
}

/** The spec's answer to a change of an order the kitchen already took. */
export function toastOrderProcessed(): void {
  toast({ title: titles['update-order'], description: messages.orderProcessed, variant: 'destructive' });
}
