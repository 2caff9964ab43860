import { z } from 'zod';
import { partChangeSchema, shopPartsDraftSchema, shopPartValuesSchema } from '../shop/parts/index.ts';
import { shopCents } from '../shop/limits.ts';
import { id, instant } from '../tenant/primitives.ts';

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

const revision = z.int().nonnegative();

/** One size of one dish at a price: sizeId is the size's retailerProductSizeId. */
export const dishPriceSchema = z.object({ productId: id, sizeId: id, priceCents: shopCents });
export type DishPrice = z.infer<typeof dishPriceSchema>;

/** PUT /staff/shop/draft: the whole draft (every price that differs from the published one, and each part the owner changed). */
export const shopDraftBodySchema = z.object({
  revision,
  prices: z.array(dishPriceSchema).max(MAX_DRAFT_PRICES),
  parts: shopPartsDraftSchema.default({}),
});
/** POST /staff/shop/publish and /staff/shop/undo. */
export const shopRevisionBodySchema = z.object({ revision });

export const shopDishSchema = z.object({
  productId: id,
  name: z.string(),
  group: z.string(),
  sizes: z.array(z.object({ sizeId: id, name: z.string(), publishedCents: z.int(), draftCents: z.int() })),
});
export type ShopDish = z.infer<typeof shopDishSchema>;

/** A price publishing changes (or changed). */
export const shopChangeSchema = z.object({
  productId: id,
  sizeId: id,
  dish: z.string(),
  size: z.string(),
  fromCents: z.int(),
  toCents: z.int(),
});
export type ShopChange = z.infer<typeof shopChangeSchema>;

/** GET /staff/shop and the answer to every write: `changes` is what Publish would change; `lastPublish` what Undo publish would take back. */
export const shopResponseSchema = z.object({
  revision,
  dishes: z.array(shopDishSchema),
  changes: z.array(shopChangeSchema),
  /** Every part as published, and the draft's value of each part it changes. */
  parts: z.object({ published: shopPartValuesSchema, draft: shopPartsDraftSchema }),
  partChanges: z.array(partChangeSchema),
  lastPublish: z
    .object({
      at: instant,
      staffName: z.string(),
      changes: z.array(shopChangeSchema),
      parts: z.array(partChangeSchema),
    })
    .nullable(),
});
export type ShopState = z.infer<typeof shopResponseSchema>;
