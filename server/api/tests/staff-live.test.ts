import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffLiveResponseSchema } from '../../../lib/api/staff-contract.ts';
import { createBroker, type RunningBroker } from '../../broker/broker.ts';
import { connectMqtt, recordMessages, subscribeCodes, waitFor } from '../../broker/mqtt-test-support.ts';
import {
  addTestStaff,
  bearer,
  FIXTURE_TENANTS,
  onEachStore,
  operatorHeaders,
  placeTestOrder,
  STAFF_SECRET,
  staffToken,
  TEST_KITCHEN as kitchen,
  OTHER_OWNER as otherOwner,
  type TestStaff,
} from './support/test-support.ts';

/** The console's live push end to end: the API publishes, the broker admits the login /staff/live hands out to that topic alone. */

const BROKER_PASSWORD = 'test-broker-password';

let broker: RunningBroker;
let brokerUrl: string;
beforeAll(async () => {
  broker = await createBroker({
    tenantsDir: FIXTURE_TENANTS,
    wsPort: 0,
    host: '127.0.0.1',
    operatorPassword: BROKER_PASSWORD,
    staffSecret: STAFF_SECRET,
    log: () => undefined,
  });
  brokerUrl = `ws://127.0.0.1:${broker.wsPort}`;
});
afterAll(() => broker.close());

// The broker starts in the file's beforeAll, before the API that publishes to it.
const apiOnTheBroker = { api: () => ({ brokerUrl, brokerOperatorPassword: BROKER_PASSWORD }) };

await onEachStore(({ store, api }) => {
  describe("the staff console's live push", () => {
    let consoleClient: MqttClient;
    let pages: MqttClient;
    let staffMessages: { topic: string; text: string }[];
    let pageMessages: { topic: string; text: string }[];
    let token: string;
    let labels = 0;

    /** Connects as the console would, with what /staff/live answers (the broker's test address instead of the tenant's). */
    async function connectAsConsole(slug: string, staff: TestStaff): Promise<{ client: MqttClient; topic: string }> {
      const live = staffLiveResponseSchema.parse(
        (await api.call('/staff/live', { domain: null, headers: bearer(await staffToken(api, slug, staff)) })).body,
      );
      const client = await connectMqtt(brokerUrl, {
        clientId: `console_${slug}_${store}`,
        username: live.username,
        password: live.password,
        wsOptions: { origin: 'http://console.localhost:4321' },
      });
      return { client, topic: live.topic };
    }

    beforeAll(async () => {
      await addTestStaff(api, 'test-pizza', kitchen);
      await addTestStaff(api, 'other-pizza', otherOwner);
      token = await staffToken(api, 'test-pizza', kitchen);
      const connected = await connectAsConsole('test-pizza', kitchen);
      consoleClient = connected.client;
      staffMessages = recordMessages(consoleClient);
      expect(await subscribeCodes(consoleClient, [connected.topic])).toEqual({
        'storefront-test/9001/staff/orders': 0,
      });
      pages = await connectMqtt(brokerUrl, { username: 'operator', password: BROKER_PASSWORD });
      pageMessages = recordMessages(pages);
      await pages.subscribeAsync('storefront-test/9001/order/+/status', { qos: 1 });
    });
    afterAll(async () => {
      await consoleClient.endAsync(true);
      await pages.endAsync(true);
    });

    const messagesAbout = (orderNumber: number) =>
      staffMessages
        .filter((message) => (JSON.parse(message.text) as { orderNumber: number }).orderNumber === orderNumber)
        .map((message) => JSON.parse(message.text));
    const staffPost = (path: string) => api.call(path, { domain: null, method: 'POST', headers: bearer(token) });

    it('a placed order reaches the console at once, as its number only', async () => {
      const placed = await placeTestOrder(api, `live-${store}-${(labels += 1)}`);
      await waitFor(() => messagesAbout(placed.orderNumber).length === 1, 'the order-placed message');
      expect(staffMessages.find((message) => JSON.parse(message.text).orderNumber === placed.orderNumber)).toEqual({
        topic: 'storefront-test/9001/staff/orders',
        text: JSON.stringify({ event: 'order-placed', orderNumber: placed.orderNumber }),
      });
    });

    it("taking and readying tell the console, and taking tells the customer's confirmation page", async () => {
      const placed = await placeTestOrder(api, `live-${store}-${(labels += 1)}`);
      const pageTopic = `storefront-test/9001/order/${placed.watchTopicId}/status`;
      expect((await staffPost(`/staff/orders/${placed.encryptedOrderId}/take`)).status).toBe(200);
      await waitFor(() => pageMessages.some((message) => message.topic === pageTopic), 'the confirmation page message');
      expect(
        pageMessages.filter((message) => message.topic === pageTopic).map((message) => JSON.parse(message.text)),
      ).toEqual([{ orderProcessed: true }]);
      expect((await staffPost(`/staff/orders/${placed.encryptedOrderId}/ready`)).status).toBe(200);
      await waitFor(() => messagesAbout(placed.orderNumber).length === 3, 'the order-changed messages');
      expect(messagesAbout(placed.orderNumber)).toEqual([
        { event: 'order-placed', orderNumber: placed.orderNumber },
        { event: 'order-changed', orderNumber: placed.orderNumber },
        { event: 'order-changed', orderNumber: placed.orderNumber },
      ]);
    });

    it("the operator's take tells the console too", async () => {
      const placed = await placeTestOrder(api, `live-${store}-${(labels += 1)}`);
      const answer = await api.call(`/operator/tenants/test-pizza/orders/${placed.encryptedOrderId}/processed`, {
        method: 'POST',
        domain: null,
        headers: operatorHeaders(),
      });
      expect(answer).toMatchObject({ status: 200, body: { success: true, pageTold: true } });
      await waitFor(() => messagesAbout(placed.orderNumber).length === 2, 'the order-changed message');
      expect(messagesAbout(placed.orderNumber).at(-1)).toEqual({
        event: 'order-changed',
        orderNumber: placed.orderNumber,
      });
    });

    it("another retailer's console login is refused this retailer's topic", async () => {
      const other = await connectAsConsole('other-pizza', otherOwner);
      try {
        expect(other.topic).toBe('storefront-test/9003/staff/orders');
        expect(await subscribeCodes(other.client, ['storefront-test/9001/staff/orders', other.topic])).toEqual({
          'storefront-test/9001/staff/orders': 128,
          [other.topic]: 0,
        });
      } finally {
        await other.client.endAsync(true);
      }
    });
  });
}, apiOnTheBroker);
