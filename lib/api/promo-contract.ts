import { z } from 'zod';
import { promoCodesSchema } from '../cart/promo.ts';

/** The console's calls for the shop's promo codes (issue 30 item 3): every staff member reads them, the owner sets them. */
export const promoPaths = { promoCodes: '/staff/promo-codes' } as const;

/**
 * The whole list, as the console edits it: a code left out is ended; its past uses stay counted.
 * `before` is the list the change was made to: when the shop's list is no longer that (another
 * owner's device saved meanwhile), the save is refused rather than undo theirs.
 */
export const promoCodesBodySchema = z.strictObject({ codes: promoCodesSchema, before: promoCodesSchema });

export const PROMO_CODES_CHANGED_ELSEWHERE =
  'Another device changed the promo codes meanwhile. The list now shows their change: make yours again.';
export const promoCodesResponseSchema = z.object({
  codes: promoCodesSchema,
  /** Placed orders (and payments under way) that used each code, by code. */
  uses: z.record(z.string(), z.int().min(0)),
});
