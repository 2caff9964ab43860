import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createClockOverrideStore } from './clock-overrides.ts';
import { openStore, type StoreTarget } from './open-store.ts';
import { createRateLimitStore } from './rate-limits.ts';
import type { Database } from './schema.ts';
import { migrateStore, storeMigrations } from './store-migrations.ts';

/**
 * What every store must do, run against each database the API can keep its data in (one test file
 * per database calls this). `freshTarget` answers an empty database; each `open` of it is one more
 * API process with its own connections.
 */
export function storeCases(freshTarget: () => Promise<StoreTarget>): void {
  const opened: Kysely<Database>[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((db) => db.destroy()));
  });

  async function processes(count: number): Promise<Kysely<Database>[]> {
    const target = await freshTarget();
    const dbs: Kysely<Database>[] = [];
    // One after another: each opening migrates, and the first creates the schema.
    for (let index = 0; index < count; index += 1) {
      const db = await openStore(target);
      opened.push(db);
      dbs.push(db);
    }
    return dbs;
  }

  async function oneProcess(): Promise<Kysely<Database>> {
    const [db] = await processes(1);
    if (!db) throw new Error('no store opened');
    return db;
  }

  async function twoProcesses(): Promise<[Kysely<Database>, Kysely<Database>]> {
    const [first, second] = await processes(2);
    if (!first || !second) throw new Error('no stores opened');
    return [first, second];
  }

  async function twoStores<S>(create: (db: Kysely<Database>) => S): Promise<[S, S]> {
    const [first, second] = await twoProcesses();
    return [create(first), create(second)];
  }

  // Past 2^31 milliseconds, as real clocks are, so a window's end must survive as a whole number.
  const now = Date.parse('2030-03-05T09:00:00Z');
  const minute = 60_000;

  describe('rate-limit windows', () => {
    it('opens a window of the given length on the first hit and counts later hits in it', async () => {
      const store = createRateLimitStore(await oneProcess());
      expect(await store.take('login:ada', minute, now)).toEqual({ hits: 1, resetAt: now + minute });
      expect(await store.take('login:ada', minute, now + 1_000)).toEqual({ hits: 2, resetAt: now + minute });
      expect(await store.take('login:grace', minute, now + 2_000)).toEqual({ hits: 1, resetAt: now + 2_000 + minute });
    });

    it('starts a new window at the moment the old one ends', async () => {
      const store = createRateLimitStore(await oneProcess());
      await store.take('login:ada', minute, now);
      await store.take('login:ada', minute, now + 1);
      expect(await store.take('login:ada', minute, now + minute - 1)).toEqual({ hits: 3, resetAt: now + minute });
      expect(await store.take('login:ada', minute, now + minute)).toEqual({ hits: 1, resetAt: now + 2 * minute });
    });

    it('forgets a forgiven key and only that key', async () => {
      const store = createRateLimitStore(await oneProcess());
      await store.take('login:ada', minute, now);
      await store.take('login:ada', minute, now);
      await store.take('login:grace', minute, now);
      await store.forgive('login:ada');
      expect(await store.take('login:ada', minute, now + 1)).toEqual({ hits: 1, resetAt: now + 1 + minute });
      expect(await store.take('login:grace', minute, now + 1)).toEqual({ hits: 2, resetAt: now + minute });
    });

    it('shares one window between two API processes', async () => {
      const [first, second] = await twoStores(createRateLimitStore);
      await first.take('signup:10.0.0.1', minute, now);
      expect(await second.take('signup:10.0.0.1', minute, now + 1)).toEqual({ hits: 2, resetAt: now + minute });
      await second.forgive('signup:10.0.0.1');
      expect(await first.take('signup:10.0.0.1', minute, now + 2)).toEqual({ hits: 1, resetAt: now + 2 + minute });
    });

    it('counts every one of many simultaneous hits from two processes exactly once', async () => {
      const [first, second] = await twoStores(createRateLimitStore);
      const hits = await Promise.all(
        Array.from({ length: 40 }, async (_, index) => (await (index % 2 ? first : second).take('signup:10.0.0.1', minute, now + index)).hits),
      );
      expect(hits.toSorted((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, index) => index + 1));
    });

    it('deletes windows that have ended, so a flood of one-off keys does not stay stored', async () => {
      const db = await oneProcess();
      const store = createRateLimitStore(db);
      for (let index = 0; index < 5; index += 1) await store.take(`signup:10.0.0.${index}`, minute, now);
      await store.take('signup:10.0.1.1', minute, now + 10 * minute);
      const keys = await db.selectFrom('rate_limit_windows').select('limit_key').execute();
      expect(keys.map((row) => row.limit_key)).toEqual(['signup:10.0.1.1']);
    });
  });

  describe('clock overrides', () => {
    const at = new Date(now);

    it('answers no override for a retailer that has none', async () => {
      expect(await createClockOverrideStore(await oneProcess()).get(1001)).toEqual({});
    });

    it('shows one process the override another set, replaced whole by the next one', async () => {
      const [first, second] = await twoStores(createClockOverrideStore);
      await first.set(1001, { retailerOnline: false, livePickupWaitTime: 45 }, at);
      expect(await second.get(1001)).toEqual({ retailerOnline: false, livePickupWaitTime: 45 });
      await second.set(1001, { closedDateToday: true }, at);
      expect(await first.get(1001)).toEqual({ closedDateToday: true });
    });

    it("clears one retailer's override and keeps the others'", async () => {
      const store = createClockOverrideStore(await oneProcess());
      await store.set(1001, { allowDelivery: false }, at);
      await store.set(1002, { liveDeliveryWaitTime: 90 }, at);
      await store.clear(1001);
      expect(await store.get(1001)).toEqual({});
      expect(await store.get(1002)).toEqual({ liveDeliveryWaitTime: 90 });
    });

    it('keeps one of two overrides set at once by two processes, whole', async () => {
      const [first, second] = await twoStores(createClockOverrideStore);
      const overrides = [{ retailerOnline: false }, { livePickupOverCapacity: true, liveDeliveryOverCapacity: true }];
      await Promise.all([first.set(1001, overrides[0] ?? {}, at), second.set(1001, overrides[1] ?? {}, at)]);
      expect(overrides).toContainEqual(await first.get(1001));
    });
  });

  describe('shared schema', () => {
    it('is applied by the first process to open the database and found complete by the next', async () => {
      const [first, second] = await twoProcesses();
      expect(await migrateStore(first)).toEqual([]);
      const { rows } = await sql<{ name: string }>`SELECT name FROM store_migrations ORDER BY name`.execute(second);
      expect(rows.map((row) => row.name)).toEqual(Object.keys(storeMigrations));
    });
  });
}
