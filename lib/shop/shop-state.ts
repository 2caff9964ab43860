import { z } from 'zod';
import { instant } from '../tenant/primitives.ts';
import { shopChangeSchema, shopDishSchema } from './dish-prices.ts';
import { shopMenuGroupSchema } from './menu-groups.ts';
import { partChangeSchema, shopPartsDraftSchema, shopPartValuesSchema } from './parts/index.ts';

/** Each write sends the revision it was based on; a stale one is refused, so two owners never overwrite each other. */
export const shopRevisionSchema = z.int().nonnegative();

/** What the owner's Shop view shows (GET /staff/shop and the answer to every write): `changes` is what Publish would change; `lastPublish` what Undo publish would take back. */
export const shopStateSchema = z.object({
  revision: shopRevisionSchema,
  dishes: z.array(shopDishSchema),
  menuGroups: z.array(shopMenuGroupSchema),
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
export type ShopState = z.infer<typeof shopStateSchema>;
