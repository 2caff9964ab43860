import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { apiCalls } from '../../../lib/api/contract.ts';
import { SHOP_CHANGED_ELSEWHERE, shopPaths, shopResponseSchema } from '../../../lib/api/shop-contract.ts';
import type { ShopState } from '../../../lib/shop/shop-state.ts';
import { staffAuditResponseSchema, staffOrdersResponseSchema } from '../../../lib/api/staff-contract.ts';
import { loadTenant } from '../../../lib/tenant/load.ts';
import { freePort } from '../../broker/mqtt-test-support.ts';
import type { TradingHourEntry } from '../../../lib/tenant/hours.ts';
import {
  addTestStaff,
  bearer,
  onEachStore,
  staffToken,
  TEST_OWNER as owner,
  TEST_KITCHEN as kitchen,
  type CallOptions,
  type TestStaff,
} from './support/test-support.ts';
import { publishableTenants } from './support/shop-staff.ts';

const partner: TestStaff = {
  email: 'partner@test-pizza.test',
  password: 'test-pizza-partner',
  name: 'Pat Partner',
  role: 'owner',
};
/** Margherita (101), Large (12): $18 in the fixture. */
const MARGHERITA = 101;
const LARGE = 12;

const brokerUrl = `ws://127.0.0.1:${await freePort()}`;
const tenants = publishableTenants({ brokerUrl });

await onEachStore(
  ({ api, start: startApi }) => {
    let ownerToken: string;
    let partnerToken: string;
    let kitchenToken: string;
    beforeAll(async () => {
      for (const staff of [owner, partner, kitchen]) await addTestStaff(api, 'test-pizza', staff);
      ownerToken = await staffToken(api, 'test-pizza', owner);
      partnerToken = await staffToken(api, 'test-pizza', partner);
      kitchenToken = await staffToken(api, 'test-pizza', kitchen);
    });
    const call = (path: string, token: string, options: CallOptions = {}) =>
      api.call(path, { domain: null, ...options, headers: bearer(token) });
    const state = async (token = ownerToken): Promise<ShopState> =>
      shopResponseSchema.parse((await call(shopPaths.shop, token)).body);
    const margheritaLarge = (shop: ShopState) =>
      shop.dishes.find((dish) => dish.productId === MARGHERITA)?.sizes.find((size) => size.sizeId === LARGE);
    const filePrice = async () =>
      (await loadTenant(tenants.dir(), 'test-pizza')).productDetails
        .find((detail) => detail.productId === MARGHERITA)
        ?.productSizes.find((size) => size.retailerProductSizeId === LARGE)?.price;
    const servedPrice = async () => {
      const answer = await api.call(apiCalls.getProduct.path, { body: { productId: MARGHERITA } });
      return apiCalls.getProduct.response
        .parse(answer.body)
        .productSizes.find((size) => size.retailerProductSizeId === LARGE)?.price;
    };

    it('publishes a drafted price into the tenant files and the served menu, and Undo publish puts it back', async () => {
      const start = await state();
      expect(margheritaLarge(start)).toMatchObject({ publishedCents: 1800, draftCents: 1800 });

      const saved = await call(shopPaths.draft, ownerToken, {
        method: 'PUT',
        body: { revision: start.revision, prices: [{ productId: MARGHERITA, sizeId: LARGE, priceCents: 1950 }] },
      });
      expect(saved.status).toBe(200);
      const drafted = shopResponseSchema.parse(saved.body);
      expect(drafted.changes).toEqual([
        { productId: MARGHERITA, sizeId: LARGE, dish: 'Margherita', size: 'Large', fromCents: 1800, toCents: 1950 },
      ]);
      expect(await filePrice()).toBe(18);

      const published = shopResponseSchema.parse(
        (await call(shopPaths.publish, ownerToken, { body: { revision: drafted.revision } })).body,
      );
      expect(margheritaLarge(published)).toMatchObject({ publishedCents: 1950, draftCents: 1950 });
      expect(published.changes).toEqual([]);
      expect(published.lastPublish).toMatchObject({ staffName: 'Olive Owner', changes: drafted.changes });
      expect(await filePrice()).toBe(19.5);
      expect(await servedPrice()).toBe(19.5);
      // Only the two menu files change, and fields the editor does not touch stay as written.
      expect(readFileSync(join(tenants.dir(), 'test-pizza', 'product-details.json'), 'utf8')).toContain(
        '"price": 19.5',
      );

      const undone = shopResponseSchema.parse(
        (await call(shopPaths.undo, ownerToken, { body: { revision: published.revision } })).body,
      );
      expect(margheritaLarge(undone)).toMatchObject({ publishedCents: 1800 });
      expect(undone.lastPublish).toBeNull();
      expect(await filePrice()).toBe(18);
      expect(await servedPrice()).toBe(18);

      const audit = staffAuditResponseSchema
        .parse((await call('/staff/audit?limit=3', ownerToken)).body)
        .entries.map((entry) => entry.action);
      expect(audit).toEqual(['undo-publish', 'publish', 'save-draft']);
    });

    it('refuses a write based on an older revision instead of losing the other owner’s change', async () => {
      const seen = await state();
      const first = await call(shopPaths.draft, partnerToken, {
        method: 'PUT',
        body: { revision: seen.revision, prices: [{ productId: MARGHERITA, sizeId: LARGE, priceCents: 2000 }] },
      });
      expect(first.status).toBe(200);
      const second = await call(shopPaths.draft, ownerToken, {
        method: 'PUT',
        body: { revision: seen.revision, prices: [{ productId: MARGHERITA, sizeId: LARGE, priceCents: 2100 }] },
      });
      expect(second).toMatchObject({ status: 409, body: { error: SHOP_CHANGED_ELSEWHERE } });
      const stalePublish = await call(shopPaths.publish, ownerToken, { body: { revision: seen.revision } });
      expect(stalePublish.status).toBe(409);
      expect(margheritaLarge(await state())).toMatchObject({ publishedCents: 1800, draftCents: 2000 });
      expect(await filePrice()).toBe(18);
      // Back to the published price: the draft is empty again for the tests after this one.
      const now = await state();
      await call(shopPaths.draft, ownerToken, { method: 'PUT', body: { revision: now.revision, prices: [] } });
    });

    it('refuses prices the build would refuse, dishes the menu lacks and an empty publish', async () => {
      const { revision } = await state();
      const tooDear = await call(shopPaths.draft, ownerToken, {
        method: 'PUT',
        body: { revision, prices: [{ productId: MARGHERITA, sizeId: LARGE, priceCents: 10_000_000 }] },
      });
      expect(tooDear.status).toBe(400);
      const unknown = await call(shopPaths.draft, ownerToken, {
        method: 'PUT',
        body: { revision, prices: [{ productId: 999_999, sizeId: LARGE, priceCents: 100 }] },
      });
      expect(unknown).toMatchObject({ status: 400, body: { error: expect.stringContaining('Not on this menu') } });
      const negative = await call(shopPaths.draft, ownerToken, {
        method: 'PUT',
        body: { revision, prices: [{ productId: MARGHERITA, sizeId: LARGE, priceCents: -1 }] },
      });
      expect(negative.status).toBe(400);
      const empty = await call(shopPaths.publish, ownerToken, { body: { revision } });
      expect(empty).toMatchObject({ status: 400, body: { error: expect.stringContaining('Nothing to publish') } });
      const nothingToUndo = await call(shopPaths.undo, ownerToken, { body: { revision } });
      expect(nothingToUndo.status).toBe(400);
    });

    it('lets the console origin send the draft with PUT (CORS preflight)', async () => {
      const response = await fetch(`${api.url}${shopPaths.draft}`, {
        method: 'OPTIONS',
        headers: {
          origin: 'http://console.localhost:4321',
          'access-control-request-method': 'PUT',
          'access-control-request-headers': 'authorization, content-type',
        },
      });
      expect(response.headers.get('access-control-allow-methods')).toContain('PUT');
      expect(response.headers.get('access-control-allow-origin')).toBe('http://console.localhost:4321');
    });

    it('refuses a draft too large to be a menu with 413 before reading it', async () => {
      const prices = Array.from({ length: 12_000 }, (_, index) => ({
        productId: MARGHERITA,
        sizeId: LARGE,
        priceCents: index,
      }));
      const answer = await call(shopPaths.draft, ownerToken, { method: 'PUT', body: { revision: 0, prices } });
      expect(answer.status).toBe(413);
    });

    it('answers a kitchen account 403 on every shop call, and a call without a session 401', async () => {
      const { revision } = await state();
      const calls: [string, CallOptions][] = [
        [shopPaths.shop, {}],
        [
          shopPaths.draft,
          { method: 'PUT', body: { revision, prices: [{ productId: MARGHERITA, sizeId: LARGE, priceCents: 100 }] } },
        ],
        [shopPaths.publish, { body: { revision } }],
        [shopPaths.undo, { body: { revision } }],
      ];
      for (const [path, options] of calls) {
        expect((await call(path, kitchenToken, options)).status, path).toBe(403);
        expect((await api.call(path, { domain: null, ...options })).status, path).toBe(401);
      }
      expect(await filePrice()).toBe(18);
    });

    const hoursFile = async () => (await loadTenant(tenants.dir(), 'test-pizza')).tradingHours;
    const servedHours = async () =>
      apiCalls.getTradingHours.response.parse((await api.call(apiCalls.getTradingHours.path)).body);
    /** Sunday closes at 20:00 instead of 22:00. */
    const shorterSunday = (hours: readonly TradingHourEntry[]) =>
      hours.map((row) => (row.day === 0 ? { ...row, openingTimeEnd: '20:00', deliveryTimeEnd: '19:30' } : row));

    it('publishes trading hours beside a price, says what changes in words, and Undo publish puts both back', async () => {
      const start = await state();
      const before = await hoursFile();
      expect(start.parts.published.tradingHours).toEqual(before);
      const hours = shorterSunday(start.parts.published.tradingHours);
      const saved = await call(shopPaths.draft, ownerToken, {
        method: 'PUT',
        body: {
          revision: start.revision,
          prices: [{ productId: MARGHERITA, sizeId: LARGE, priceCents: 1900 }],
          parts: { tradingHours: hours },
        },
      });
      expect(saved.status).toBe(200);
      const drafted = shopResponseSchema.parse(saved.body);
      expect(drafted.parts.draft.tradingHours).toEqual(hours);
      expect(drafted.partChanges).toEqual([
        {
          part: 'tradingHours',
          title: expect.any(String),
          lines: expect.arrayContaining([expect.stringContaining('Sunday')]),
        },
      ]);
      expect(await hoursFile()).toEqual(before);

      const published = shopResponseSchema.parse(
        (await call(shopPaths.publish, ownerToken, { body: { revision: drafted.revision } })).body,
      );
      expect(published.partChanges).toEqual([]);
      expect(published.lastPublish?.parts).toEqual(drafted.partChanges);
      expect(await hoursFile()).toEqual(hours);
      expect(await servedHours()).toEqual(hours);
      expect(await filePrice()).toBe(19);

      const undone = shopResponseSchema.parse(
        (await call(shopPaths.undo, ownerToken, { body: { revision: published.revision } })).body,
      );
      expect(undone.parts.published.tradingHours).toEqual(before);
      expect(await hoursFile()).toEqual(before);
      expect(await servedHours()).toEqual(before);
      expect(await filePrice()).toBe(18);
      const audit = staffAuditResponseSchema.parse((await call('/staff/audit?limit=2', ownerToken)).body).entries;
      expect(audit.map((entry) => entry.subject)).toEqual([
        expect.stringContaining('Trading hours back'),
        expect.stringContaining('1 price, Trading hours'),
      ]);
    });

    it('keeps no part the draft sets back to the shop as published', async () => {
      const start = await state();
      const saved = shopResponseSchema.parse(
        (
          await call(shopPaths.draft, ownerToken, {
            method: 'PUT',
            body: { revision: start.revision, prices: [], parts: { tradingHours: start.parts.published.tradingHours } },
          })
        ).body,
      );
      expect(saved.parts.draft).toEqual({});
      expect(saved.partChanges).toEqual([]);
    });

    it('publishes the preparation time the board queues orders for later by, and refuses one out of bounds', async () => {
      const start = await state();
      const boardMinutes = async () =>
        staffOrdersResponseSchema.parse((await call('/staff/orders?limit=1', kitchenToken)).body).preparationMinutes;
      expect(start.parts.published.preparationTime).toBe(20);
      expect(await boardMinutes()).toBe(20);
      for (const minutes of [4, 241, 12.5]) {
        const refused = await call(shopPaths.draft, ownerToken, {
          method: 'PUT',
          body: { revision: start.revision, prices: [], parts: { preparationTime: minutes } },
        });
        expect(refused.status).toBe(400);
      }
      const drafted = shopResponseSchema.parse(
        (
          await call(shopPaths.draft, ownerToken, {
            method: 'PUT',
            body: { revision: start.revision, prices: [], parts: { preparationTime: 35 } },
          })
        ).body,
      );
      expect(drafted.partChanges).toEqual([
        {
          part: 'preparationTime',
          title: 'Preparation time',
          lines: ['Orders for later start 20 minutes → 35 minutes before they are due'],
        },
      ]);
      const published = shopResponseSchema.parse(
        (await call(shopPaths.publish, ownerToken, { body: { revision: drafted.revision } })).body,
      );
      expect(published.parts.published.preparationTime).toBe(35);
      expect((await loadTenant(tenants.dir(), 'test-pizza')).config.retailerInfo.preparationMinutes).toBe(35);
      expect(await boardMinutes()).toBe(35);
      await call(shopPaths.undo, ownerToken, { body: { revision: published.revision } });
      expect(await boardMinutes()).toBe(20);
    });

    it('refuses hours the build would refuse, naming the file and field, and writes nothing', async () => {
      const start = await state();
      const broken = start.parts.published.tradingHours.map((row) => (row.day === 0 ? { ...row, day: 9 } : row));
      const answer = await call(shopPaths.draft, ownerToken, {
        method: 'PUT',
        body: { revision: start.revision, prices: [], parts: { tradingHours: broken } },
      });
      expect(answer.status).toBe(400);
      expect((await state()).revision).toBe(start.revision);
    });

    it('refuses parts past their bounds, a popup link that could run script and a theme whose text would not read, and stores none of them', async () => {
      const start = await state();
      const { tradingHours, popups, theme } = start.parts.published;
      const sunday = tradingHours.find((row) => row.day === 0);
      const tooManyShifts = [...tradingHours, ...Array.from({ length: 29 }, () => sunday)];
      const scriptLink = [
        {
          popupId: 900,
          title: 'Free pizza',
          body: '',
          actionLabel: 'Claim',
          actionUrl: 'javascript:alert(1)',
          active: true,
          startDate: null,
          endDate: null,
        },
        ...popups,
      ];
      const unreadable = { ...theme, 'primary-foreground': theme.primary };
      for (const parts of [{ tradingHours: tooManyShifts }, { popups: scriptLink }, { theme: unreadable }]) {
        const answer = await call(shopPaths.draft, ownerToken, {
          method: 'PUT',
          body: { revision: start.revision, prices: [], parts },
        });
        expect(answer.status, Object.keys(parts)[0]).toBe(400);
      }
      const contrast = await call(shopPaths.draft, ownerToken, {
        method: 'PUT',
        body: { revision: start.revision, prices: [], parts: { theme: unreadable } },
      });
      expect(contrast.body).toMatchObject({ error: expect.stringContaining('contrast') });
      expect((await state()).revision).toBe(start.revision);
    });

    it('refuses what the console refuses, with the bound in words: a fifth shift on a day, a $5,000 delivery fee, 501 items an order', async () => {
      const start = await state();
      const { tradingHours, deliveryFees } = start.parts.published;
      const monday = {
        day: 1,
        openingTimeStart: '11:00',
        openingTimeEnd: '12:00',
        deliveryTimeStart: null,
        deliveryTimeEnd: null,
      };
      const fiveOnMonday = [...tradingHours.filter((row) => row.day !== 1), ...Array.from({ length: 5 }, () => monday)];
      const costlyFee = deliveryFees.map((zone) => ({ ...zone, deliveryFeeCents: 500_000 }));
      const cases: [object, string][] = [
        [{ tradingHours: fiveOnMonday }, 'expected at most 4 shifts a day'],
        [{ deliveryFees: costlyFee }, 'expected at most 100000 cents'],
        [{ orderBounds: { maxOrderCents: 100_000, maxOrderItems: 501 } }, 'expected at most 500 items'],
      ];
      for (const [parts, words] of cases) {
        const answer = await call(shopPaths.draft, ownerToken, {
          method: 'PUT',
          body: { revision: start.revision, prices: [], parts },
        });
        expect(answer.status, Object.keys(parts)[0]).toBe(400);
        expect(JSON.stringify(answer.body), Object.keys(parts)[0]).toContain(words);
      }
      expect((await state()).revision).toBe(start.revision);
      expect((await loadTenant(tenants.dir(), 'test-pizza')).tradingHours).toEqual(tradingHours);
    });

    it('serves a shop published through another API process on the same database once that process looks', async () => {
      const other = await startApi({ sameDatabaseAs: api, tenantsDir: tenants.dir(), brokerUrl });
      const hours = shorterSunday((await state()).parts.published.tradingHours);
      const seen = await state();
      const drafted = shopResponseSchema.parse(
        (
          await call(shopPaths.draft, ownerToken, {
            method: 'PUT',
            body: { revision: seen.revision, prices: [], parts: { tradingHours: hours } },
          })
        ).body,
      );
      const otherHours = async () =>
        apiCalls.getTradingHours.response.parse((await other.call(apiCalls.getTradingHours.path)).body);
      const before = await otherHours();
      await other.api.refreshTenants();
      const published = shopResponseSchema.parse(
        (await call(shopPaths.publish, ownerToken, { body: { revision: drafted.revision } })).body,
      );
      expect(await otherHours()).toEqual(before);
      expect(await other.api.refreshTenants()).toEqual(['test-pizza']);
      expect(await otherHours()).toEqual(hours);
      await call(shopPaths.undo, ownerToken, { body: { revision: published.revision } });
      expect(await other.api.refreshTenants()).toEqual(['test-pizza']);
      expect(await otherHours()).toEqual(before);
      expect(await other.api.refreshTenants()).toEqual([]);
    });

    it('serves a shop published through another API process as soon as the file system reports the files, not at its next look', async () => {
      // Its timer looks once an hour: only the report of the switched files can bring it the publish.
      const other = await startApi({
        sameDatabaseAs: api,
        tenantsDir: tenants.dir(),
        brokerUrl,
        watchTenantFiles: true,
      });
      const otherHours = async () =>
        apiCalls.getTradingHours.response.parse((await other.call(apiCalls.getTradingHours.path)).body);
      const before = await otherHours();
      const seen = await state();
      const hours = shorterSunday(seen.parts.published.tradingHours);
      const drafted = shopResponseSchema.parse(
        (
          await call(shopPaths.draft, ownerToken, {
            method: 'PUT',
            body: { revision: seen.revision, prices: [], parts: { tradingHours: hours } },
          })
        ).body,
      );
      const published = shopResponseSchema.parse(
        (await call(shopPaths.publish, ownerToken, { body: { revision: drafted.revision } })).body,
      );
      await expect.poll(otherHours, { timeout: 10_000 }).toEqual(hours);
      await call(shopPaths.undo, ownerToken, { body: { revision: published.revision } });
      await expect.poll(otherHours, { timeout: 10_000 }).toEqual(before);
    });

    it('serves files changed behind the database’s back once it looks: the check is by content, not by a publish mark', async () => {
      const file = join(tenants.dir(), 'test-pizza', 'trading-hours.json');
      const original = readFileSync(file, 'utf8');
      // Twice: a look of its own timer under way when the file is written may have read it before.
      const look = async () => {
        await api.api.refreshTenants();
        await api.api.refreshTenants();
      };
      const before = await servedHours();
      const hours = shorterSunday(before);
      writeFileSync(file, `${JSON.stringify(hours, null, 2)}\n`);
      try {
        await api.api.refreshTenants();
        expect(await servedHours()).toEqual(hours);
      } finally {
        writeFileSync(file, original);
      }
      await look();
      expect(await servedHours()).toEqual(before);
      expect(await api.api.refreshTenants()).toEqual([]);
    });

    it('notices an edit in place that keeps the file the same size, after looks that found it unchanged', async () => {
      const file = join(tenants.dir(), 'test-pizza', 'trading-hours.json');
      const original = readFileSync(file, 'utf8');
      // A look reads only the files' stat while they are as it last found them.
      expect(await api.api.refreshTenants()).toEqual([]);
      expect(await api.api.refreshTenants()).toEqual([]);
      const sameLength = original.replace(
        /"(\d)(\d):00"/,
        (_whole, tens: string, ones: string) => `"${tens}${ones === '9' ? '8' : '9'}:00"`,
      );
      expect(sameLength).not.toBe(original);
      expect(sameLength.length).toBe(original.length);
      writeFileSync(file, sameLength);
      try {
        expect(await api.api.refreshTenants()).toEqual(['test-pizza']);
      } finally {
        writeFileSync(file, original);
      }
      expect(await api.api.refreshTenants()).toEqual(['test-pizza']);
    });
  },
  { api: tenants.options },
);
