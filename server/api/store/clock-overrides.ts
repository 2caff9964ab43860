import type { DatabaseSync } from 'node:sqlite';
import { z } from 'zod';
import { text } from './rows.ts';

/** What an operator may force on a retailer's live clock. No defaults: a field left out keeps the computed value. */
export const clockOverrideSchema = z.strictObject({
  retailerOnline: z.boolean().exactOptional(),
  liveDeliveryWaitTime: z.int().min(0).max(24 * 60).exactOptional(),
  livePickupWaitTime: z.int().min(0).max(24 * 60).exactOptional(),
  closedDateToday: z.boolean().exactOptional(),
  livePickupOverCapacity: z.boolean().exactOptional(),
  liveDeliveryOverCapacity: z.boolean().exactOptional(),
  allowDelivery: z.boolean().exactOptional(),
});
export type ClockOverride = z.infer<typeof clockOverrideSchema>;

export function createClockOverrideStore(db: DatabaseSync) {
  const get = db.prepare('SELECT override_json FROM clock_overrides WHERE retailer_id = ?');
  const set = db.prepare(
    `INSERT INTO clock_overrides (retailer_id, override_json, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (retailer_id) DO UPDATE SET override_json = excluded.override_json, updated_at = excluded.updated_at`,
  );
  const clear = db.prepare('DELETE FROM clock_overrides WHERE retailer_id = ?');

  return {
    get(retailerId: number): ClockOverride {
      const row = get.get(retailerId);
      return row ? clockOverrideSchema.parse(JSON.parse(text(row, 'override_json'))) : {};
    },
    set(retailerId: number, override: ClockOverride, now: Date): void {
      set.run(retailerId, JSON.stringify(override), now.toISOString());
    },
    clear(retailerId: number): void {
      clear.run(retailerId);
    },
  };
}

export type ClockOverrideStore = ReturnType<typeof createClockOverrideStore>;
