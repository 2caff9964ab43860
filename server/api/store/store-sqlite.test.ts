import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../tests/support/test-support.ts';
import { createClockOverrideStore } from './clock-overrides.ts';
import { openDatabase } from './database.ts';
import { openStore } from './open-store.ts';
import { createRateLimitStore } from './rate-limits.ts';
import { storeCases } from './store-cases.ts';
import { withStores } from './stores.ts';
import { tokenDigest } from '../services/tokens.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function databaseFile(): string {
  const dir = tempDir();
  dirs.push(dir);
  return join(dir, 'api.sqlite');
}

describe('the store on SQLite (a file in a temporary folder)', () => {
  storeCases(async () => ({ sqlitePath: databaseFile() }));

  it('keeps the windows and overrides of a file written before the shared schema existed', async () => {
    const path = databaseFile();
    const before = openDatabase(path);
    before
      .prepare('INSERT INTO rate_limit_windows (limit_key, hits, reset_at) VALUES (?, ?, ?)')
      .run('login:ada', 4, 1_900_000_000_000);
    before
      .prepare('INSERT INTO clock_overrides (retailer_id, override_json, updated_at) VALUES (?, ?, ?)')
      .run(1001, '{"retailerOnline":false}', '2030-03-05T09:00:00.000Z');
    before.close();
    const db = await openStore({ sqlitePath: path });
    try {
      expect(await createRateLimitStore(db).take('login:ada', 60_000, 1_800_000_000_000)).toEqual({
        hits: 5,
        resetAt: 1_900_000_000_000,
      });
      expect(await createClockOverrideStore(db).get(1001)).toEqual({ retailerOnline: false });
    } finally {
      await db.destroy();
    }
  });

  it('keeps the receipt of an order placed before each receipt had its own row', async () => {
    const path = databaseFile();
    const before = openDatabase(path);
    const stamp = '2030-03-05T09:00:00.000Z';
    before
      .prepare(
        `INSERT INTO orders (encrypted_order_id, retailer_id, is_pickup, order_for_later, closed_date, extra_order_notes, create_date, current_order_status_type_id,
           last_order_status_update, historic_delivery_fee_cents, historic_delivery_wait_time, sub_total_cents, order_platform_source_id, source, created_at, updated_at,
           placed_at, order_number, receipt_digest)
         VALUES ('kept', 1001, 1, 0, 0, '', ?, 1, ?, 0, 0, 2000, 1, 'web', ?, ?, ?, 1, ?)`,
      )
      .run(stamp, stamp, stamp, stamp, stamp, tokenDigest('the-old-receipt'));
    before.close();
    const db = await openStore({ sqlitePath: path });
    try {
      const { order_id: orderId } = await db
        .selectFrom('orders')
        .select('order_id')
        .where('encrypted_order_id', '=', 'kept')
        .executeTakeFirstOrThrow();
      const held = (receipt: string) =>
        withStores(db, 1001, ({ orders }) => orders.receiptHeld(orderId, receipt, new Date(stamp)));
      expect(await held('the-old-receipt')).toBe(true);
      expect(await held('another-receipt')).toBe(false);
    } finally {
      await db.destroy();
    }
  });
});
