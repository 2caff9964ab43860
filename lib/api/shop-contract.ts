import { z } from 'zod';
import { dishPriceSchema } from '../shop/dish-prices.ts';
import { shopPartsDraftSchema } from '../shop/parts/index.ts';
import { shopRevisionSchema as revision, shopStateSchema } from '../shop/shop-state.ts';

/**
 * Editing and publishing the shop (issue 19 item 4), owner only: a kitchen account gets 403 on
 * every one. The owner saves a draft of dish prices, sees what publishing will change, publishes
 * (the tenant's data files are rewritten and that tenant rebuilt) and may undo the last publish.
 * Every answer carries the shop's `revision`; each write sends the revision it was based on and a
 * stale one is refused with 409 SHOP_CHANGED_ELSEWHERE, so two owners never overwrite each other.
 */
export const shopPaths = {
  shop: '/staff/shop',
  draft: '/staff/shop/draft',
  publish: '/staff/shop/publish',
  undo: '/staff/shop/undo',
} as const;

export const SHOP_CHANGED_ELSEWHERE =
  'Someone else changed this shop since you opened it, so your change was not saved. Their change is shown now; make yours again.';
/** More than any menu has sizes of dishes; a draft naming more is refused, not stored. */
export const MAX_DRAFT_PRICES = 500;
/**
 * A draft with every part at its bounds: MAX_DRAFT_PRICES prices of about 55 bytes, and the
 * specials' and popups' texts at their longest (100 descriptions of 2,000 characters). Every
 * other staff call stays under 8 KiB.
 */
export const MAX_DRAFT_BODY_BYTES = 512 * 1024;

/** PUT /staff/shop/draft: the whole draft (every price that differs from the published one, and each part the owner changed). */
export const shopDraftBodySchema = z.object({
  revision,
  prices: z.array(dishPriceSchema).max(MAX_DRAFT_PRICES),
  parts: shopPartsDraftSchema.default({}),
});
/** POST /staff/shop/publish and /staff/shop/undo. */
export const shopRevisionBodySchema = z.object({ revision });

/** GET /staff/shop and the answer to every write. */
export const shopResponseSchema = shopStateSchema;
