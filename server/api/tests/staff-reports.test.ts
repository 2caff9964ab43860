import { expect, it } from 'vitest';
import { daySummaryResponseSchema, staffPaths } from '../../../lib/api/staff-contract.ts';
import { createBoardStore } from '../store/board.ts';
import {
  addTestStaff,
  bearer,
  OPEN_NOW,
  onEachStore,
  placeTestOrder,
  RETAILER_ID,
  staffToken,
  type TestApi,
  type TestStaff,
} from './support/test-support.ts';

/**
 * Issue 28, item 7: the owner's end of day. Only an owner of the shop reads it, over at most 31
 * of the shop's days, counted on its clock, and like every staff read it is rate-limited.
 */

const HOUR_MS = 60 * 60 * 1000;
// OPEN_NOW, 2030-03-05T09:00Z, is 8 pm in Melbourne (daylight time): the shop's 5 March.
const TODAY = '2030-03-05';
const HOUR_OF_OPEN_NOW = 20;

let people = 0;
function person(role: 'owner' | 'kitchen', slug = 'test-pizza'): TestStaff {
  const n = (people += 1);
  return { email: `${role}${n}@${slug}.test`, password: `${role}-password-${n}`, name: `${role} ${n}`, role };
}

await onEachStore(({ api, start }) => {
  const report = (target: TestApi, token: string | null, from: string, to: string) =>
    target.call(staffPaths.daySummary(from, to), { domain: null, headers: token === null ? {} : bearer(token) });

  it("an owner reads the day's orders and what they came to, by hour, dish, service and payment", async () => {
    const owner = person('owner');
    await addTestStaff(api, 'test-pizza', owner);
    const token = await staffToken(api, 'test-pizza', owner);
    const before = daySummaryResponseSchema.parse((await report(api, token, TODAY, TODAY)).body);
    await placeTestOrder(api, 'report-delivery');
    await placeTestOrder(api, 'report-pickup', { pickup: true });

    const answer = await report(api, token, TODAY, TODAY);
    expect(answer.status).toBe(200);
    const { zone, summary, orders } = daySummaryResponseSchema.parse(answer.body);
    expect(zone).toBe(0);
    // The shared database holds other cases' orders too: count what these two added.
    expect(orders.length - before.orders.length).toBe(2);
    expect(summary.totals.orders - before.summary.totals.orders).toBe(2);
    expect(summary.totals.salesCents - before.summary.totals.salesCents).toBe(3750 + 3200);
    expect(summary.totals.salesCents).toBe(orders.reduce((sum, order) => sum + order.totalCents, 0));
    expect(summary.byHour[HOUR_OF_OPEN_NOW]?.orders).toBe(summary.totals.orders);
    const added = orders.slice(-2);
    expect(added.map((order) => [order.service, order.paymentMethod, order.totalCents])).toEqual([
      ['delivery', 'card', 3750],
      ['pickup', 'card', 3200],
    ]);
    expect(added.every((order) => order.placedAt === OPEN_NOW.toISOString() && !order.cancelled)).toBe(true);
    expect(added[0]?.lines).toEqual([expect.objectContaining({ quantity: 2, secondHalf: null })]);
    expect(summary.byDish.reduce((sum, dish) => sum + dish.quantity, 0)).toBe(
      orders.flatMap((order) => order.lines).reduce((sum, line) => sum + line.quantity, 0),
    );

    // The shop's day before holds none of them; another shop's owner sees none of this shop's.
    const yesterday = daySummaryResponseSchema.parse((await report(api, token, '2030-03-04', '2030-03-04')).body);
    expect(yesterday.orders).toEqual([]);
    const otherOwner = person('owner', 'other-pizza');
    await addTestStaff(api, 'other-pizza', otherOwner);
    const other = await report(api, await staffToken(api, 'other-pizza', otherOwner), TODAY, TODAY);
    expect(daySummaryResponseSchema.parse(other.body).orders).toEqual([]);
  });

  it('an order the kitchen declined is counted as cancelled and left out of the sales', async () => {
    const owner = person('owner');
    await addTestStaff(api, 'test-pizza', owner);
    const token = await staffToken(api, 'test-pizza', owner);
    const before = daySummaryResponseSchema.parse((await report(api, token, TODAY, TODAY)).body).summary;
    const placed = await placeTestOrder(api, 'report-declined');
    const declined = await api.call(staffPaths.decline(placed.encryptedOrderId), {
      domain: null,
      headers: bearer(token),
      body: {},
    });
    expect(declined.status).toBe(200);

    const after = daySummaryResponseSchema.parse((await report(api, token, TODAY, TODAY)).body);
    expect(after.summary.cancelled.orders - before.cancelled.orders).toBe(1);
    expect(after.summary.totals.orders).toBe(before.totals.orders);
    expect(after.summary.totals.salesCents).toBe(before.totals.salesCents);
    expect(after.orders.find((order) => order.orderNumber === placed.orderNumber)?.cancelled).toBe(true);
  });

  it('the kitchen is refused, and so is a call without a session', async () => {
    const kitchen = person('kitchen');
    await addTestStaff(api, 'test-pizza', kitchen);
    const refused = await report(api, await staffToken(api, 'test-pizza', kitchen), TODAY, TODAY);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'Only the owner may read the sales.' });
    expect((await report(api, null, TODAY, TODAY)).status).toBe(401);
    expect((await report(api, 'made-up-token', TODAY, TODAY)).status).toBe(401);
  });

  it.each([
    ['2030-03-01', '2030-04-01', 'A report covers at most 31 days: choose a shorter range.'],
    ['2030-01-01', '2030-12-31', 'A report covers at most 31 days: choose a shorter range.'],
    ['2030-03-06', '2030-03-05', 'from: expected a day on or before to'],
    ['2030-02-30', '2030-03-05', 'from and to: expected calendar dates as YYYY-MM-DD'],
    ['5/3/2030', '2030-03-05', 'from and to: expected calendar dates as YYYY-MM-DD'],
    ['2030-03-05', "2030-03-05' OR 1=1", 'from and to: expected calendar dates as YYYY-MM-DD'],
  ])('%s to %s is refused: %s', async (from, to, error) => {
    const owner = person('owner');
    await addTestStaff(api, 'test-pizza', owner);
    const answer = await report(api, await staffToken(api, 'test-pizza', owner), from, to);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error });
  });

  it('31 days is the most one call covers', async () => {
    const owner = person('owner');
    await addTestStaff(api, 'test-pizza', owner);
    const answer = await report(api, await staffToken(api, 'test-pizza', owner), '2030-02-03', TODAY);
    expect(answer.status).toBe(200);
    expect(daySummaryResponseSchema.parse(answer.body).summary.byDay).toHaveLength(31);
  });

  it('the store reads at most the bound it is given and says there are more (the API then asks for a shorter range)', async () => {
    await placeTestOrder(api, 'bound-1');
    await placeTestOrder(api, 'bound-2');
    const store = createBoardStore(api.db);
    const start = new Date(OPEN_NOW.getTime() - HOUR_MS);
    const end = new Date(OPEN_NOW.getTime() + HOUR_MS);
    const one = await store.placedBetween(RETAILER_ID, start, end, 1);
    expect([one.orders.length, one.more]).toEqual([1, true]);
    const all = await store.placedBetween(RETAILER_ID, start, end, 100_000);
    expect(all.more).toBe(false);
    expect(all.orders.length).toBeGreaterThanOrEqual(2);
    // An order placed exactly at the end belongs to the next day, never to both.
    expect((await store.placedBetween(RETAILER_ID, start, OPEN_NOW, 100_000)).orders).toEqual([]);
  });

  it('a flood of reports from one address is limited like every staff read, with Retry-After', async () => {
    const limited = await start({ rateLimits: { staffCallsPerAddress: { attempts: 4, windowMs: HOUR_MS } } });
    const owner = person('owner');
    await addTestStaff(limited, 'test-pizza', owner);
    const token = await staffToken(limited, 'test-pizza', owner);
    const statuses: number[] = [];
    for (let call = 0; call < 6; call += 1) {
      const answer = await report(limited, token, '2030-02-03', TODAY);
      statuses.push(answer.status);
      if (answer.status === 429) expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });
});
