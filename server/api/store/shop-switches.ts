import type { Kysely } from 'kysely';
import { z } from 'zod';
import { keepNewest } from './keep-newest.ts';
import type { Database } from './schema.ts';

/** Switches kept per retailer once done: only the pending one matters, the few before it explain a recovery. */
const SHOP_SWITCHES_KEPT = 5;

/** A change of a tenant's files, recorded before any file is written (the journal of a publish or an undo). */
export interface ShopSwitch {
  switchId: number;
  retailerId: number;
  slug: string;
  /** Each file's whole new text by file name. */
  files: Record<string, string>;
}

const filesSchema = z.record(z.string(), z.string());

/** Only this store writes the rows; one that does not read is a hand edit, and writing nothing is safer than guessing. */
function filesOf(json: string): Record<string, string> {
  try {
    const files = filesSchema.safeParse(JSON.parse(json));
    return files.success ? files.data : {};
  } catch {
    return {};
  }
}

/**
 * The journal of tenant file switches. Record one in the same write transaction as the publish it
 * carries out; finish it (write the files, then markDone) in a later write transaction of the
 * retailer, which is what keeps a second writer from switching the same folder meanwhile.
 */
export function createShopSwitchStore(db: Kysely<Database>) {
  return {
    async record(retailerId: number, slug: string, files: Record<string, string>, now: Date): Promise<void> {
      await db
        .insertInto('shop_switches')
        .values({
          retailer_id: retailerId,
          slug,
          files_json: JSON.stringify(files),
          created_at: now.toISOString(),
          done_at: null,
        })
        .execute();
      await keepNewest(db, 'shop_switches', retailerId, SHOP_SWITCHES_KEPT);
    },

    /** The retailer's switches not yet done, oldest first (or every retailer's, without one). */
    async pending(retailerId?: number): Promise<ShopSwitch[]> {
      let query = db
        .selectFrom('shop_switches')
        .select(['switch_id', 'retailer_id', 'slug', 'files_json'])
        .where('done_at', 'is', null);
      if (retailerId !== undefined) query = query.where('retailer_id', '=', retailerId);
      const rows = await query.orderBy('switch_id').execute();
      return rows.map((row) => ({
        switchId: row.switch_id,
        retailerId: row.retailer_id,
        slug: row.slug,
        files: filesOf(row.files_json),
      }));
    },

    async markDone(switchId: number, now: Date): Promise<void> {
      await db
        .updateTable('shop_switches')
        .set({ done_at: now.toISOString() })
        .where('switch_id', '=', switchId)
        .execute();
    },

    /**
     * Moves whenever a switch of the retailer is recorded or done: files read between two equal
     * marks with nothing pending were not being switched meanwhile.
     */
    async mark(retailerId: number): Promise<{ mark: string; pending: boolean }> {
      const row = await db
        .selectFrom('shop_switches')
        .select((eb) => [
          eb.fn.max('switch_id').as('newest'),
          eb.fn.count('switch_id').as('all'),
          eb.fn.count('done_at').as('done'),
        ])
        .where('retailer_id', '=', retailerId)
        .executeTakeFirst();
      const newest = row?.newest ?? 0;
      const pending = Number(row?.all ?? 0) - Number(row?.done ?? 0);
      return { mark: `${newest}:${pending}`, pending: pending > 0 };
    },
  };
}

export type ShopSwitchStore = ReturnType<typeof createShopSwitchStore>;
