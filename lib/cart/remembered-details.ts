import { z } from 'zod';
import { checkoutContactSchema, type CheckoutContact, type DeliveryAddress } from './checkout.ts';

/** The device's own key for a guest's details: written only after the guest ticked "Remember my details on this device". */
export const REMEMBERED_DETAILS_KEY = 'rememberedDetails';

/**
 * What a guest agreed to keep on this device: contact details and, once they have had something
 * delivered, where to. The version lets a later shape replace this one without misreading it.
 */
export const rememberedDetailsSchema = z.object({
  version: z.literal(1),
  contact: checkoutContactSchema,
  delivery: z
    .object({
      street: z.string().trim().min(3).max(200),
      suburbId: z.int().positive(),
    })
    .nullable()
    .default(null),
});

export type RememberedDetails = z.infer<typeof rememberedDetailsSchema>;

/**
 * The details saved under REMEMBERED_DETAILS_KEY, or null when there are none or they cannot be
 * read (edited by hand, an older or newer shape): checkout then starts empty, as for a new guest.
 */
export function readRememberedDetails(saved: string | null | undefined): RememberedDetails | null {
  if (!saved) return null;
  let json: unknown;
  try {
    json = JSON.parse(saved);
  } catch {
    return null;
  }
  const parsed = rememberedDetailsSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/**
 * What to keep after a placement the guest asked to be remembered. A pickup keeps the address
 * remembered before (the next order may be delivered again); a delivery replaces it. Instructions
 * are for one order only and are never kept.
 */
export function detailsToRemember(
  contact: CheckoutContact,
  delivery: DeliveryAddress | null,
  before: RememberedDetails | null,
): RememberedDetails {
  return {
    version: 1,
    contact,
    delivery: delivery ? { street: delivery.street, suburbId: delivery.suburbId } : (before?.delivery ?? null),
  };
}
