import type { Kysely } from 'kysely';
import { z } from 'zod';
import { dishPriceSchema, shopChangeSchema, type DishPrice, type ShopChange } from '../../../lib/shop/dish-prices.ts';
import { partChangeSchema, shopPartsDraftSchema, type ShopPartsDraft } from '../../../lib/shop/parts/index.ts';
import type { Database } from './schema.ts';
import { keepNewest } from './keep-newest.ts';

/** Publishes kept per retailer: Undo publish walks back through them, and nobody undoes hundreds. */
export const SHOP_PUBLISHES_KEPT = 100;

export interface ShopDraft {
  revision: number;
  prices: DishPrice[];
  parts: ShopPartsDraft;
}

/** A part a publish changed: in words, and its published value before (checked against the part's schema when Undo publish writes it back). */
export const publishedPartSchema = partChangeSchema.extend({ before: z.unknown() });
export type PublishedPart = z.infer<typeof publishedPartSchema>;

export interface ShopPublish {
  publishId: number;
  at: string;
  staffName: string;
  changes: ShopChange[];
  parts: PublishedPart[];
}

/** Rows are written only by this store, but a row edited by hand must not crash the console: it reads as empty. */
function parsed<T>(schema: z.ZodType<T>, json: string, empty: T): T {
  try {
    const result = schema.safeParse(JSON.parse(json));
    return result.success ? result.data : empty;
  } catch {
    return empty;
  }
}

/**
 * A retailer's shop draft, its revision and its publishes. Call it inside withStores (the
 * retailer's write transaction), so a revision read is still the revision when the write lands.
 */
export function createShopEditStore(db: Kysely<Database>) {
  return {
    async draft(retailerId: number): Promise<ShopDraft> {
      const row = await db
        .selectFrom('shop_drafts')
        .select(['revision', 'prices_json', 'parts_json'])
        .where('retailer_id', '=', retailerId)
        .executeTakeFirst();
      return row
        ? {
            revision: row.revision,
            prices: parsed(z.array(dishPriceSchema), row.prices_json, []),
            parts: parsed(shopPartsDraftSchema, row.parts_json, {}),
          }
        : { revision: 0, prices: [], parts: {} };
    },

    /** Stores the draft under the next revision and answers that revision. */
    async saveDraft(
      retailerId: number,
      prices: readonly DishPrice[],
      parts: ShopPartsDraft,
      now: Date,
    ): Promise<number> {
      const { revision } = await this.draft(retailerId);
      const values = {
        revision: revision + 1,
        prices_json: JSON.stringify(prices),
        parts_json: JSON.stringify(parts),
        updated_at: now.toISOString(),
      };
      await db
        .insertInto('shop_drafts')
        .values({ retailer_id: retailerId, ...values })
        .onConflict((conflict) => conflict.column('retailer_id').doUpdateSet(values))
        .execute();
      return revision + 1;
    },

    /** The newest publish not undone, which Undo publish takes back. */
    async lastPublish(retailerId: number): Promise<ShopPublish | undefined> {
      const row = await db
        .selectFrom('shop_publishes')
        .select(['publish_id', 'at', 'staff_name', 'changes_json', 'parts_json'])
        .where('retailer_id', '=', retailerId)
        .where('undone_at', 'is', null)
        .orderBy('publish_id', 'desc')
        .executeTakeFirst();
      return (
        row && {
          publishId: row.publish_id,
          at: row.at,
          staffName: row.staff_name,
          changes: parsed(z.array(shopChangeSchema), row.changes_json, []),
          parts: parsed(z.array(publishedPartSchema), row.parts_json, []),
        }
      );
    },

    /** Records a publish; the retailer keeps its newest SHOP_PUBLISHES_KEPT. */
    async recordPublish(
      retailerId: number,
      staffName: string,
      changes: readonly ShopChange[],
      parts: readonly PublishedPart[],
      now: Date,
    ): Promise<void> {
      await db
        .insertInto('shop_publishes')
        .values({
          retailer_id: retailerId,
          staff_name: staffName,
          at: now.toISOString(),
          changes_json: JSON.stringify(changes),
          parts_json: JSON.stringify(parts),
          undone_at: null,
        })
        .execute();
      await keepNewest(db, 'shop_publishes', retailerId, SHOP_PUBLISHES_KEPT);
    },

    async markUndone(publishId: number, now: Date): Promise<void> {
      await db
        .updateTable('shop_publishes')
        .set({ undone_at: now.toISOString() })
        .where('publish_id', '=', publishId)
        .execute();
    },
  };
}

export type ShopEditStore = ReturnType<typeof createShopEditStore>;
