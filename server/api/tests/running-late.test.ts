import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiCalls } from '../../../lib/api/contract.ts';
import {
  staffAuditResponseSchema,
  staffOrderResponseSchema,
  staffOrdersResponseSchema,
  staffPaths,
  type BoardOrder,
} from '../../../lib/api/staff-contract.ts';
import { orderStatusMessageSchema, type OrderStatusMessage } from '../../../lib/live/messages.ts';
import { orderStatusTopic, staffOrdersTopic } from '../../../lib/live/topics.ts';
import { waitFor } from '../../broker/mqtt-test-support.ts';
import { BROKER_PASSWORD, startListeningBroker, type ListeningBroker } from './support/listening-broker.ts';
import {
  addTestStaff,
  bearer,
  OPEN_NOW,
  onEachStore,
  placeTestOrder,
  staffToken,
  type TestApi,
  type TestStaff,
} from './support/test-support.ts';

/**
 * Issue 28, "running late": the kitchen pushes an order's promised time out, the order keeps it,
 * the audit log names who, and the customer's open page hears the new time. Only the time moves.
 */

const SCOPE = { topicPrefix: 'storefront-test', retailerId: 9001 };
const HOUR_MS = 60 * 60 * 1000;
const MINUTE_MS = 60_000;
const owner: TestStaff = { email: 'owner@test-pizza.test', password: 'test-pizza-owner', name: 'Olive', role: 'owner' };
const cook: TestStaff = { email: 'cook@test-pizza.test', password: 'test-pizza-cook', name: 'Kit', role: 'kitchen' };
const stranger: TestStaff = { email: 'cook@other-pizza.test', password: 'other-cook', name: 'Oz', role: 'kitchen' };

let listening: ListeningBroker;
let heard: { topic: string; text: string }[];
beforeAll(async () => {
  listening = await startListeningBroker(`${SCOPE.topicPrefix}/${SCOPE.retailerId}/#`);
  ({ heard } = listening);
});
afterAll(() => listening.close());

const pageHeard = (topicId: string): OrderStatusMessage[] =>
  heard
    .filter(({ topic }) => topic === orderStatusTopic(SCOPE, topicId))
    .map(({ text }) => orderStatusMessageSchema.parse(JSON.parse(text)));
const plus = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * MINUTE_MS).toISOString();

await onEachStore(
  ({ start }) => {
    let clock = OPEN_NOW;
    const startApi = (actionsPerHour = 100_000) =>
      start({
        now: () => clock,
        brokerUrl: listening.url,
        brokerOperatorPassword: BROKER_PASSWORD,
        rateLimits: {
          staffCallsPerAddress: { attempts: 100_000, windowMs: HOUR_MS },
          staffSignInPerAddress: { attempts: 1000, windowMs: HOUR_MS },
          staffActionsPerAccount: { attempts: actionsPerHour, windowMs: HOUR_MS },
        },
      });
    const late = (api: TestApi, token: string | null, encryptedOrderId: string, body: unknown) =>
      api.call(staffPaths.late(encryptedOrderId), {
        domain: null,
        ...(token === null ? {} : { headers: bearer(token) }),
        body,
      });
    const boardOrder = async (api: TestApi, token: string, encryptedOrderId: string): Promise<BoardOrder> => {
      const answer = await api.call(staffPaths.orders(50), { domain: null, headers: bearer(token) });
      const found = staffOrdersResponseSchema
        .parse(answer.body)
        .orders.find((order) => order.encryptedOrderId === encryptedOrderId);
      if (!found) throw new Error('the order is not on the board');
      return found;
    };
    const customerSees = async (api: TestApi, encryptedOrderId: string) =>
      apiCalls.getOrder.response.parse((await api.call(apiCalls.getOrder.path, { body: { encryptedOrderId } })).body);
    const steps = (api: TestApi) => api.db.selectFrom('order_late_steps').selectAll().orderBy('step_id').execute();

    it("a cook pushes the promise out 20 then 10 minutes: the order keeps it, the board and the customer's page show it, the audit names who; a retry changes and tells nothing, and the lines and prices stay as placed", async () => {
      clock = OPEN_NOW;
      const api = await startApi();
      await addTestStaff(api, 'test-pizza', owner);
      await addTestStaff(api, 'test-pizza', cook);
      const ownerToken = await staffToken(api, 'test-pizza', owner);
      const token = await staffToken(api, 'test-pizza', cook);
      const order = await placeTestOrder(api, 'late-asap');
      const topicId = order.watchTopicId!;
      const before = await customerSees(api, order.encryptedOrderId);
      const promised = (await boardOrder(api, token, order.encryptedOrderId)).promisedAt!;
      expect(before.runningLateUntil).toBeNull();

      const first = await late(api, token, order.encryptedOrderId, { minutes: 20, from: promised });
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      const saved = staffOrderResponseSchema.parse(first.body).order;
      expect(saved).toMatchObject({ promisedAt: promised, runningLateUntil: plus(promised, 20), state: 'new' });
      await waitFor(() => pageHeard(topicId).length === 1, 'the page told the new time');
      expect(pageHeard(topicId)).toEqual([
        { orderProcessed: false, kitchenStage: 'new', runningLateUntil: plus(promised, 20) },
      ]);

      // The same tap again (its answer lost): the card's promise is no longer the order's, so nothing changes.
      const retry = await late(api, token, order.encryptedOrderId, { minutes: 20, from: promised });
      expect(staffOrderResponseSchema.parse(retry.body).order.runningLateUntil).toBe(plus(promised, 20));
      expect(await steps(api)).toHaveLength(1);

      // Accepted, then 10 more from the new promise; seconds after the push the clock has moved on a little.
      await api.call(staffPaths.stage(order.encryptedOrderId), {
        domain: null,
        headers: bearer(token),
        body: { stage: 'taken' },
      });
      clock = new Date(OPEN_NOW.getTime() + 5 * MINUTE_MS);
      const second = await late(api, token, order.encryptedOrderId, { minutes: 10, from: plus(promised, 20) });
      expect(staffOrderResponseSchema.parse(second.body).order.runningLateUntil).toBe(plus(promised, 30));
      await waitFor(() => pageHeard(topicId).length === 3, 'the page told accepted and the second time');
      expect(pageHeard(topicId).at(-1)).toEqual({
        orderProcessed: true,
        kitchenStage: 'taken',
        runningLateUntil: plus(promised, 30),
      });
      expect(
        heard.filter(({ topic }) => topic === staffOrdersTopic(SCOPE)).map(({ text }) => JSON.parse(text)),
      ).toContainEqual({ event: 'order-changed', orderNumber: order.orderNumber });

      // What the API keeps agrees with what was told; the order's lines and prices are as placed.
      expect((await boardOrder(api, ownerToken, order.encryptedOrderId)).runningLateUntil).toBe(plus(promised, 30));
      const after = await customerSees(api, order.encryptedOrderId);
      expect(after.runningLateUntil).toBe(plus(promised, 30));
      expect(after.products).toEqual(before.products);
      expect(after.placement).toEqual(before.placement);
      expect((await steps(api)).map((step) => [step.from_at, step.to_at, step.minutes, step.staff_name])).toEqual([
        [promised, plus(promised, 20), 20, 'Kit'],
        [plus(promised, 20), plus(promised, 30), 10, 'Kit'],
      ]);

      const audit = staffAuditResponseSchema.parse(
        (await api.call(staffPaths.audit(20), { domain: null, headers: bearer(ownerToken) })).body,
      );
      expect(
        audit.entries
          .filter((entry) => entry.action === 'running-late')
          .map((entry) => `${entry.staffName}: ${entry.subject}`),
      ).toEqual([
        `Kit: Order ${order.orderNumber}: +10 min, 8:50 pm → 9:00 pm`,
        `Kit: Order ${order.orderNumber}: +20 min, 8:30 pm → 8:50 pm`,
      ]);
    });

    it('refuses a ready order, a time past three hours late, a malformed body, no session, an unknown order and another shop’s staff', async () => {
      clock = OPEN_NOW;
      const api = await startApi();
      await addTestStaff(api, 'test-pizza', cook);
      await addTestStaff(api, 'other-pizza', stranger);
      const token = await staffToken(api, 'test-pizza', cook);
      const otherToken = await staffToken(api, 'other-pizza', stranger);
      const order = await placeTestOrder(api, 'late-bounds', { pickup: true });
      const promised = (await boardOrder(api, token, order.encryptedOrderId)).promisedAt!;

      for (const body of [
        { minutes: 15, from: promised },
        { minutes: -10, from: promised },
        { minutes: 20 },
        { minutes: 20, from: 'tonight' },
      ])
        expect((await late(api, token, order.encryptedOrderId, body)).status, JSON.stringify(body)).toBe(400);
      expect((await late(api, null, order.encryptedOrderId, { minutes: 10, from: promised })).status).toBe(401);
      expect((await late(api, token, 'no-such-order', { minutes: 10, from: promised })).status).toBe(404);
      const theirs = await late(api, otherToken, order.encryptedOrderId, { minutes: 10, from: promised });
      expect({ status: theirs.status, body: theirs.body }).toEqual({ status: 404, body: { error: 'Order not found' } });

      // Six pushes of 30 is three hours: the seventh would be past it.
      let from = promised;
      for (let push = 0; push < 6; push += 1) {
        const answer = await late(api, token, order.encryptedOrderId, { minutes: 30, from });
        expect(answer.status).toBe(200);
        from = staffOrderResponseSchema.parse(answer.body).order.runningLateUntil!;
      }
      const tooLate = await late(api, token, order.encryptedOrderId, { minutes: 10, from });
      expect(tooLate.status).toBe(409);
      expect(tooLate.body).toMatchObject({ error: expect.stringContaining('phone the customer') });

      for (const stage of ['taken', 'ready'])
        await api.call(staffPaths.stage(order.encryptedOrderId), {
          domain: null,
          headers: bearer(token),
          body: { stage },
        });
      const ready = await late(api, token, order.encryptedOrderId, { minutes: 10, from });
      expect(ready.status).toBe(409);
      expect(ready.body).toMatchObject({ error: expect.stringContaining('Ready') });
      expect(await steps(api)).toHaveLength(6);
      expect((await customerSees(api, order.encryptedOrderId)).runningLateUntil).toBe(from);
    });

    it('is counted with the other changes from the account: past the bound it answers 429 and changes nothing', async () => {
      clock = OPEN_NOW;
      const api = await startApi(3);
      await addTestStaff(api, 'test-pizza', cook);
      const token = await staffToken(api, 'test-pizza', cook);
      const order = await placeTestOrder(api, 'late-limited');
      let from = (await boardOrder(api, token, order.encryptedOrderId)).promisedAt!;
      for (let push = 0; push < 3; push += 1) {
        const answer = await late(api, token, order.encryptedOrderId, { minutes: 10, from });
        expect(answer.status).toBe(200);
        from = staffOrderResponseSchema.parse(answer.body).order.runningLateUntil!;
      }
      const limited = await late(api, token, order.encryptedOrderId, { minutes: 10, from });
      expect(limited.status).toBe(429);
      expect(await steps(api)).toHaveLength(3);
    });
  },
  { api: false },
);
