import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiCalls } from '../../../lib/api/contract.ts';
import { createBroker, type RunningBroker } from '../../broker/broker.ts';
import { connectMqtt, freePort, recordMessages, waitFor } from '../../broker/mqtt-test-support.ts';
import {
  cartLine,
  FIXTURE_TENANTS,
  onEachStore,
  operatorHeaders,
  orderBody,
  placeTestOrder,
  STAFF_SECRET,
  type CallOptions,
  type TestApi,
} from './support/test-support.ts';

const BROKER_PASSWORD = 'test-broker-password';

let broker: RunningBroker;
let listener: MqttClient;
let received: { topic: string; text: string }[];

beforeAll(async () => {
  broker = await createBroker({
    tenantsDir: FIXTURE_TENANTS,
    wsPort: 0,
    host: '127.0.0.1',
    operatorPassword: BROKER_PASSWORD,
    staffSecret: STAFF_SECRET,
    log: () => undefined,
  });
  listener = await connectMqtt(brokerUrl(), { username: 'operator', password: BROKER_PASSWORD });
  received = recordMessages(listener);
  await listener.subscribeAsync('storefront-test/#', { qos: 1 });
});
afterAll(async () => {
  await listener.endAsync();
  await broker.close();
});

const brokerUrl = () => `ws://127.0.0.1:${broker.wsPort}`;

await onEachStore(
  ({ api, start }) => {
    // A case sees only what was published while it ran, not what the same case published on the other store.
    beforeEach(() => {
      received.length = 0;
    });

    const operator = (path: string, options: CallOptions = {}) =>
      api.call(path, { domain: null, headers: operatorHeaders(), ...options });

    describe('operator endpoints need the operator token', () => {
      it.each([
        ['no Authorization header', {}, 'Operator token required: Authorization: Bearer <OPERATOR_TOKEN>'],
        ['a wrong token', operatorHeaders('dev-operator'), 'Wrong operator token'],
        ['another scheme', { authorization: 'Basic b3BlcmF0b3I6eA==' }, 'Malformed Authorization header'],
      ])('%s is refused', async (_name, headers, message) => {
        const answer = await api.call('/operator/tenants', { domain: null, headers });
        expect(answer.status).toBeGreaterThanOrEqual(400);
        expect(answer.body).toEqual({ success: false, message });
      });

      it('the right token lists the tenants', async () => {
        const answer = await operator('/operator/tenants');
        expect(answer.status).toBe(200);
        expect((answer.body as { slug: string }[]).map((tenant) => tenant.slug)).toEqual([
          'closed-pizza',
          'other-pizza',
          'test-pizza',
        ]);
      });
    });

    describe('marking an order processed', () => {
      it('makes get-order report it processed', async () => {
        const created = await api.call(apiCalls.createOrder.path, { body: orderBody([cartLine('operator-line')]) });
        const { encryptedOrderId } = apiCalls.createOrder.response.parse(created.body);
        const answer = await operator(`/operator/tenants/test-pizza/orders/${encryptedOrderId}/processed`, {
          method: 'POST',
        });
        expect(answer).toMatchObject({ status: 200, body: { success: true, encryptedOrderId } });
        expect((await api.call(apiCalls.getOrder.path, { body: { encryptedOrderId } })).body).toMatchObject({
          orderProcessed: true,
        });
      });

      it.each([
        ['an unknown order', '/operator/tenants/test-pizza/orders/no-such-order/processed', 'Order not found'],
        [
          'an unknown tenant',
          '/operator/tenants/nowhere/orders/x/processed',
          'Retailer not found: no tenant "nowhere"',
        ],
      ])('of %s is 404', async (_name, path, message) => {
        expect(await operator(path, { method: 'POST' })).toMatchObject({
          status: 404,
          body: { success: false, message },
        });
      });
    });

    let placedCount = 0;
    /** A delivery order of two large Margheritas ($37.50 with the special and the fee), placed by a customer. */
    async function placeOrder(target: TestApi = api, notes = '') {
      placedCount += 1;
      const placed = await placeTestOrder(target, `operator-placed-${placedCount}`, { notes });
      return { ...placed, topic: `storefront-test/9001/order/${placed.watchTopicId}/status` };
    }

    const statusMessages = (topic: string) =>
      received.filter((message) => message.topic === topic).map((message) => JSON.parse(message.text));

    describe('the kitchen takes a placed order', () => {
      it("tells the order's confirmation page at once, on the order's own topic", async () => {
        const { encryptedOrderId, orderNumber, topic } = await placeOrder();
        const answer = await operator(`/operator/tenants/test-pizza/orders/${encryptedOrderId}/processed`, {
          method: 'POST',
        });
        expect(answer).toMatchObject({
          status: 200,
          body: { success: true, encryptedOrderId, orderNumber, pageTold: true },
        });
        await waitFor(() => statusMessages(topic).length === 1, topic);
        expect(statusMessages(topic)).toEqual([{ orderProcessed: true }]);
      });

      it('by the order number the customer sees', async () => {
        const { encryptedOrderId, orderNumber, topic } = await placeOrder();
        const answer = await operator(`/operator/tenants/test-pizza/order-numbers/${orderNumber}/processed`, {
          method: 'POST',
        });
        expect(answer).toMatchObject({
          status: 200,
          body: { success: true, encryptedOrderId, orderNumber, pageTold: true },
        });
        await waitFor(() => statusMessages(topic).length === 1, topic);
        expect((await api.call(apiCalls.getOrder.path, { body: { encryptedOrderId } })).body).toMatchObject({
          orderProcessed: true,
        });
      });

      it.each([
        [
          'an order number no order has',
          '/operator/tenants/test-pizza/order-numbers/999999/processed',
          404,
          'Order not found',
        ],
        [
          "another retailer's order number",
          '/operator/tenants/other-pizza/order-numbers/1/processed',
          404,
          'Order not found',
        ],
        [
          'order number 0',
          '/operator/tenants/test-pizza/order-numbers/0/processed',
          400,
          'orderNumber: expected a whole number from 1',
        ],
        [
          'an order number that is no number',
          '/operator/tenants/test-pizza/order-numbers/first/processed',
          400,
          'orderNumber: expected a whole number from 1',
        ],
      ])('refuses %s', async (_name, path, status, message) => {
        expect(await operator(path, { method: 'POST' })).toMatchObject({ status, body: { success: false, message } });
      });

      it('tells nobody about an order that was never placed', async () => {
        const created = await api.call(apiCalls.createOrder.path, { body: orderBody([cartLine('operator-unplaced')]) });
        const { encryptedOrderId } = apiCalls.createOrder.response.parse(created.body);
        const answer = await operator(`/operator/tenants/test-pizza/orders/${encryptedOrderId}/processed`, {
          method: 'POST',
        });
        expect(answer).toMatchObject({ status: 200, body: { success: true, orderNumber: null, pageTold: false } });
      });

      it('takes the order even when the broker is down; the answer says the page was not told', async () => {
        const offline = await start({
          brokerUrl: `ws://127.0.0.1:${await freePort()}`,
          brokerOperatorPassword: BROKER_PASSWORD,
        });
        const { encryptedOrderId } = await placeOrder(offline);
        const answer = await offline.call(`/operator/tenants/test-pizza/orders/${encryptedOrderId}/processed`, {
          method: 'POST',
          domain: null,
          headers: operatorHeaders(),
        });
        expect(answer).toMatchObject({ status: 200, body: { success: true, pageTold: false } });
        expect((await offline.call(apiCalls.getOrder.path, { body: { encryptedOrderId } })).body).toMatchObject({
          orderProcessed: true,
        });
      });
    });

    describe("the kitchen's queue of open orders", () => {
      it('lists the placed orders not yet taken, oldest first, with the notes and each line in words', async () => {
        const queue = await start({ brokerUrl: brokerUrl(), brokerOperatorPassword: BROKER_PASSWORD });
        const first = await placeOrder(queue, 'No onions please');
        const second = await placeOrder(queue);
        const open = () =>
          queue.call('/operator/tenants/test-pizza/open-orders', { domain: null, headers: operatorHeaders() });
        expect((await open()).body).toMatchObject([
          {
            encryptedOrderId: first.encryptedOrderId,
            orderNumber: 1,
            orderNotes: 'No onions please',
            isPickup: false,
            contact: { fullName: 'Ada Lovelace' },
            total: 37.5,
            items: ['2 × Margherita · Large'],
          },
          { encryptedOrderId: second.encryptedOrderId, orderNumber: 2 },
        ]);
        await queue.call(`/operator/tenants/test-pizza/order-numbers/1/processed`, {
          method: 'POST',
          domain: null,
          headers: operatorHeaders(),
        });
        expect(((await open()).body as { orderNumber: number }[]).map((order) => order.orderNumber)).toEqual([2]);
        expect(
          (
            (
              await queue.call('/operator/tenants/test-pizza/open-orders?limit=1', {
                domain: null,
                headers: operatorHeaders(),
              })
            ).body as unknown[]
          ).length,
        ).toBe(1);
        expect(
          (await queue.call('/operator/tenants/other-pizza/open-orders', { domain: null, headers: operatorHeaders() }))
            .body,
        ).toEqual([]);
      });

      it.each(['0', '201', 'all'])('refuses limit=%s', async (limit) => {
        expect((await operator(`/operator/tenants/test-pizza/open-orders?limit=${limit}`)).status).toBe(400);
      });

      it('needs the operator token', async () => {
        expect((await api.call('/operator/tenants/test-pizza/open-orders', { domain: null })).status).toBe(401);
      });
    });

    describe('the clock override', () => {
      const clock = async () => (await api.call(apiCalls.getClockStatus.path)).body;

      it('forces live values into get-clock-status until cleared', async () => {
        const computed = await clock();
        const set = await operator('/operator/tenants/test-pizza/clock-override', {
          method: 'PUT',
          body: { retailerOnline: false, liveDeliveryWaitTime: 55, livePickupOverCapacity: true },
        });
        expect(set).toMatchObject({
          status: 200,
          body: {
            success: true,
            clockStatus: { retailerOnline: false, liveDeliveryWaitTime: 55, livePickupOverCapacity: true },
          },
        });
        expect(await clock()).toEqual({
          ...(computed as object),
          retailerOnline: false,
          liveDeliveryWaitTime: 55,
          livePickupOverCapacity: true,
        });

        const cleared = await operator('/operator/tenants/test-pizza/clock-override', { method: 'DELETE' });
        expect(cleared).toMatchObject({ status: 200, body: { success: true, clockStatus: computed } });
        expect(await clock()).toEqual(computed);
      });

      it.each([
        ['an unknown field', { retailerOffline: true }],
        ['a negative wait', { livePickupWaitTime: -5 }],
        ['a flag as text', { allowDelivery: 'no' }],
      ])('refuses %s with 400 and keeps the clock as it was', async (_name, body) => {
        const before = await api.counts();
        const answer = await operator('/operator/tenants/test-pizza/clock-override', { method: 'PUT', body });
        expect(answer).toMatchObject({ status: 400, body: { success: false } });
        expect(await api.counts()).toEqual(before);
      });
    });

    describe('the client error log', () => {
      it('lists the latest entries of one retailer, newest first', async () => {
        const entry = (message: string) => ({
          errorType: 'react',
          message,
          component: 'Menu',
          timestamp: '2030-03-05T20:00:00+11:00',
        });
        expect(
          (await api.call(apiCalls.createErrorLogs.path, { body: [entry('first'), entry('second')] })).status,
        ).toBe(200);
        expect((await api.call(apiCalls.createErrorLogs.path, { body: [entry('third')] })).status).toBe(200);
        const answer = await operator('/operator/tenants/test-pizza/error-logs?limit=2');
        expect(answer.status).toBe(200);
        expect(answer.body).toMatchObject([
          { message: 'third', errorType: 'react', component: 'Menu', receivedAt: expect.any(String) },
          { message: 'second' },
        ]);
        expect((await operator('/operator/tenants/other-pizza/error-logs')).body).toEqual([]);
      });

      it.each(['0', '501', 'many'])('refuses limit=%s', async (limit) => {
        expect((await operator(`/operator/tenants/test-pizza/error-logs?limit=${limit}`)).status).toBe(400);
      });
    });

    describe('live messages reach the broker as the operator', () => {
      it.each([
        [
          'a notification to one visitor',
          'notify',
          { clientId: 'sf_abc123', message: 'Your pizza is ready' },
          'storefront-test/9001/sf_abc123/notify',
          { message: 'Your pizza is ready' },
        ],
        [
          'a design field update to the tenant website',
          'design-field',
          { fieldName: 'primary', fieldValue: '#aa0000' },
          'storefront-test/9001/design/field-update/9101',
          { fieldName: 'primary', fieldValue: '#aa0000' },
        ],
        [
          'a design field update to another website',
          'design-field',
          { fieldName: 'background', fieldValue: '#ffffff', retailerWebsiteId: 77 },
          'storefront-test/9001/design/field-update/77',
          { fieldName: 'background', fieldValue: '#ffffff' },
        ],
      ])('publishes %s', async (_name, kind, body, topic, payload) => {
        const answer = await operator(`/operator/tenants/test-pizza/publish/${kind}`, { method: 'POST', body });
        expect(answer).toMatchObject({ status: 200, body: { success: true, topic } });
        await waitFor(() => received.some((message) => message.topic === topic), topic);
        expect(JSON.parse(received.find((message) => message.topic === topic)?.text ?? 'null')).toEqual(payload);
      });

      it('publishes the current clock status on the clock topic', async () => {
        const status = (await api.call(apiCalls.getClockStatus.path)).body;
        const answer = await operator('/operator/tenants/test-pizza/publish/clock-status', { method: 'POST' });
        expect(answer).toMatchObject({ status: 200, body: { topic: 'storefront-test/9001/clock/status' } });
        await waitFor(
          () => received.some((message) => message.topic === 'storefront-test/9001/clock/status'),
          'the clock status',
        );
        expect(
          JSON.parse(received.find((message) => message.topic === 'storefront-test/9001/clock/status')?.text ?? 'null'),
        ).toEqual(status);
      });

      it.each([
        ['a client id a browser could not have', 'notify', { clientId: 'sf_a/#', message: 'hi' }],
        ['an empty notification', 'notify', { clientId: 'sf_abc123', message: '' }],
        [
          'a design value that breaks out of CSS',
          'design-field',
          { fieldName: 'primary', fieldValue: 'red; } body { display: none' },
        ],
        [
          'a url() as a colour',
          'design-field',
          { fieldName: 'primary', fieldValue: 'url(https://tracker.example/p.png)' },
        ],
        [
          'an expression() as a colour',
          'design-field',
          { fieldName: 'background', fieldValue: 'expression(alert(1))' },
        ],
        ['a field the theme does not have', 'design-field', { fieldName: 'font', fieldValue: 'Comic Sans MS' }],
      ])('refuses %s with 400', async (_name, kind, body) => {
        const answer = await operator(`/operator/tenants/test-pizza/publish/${kind}`, { method: 'POST', body });
        expect(answer).toMatchObject({ status: 400, body: { success: false } });
      });

      it.each([3, '3'])(
        'refuses a live initial-layout (%j) with the reason pages would log: the layout changes with a build only',
        async (fieldValue) => {
          const answer = await operator('/operator/tenants/test-pizza/publish/design-field', {
            method: 'POST',
            body: { fieldName: 'initial-layout', fieldValue },
          });
          expect(answer).toMatchObject({ status: 400, body: { success: false } });
          expect((answer.body as { message: string }).message).toBe(
            "Invalid request body: fieldName: initial-layout is not applied live: the layout is built into the pages from the retailer configuration's layout number; change that and rebuild the site",
          );
        },
      );

      it.each([
        ['no broker listening', async () => `ws://127.0.0.1:${await freePort()}`, BROKER_PASSWORD],
        ['a wrong broker password', async () => brokerUrl(), 'wrong-password'],
      ])('answers 502 with %s', async (_name, url, password) => {
        const offline = await start({ brokerUrl: await url(), brokerOperatorPassword: password });
        const answer = await offline.call('/operator/tenants/test-pizza/publish/clock-status', {
          method: 'POST',
          domain: null,
          headers: operatorHeaders(),
        });
        expect(answer.status).toBe(502);
        expect((answer.body as { message: string }).message).toMatch(/^Broker unavailable: broker ws:/);
      });
    });
  },
  { api: () => ({ brokerUrl: brokerUrl(), brokerOperatorPassword: BROKER_PASSWORD }) },
);
