import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffMeResponseSchema, staffOrdersResponseSchema } from '../../../lib/api/staff-contract.ts';
import {
  addTestStaff,
  bearer,
  FIXTURE_TENANTS,
  OPEN_NOW,
  onEachStore,
  sendPizzaPickup,
  staffToken,
  tempDir,
  TEST_KITCHEN as kitchen,
  type TestApi,
} from './support/test-support.ts';

/**
 * A Perth shop that names its zone, as harbour-pizza does: test-pizza's pickup hours, 11:00-22:00
 * every day, kept on Perth's clock. On OPEN_NOW (Tuesday 5 March 2030, 20:00 in Melbourne on daylight
 * saving) Perth is Melbourne − 3 h, so the spec's rule (timeZoneDiff −2, which the shop also keeps)
 * would be an hour late: it would refuse 9:45 pm and take 10:45 am.
 */
const dir = tempDir();
const tenantsDir = join(dir, 'tenants');
const tenantDir = join(tenantsDir, 'test-pizza');

beforeAll(() => {
  mkdirSync(tenantsDir, { recursive: true });
  cpSync(join(FIXTURE_TENANTS, 'test-pizza'), tenantDir, { recursive: true });
  const config = JSON.parse(readFileSync(join(tenantDir, 'retailer-config.json'), 'utf8')) as {
    retailerInfo: Record<string, unknown>;
  };
  config.retailerInfo['timeZoneDiff'] = -2;
  config.retailerInfo['timeZone'] = 'Australia/Perth';
  writeFileSync(join(tenantDir, 'retailer-config.json'), JSON.stringify(config));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let labels = 0;

/** A pickup of two large Margheritas ($32) for `at`, created and placed as the storefront does. */
const placePickupFor = (api: TestApi, at: string) => sendPizzaPickup(api, `shop-time-${(labels += 1)}`, at);

await onEachStore(
  ({ api }) => {
    describe("place-order checks the time on the shop's named zone", () => {
      it.each([
        ['Tuesday 9:45 pm in Perth, before its 10:00 pm close', '2030-03-05T21:45:00+08:00', 200],
        ['Tuesday 10:15 pm in Perth, after its close', '2030-03-05T22:15:00+08:00', 422],
        ['Wednesday 10:45 am in Perth, before it opens', '2030-03-06T10:45:00+08:00', 422],
        ['Wednesday 11:00 am in Perth, as it opens', '2030-03-06T11:00:00+08:00', 200],
        ['Wednesday 12:15 am in Perth, after midnight', '2030-03-06T00:15:00+08:00', 422],
      ])('%s: %s answers %s', async (_, at, status) => {
        const { placed } = await placePickupFor(api, at);
        expect(placed.status, JSON.stringify(placed.body)).toBe(status);
        if (status === 422)
          expect(placed.body).toMatchObject({ message: expect.stringMatching(/not open at that time/) });
      });
    });

    describe("the kitchen's console is told the shop's zone", () => {
      it("names it with the staff member, and the board's due time is the instant the customer chose", async () => {
        await addTestStaff(api, 'test-pizza', kitchen);
        const token = await staffToken(api, 'test-pizza', kitchen);
        const me = await api.call('/staff/me', { domain: null, headers: bearer(token) });
        expect(staffMeResponseSchema.parse(me.body).staff.retailer.zone).toBe('Australia/Perth');
        const { encryptedOrderId, placed } = await placePickupFor(api, '2030-03-05T21:15:00+08:00');
        expect(placed.status).toBe(200);
        const board = await api.call('/staff/orders?limit=200', { domain: null, headers: bearer(token) });
        const order = staffOrdersResponseSchema
          .parse(board.body)
          .orders.find((candidate) => candidate.encryptedOrderId === encryptedOrderId);
        expect(order?.dueAt).toBe('2030-03-05T13:15:00.000Z');
      });
    });
  },
  { api: { tenantsDir, now: () => OPEN_NOW } },
);
