import { nanoquery } from '@nanostores/query';
import { retailerApi } from '../runtime/retailer-api.ts';

/** A shop's keys change only when its API restarts: one answer serves the whole visit. */
const [createFetcherStore] = nanoquery({
  dedupeTime: Infinity,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
});

/**
 * Whether the shop takes payment online (issue 30). The API says so, since it alone holds the
 * shop's Stripe keys: nothing about payments is in the static build. Until it answers, or when it
 * cannot, checkout offers what it always did.
 */
export const $paymentOptions = createFetcherStore<{ onlinePayment: boolean }>(['payment-options'], {
  fetcher: async () => (await retailerApi()).getPaymentOptions(),
});
