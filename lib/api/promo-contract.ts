import { z } from 'zod';
import { promoCodesSchema } from '../cart/promo.ts';

/** The console's calls for the shop's promo codes (issue 30 item 3): every staff member reads them, the owner sets them. */
export const promoPaths = { promoCodes: '/staff/promo-codes' } as const;

/** The whole list, as the console edits it: a code left out is ended; its past uses stay counted. */
export const promoCodesBodySchema = z.strictObject({ codes: promoCodesSchema });
export const promoCodesResponseSchema = z.object({
  codes: promoCodesSchema,
  /** Placed orders (and payments under way) that used each code, by code. */
  uses: z.record(z.string(), z.int().min(0)),
});
