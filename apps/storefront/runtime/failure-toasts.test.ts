import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api/client.ts';
import { $toasts } from '../stores/toasts.ts';
import { toastFailure, type FailedAction } from './failure-toasts.ts';

const shown = () => $toasts.get().map(({ title, description, variant }) => ({ title, description, variant }));

const cartValidationError = {
  title: 'Cart Validation Error',
  description: 'Unable to verify current prices. Please refresh the page.',
  variant: 'destructive',
};

describe('toastFailure', () => {
  beforeEach(() => $toasts.set([]));

  it.each<[string, FailedAction, unknown, object]>([
    ['the menu data answered 503', 'verify-prices', new Error('_payload.json answered 503'), cartValidationError],
    [
      'the menu data could not be fetched at all',
      'verify-prices',
      new TypeError('Failed to fetch'),
      cartValidationError,
    ],
    [
      'the shop could not be reached while prices were checked',
      'verify-prices',
      new ApiError('network', 'offline'),
      cartValidationError,
    ],
    ['the cart could not be re-priced', 'verify-prices', new RangeError('bad line'), cartValidationError],
    [
      'creating the order while offline',
      'create-order',
      new ApiError('network', 'offline'),
      {
        title: 'Error creating order',
        description: 'We could not reach the shop. Your cart is safe and we will keep trying.',
        variant: 'destructive',
      },
    ],
    [
      'updating the order with the server’s own reason',
      'update-order',
      new ApiError('http', 'refused', {
        status: 422,
        body: { success: false, message: 'Too many items in one order' },
      }),
      { title: 'Error updating order', description: 'Too many items in one order', variant: 'destructive' },
    ],
  ])('%s', (_situation, action, error, toast) => {
    toastFailure(action, error);
    expect(shown()).toEqual([toast]);
  });
});
