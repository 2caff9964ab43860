import { rmSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiCalls } from '../../../lib/api/contract.ts';
import {
  MAX_BOARD_LIMIT,
  staffAuditResponseSchema,
  staffOrderResponseSchema,
  staffOrdersResponseSchema,
  staffPaths,
  type BoardOrder,
  type StaffOrdersResponse,
} from '../../../lib/api/staff-contract.ts';
import {
  DEFAULT_PREPARATION_MINUTES,
  isDueToStart,
  kitchenFlow,
  nextStage,
  type KitchenStage,
} from '../../../lib/kitchen/kitchen-flow.ts';
import { orderStatusMessageSchema } from '../../../lib/live/messages.ts';
import { orderStatusTopic, staffOrdersTopic } from '../../../lib/live/topics.ts';
import { waitFor } from '../../broker/mqtt-test-support.ts';
import { fixtureTenantsWith } from './support/fixture-tenants.ts';
import { BROKER_PASSWORD, startListeningBroker, type ListeningBroker } from './support/listening-broker.ts';
import {
  addTestStaff,
  bearer,
  OPEN_NOW,
  onEachStore,
  sendPizzaPickup,
  placeTestOrder,
  staffToken,
  type TestApi,
  type TestStaff,
} from './support/test-support.ts';

/**
 * Issue 28: no order is ever lost from the board, and each kitchen step reaches the customer's
 * page. A real broker, so what pages and consoles are told is what they would hear.
 */

const SCOPE = { topicPrefix: 'storefront-test', retailerId: 9001 };
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const staffOf = (n: number): TestStaff => ({
  email: `cook${n}@test-pizza.test`,
  password: `test-pizza-cook-${n}`,
  name: `Cook ${n}`,
  role: n === 1 ? 'owner' : 'kitchen',
});

/** 9:00 pm in Melbourne on the day of OPEN_NOW (8:00 pm), and how many pizzas its slot takes in the capacity case. */
const NINE_PM = '2030-03-05T10:00:00.000Z';
const SLOT_PIZZAS = 100;

let listening: ListeningBroker;
let brokerUrl = '';
let heard: { topic: string; text: string }[];
let capacityTenants = '';
beforeAll(async () => {
  listening = await startListeningBroker(`${SCOPE.topicPrefix}/${SCOPE.retailerId}/#`);
  ({ url: brokerUrl, heard: heard } = listening);
  capacityTenants = fixtureTenantsWith({
    kitchenCapacity: { countedGroupIds: [], limits: [{ service: 'shared', items: SLOT_PIZZAS }] },
  });
});
afterAll(async () => {
  await listening.close();
  rmSync(capacityTenants, { recursive: true, force: true });
});

/** The stages the order's confirmation page was told, in the order it heard them. */
const pageHeard = (topicId: string): (KitchenStage | undefined)[] =>
  heard
    .filter(({ topic }) => topic === orderStatusTopic(SCOPE, topicId))
    .map(({ text }) => orderStatusMessageSchema.parse(JSON.parse(text)).kitchenStage);

async function placeForLater(api: TestApi, label: string, dueAt: string) {
  const { encryptedOrderId, placed } = await sendPizzaPickup(api, label, dueAt);
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  return encryptedOrderId;
}

await onEachStore(
  ({ start }) => {
    let clock = OPEN_NOW;
    const startApi = (options: Parameters<typeof start>[0] = {}) =>
      start({
        ...options,
        now: () => clock,
        brokerUrl,
        brokerOperatorPassword: BROKER_PASSWORD,
        rateLimits: {
          staffCallsPerAddress: { attempts: 100_000, windowMs: HOUR_MS },
          staffSignInPerAddress: { attempts: 1000, windowMs: HOUR_MS },
          // 1,750 steps in seconds is faster than any kitchen taps; the per-account bound has its own test (audit-flush).
          staffActionsPerAccount: { attempts: 100_000, windowMs: HOUR_MS },
        },
      });
    const board = async (api: TestApi, token: string, search = ''): Promise<StaffOrdersResponse> => {
      const answer = await api.call(staffPaths.orders(MAX_BOARD_LIMIT, search), {
        domain: null,
        headers: bearer(token),
      });
      expect(answer.status).toBe(200);
      return staffOrdersResponseSchema.parse(answer.body);
    };
    const moveTo = (api: TestApi, token: string, encryptedOrderId: string, stage: KitchenStage, undo = false) =>
      api.call(staffPaths.stage(encryptedOrderId), { domain: null, headers: bearer(token), body: { stage, undo } });

    it('500 orders in a burst, three staff working them to the end: every one is seen new and reaches done; a pre-order 6 days ahead stays on the board and joins the queue at its start time', async () => {
      clock = OPEN_NOW;
      const api = await startApi();
      const tokens: string[] = [];
      for (const n of [1, 2, 3]) {
        await addTestStaff(api, 'test-pizza', staffOf(n));
        tokens.push(await staffToken(api, 'test-pizza', staffOf(n)));
      }
      // Tuesday 8 pm in Melbourne; 6 days later, Monday 11 March at 7:30 pm.
      const preOrderDue = '2030-03-11T19:30:00+11:00';
      const preOrder = await placeForLater(api, 'pre-order', preOrderDue);

      const ORDERS = 500;
      const placed: string[] = [];
      const BURST = 25;
      for (let first = 0; first < ORDERS; first += BURST) {
        const batch = await Promise.all(
          Array.from({ length: Math.min(BURST, ORDERS - first) }, (_, i) =>
            placeTestOrder(api, `burst-${first + i}`, { pickup: (first + i) % 2 === 0 }),
          ),
        );
        placed.push(...batch.map((order) => order.encryptedOrderId));
      }

      const seenNew = new Set<string>();
      const stagesOf = new Map<string, BoardOrder['state']>();
      /** One staff member: read the board, bump what is due to start, in their own order, until nothing is left but the pre-order. */
      async function work(token: string, seed: number): Promise<number> {
        let rounds = 0;
        for (;;) {
          rounds += 1;
          const { orders, moreActive } = await board(api, token);
          expect(moreActive).toBe(0);
          expect(orders.map((order) => order.encryptedOrderId)).toContain(preOrder);
          for (const order of orders) {
            if (order.state === 'new') seenNew.add(order.encryptedOrderId);
            stagesOf.set(order.encryptedOrderId, order.state);
          }
          const queue = orders.filter((order) => isDueToStart(order, DEFAULT_PREPARATION_MINUTES, clock));
          if (queue.length === 0) return rounds;
          // Each cook takes the queue from a different place, so they meet on the same orders.
          const offset = (seed * queue.length) / 3;
          const mine = queue.map((_, i) => queue[Math.floor(i + offset) % queue.length]!).slice(0, 40);
          for (const order of mine) {
            const to = nextStage(order.state, order.orderType);
            if (to === null) continue;
            const moved = await moveTo(api, token, order.encryptedOrderId, to);
            // 409: another cook moved it further since this board was read; the next read shows where.
            expect([200, 409]).toContain(moved.status);
          }
        }
      }
      await Promise.all(tokens.map((token, seed) => work(token, seed)));

      for (const id of placed) expect(seenNew.has(id), `order ${id} was never seen while new`).toBe(true);
      const { orders, done } = await board(api, tokens[0]!);
      expect(orders.map((order) => order.encryptedOrderId)).toEqual([preOrder]);
      expect(orders[0]?.state).toBe('new');
      expect(done).toHaveLength(MAX_BOARD_LIMIT);
      expect(done.every((order) => order.state === (order.orderType === 'pickup' ? 'collected' : 'delivered'))).toBe(
        true,
      );
      const completed = await api.db
        .selectFrom('orders')
        .select(['encrypted_order_id', 'kitchen_stage', 'is_pickup'])
        .where('kitchen_stage', 'in', ['collected', 'delivered'])
        .execute();
      expect(completed.map((row) => row.encrypted_order_id).sort()).toEqual([...placed].sort());
      // Every step recorded once: three for a pickup, four for a delivery; a repeated tap recorded nothing.
      const steps = await api.db.selectFrom('order_kitchen_steps').select('step_id').execute();
      expect(steps).toHaveLength(
        (ORDERS / 2) * (kitchenFlow('pickup').length - 1 + kitchenFlow('delivery').length - 1),
      );

      // Five days later (a new shift, signed in again) the pre-order is still there, waiting; at 7:10 pm on its day (20 minutes' preparation) it joins the queue.
      clock = new Date(OPEN_NOW.getTime() + 5 * DAY_MS);
      tokens[1] = await staffToken(api, 'test-pizza', staffOf(2));
      const [waiting] = (await board(api, tokens[1]!)).orders;
      expect(waiting?.encryptedOrderId).toBe(preOrder);
      expect(isDueToStart(waiting!, DEFAULT_PREPARATION_MINUTES, clock)).toBe(false);
      clock = new Date(Date.parse(preOrderDue) - DEFAULT_PREPARATION_MINUTES * 60_000);
      tokens[1] = await staffToken(api, 'test-pizza', staffOf(2));
      const [due] = (await board(api, tokens[1]!)).orders;
      expect(due && isDueToStart(due, DEFAULT_PREPARATION_MINUTES, clock)).toBe(true);
    }, 300_000);

    it('500 orders in a burst for one slot with capacity on, through two API processes: the slot never overfills and every order accepted is on the board', async () => {
      clock = OPEN_NOW;
      const first = await startApi({ tenantsDir: capacityTenants });
      const second = await startApi({ tenantsDir: capacityTenants, sameDatabaseAs: first });
      await addTestStaff(first, 'test-pizza', staffOf(1));
      const token = await staffToken(second, 'test-pizza', staffOf(1));
      const ORDERS = 500;
      const BURST = 50;
      const answers: { encryptedOrderId: string; status: number; message: string | undefined }[] = [];
      for (let from = 0; from < ORDERS; from += BURST) {
        const batch = await Promise.all(
          Array.from({ length: Math.min(BURST, ORDERS - from) }, (_, i) =>
            sendPizzaPickup((from + i) % 2 === 0 ? first : second, `slot-burst-${from + i}`, NINE_PM),
          ),
        );
        answers.push(
          ...batch.map(({ encryptedOrderId, placed }) => ({
            encryptedOrderId,
            status: placed.status,
            message: (placed.body as { message?: string }).message,
          })),
        );
      }
      // Two pizzas each: exactly as many orders as the slot holds are taken, every other is told it is full.
      const accepted = answers.filter((answer) => answer.status === 200).map((answer) => answer.encryptedOrderId);
      expect(accepted).toHaveLength(SLOT_PIZZAS / 2);
      for (const refused of answers.filter((answer) => answer.status !== 200))
        expect([refused.status, refused.message]).toEqual([
          422,
          'The kitchen is full at 9:00 pm. Please choose another time.',
        ]);
      const fill = apiCalls.getClockStatus.response.parse(
        (await first.call(apiCalls.getClockStatus.path, { method: 'GET' })).body,
      ).kitchenFill;
      expect(fill).toEqual([{ at: NINE_PM, pickup: SLOT_PIZZAS, delivery: 0 }]);
      const { orders } = await board(second, token);
      expect(orders.map((order) => order.encryptedOrderId).sort()).toEqual([...accepted].sort());
    }, 300_000);

    it("a delivery goes New → Accepted → Ready → Out for delivery → Delivered, each step told to the customer's page; a repeated tap changes and tells nothing; an undo goes back one step, recorded", async () => {
      clock = OPEN_NOW;
      const api = await startApi();
      await addTestStaff(api, 'test-pizza', staffOf(1));
      const token = await staffToken(api, 'test-pizza', staffOf(1));
      const order = await placeTestOrder(api, 'flow-delivery');
      const topicId = order.watchTopicId!;
      const customerSees = async () =>
        apiCalls.getOrder.response.parse(
          (await api.call(apiCalls.getOrder.path, { body: { encryptedOrderId: order.encryptedOrderId } })).body,
        );
      const step = async (stage: KitchenStage, status = 200, undo = false) => {
        const answer = await moveTo(api, token, order.encryptedOrderId, stage, undo);
        expect(answer.status, JSON.stringify(answer.body)).toBe(status);
        return answer;
      };

      expect((await customerSees()).kitchenStage).toBe('new');
      expect(staffOrderResponseSchema.parse((await step('taken')).body).order.state).toBe('taken');
      await waitFor(() => pageHeard(topicId).length === 1, 'the page told it was accepted');
      // The same tap again (or a retry): the order as it is, nothing recorded, nothing pushed.
      expect(staffOrderResponseSchema.parse((await step('taken')).body).order.state).toBe('taken');
      await step('ready');
      await step('delivered', 409);
      await step('collected', 409);
      await step('out-for-delivery');
      // A bump to a step it is past changes nothing; a mis-tap undone goes back to Ready, and the page follows.
      await step('ready');
      await step('taken', 409, true);
      await step('ready', 200, true);
      await step('ready', 200, true);
      expect((await customerSees()).kitchenStage).toBe('ready');
      await step('out-for-delivery');
      await step('delivered');
      await waitFor(() => pageHeard(topicId).length === 6, 'the page told every step');
      expect(pageHeard(topicId)).toEqual([
        'taken',
        'ready',
        'out-for-delivery',
        'ready',
        'out-for-delivery',
        'delivered',
      ]);
      const told = await customerSees();
      expect(told).toMatchObject({ kitchenStage: 'delivered', orderProcessed: true, orderWatch: null });
      expect(
        heard.filter(({ topic }) => topic === staffOrdersTopic(SCOPE)).map(({ text }) => JSON.parse(text)),
      ).toContainEqual({ event: 'order-changed', orderNumber: order.orderNumber });

      const audit = staffAuditResponseSchema.parse(
        (await api.call(staffPaths.audit(20), { domain: null, headers: bearer(token) })).body,
      );
      expect(
        audit.entries
          .filter((entry) => entry.action === 'stage' || entry.action === 'undo-stage')
          .map((entry) => `${entry.action}: ${entry.subject}`)
          .reverse(),
      ).toEqual([
        `stage: Order ${order.orderNumber}: New → Cooking`,
        `stage: Order ${order.orderNumber}: Cooking → Ready`,
        `stage: Order ${order.orderNumber}: Ready → Out for delivery`,
        `undo-stage: Order ${order.orderNumber}: Out for delivery → Ready`,
        `stage: Order ${order.orderNumber}: Ready → Out for delivery`,
        `stage: Order ${order.orderNumber}: Out for delivery → Delivered`,
      ]);

      // Done: found by its number or its customer's name, not by someone else's.
      const byNumber = await board(api, token, String(order.orderNumber));
      expect(byNumber.done.map((found) => found.orderNumber)).toEqual([order.orderNumber]);
      expect(byNumber.orders).toEqual([]);
      expect((await board(api, token, 'lovelace')).done.map((found) => found.orderNumber)).toEqual([order.orderNumber]);
      expect((await board(api, token, 'Hopper')).done).toEqual([]);
    });

    it("refuses a stage of the other flow, an unknown order, another shop's staff and a malformed stage", async () => {
      clock = OPEN_NOW;
      const api = await startApi();
      await addTestStaff(api, 'test-pizza', staffOf(1));
      const token = await staffToken(api, 'test-pizza', staffOf(1));
      const otherShop: TestStaff = { ...staffOf(4), email: 'cook4@other-pizza.test' };
      await addTestStaff(api, 'other-pizza', otherShop);
      const otherToken = await staffToken(api, 'other-pizza', otherShop);
      const pickup = await placeTestOrder(api, 'flow-pickup', { pickup: true });
      for (const stage of ['taken', 'ready'] as const)
        expect((await moveTo(api, token, pickup.encryptedOrderId, stage)).status).toBe(200);
      expect((await moveTo(api, token, pickup.encryptedOrderId, 'out-for-delivery')).status).toBe(409);
      expect((await moveTo(api, token, 'no-such-order', 'taken')).status).toBe(404);
      // Another shop's staff: the same 404 as an unknown order, nothing moved, not on their board.
      const theirs = await moveTo(api, otherToken, pickup.encryptedOrderId, 'collected');
      expect({ status: theirs.status, body: theirs.body }).toEqual({ status: 404, body: { error: 'Order not found' } });
      expect((await board(api, otherToken)).orders.map((order) => order.encryptedOrderId)).not.toContain(
        pickup.encryptedOrderId,
      );
      expect(
        (await board(api, token)).orders.find((order) => order.encryptedOrderId === pickup.encryptedOrderId)?.state,
      ).toBe('ready');
      const malformed = await api.call(staffPaths.stage(pickup.encryptedOrderId), {
        domain: null,
        headers: bearer(token),
        body: { stage: 'eaten' },
      });
      expect(malformed.status).toBe(400);
      expect(
        (await api.call(staffPaths.stage(pickup.encryptedOrderId), { domain: null, body: { stage: 'collected' } }))
          .status,
      ).toBe(401);
    });
  },
  { api: false },
);
