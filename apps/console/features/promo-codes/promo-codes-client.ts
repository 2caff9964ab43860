import { promoCodesResponseSchema, promoPaths } from '../../../../lib/api/promo-contract.ts';
import type { PromoCode } from '../../../../lib/cart/promo.ts';
import type { StaffClient } from '../../shell/client.ts';

/** The promo code calls of the staff API, over the console's client; loaded only with the Promo codes view. */
export function promoCodeCalls({ call }: Pick<StaffClient, 'call'>) {
  return {
    list: () => call({ method: 'GET', path: promoPaths.promoCodes, schema: promoCodesResponseSchema, signedIn: true }),
    /** Replaces the shop's whole list (owner only), made of `before` as loaded: a code left out is ended. */
    save: (codes: readonly PromoCode[], before: readonly PromoCode[]) =>
      call({
        method: 'PUT',
        path: promoPaths.promoCodes,
        body: { codes, before },
        schema: promoCodesResponseSchema,
        signedIn: true,
      }),
  };
}

export type PromoCodeCalls = ReturnType<typeof promoCodeCalls>;
