import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createAnalyticsHitStore } from './analytics-hits.ts';
import { createClockOverrideStore } from './clock-overrides.ts';
import { placementSchema, type Placement } from '../../../lib/cart/placement.ts';
import { openStore, type StoreTarget } from './open-store.ts';
import { createRateLimitStore } from './rate-limits.ts';
import type { Database } from './schema.ts';
import { createStaffStore } from './staff.ts';
import { storeMigrations } from './migrations/index.ts';
import { migrateStore } from './store-migrations.ts';
import { withStores } from './stores.ts';

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
        Array.from(
          { length: 40 },
          async (_, index) => (await (index % 2 ? first : second).take('signup:10.0.0.1', minute, now + index)).hits,
        ),
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

  describe('analytics hits', () => {
    const hit = (index: number) => ({ idsite: 1 + (index % 2), url: `https://shop.example/${index}` });
    const at = (index: number) => new Date(now + index * minute);

    it('keeps the newest hits of two processes first, up to the ring size, and counts every hit per site', async () => {
      const [first, second] = await twoStores((db) => createAnalyticsHitStore(db, 3));
      for (let index = 0; index < 10; index += 1) await (index % 2 ? first : second).record(hit(index), at(index));
      for (const store of [first, second]) {
        const { recent, perSite } = await store.summary();
        expect(recent.map((kept) => kept.url)).toEqual([
          'https://shop.example/9',
          'https://shop.example/8',
          'https://shop.example/7',
        ]);
        expect(recent[0]).toEqual({
          at: at(9).toISOString(),
          siteId: 2,
          kind: 'page-view',
          url: 'https://shop.example/9',
          title: null,
          link: null,
          visitorId: null,
        });
        expect(perSite).toEqual({ '1': 5, '2': 5 });
      }
    });

    it('keeps no more rows than the ring holds', async () => {
      const db = await oneProcess();
      const store = createAnalyticsHitStore(db, 3);
      for (let index = 0; index < 10; index += 1) await store.record(hit(index), at(index));
      expect(await db.selectFrom('analytics_hits').select('url').orderBy('hit_id').execute()).toEqual(
        [7, 8, 9].map((index) => ({ url: `https://shop.example/${index}` })),
      );
    });

    // One process, as for the order numbers below: on PostgreSQL its connections record at once.
    it('counts every one of many simultaneous hits exactly once and keeps the ring', async () => {
      const store = createAnalyticsHitStore(await oneProcess(), 5);
      await Promise.all(
        Array.from({ length: 30 }, (_, index) =>
          store.record(
            { idsite: 7, url: `https://shop.example/${index}`, link: 'https://elsewhere.example/' },
            at(index),
          ),
        ),
      );
      const { recent, perSite } = await store.summary();
      expect(perSite).toEqual({ '7': 30 });
      expect(recent).toHaveLength(5);
      expect(recent[0]).toMatchObject({ kind: 'link', link: 'https://elsewhere.example/' });
    });

    it('lists fewer hits than the ring holds, newest first', async () => {
      const store = createAnalyticsHitStore(await oneProcess(), 3);
      await store.record(hit(0), at(0));
      await store.record(hit(1), at(1));
      expect((await store.summary()).recent.map((kept) => kept.url)).toEqual([
        'https://shop.example/1',
        'https://shop.example/0',
      ]);
    });
  });

  describe('orders', () => {
    const stamp = new Date(now).toISOString();
    const { orderNumber: _number, ...placement } = placementSchema.parse({
      orderNumber: 1,
      placedAt: stamp,
      dueAt: stamp,
      isPickup: true,
      orderForLater: false,
      orderForLaterRequestDateTime: null,
      paymentMethod: 'cash',
      subTotal: 20,
      discountTotal: 0,
      deals: [],
      deliveryFee: 0,
      total: 20,
      contact: { fullName: 'Ada Lovelace', phoneNumber: '0400 000 000', email: 'ada@example.com' },
      delivery: null,
      orderNotes: '',
    }) satisfies Placement;

    /** An open order with one line, written as the order store writes one. */
    async function openOrder(db: Kysely<Database>, name: string): Promise<number> {
      const { order_id: orderId } = await db
        .insertInto('orders')
        .values({
          encrypted_order_id: `order-${name}`,
          retailer_id: 1001,
          idempotency_key: null,
          customer_id: null,
          processed_at: null,
          is_pickup: 1,
          order_for_later: 0,
          order_for_later_request_date_time: null,
          closed_date: 0,
          extra_order_notes: '',
          create_date: stamp,
          current_order_status_type_id: 1,
          last_order_status_update: stamp,
          historic_delivery_fee_cents: 0,
          historic_delivery_wait_time: 0,
          sub_total_cents: 2000,
          order_platform_source_id: 1,
          source: 'web',
          created_at: stamp,
          updated_at: stamp,
          placed_at: null,
          placement_json: null,
          order_number: null,
          watch_key: null,
        })
        .returning('order_id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('order_products')
        .values({
          order_id: orderId,
          retailer_id: 1001,
          uuid: `line-${name}`,
          position: 0,
          product_id: 1,
          quantity: 1,
          unit_price_cents: 2000,
          line_json: '{}',
        })
        .execute();
      return orderId;
    }

    // One process: two SQLite connections in one thread would block each other's event loop, and
    // on PostgreSQL one process already holds several connections, each placing in its own transaction.
    it('numbers orders placed at once 1, 2, 3, … with none taken twice', async () => {
      const first = await oneProcess();
      const ids = await Promise.all(Array.from({ length: 8 }, (_, index) => openOrder(first, `burst-${index}`)));
      const placed = await Promise.all(
        ids.map((orderId) =>
          withStores(first, 1001, ({ orders }) =>
            orders.place({ orderId, retailerId: 1001 }, placement, new Date(now), 0),
          ),
        ),
      );
      expect(placed.map((order) => order.orderNumber).toSorted((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      const stored = await first.selectFrom('orders').select('order_number').where('order_id', 'in', ids).execute();
      expect(stored.map((row) => row.order_number).toSorted((a, b) => (a ?? 0) - (b ?? 0))).toEqual([
        1, 2, 3, 4, 5, 6, 7, 8,
      ]);
    });

    it("refuses any change to a placed order's content or lines, whatever path the write takes", async () => {
      const db = await oneProcess();
      const orderId = await openOrder(db, 'kept');
      await withStores(db, 1001, ({ orders }) =>
        orders.place({ orderId, retailerId: 1001 }, placement, new Date(now), 0),
      );
      await expect(
        db.updateTable('orders').set({ sub_total_cents: 1 }).where('order_id', '=', orderId).execute(),
      ).rejects.toThrow(/order is placed: its content cannot change/);
      await expect(
        db.updateTable('order_products').set({ quantity: 9 }).where('order_id', '=', orderId).execute(),
      ).rejects.toThrow(/order is placed: its lines cannot change/);
      await expect(db.deleteFrom('order_products').where('order_id', '=', orderId).execute()).rejects.toThrow(
        /order is placed: its lines cannot change/,
      );
      await expect(
        db
          .insertInto('order_products')
          .values({
            order_id: orderId,
            retailer_id: 1001,
            uuid: 'line-added',
            position: 1,
            product_id: 1,
            quantity: 1,
            unit_price_cents: 1,
            line_json: '{}',
          })
          .execute(),
      ).rejects.toThrow(/order is placed: its lines cannot change/);
      // The kitchen still takes it and marks it ready (board states, not content), and a receipt is still handed out.
      await db.updateTable('orders').set({ processed_at: stamp }).where('order_id', '=', orderId).execute();
      await withStores(db, 1001, ({ orders }) => orders.newReceipt(orderId, new Date(now)));
      await withStores(db, 1001, ({ orders }) => orders.markReady(orderId, new Date(now)));
      const row = await db
        .selectFrom('orders')
        .select(['sub_total_cents', 'processed_at', 'ready_at', 'order_number'])
        .where('order_id', '=', orderId)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ sub_total_cents: 2000, processed_at: stamp, ready_at: stamp, order_number: 1 });
      await expect(
        db
          .updateTable('orders')
          .set({ ready_at: stamp, extra_order_notes: 'changed' })
          .where('order_id', '=', orderId)
          .execute(),
      ).rejects.toThrow(/order is placed: its content cannot change/);
    });

    it('leaves an open order free to change', async () => {
      const db = await oneProcess();
      const orderId = await openOrder(db, 'open');
      await db.updateTable('order_products').set({ quantity: 3 }).where('order_id', '=', orderId).execute();
      await db.updateTable('orders').set({ sub_total_cents: 6000 }).where('order_id', '=', orderId).execute();
      expect(
        await db
          .selectFrom('orders')
          .select('sub_total_cents')
          .where('order_id', '=', orderId)
          .executeTakeFirstOrThrow(),
      ).toEqual({ sub_total_cents: 6000 });
    });
  });

  describe('staff', () => {
    const account = (retailerId: number) => ({
      email: `owner@${retailerId}.test`,
      name: `Owner ${retailerId}`,
      role: 'owner' as const,
    });
    const hash = { salt: new Uint8Array(16), hash: new Uint8Array(64) };

    it('keeps one account per email and retailer; the same email at another retailer is another account', async () => {
      const staff = createStaffStore(await oneProcess());
      expect(await staff.insert(1001, account(1001), hash, new Date(now))).toMatchObject({ retailerId: 1001 });
      expect(await staff.insert(1001, { ...account(1001), name: 'Someone' }, hash, new Date(now))).toBeNull();
      expect(await staff.insert(1002, account(1001), hash, new Date(now))).toMatchObject({ retailerId: 1002 });
    });

    it("keeps each retailer's audit entries for 180 days, however many, and another retailer's untouched", async () => {
      const db = await oneProcess();
      const staff = createStaffStore(db);
      const [first, second] = [
        await staff.insert(1001, account(1001), hash, new Date(now)),
        await staff.insert(1002, account(1002), hash, new Date(now)),
      ];
      if (!first || !second) throw new Error('no accounts');
      const daysAgo = (days: number) => new Date(now - days * 24 * 60 * 60 * 1000).toISOString();
      const entry = (retailerId: number, index: number, at: string) => ({
        retailer_id: retailerId,
        staff_id: null,
        staff_name: 'Old',
        action: 'take' as const,
        subject: `Order ${index}`,
        at,
      });
      // More than the 10,000 a count used to keep, all younger than 180 days.
      for (let start = 0; start < 12_000; start += 1000) {
        await db
          .insertInto('staff_audit')
          .values(Array.from({ length: 1000 }, (_, offset) => entry(1001, start + offset, daysAgo(179))))
          .execute();
      }
      await db
        .insertInto('staff_audit')
        .values([entry(1001, -1, daysAgo(181)), entry(1002, -2, daysAgo(181))])
        .execute();
      await staff.record(first, 'ready', 'Order 99999', new Date(now));
      const count = await db
        .selectFrom('staff_audit')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('retailer_id', '=', 1001)
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(12_001);
      expect((await staff.audit(1001, 1))[0]).toMatchObject({ action: 'ready', subject: 'Order 99999' });
      expect(await db.selectFrom('staff_audit').select('subject').where('subject', '=', 'Order -1').execute()).toEqual(
        [],
      );
      expect((await staff.audit(1002, 10)).map((entry) => entry.subject)).toEqual(['Order -2']);
      await staff.record(second, 'sign-in', 'owner@1002.test', new Date(now));
      expect(await staff.audit(1002, 10)).toEqual([
        { at: new Date(now).toISOString(), staffName: 'Owner 1002', action: 'sign-in', subject: 'owner@1002.test' },
      ]);
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
