import { persistentAtom } from '@nanostores/persistent';
import type { CheckoutContact, DeliveryAddress } from '../../../lib/cart/checkout.ts';
import {
  detailsToRemember,
  readRememberedDetails,
  REMEMBERED_DETAILS_KEY,
  type RememberedDetails,
} from '../../../lib/cart/remembered-details.ts';

/**
 * A guest's details, kept on this device only because they ticked "Remember my details on this
 * device"; undefined when they did not, or when what is saved cannot be read.
 */
export const $rememberedDetails = persistentAtom<RememberedDetails | undefined>(REMEMBERED_DETAILS_KEY, undefined, {
  encode: JSON.stringify,
  decode: (saved) => readRememberedDetails(saved) ?? undefined,
});

/** After a placement the guest asked to be remembered. */
export function rememberDetails(contact: CheckoutContact, delivery: DeliveryAddress | null): void {
  $rememberedDetails.set(detailsToRemember(contact, delivery, $rememberedDetails.get() ?? null));
}

/** Forget: nothing of the guest stays on the device. */
export function forgetDetails(): void {
  $rememberedDetails.set(undefined);
  // An unreadable value was never loaded into the store, so setting it changed nothing there.
  localStorage.removeItem(REMEMBERED_DETAILS_KEY);
}
