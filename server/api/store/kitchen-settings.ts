import type { Kysely } from 'kysely';
import type { KitchenSettings } from '../../../lib/api/printer-contract.ts';
import type { Database } from './schema.ts';

/** A shop's kitchen settings kept by the API, one row per retailer; a shop that never set them has them all off. */
export function createKitchenSettingsStore(db: Kysely<Database>) {
  return {
    async get(retailerId: number): Promise<KitchenSettings> {
      const row = await db
        .selectFrom('kitchen_settings')
        .select('auto_accept')
        .where('retailer_id', '=', retailerId)
        .executeTakeFirst();
      return { autoAccept: row?.auto_accept === 1 };
    },

    async set(retailerId: number, settings: KitchenSettings, now: Date): Promise<void> {
      await db
        .insertInto('kitchen_settings')
        .values({ retailer_id: retailerId, auto_accept: settings.autoAccept ? 1 : 0, updated_at: now.toISOString() })
        .onConflict((conflict) =>
          conflict.column('retailer_id').doUpdateSet((eb) => ({
            auto_accept: eb.ref('excluded.auto_accept'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute();
    },
  };
}

export type KitchenSettingsStore = ReturnType<typeof createKitchenSettingsStore>;
