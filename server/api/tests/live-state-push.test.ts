import { afterAll, beforeAll, expect, it } from 'vitest';
import { liveStateResponseSchema } from '../../../lib/api/staff-contract.ts';
import { parseClockStatusMessage } from '../../../lib/live/messages.ts';
import type { ClockStatus } from '../../../lib/tenant/index.ts';
import { waitFor } from '../../broker/mqtt-test-support.ts';
import { BROKER_PASSWORD, startListeningBroker, type ListeningBroker } from './support/listening-broker.ts';
import {
  addTestStaff,
  bearer,
  OPEN_NOW,
  onEachStore,
  staffToken,
  TEST_KITCHEN as kitchen,
  type TestApi,
} from './support/test-support.ts';

/**
 * The live state reaches open storefront pages as the clock-status message they already follow:
 * at once when staff change it, and again when a pause runs out by itself. A clock that runs from
 * OPEN_NOW, so a pause can end during the test.
 */

const CLOCK_TOPIC = 'storefront-test/9001/clock/status';
const startedAt = Date.now();
const runningClock = () => new Date(OPEN_NOW.getTime() + (Date.now() - startedAt));

let listening: ListeningBroker;
let brokerUrl = '';
let received: { topic: string; text: string }[];
beforeAll(async () => {
  listening = await startListeningBroker(CLOCK_TOPIC);
  ({ url: brokerUrl, heard: received } = listening);
});
afterAll(() => listening.close());

/** The clock statuses pages heard since `from`, as the page's own parser reads them. */
const heardSince = (from: number): ClockStatus[] =>
  received.slice(from).flatMap(({ topic, text }) => {
    const parsed = topic === CLOCK_TOPIC ? parseClockStatusMessage(text) : null;
    return parsed?.ok && parsed.value !== null ? [parsed.value] : [];
  });

await onEachStore(
  ({ api, start }) => {
    let token: string;
    beforeAll(async () => {
      await addTestStaff(api, 'test-pizza', kitchen);
      token = await staffToken(api, 'test-pizza', kitchen);
    });

    const put = (path: string, body: unknown, target: TestApi = api) =>
      target.call(path, { domain: null, method: 'PUT', headers: bearer(token), body });
    const inSeconds = (seconds: number) => new Date(runningClock().getTime() + seconds * 1000).toISOString();

    it('pausing delivery tells open pages at once; when the pause runs out they are told again, with nobody acting', async () => {
      const from = received.length;
      const until = inSeconds(1.5);
      const answer = await put('/staff/live-state/delivery', { waitMinutes: 40, mode: 'paused', until });
      expect(liveStateResponseSchema.parse(answer.body).published).toBe(true);
      await waitFor(() => heardSince(from).length >= 1, 'the clock status with the pause');
      expect(heardSince(from)[0]).toMatchObject({
        allowDelivery: false,
        deliveryPausedUntil: until,
        liveDeliveryWaitTime: 40,
      });
      await waitFor(() => heardSince(from).length >= 2, 'the clock status once the pause is over', 6000);
      const after = heardSince(from)[1];
      expect(after).toMatchObject({ allowDelivery: true, liveDeliveryWaitTime: 40 });
      expect(after).not.toHaveProperty('deliveryPausedUntil');
    });

    it('marking a dish sold out tells open pages at once, with its id and when it is back', async () => {
      const from = received.length;
      expect(
        liveStateResponseSchema.parse((await put('/staff/live-state/sold-out', { productId: 102, soldOut: true })).body)
          .published,
      ).toBe(true);
      await waitFor(() => heardSince(from).length >= 1, 'the clock status with the dish sold out');
      expect(heardSince(from)[0]).toMatchObject({ soldOutProductIds: [102], soldOutProductGroupIds: [] });
      await put('/staff/live-state/sold-out', { productId: 102, soldOut: false });
      await waitFor(() => heardSince(from).length >= 2, 'the clock status with the dish back');
      expect(heardSince(from)[1]).not.toHaveProperty('soldOutProductIds');
    });

    it('an API process started after the pause was set (a restart, or another process) tells the pages when it ends', async () => {
      const until = inSeconds(2);
      await put('/staff/live-state/pickup', { waitMinutes: 30, mode: 'busy', until });
      // The process that took the change stops; the one that takes over learns of the ending from the database.
      await api.close();
      const from = received.length;
      await start({ sameDatabaseAs: api, now: runningClock, brokerUrl, brokerOperatorPassword: BROKER_PASSWORD });
      await waitFor(
        () => heardSince(from).some((status) => !status.livePickupOverCapacity),
        'the clock status once busy is over',
        6000,
      );
    });
  },
  { api: () => ({ now: runningClock, brokerUrl, brokerOperatorPassword: BROKER_PASSWORD }) },
);
