import { afterAll, beforeAll, expect, it } from 'vitest';
import { staffAuditResponseSchema } from '../../../lib/api/staff-contract.ts';
import { waitFor } from '../../broker/mqtt-test-support.ts';
import { BROKER_PASSWORD, startListeningBroker, type ListeningBroker } from './support/listening-broker.ts';
import {
  addTestStaff,
  bearer,
  onEachStore,
  placeTestOrder,
  staffToken,
  TEST_OWNER as owner,
  TEST_KITCHEN as kitchen,
} from './support/test-support.ts';

/**
 * Issue 29, item 4: a staff member repeating Take flushed the owner's entries out of an audit log
 * that kept the newest 10,000, and every repeat pushed to every console and to the customer. A
 * change that changes nothing records and pushes nothing, each account's changes are limited, and
 * the log keeps entries by age (store-cases.ts).
 */

const PAUSE = { waitMinutes: 45, mode: 'paused', until: '2030-03-05T21:00:00+11:00' };

let listening: ListeningBroker;
let brokerUrl = '';
let heard: { topic: string; text: string }[];
beforeAll(async () => {
  listening = await startListeningBroker('storefront-test/9001/#');
  ({ url: brokerUrl, heard: heard } = listening);
});
afterAll(() => listening.close());

await onEachStore(
  ({ api, store }) => {
    let ownerToken: string;
    let kitchenTokens: string[];
    let labels = 0;
    beforeAll(async () => {
      await addTestStaff(api, 'test-pizza', owner);
      await addTestStaff(api, 'test-pizza', kitchen);
      ownerToken = await staffToken(api, 'test-pizza', owner);
      // Nine devices of one kitchen account, as in the probe.
      kitchenTokens = [];
      for (let device = 0; device < 9; device += 1) kitchenTokens.push(await staffToken(api, 'test-pizza', kitchen));
    });
    const call = (path: string, token: string, method: string, body?: unknown, from = '198.51.100.1') =>
      api.call(path, {
        domain: null,
        method,
        ...(body === undefined ? {} : { body }),
        headers: { ...bearer(token), 'x-forwarded-for': from },
      });
    const audit = async () =>
      staffAuditResponseSchema.parse((await call('/staff/audit?limit=500', ownerToken, 'GET')).body).entries;
    const staffMessagesAbout = (orderNumber: number) =>
      heard
        .filter((message) => message.topic === 'storefront-test/9001/staff/orders')
        .map((message) => JSON.parse(message.text) as { event: string; orderNumber: number })
        .filter((message) => message.orderNumber === orderNumber);

    it('repeating Take, Ready or a pause records and pushes nothing: one entry and one message each', async () => {
      heard.length = 0;
      const placed = await placeTestOrder(api, `repeat-${store}-${(labels += 1)}`);
      const pageTopic = `storefront-test/9001/order/${placed.watchTopicId}/status`;
      const [first] = kitchenTokens;
      if (first === undefined) throw new Error('no kitchen device');
      for (let repeat = 0; repeat < 3; repeat += 1)
        expect((await call(`/staff/orders/${placed.encryptedOrderId}/take`, first, 'POST')).status).toBe(200);
      for (let repeat = 0; repeat < 3; repeat += 1) {
        const answer = await call(`/staff/orders/${placed.encryptedOrderId}/ready`, first, 'POST');
        expect(answer).toMatchObject({ status: 200, body: { order: { state: 'ready' } } });
      }
      for (let repeat = 0; repeat < 3; repeat += 1)
        expect((await call('/staff/live-state/pickup', ownerToken, 'PUT', PAUSE)).status).toBe(200);
      // The ready's message is the last one the API sends about this order: once it is heard, any repeat's would have been.
      await waitFor(() => staffMessagesAbout(placed.orderNumber).length >= 3, 'the order-changed messages');
      expect(staffMessagesAbout(placed.orderNumber).map((message) => message.event)).toEqual([
        'order-placed',
        'order-changed',
        'order-changed',
      ]);
      expect(heard.filter((message) => message.topic === pageTopic).map((message) => message.text)).toEqual([
        JSON.stringify({ orderProcessed: true }),
      ]);
      const entries = (await audit()).filter(
        (entry) => entry.subject === `Order ${placed.orderNumber}` || entry.action === 'service',
      );
      expect(entries.map((entry) => `${entry.staffName}: ${entry.action}`)).toEqual([
        'Olive Owner: service',
        'Kit Chen: ready',
        'Kit Chen: take',
      ]);
      expect(
        heard.filter((message) => message.topic === 'storefront-test/9001/clock/status').length,
        'one clock status for the one pause',
      ).toBe(1);
    });

    it("10,050 takes from nine devices of one account leave the owner's earlier entries in place", async () => {
      const before = await audit();
      expect(before.filter((entry) => entry.staffName === 'Olive Owner').length).toBeGreaterThan(0);
      const placed = await placeTestOrder(api, `flood-${store}-${(labels += 1)}`);
      const take = `/staff/orders/${placed.encryptedOrderId}/take`;
      const statuses = new Map<number, number>();
      for (let sent = 0; sent < 10_050; sent += 50) {
        const answers = await Promise.all(
          Array.from({ length: 50 }, (_, index) => {
            const device = (sent + index) % 9;
            return call(take, kitchenTokens[device] ?? '', 'POST', undefined, `203.0.113.${device + 1}`);
          }),
        );
        for (const { status } of answers) statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
      // The account's limit (600 changes in 10 minutes, a few spent by the case before) refuses the rest with a 429.
      expect([...statuses.keys()].sort()).toEqual([200, 429]);
      expect(statuses.get(429)).toBeGreaterThanOrEqual(10_050 - 600);
      const after = await audit();
      expect(after.slice(1)).toEqual(before);
      expect(after[0]).toMatchObject({ staffName: 'Kit Chen', action: 'take', subject: `Order ${placed.orderNumber}` });
      // Limited per account: the owner is still heard.
      expect((await call('/staff/live-state/pickup', ownerToken, 'PUT', { ...PAUSE, waitMinutes: 50 })).status).toBe(
        200,
      );
    }, 180_000);
  },
  {
    api: () => ({
      brokerUrl,
      brokerOperatorPassword: BROKER_PASSWORD,
      trustProxy: true,
      rateLimits: { staffCallsPerAddress: { attempts: 100_000, windowMs: 10 * 60_000 } },
    }),
  },
);
