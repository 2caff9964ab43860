import { afterEach, beforeAll, expect, it } from 'vitest';
import { apiCalls } from '../../../lib/api/contract.ts';
import {
  liveStateReadResponseSchema,
  liveStateResponseSchema,
  staffAuditResponseSchema,
  staffMenuResponseSchema,
  type LiveState,
} from '../../../lib/api/staff-contract.ts';
import { SOLD_OUT_MAX_ITEMS } from '../../../lib/constants.ts';
import { freePort } from '../../broker/mqtt-test-support.ts';
import { pizzaSizes } from './fixtures/orders.ts';
import {
  addTestStaff,
  bearer,
  cartLine,
  OPEN_NOW,
  onEachStore,
  orderBody,
  staffToken,
  TEST_CUSTOMER,
  TEST_OWNER as owner,
  TEST_KITCHEN as kitchen,
  type CallOptions,
  type TestApi,
  type TestStaff,
} from './support/test-support.ts';

/** The shop's live state (issue 19, slice 2): busy, pause and sold out, as staff set them and as storefronts and place-order see them. */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
// OPEN_NOW is Tuesday 5 March 2030, 8 pm in Melbourne (AEDT); delivery runs to 9:30 pm, pickup to 10 pm.
const at = (minutesFromNow: number) => new Date(OPEN_NOW.getTime() + minutesFromNow * MINUTE_MS).toISOString();
const WEDNESDAY_MIDNIGHT = '2030-03-05T13:00:00.000Z';

const otherKitchen: TestStaff = {
  email: 'kitchen@other-pizza.test',
  password: 'other-pizza-kitchen',
  name: 'Otto Other',
  role: 'kitchen',
};

const open = { waitMinutes: 30, mode: 'open', until: null } as const;
const nothingSoldOut = { productIds: [], productGroupIds: [], until: null };

let clock = OPEN_NOW;

await onEachStore(
  ({ store, api, start }) => {
    let labels = 0;
    let ownerToken: string;
    let kitchenToken: string;
    let otherToken: string;

    beforeAll(async () => {
      for (const staff of [owner, kitchen]) await addTestStaff(api, 'test-pizza', staff);
      await addTestStaff(api, 'other-pizza', otherKitchen);
      [ownerToken, kitchenToken, otherToken] = await Promise.all([
        staffToken(api, 'test-pizza', owner),
        staffToken(api, 'test-pizza', kitchen),
        staffToken(api, 'other-pizza', otherKitchen),
      ]);
    });
    afterEach(async () => {
      clock = OPEN_NOW;
      // Each case starts from an open shop with nothing sold out.
      await api.db.deleteFrom('live_services').execute();
      await api.db.deleteFrom('sold_out_items').execute();
    });

    const staffCall = (path: string, token: string | null, options: CallOptions = {}, target: TestApi = api) =>
      target.call(path, { domain: null, ...options, headers: token === null ? {} : bearer(token) });
    const put = (path: string, token: string | null, body: unknown, target: TestApi = api) =>
      staffCall(path, token, { method: 'PUT', body }, target);
    const liveState = async (token = kitchenToken, target: TestApi = api): Promise<LiveState> =>
      liveStateReadResponseSchema.parse((await staffCall('/staff/live-state', token, {}, target)).body).liveState;
    const clockStatus = async (target: TestApi = api) =>
      apiCalls.getClockStatus.response.parse((await target.call(apiCalls.getClockStatus.path)).body);

    /** Creates and places two large Margheritas at test-pizza: now, or for later at `later` (ISO). Answers place-order's answer. */
    async function placeOrder({ pickup = false, later = null as string | null } = {}) {
      const lines = [
        cartLine(`live-${store}-${(labels += 1)}`, { size: pizzaSizes.large, quantity: 2, historicPrice: 18 }),
      ];
      const timing = { isPickup: pickup, orderForLater: later !== null, orderForLaterRequestDateTime: later };
      const created = await api.call(apiCalls.createOrder.path, { body: orderBody(lines, timing) });
      const { encryptedOrderId } = apiCalls.createOrder.response.parse(created.body);
      return api.call(apiCalls.placeOrder.path, {
        body: {
          order: orderBody(lines, { ...timing, encryptedOrderId }),
          contact: TEST_CUSTOMER,
          delivery: pickup ? null : { street: '1 Collins St', suburbId: 1, instructions: '' },
          paymentMethod: 'card',
          expectedTotal: pickup ? 32 : 37.5,
        },
      });
    }

    it('a kitchen account pauses delivery: the storefront’s clock says so, place-order refuses delivery now and before the pause ends, pickup goes on', async () => {
      const answer = await put('/staff/live-state/delivery', kitchenToken, {
        waitMinutes: 45,
        mode: 'paused',
        until: '2030-03-05T21:00:00+11:00',
      });
      expect(answer.status).toBe(200);
      expect(liveStateResponseSchema.parse(answer.body)).toEqual({
        liveState: {
          pickup: open,
          delivery: { waitMinutes: 45, mode: 'paused', until: '2030-03-05T10:00:00.000Z' },
          soldOut: nothingSoldOut,
        },
        // The test API's broker answers on no port: the state is saved, the pages hear it at their next poll.
        published: false,
      });
      expect(await clockStatus()).toMatchObject({
        allowDelivery: false,
        liveDeliveryWaitTime: 45,
        deliveryPausedUntil: '2030-03-05T10:00:00.000Z',
        livePickupOverCapacity: false,
      });

      const refused = await placeOrder();
      expect(refused).toMatchObject({
        status: 422,
        body: { message: 'The shop has paused delivery for now. Please order for pickup or choose a later time.' },
      });
      expect(await placeOrder({ later: at(45) })).toMatchObject({
        status: 422,
        body: { message: 'The shop has paused delivery until today at 9:00 pm. Please choose a later time.' },
      });
      expect((await placeOrder({ later: at(60) })).status).toBe(200);
      expect((await placeOrder({ pickup: true })).status).toBe(200);
    });

    it('busy pickup refuses pickup as soon as possible, not for later; the owner may set it too', async () => {
      expect(
        (await put('/staff/live-state/pickup', ownerToken, { waitMinutes: 50, mode: 'busy', until: at(30) })).status,
      ).toBe(200);
      expect(await clockStatus()).toMatchObject({
        livePickupOverCapacity: true,
        livePickupWaitTime: 50,
        allowDelivery: true,
      });
      expect(await clockStatus()).not.toHaveProperty('pickupPausedUntil');
      expect(await placeOrder({ pickup: true })).toMatchObject({
        status: 422,
        body: { message: 'The shop is too busy to take more pickup orders right now. Please choose a later time.' },
      });
      expect((await placeOrder({ pickup: true, later: at(60) })).status).toBe(200);
    });

    it('a pause ends by itself at its time: the state reads open and the clock lets delivery through, with nobody acting', async () => {
      await put('/staff/live-state/delivery', kitchenToken, { waitMinutes: 30, mode: 'paused', until: at(20) });
      clock = new Date(OPEN_NOW.getTime() + 20 * MINUTE_MS);
      expect((await liveState()).delivery).toEqual(open);
      expect(await clockStatus()).toMatchObject({ allowDelivery: true, liveDeliveryOverCapacity: false });
      expect(await clockStatus()).not.toHaveProperty('deliveryPausedUntil');
      expect((await placeOrder()).status).toBe(200);
    });

    it('a sold-out dish: gone from the clock’s list and refused by place-order with its name, back on restores it', async () => {
      const answer = await put('/staff/live-state/sold-out', kitchenToken, { productId: 101, soldOut: true });
      expect(liveStateResponseSchema.parse(answer.body).liveState.soldOut).toEqual({
        productIds: [101],
        productGroupIds: [],
        until: WEDNESDAY_MIDNIGHT,
      });
      expect(await clockStatus()).toMatchObject({
        soldOutProductIds: [101],
        soldOutProductGroupIds: [],
        soldOutUntil: WEDNESDAY_MIDNIGHT,
      });
      expect(await placeOrder({ pickup: true })).toMatchObject({
        status: 422,
        body: { message: '2 × Margherita is sold out for today. Remove it from your cart or order for another day.' },
      });

      expect((await put('/staff/live-state/sold-out', kitchenToken, { productId: 101, soldOut: false })).status).toBe(
        200,
      );
      expect(await clockStatus()).not.toHaveProperty('soldOutProductIds');
      expect((await placeOrder({ pickup: true })).status).toBe(200);
    });

    it('a sold-out group takes its dishes with it, for today only: tomorrow’s order and the next trading day have them back', async () => {
      await put('/staff/live-state/sold-out', kitchenToken, { productGroupId: 1, soldOut: true });
      expect(await placeOrder({ pickup: true, later: at(60) })).toMatchObject({ status: 422 });
      // Wednesday lunch, an order for later the customer places tonight: the group is back by then.
      expect((await placeOrder({ pickup: true, later: '2030-03-06T01:00:00.000Z' })).status).toBe(200);
      clock = new Date(WEDNESDAY_MIDNIGHT);
      expect((await liveState()).soldOut).toEqual(nothingSoldOut);
      expect(await clockStatus()).not.toHaveProperty('soldOutProductGroupIds');
    });

    it('the console’s menu lists every group and dish of the staff member’s own shop', async () => {
      const menu = staffMenuResponseSchema.parse((await staffCall('/staff/menu', kitchenToken)).body);
      expect(menu.groups.map((group) => [group.name, group.products.map((product) => product.name)])).toEqual([
        ['Pizzas', ['Margherita', 'Pepperoni']],
        ['Drinks', ['Cola']],
      ]);
    });

    it('the menu offers the dishes this shop sold out most often as quick chips: none without history, a repeat mark while out is no new one, other shops’ marks do not count', async () => {
      const chips = async (token = kitchenToken) =>
        staffMenuResponseSchema.parse((await staffCall('/staff/menu', token)).body).oftenSoldOut;
      await api.db.deleteFrom('sold_out_marks').execute();
      expect(await chips()).toEqual([]);
      const mark = async (body: object, token = kitchenToken) =>
        expect((await put('/staff/live-state/sold-out', token, body)).status).toBe(200);
      // Cola out twice; Pepperoni once (marked again while still out is the same time it ran out) and Margherita once, later, so first of the two; the pizzas as a group are no dish.
      await mark({ productId: 102, soldOut: true });
      await mark({ productId: 102, soldOut: true });
      await mark({ productId: 201, soldOut: true });
      await mark({ productId: 201, soldOut: false });
      clock = new Date(OPEN_NOW.getTime() + 10 * MINUTE_MS);
      await mark({ productId: 201, soldOut: true });
      await mark({ productId: 101, soldOut: true });
      await mark({ productGroupId: 1, soldOut: true });
      await mark({ productId: 102, soldOut: true }, otherToken);
      await mark({ productId: 102, soldOut: true }, otherToken);
      expect(await chips()).toEqual([201, 101, 102]);
      expect(await chips(otherToken)).toEqual([102]);
      // Marks over ninety days old are history, however many.
      const old = new Date(OPEN_NOW.getTime() - 91 * 24 * HOUR_MS).toISOString();
      const retailerId = (
        await api.db
          .selectFrom('sold_out_marks')
          .select('retailer_id')
          .where('item_id', '=', 201)
          .executeTakeFirstOrThrow()
      ).retailer_id;
      await api.db
        .insertInto('sold_out_marks')
        .values(
          Array.from({ length: 5 }, () => ({
            retailer_id: retailerId,
            kind: 'product' as const,
            item_id: 102,
            at: old,
          })),
        )
        .execute();
      expect(await chips()).toEqual([201, 101, 102]);
      await api.db.deleteFrom('sold_out_marks').execute();
    });

    it('staff of another retailer change only their own shop, even naming dishes with the same ids', async () => {
      expect((await put('/staff/live-state/sold-out', otherToken, { productId: 101, soldOut: true })).status).toBe(200);
      expect(
        (await put('/staff/live-state/delivery', otherToken, { waitMinutes: 30, mode: 'paused', until: at(60) }))
          .status,
      ).toBe(200);
      expect(await liveState()).toEqual({ pickup: open, delivery: open, soldOut: nothingSoldOut });
      expect(await clockStatus()).toMatchObject({ allowDelivery: true });
      expect(await clockStatus()).not.toHaveProperty('soldOutProductIds');
      expect((await placeOrder({ pickup: true })).status).toBe(200);
      expect(await liveState(otherToken)).toMatchObject({
        delivery: { mode: 'paused' },
        soldOut: { productIds: [101] },
      });
      expect(await api.call(apiCalls.getClockStatus.path, { domain: 'order.otherpizza.example' })).toMatchObject({
        body: { allowDelivery: false, soldOutProductIds: [101] },
      });
    });

    it('without a session nothing is read or changed', async () => {
      expect((await staffCall('/staff/live-state', null)).status).toBe(401);
      expect(
        (await put('/staff/live-state/delivery', null, { waitMinutes: 30, mode: 'paused', until: at(60) })).status,
      ).toBe(401);
      expect((await put('/staff/live-state/sold-out', 'made-up-token', { productId: 101, soldOut: true })).status).toBe(
        401,
      );
      expect(await liveState()).toEqual({ pickup: open, delivery: open, soldOut: nothingSoldOut });
    });

    it.each<[string, string, unknown, number, string]>([
      [
        'a time already past',
        'delivery',
        { waitMinutes: 30, mode: 'paused', until: at(-1) },
        422,
        'The time the service is busy or paused until has already passed. Choose a later time.',
      ],
      [
        'more than a week ahead',
        'delivery',
        { waitMinutes: 30, mode: 'busy', until: at(7 * 24 * 60 + 1) },
        422,
        'A service can be busy or paused for at most 7 days.',
      ],
      [
        'busy without a time',
        'pickup',
        { waitMinutes: 30, mode: 'busy', until: null },
        400,
        'Invalid request body: until: expected a time for busy or paused, and none for open',
      ],
      [
        'open with a time',
        'pickup',
        { waitMinutes: 30, mode: 'open', until: at(30) },
        400,
        'Invalid request body: until: expected a time for busy or paused, and none for open',
      ],
      [
        'a wait of more than four hours',
        'pickup',
        { waitMinutes: 241, mode: 'open', until: null },
        400,
        'Invalid request body: waitMinutes: Too big: expected number to be <=240',
      ],
      [
        'a field the contract does not have',
        'pickup',
        { waitMinutes: 30, mode: 'open', until: null, allowDelivery: true },
        400,
        'Invalid request body: Unrecognized key: "allowDelivery"',
      ],
      [
        'a dish not on the menu',
        'sold-out',
        { productId: 999, soldOut: true },
        422,
        "productId 999 is not on this shop's menu.",
      ],
      [
        'a group not on the menu',
        'sold-out',
        { productGroupId: 999, soldOut: false },
        422,
        "productGroupId 999 is not on this shop's menu.",
      ],
      [
        'a dish and a group at once',
        'sold-out',
        { productId: 101, productGroupId: 1, soldOut: true },
        400,
        'Invalid request body',
      ],
    ])('refuses %s', async (_, path, body, status, message) => {
      const answer = await put(`/staff/live-state/${path}`, kitchenToken, body);
      expect(answer.status).toBe(status);
      expect((answer.body as { error: string }).error).toContain(message);
      expect(await liveState()).toEqual({ pickup: open, delivery: open, soldOut: nothingSoldOut });
    });

    it(`refuses a sold-out mark beyond ${SOLD_OUT_MAX_ITEMS} dishes, so the clock status stays bounded`, async () => {
      const marks = Array.from({ length: SOLD_OUT_MAX_ITEMS }, (_, index) => ({
        retailer_id: 9001,
        kind: 'product' as const,
        item_id: 10_000 + index,
        until: WEDNESDAY_MIDNIGHT,
        marked_at: OPEN_NOW.toISOString(),
      }));
      await api.db.insertInto('sold_out_items').values(marks).execute();
      const answer = await put('/staff/live-state/sold-out', kitchenToken, { productId: 101, soldOut: true });
      expect(answer).toMatchObject({
        status: 422,
        body: {
          error: `At most ${SOLD_OUT_MAX_ITEMS} dishes can be sold out at once. Mark the whole group sold out instead, or put some back on.`,
        },
      });
      expect((await put('/staff/live-state/sold-out', kitchenToken, { productGroupId: 1, soldOut: true })).status).toBe(
        200,
      );
    });

    it('every change is in the owner’s audit log, with who did it and what', async () => {
      await put('/staff/live-state/delivery', kitchenToken, { waitMinutes: 45, mode: 'paused', until: at(60) });
      await put('/staff/live-state/sold-out', kitchenToken, { productGroupId: 2, soldOut: true });
      await put('/staff/live-state/sold-out', ownerToken, { productGroupId: 2, soldOut: false });
      const { entries } = staffAuditResponseSchema.parse((await staffCall('/staff/audit?limit=3', ownerToken)).body);
      expect(entries.map(({ staffName, action, subject }) => [staffName, action, subject])).toEqual([
        ['Olive Owner', 'back-on', 'Drinks (whole group)'],
        ['Kit Chen', 'sold-out', 'Drinks (whole group)'],
        ['Kit Chen', 'service', 'Delivery paused until today, Tue 5 Mar at 9:00 pm, wait 45 min'],
      ]);
    });

    it('changes are limited per retailer', async () => {
      const limited = await start({
        now: () => clock,
        brokerUrl: `ws://127.0.0.1:${await freePort()}`,
        rateLimits: { staffLiveChangesPerRetailer: { attempts: 2, windowMs: HOUR_MS } },
      });
      await addTestStaff(limited, 'test-pizza', kitchen);
      const token = await staffToken(limited, 'test-pizza', kitchen);
      for (const soldOut of [true, false])
        expect((await put('/staff/live-state/sold-out', token, { productId: 101, soldOut }, limited)).status).toBe(200);
      const refused = await put('/staff/live-state/sold-out', token, { productId: 101, soldOut: true }, limited);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect((await liveState(token, limited)).soldOut).toEqual(nothingSoldOut);
    });

    it('an API restart keeps the state, and works it out on its own clock', async () => {
      const first = await start({ now: () => clock, brokerUrl: `ws://127.0.0.1:${await freePort()}` });
      await addTestStaff(first, 'test-pizza', kitchen);
      const token = await staffToken(first, 'test-pizza', kitchen);
      await put('/staff/live-state/pickup', token, { waitMinutes: 25, mode: 'paused', until: at(90) }, first);
      await put('/staff/live-state/sold-out', token, { productId: 102, soldOut: true }, first);
      const before = await liveState(token, first);
      await first.close();
      const restarted = await start({
        sameDatabaseAs: first,
        now: () => clock,
        brokerUrl: `ws://127.0.0.1:${await freePort()}`,
      });
      expect(await liveState(token, restarted)).toEqual(before);
      expect(await clockStatus(restarted)).toMatchObject({
        livePickupOverCapacity: true,
        livePickupWaitTime: 25,
        pickupPausedUntil: at(90),
        soldOutProductIds: [102],
      });
    });
  },
  {
    api: () => ({
      now: () => clock,
      brokerUrl: 'ws://127.0.0.1:9',
      rateLimits: { staffLiveChangesPerRetailer: { attempts: 10_000, windowMs: HOUR_MS } },
    }),
  },
);
