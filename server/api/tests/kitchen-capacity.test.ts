import { rmSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiCalls } from '../../../lib/api/contract.ts';
import { staffPaths } from '../../../lib/api/staff-contract.ts';
import { slotStartMs, type KitchenCapacity } from '../../../lib/kitchen/capacity.ts';
import { clockStatusTopic } from '../../../lib/live/topics.ts';
import { clockStatusSchema } from '../../../lib/tenant/hours.ts';
import { waitFor } from '../../broker/mqtt-test-support.ts';
import type { PaymentSettings } from '../services/payment-settings.ts';
import { fixtureTenantsWith } from './support/fixture-tenants.ts';
import { BROKER_PASSWORD, startListeningBroker, type ListeningBroker } from './support/listening-broker.ts';
import { signedEvent, startStripeMock, stripeObject, type StripeMock } from './support/stripe-mock.ts';
import {
  addTestStaff,
  bearer,
  cartLine,
  lineUuid,
  OPEN_NOW,
  onEachStore,
  sendPizzaPickup,
  staffToken,
  orderBody,
  TEST_CUSTOMER,
  type Answer,
  type TestApi,
} from './support/test-support.ts';
import { pizzaSizes } from './fixtures/orders.ts';

/**
 * Issue 28 item 6: the kitchen takes so many pizzas per 15-minute slot. place-order refuses an
 * order for later that would overfill its slot and moves an order for as soon as possible to the
 * first slot with room, and orders placed at once, on one API process or two, never overfill one.
 */

const SIX_A_SLOT: KitchenCapacity = { countedGroupIds: [], limits: [{ service: 'shared', items: 6 }] };
const MINUTE_MS = 60_000;
/** 9:00 pm in Melbourne on the day of OPEN_NOW (8:00 pm). */
const NINE_PM = '2030-03-05T10:00:00.000Z';

const SCOPE = { topicPrefix: 'storefront-test', retailerId: 9001 };
const ACCOUNT = { secretKey: 'sk_test_testpizza0001', webhookSecret: 'whsec_testpizzasecret0001' };
let listening: ListeningBroker;
let stripe: StripeMock;
let tenantsDir = '';
/** The same shop open until 1:00 am. */
let lateTenantsDir = '';
beforeAll(async () => {
  listening = await startListeningBroker(`${SCOPE.topicPrefix}/${SCOPE.retailerId}/#`);
  stripe = await startStripeMock();
  tenantsDir = fixtureTenantsWith({ kitchenCapacity: SIX_A_SLOT });
  lateTenantsDir = fixtureTenantsWith(
    { kitchenCapacity: SIX_A_SLOT },
    Array.from({ length: 7 }, (_, day) => ({
      day,
      openingTimeStart: '11:00',
      openingTimeEnd: '01:00',
      deliveryTimeStart: '17:00',
      deliveryTimeEnd: '00:30',
    })),
  );
});
afterAll(async () => {
  rmSync(tenantsDir, { recursive: true, force: true });
  rmSync(lateTenantsDir, { recursive: true, force: true });
  await listening.close();
  await stripe.close();
});

const COOK = { email: 'cook@test-pizza.test', password: 'test-pizza-cook', name: 'Kit', role: 'kitchen' as const };
/** The shop's cook, added and signed in on `api`: their session token. */
async function cookToken(api: TestApi): Promise<string> {
  await addTestStaff(api, 'test-pizza', COOK);
  return staffToken(api, 'test-pizza', COOK);
}

/** The slot fill open pages heard last on the clock-status topic. */
const pagesHeard = () =>
  listening.heard
    .filter(({ topic }) => topic === clockStatusTopic(SCOPE))
    .map(({ text }) => clockStatusSchema.parse(JSON.parse(text)).kitchenFill ?? [])
    .at(-1);

/** Two large Margheritas for pickup (two pizzas, $32), now or at `dueAt`. */
const placePizzas = async (api: TestApi, label: string, dueAt: string | null = null): Promise<Answer> =>
  (await sendPizzaPickup(api, label, dueAt)).placed;

/** Two large Margheritas for pickup at `dueAt`, sent to the payment page; the checkout session's id. */
async function payOnlineForPizzas(api: TestApi, label: string, dueAt: string): Promise<string> {
  const lines = [cartLine(lineUuid(label), { size: pizzaSizes.large, quantity: 2 })];
  const timing = { isPickup: true, orderForLater: true, orderForLaterRequestDateTime: dueAt };
  const created = await api.call(apiCalls.createOrder.path, { body: orderBody(lines, timing) });
  const { encryptedOrderId } = apiCalls.createOrder.response.parse(created.body);
  const answer = await api.call(apiCalls.payOnline.path, {
    body: {
      order: orderBody(lines, { ...timing, encryptedOrderId }),
      contact: TEST_CUSTOMER,
      delivery: null,
      expectedTotal: 32,
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return apiCalls.payOnline.response.parse(answer.body).checkoutUrl.split('/').at(-1) ?? '';
}

/** Tells the API, as Stripe does, that the customer let a checkout run out. */
async function checkoutExpired(api: TestApi, sessionId: string): Promise<void> {
  const session = stripe.sessions.get(sessionId);
  if (!session) throw new Error(`no session ${sessionId}`);
  const event = signedEvent(
    ACCOUNT.webhookSecret,
    'checkout.session.expired',
    stripeObject('checkout.session', { ...session, status: 'expired' }),
  );
  const answer = await api.call('/payments/stripe/webhook/test-pizza', {
    domain: null,
    rawBody: event.payload,
    headers: { 'stripe-signature': event.signature, 'content-type': 'application/json' },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

const dueAtOf = (answer: Answer): string => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const { dueAt } = apiCalls.placeOrder.response.parse(answer.body).placement;
  if (dueAt === null) throw new Error('a placed order has no due time');
  return dueAt;
};

/** Pizzas per slot as the placed orders' due times say (each order two). */
const pizzasBySlot = (dueAts: readonly string[]) => {
  const slots = new Map<string, number>();
  for (const dueAt of dueAts) {
    const slot = new Date(slotStartMs(Date.parse(dueAt))).toISOString();
    slots.set(slot, (slots.get(slot) ?? 0) + 2);
  }
  return [...slots.entries()].sort(([a], [b]) => a.localeCompare(b));
};

const clockStatus = async (api: TestApi) =>
  apiCalls.getClockStatus.response.parse((await api.call(apiCalls.getClockStatus.path, { method: 'GET' })).body);

await onEachStore(
  ({ start }) => {
    it('refuses an order for later that would overfill its slot, in the shop’s words, and takes it in the next slot', async () => {
      const api = await start({ tenantsDir });
      for (const label of ['a', 'b', 'c'])
        expect(dueAtOf(await placePizzas(api, `later-${label}`, NINE_PM))).toBe(NINE_PM);
      const refused = await placePizzas(api, 'later-d', NINE_PM);
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({
        message: 'The kitchen is full at 9:00 pm. Please choose another time.',
        issues: [{ path: 'orderTime' }],
      });
      const quarterPast = new Date(Date.parse(NINE_PM) + 15 * MINUTE_MS).toISOString();
      expect(dueAtOf(await placePizzas(api, 'later-e', quarterPast))).toBe(quarterPast);
      // The refused order stays unplaced: the slot holds the six pizzas it took.
      const fill = (await clockStatus(api)).kitchenFill ?? [];
      expect(fill.find((slot) => slot.at === NINE_PM)).toEqual({ at: NINE_PM, pickup: 6, delivery: 0 });
    });

    it('moves the promise of orders for as soon as possible out slot by slot, and open pages are told the fill and the later wait', async () => {
      const api = await start({ tenantsDir });
      const before = await clockStatus(api);
      expect(before.kitchenFill).toEqual([]);
      const firstPromise = OPEN_NOW.getTime() + before.livePickupWaitTime * MINUTE_MS;
      const dueAts: string[] = [];
      for (const label of ['a', 'b', 'c', 'd']) dueAts.push(dueAtOf(await placePizzas(api, `asap-${label}`)));
      const firstSlot = slotStartMs(firstPromise);
      expect(dueAts).toEqual([
        new Date(firstPromise).toISOString(),
        new Date(firstPromise).toISOString(),
        new Date(firstPromise).toISOString(),
        new Date(firstSlot + 15 * MINUTE_MS).toISOString(),
      ]);
      const after = await clockStatus(api);
      expect(after.kitchenFill).toEqual([
        { at: new Date(firstSlot).toISOString(), pickup: 6, delivery: 0 },
        { at: new Date(firstSlot + 15 * MINUTE_MS).toISOString(), pickup: 2, delivery: 0 },
      ]);
      // The first slot is full for a pizza more, so the wait pages show reaches the next one.
      expect(after.livePickupWaitTime).toBe((firstSlot + 15 * MINUTE_MS - OPEN_NOW.getTime()) / MINUTE_MS);
      expect(after.liveDeliveryWaitTime).toBe((firstSlot + 15 * MINUTE_MS - OPEN_NOW.getTime()) / MINUTE_MS);
    });

    it.each([
      // 9:20 pm in Melbourne; pickup closes at 10:00 pm.
      {
        shop: 'closing at 10 pm',
        now: '2030-03-05T10:20:00.000Z',
        closing: '2030-03-05T11:00:00.000Z',
        at: '10:00 pm',
      },
      // 11:20 pm; pickup runs on past midnight to 1:00 am, so the promise moves across it.
      {
        shop: 'open past midnight',
        now: '2030-03-05T12:20:00.000Z',
        closing: '2030-03-05T14:00:00.000Z',
        at: '1:00 am',
      },
    ])(
      'never moves the promise of an order for as soon as possible past closing ($shop): the next is refused in the picker’s words and keeps its cart',
      async ({ shop, now, closing, at }) => {
        const api = await start({
          tenantsDir: shop === 'open past midnight' ? lateTenantsDir : tenantsDir,
          now: () => new Date(now),
        });
        const dueAts: string[] = [];
        let refused: { encryptedOrderId: string; placed: Answer } | undefined;
        for (let index = 0; index < 20 && refused === undefined; index += 1) {
          const sent = await sendPizzaPickup(api, `closing-${index}`);
          if (sent.placed.status === 200) dueAts.push(dueAtOf(sent.placed));
          else refused = sent;
        }
        expect(dueAts.length).toBeGreaterThan(0);
        expect(dueAts.every((dueAt) => dueAt < closing)).toBe(true);
        expect(pizzasBySlot(dueAts).every(([, pizzas]) => pizzas === 6)).toBe(true);
        expect(pizzasBySlot(dueAts).at(-1)?.[0]).toBe(new Date(Date.parse(closing) - 15 * MINUTE_MS).toISOString());
        expect(refused?.placed.status).toBe(422);
        expect(refused?.placed.body).toMatchObject({
          message: `The kitchen is full until closing at ${at}. Please order for another day.`,
        });
        // Open pages are told why the ASAP choice is gone; the refused cart is still the customer's.
        expect(await clockStatus(api)).toMatchObject({ livePickupOverCapacity: true, pickupKitchenFullUntil: closing });
        const kept = apiCalls.getOrder.response.parse(
          (await api.call(apiCalls.getOrder.path, { body: { encryptedOrderId: refused?.encryptedOrderId } })).body,
        );
        expect(kept.products).toHaveLength(1);
        expect(kept.placement).toBeNull();
      },
    );

    it('never overfills a slot with 21 orders placed at once over two API processes on one database', async () => {
      const first = await start({ tenantsDir });
      const second = await start({ tenantsDir, sameDatabaseAs: first });
      const answers = await Promise.all(
        // Fourteen for now (28 pizzas) and at most three for 9:00 pm (6) fit the six slots before pickup closes.
        Array.from({ length: 21 }, (_, index) =>
          placePizzas(index % 2 === 0 ? first : second, `burst-${index}`, index % 3 === 0 ? NINE_PM : null),
        ),
      );
      const forNine = answers.filter((_, index) => index % 3 === 0);
      const forNow = answers.filter((_, index) => index % 3 !== 0);
      // Every order for now finds a slot with room; of the seven for 9:00 pm at most three fit (fewer where orders for now took room there).
      const placed = answers.filter((answer) => answer.status === 200);
      expect(forNow.every((answer) => answer.status === 200)).toBe(true);
      const nineTaken = forNine.filter((answer) => answer.status === 200);
      expect(nineTaken.length).toBeLessThanOrEqual(3);
      // Refused either at its slot or, once orders for now have filled every slot to it, by the wait that moved past it.
      for (const answer of forNine.filter((each) => each.status !== 200)) {
        expect(answer.status).toBe(422);
        expect((answer.body as { message: string }).message).toMatch(
          /^(The kitchen is full at 9:00 pm\. Please choose another time\.|The kitchen's wait is \d+ minutes right now\. Please choose \d+:\d\d pm or later\.)$/,
        );
      }
      const bySlot = pizzasBySlot(placed.map(dueAtOf));
      expect(bySlot.every(([, pizzas]) => pizzas <= 6)).toBe(true);
      expect(bySlot.reduce((sum, [, pizzas]) => sum + pizzas, 0)).toBe(placed.length * 2);
      // What the store counts agrees with what the customers were told.
      const fill = (await clockStatus(first)).kitchenFill ?? [];
      expect(fill.map((slot) => [slot.at, slot.pickup])).toEqual(bySlot);
    });

    it('open pages hear the fill on the broker after an order takes room and after the kitchen declines it, freeing the room', async () => {
      listening.heard.length = 0;
      const api = await start({ tenantsDir, brokerUrl: listening.url, brokerOperatorPassword: BROKER_PASSWORD });
      const placed = await placePizzas(api, 'heard-a', NINE_PM);
      dueAtOf(placed);
      await waitFor(
        () => pagesHeard()?.some((slot) => slot.at === NINE_PM && slot.pickup === 2) === true,
        'open pages told 9:00 pm holds two pizzas',
      );
      const token = await cookToken(api);
      const { encryptedOrderId } = apiCalls.placeOrder.response.parse(placed.body);
      const declined = await api.call(staffPaths.decline(encryptedOrderId), {
        domain: null,
        headers: bearer(token),
        body: {},
      });
      expect(declined.status).toBe(200);
      await waitFor(
        () => pagesHeard()?.some((slot) => slot.at === NINE_PM) === false,
        'open pages told 9:00 pm is free',
      );
      // The room is the kitchen's again: three orders of two fit at 9:00 pm.
      for (const label of ['b', 'c', 'd'])
        expect(dueAtOf(await placePizzas(api, `heard-${label}`, NINE_PM))).toBe(NINE_PM);
    });

    it('an order the kitchen runs late moves to the slot of its new time: the old slot frees, the new one fills, and open pages hear it', async () => {
      listening.heard.length = 0;
      const api = await start({ tenantsDir, brokerUrl: listening.url, brokerOperatorPassword: BROKER_PASSWORD });
      const placed = [];
      for (const label of ['a', 'b', 'c']) placed.push(await placePizzas(api, `moved-${label}`, NINE_PM));
      placed.forEach(dueAtOf);
      const token = await cookToken(api);
      const { encryptedOrderId } = apiCalls.placeOrder.response.parse(placed[0]?.body);
      const late = await api.call(staffPaths.late(encryptedOrderId), {
        domain: null,
        headers: bearer(token),
        body: { minutes: 20, from: NINE_PM },
      });
      expect(late.status, JSON.stringify(late.body)).toBe(200);
      const quarterPast = new Date(Date.parse(NINE_PM) + 15 * MINUTE_MS).toISOString();
      const moved = [
        { at: NINE_PM, pickup: 4, delivery: 0 },
        { at: quarterPast, pickup: 2, delivery: 0 },
      ];
      expect((await clockStatus(api)).kitchenFill).toEqual(moved);
      await waitFor(
        () => isDeepStrictEqual(pagesHeard(), moved),
        'open pages told 9:00 pm freed two pizzas for 9:15 pm',
      );
      // The freed room takes an order at 9:00 pm; 9:15 pm holds the late order's two and takes four more, no more.
      expect(dueAtOf(await placePizzas(api, 'moved-d', NINE_PM))).toBe(NINE_PM);
      for (const label of ['e', 'f'])
        expect(dueAtOf(await placePizzas(api, `moved-${label}`, quarterPast))).toBe(quarterPast);
      const refused = await placePizzas(api, 'moved-g', quarterPast);
      expect(refused.body).toMatchObject({ message: 'The kitchen is full at 9:15 pm. Please choose another time.' });
    });

    it('an order on the payment page holds its room, so a paid one never overfills; a checkout that runs out frees it', async () => {
      const payments: PaymentSettings = { accounts: new Map([['test-pizza', ACCOUNT]]), apiUrl: new URL(stripe.url) };
      const api = await start({ tenantsDir, payments });
      const sessions: string[] = [];
      for (const label of ['a', 'b', 'c']) sessions.push(await payOnlineForPizzas(api, `paying-${label}`, NINE_PM));
      const refused = await placePizzas(api, 'paying-d', NINE_PM);
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({ message: 'The kitchen is full at 9:00 pm. Please choose another time.' });
      await checkoutExpired(api, sessions[0] ?? '');
      expect(dueAtOf(await placePizzas(api, 'paying-e', NINE_PM))).toBe(NINE_PM);
    });

    it('changes nothing for a shop that sets no capacity: orders for as soon as possible keep the usual promise', async () => {
      const api = await start();
      const dueAts: string[] = [];
      for (const label of ['a', 'b', 'c', 'd', 'e']) dueAts.push(dueAtOf(await placePizzas(api, `open-${label}`)));
      expect(new Set(dueAts).size).toBe(1);
      expect((await clockStatus(api)).kitchenFill).toBeUndefined();
    });
  },
  { api: false },
);
