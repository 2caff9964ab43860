import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from './schema.ts';

/** What an operator may force on a retailer's live clock. No defaults: a field left out keeps the computed value. */
export const clockOverrideSchema = z.strictObject({
  retailerOnline: z.boolean().exactOptional(),
  liveDeliveryWaitTime: z
    .int()
    .min(0)
    .max(24 * 60)
    .exactOptional(),
  livePickupWaitTime: z
    .int()
    .min(0)
    .max(24 * 60)
    .exactOptional(),
  closedDateToday: z.boolean().exactOptional(),
  livePickupOverCapacity: z.boolean().exactOptional(),
  liveDeliveryOverCapacity: z.boolean().exactOptional(),
  allowDelivery: z.boolean().exactOptional(),
});
export type ClockOverride = z.infer<typeof clockOverrideSchema>;

/** Each retailer's override, one row per retailer, on SQLite or PostgreSQL. */
export interface ClockOverrideStore {
  /** The override in force, `{}` when there is none. */
  get(retailerId: number): Promise<ClockOverride>;
  /** Replaces the retailer's override whole. */
  set(retailerId: number, override: ClockOverride, now: Date): Promise<void>;
  clear(retailerId: number): Promise<void>;
}

export function createClockOverrideStore(db: Kysely<Database>): ClockOverrideStore {
  return {
    async get(retailerId) {
      const row = await db
        .selectFrom('clock_overrides')
        .select('override_json')
        .where('retailer_id', '=', retailerId)
        .executeTakeFirst();
      return row ? clockOverrideSchema.parse(JSON.parse(row.override_json)) : {};
    },
    async set(retailerId, override, now) {
      await db
        .insertInto('clock_overrides')
        .values({ retailer_id: retailerId, override_json: JSON.stringify(override), updated_at: now.toISOString() })
        .onConflict((conflict) =>
          conflict.column('retailer_id').doUpdateSet((eb) => ({
            override_json: eb.ref('excluded.override_json'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute();
    },
    async clear(retailerId) {
      await db.deleteFrom('clock_overrides').where('retailer_id', '=', retailerId).execute();
    },
  };
}
