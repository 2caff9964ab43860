import { expect, it } from 'vitest';
import { apiCalls } from '../../../lib/api/contract.ts';
import { staffOrdersResponseSchema, daySummaryResponseSchema, staffPaths } from '../../../lib/api/staff-contract.ts';
import {
  addTestStaff,
  bearer,
  onEachStore,
  placeTestOrder,
  sendPizzaPickup,
  staffToken,
  type TestApi,
} from './support/test-support.ts';

/**
 * Issue 30, item 2: a tip the customer notes for cash or card is stored with the order as the
 * server computes it (lib/cart/tip.ts), shows on the kitchen's board and in the owner's end of day
 * apart from sales; a tip the server would not compute is refused with words and the cart kept.
 * test-pizza offers 10, 15 and 20 %; its two large Margheritas come to $32 of food.
 */

const TODAY = '2030-03-05';
const fifteen = { tip: { kind: 'percent', percent: 15 }, expectedTip: 4.8 } as const;

async function ownerToken(api: TestApi, name: string): Promise<string> {
  const owner = { email: `${name}@test-pizza.test`, password: `${name}-password-1`, name, role: 'owner' } as const;
  await addTestStaff(api, 'test-pizza', owner);
  return staffToken(api, 'test-pizza', owner);
}

await onEachStore(({ api }) => {
  it('stores a 15% cash tip apart from the total; the board and the end of day show it, apart from sales', async () => {
    const token = await ownerToken(api, 'tips-owner');
    const report = async () =>
      daySummaryResponseSchema.parse(
        (await api.call(staffPaths.daySummary(TODAY, TODAY), { domain: null, headers: bearer(token) })).body,
      );
    const before = await report();

    const placed = await placeTestOrder(api, 'tip-cash', { choices: { paymentMethod: 'cash', ...fifteen } });
    const read = apiCalls.getOrder.response.parse(
      (await api.call(apiCalls.getOrder.path, { body: { encryptedOrderId: placed.encryptedOrderId } })).body,
    );
    expect(read.placement).toMatchObject({ total: 37.5, tip: 4.8, tipPercent: 15, paymentMethod: 'cash' });

    const board = staffOrdersResponseSchema.parse(
      (await api.call(staffPaths.orders(50, ''), { domain: null, headers: bearer(token) })).body,
    );
    expect(board.orders.find((order) => order.orderNumber === placed.orderNumber)).toMatchObject({
      totalCents: 3750,
      tipCents: 480,
      paymentMethod: 'cash',
    });

    const after = await report();
    expect(after.summary.totals.salesCents - before.summary.totals.salesCents).toBe(3750);
    expect(after.summary.tips.tipCents - before.summary.tips.tipCents).toBe(480);
    const cashTips = (summary: typeof after.summary) =>
      summary.tips.byPayment.find((entry) => entry.paymentMethod === 'cash')?.tipCents ?? 0;
    expect(cashTips(after.summary) - cashTips(before.summary)).toBe(480);
    expect(after.orders.find((order) => order.orderNumber === placed.orderNumber)?.tipCents).toBe(480);
  });

  it('takes an own amount as given, and no tip as none', async () => {
    const own = await sendPizzaPickup(api, 'tip-own', null, { tip: { kind: 'amount', amount: 5 }, expectedTip: 5 });
    expect(apiCalls.placeOrder.response.parse(own.placed.body).placement).toMatchObject({ tip: 5, tipPercent: null });
    const none = await sendPizzaPickup(api, 'tip-none');
    expect(apiCalls.placeOrder.response.parse(none.placed.body).placement).toMatchObject({ tip: 0, tipPercent: null });
  });

  it.each([
    [
      'a tip the server does not compute',
      { tip: { kind: 'percent', percent: 15 }, expectedTip: 10 },
      'The tip comes to $4.80, not $10.00. Please check your tip and place the order again.',
    ],
    [
      'a percentage the shop does not offer',
      { tip: { kind: 'percent', percent: 50 }, expectedTip: 16 },
      'This shop does not offer a 50% tip. Please choose the tip again.',
    ],
    [
      'an own amount above the food',
      { tip: { kind: 'amount', amount: 32.01 }, expectedTip: 32.01 },
      'A tip can be at most $32.00 on this order. Please choose a smaller tip.',
    ],
  ] as const)('refuses %s with words, and keeps the cart to place again', async (_case, choices, message) => {
    const label = `tip-refused-${choices.expectedTip}`;
    const refused = await sendPizzaPickup(api, label, null, choices);
    expect(refused.placed.status).toBe(422);
    expect(refused.placed.body).toMatchObject({ message, issues: [{ path: 'tip', message }] });
    const row = await api.db
      .selectFrom('orders')
      .select(['placed_at'])
      .where('encrypted_order_id', '=', refused.encryptedOrderId)
      .executeTakeFirstOrThrow();
    expect(row.placed_at).toBeNull();
  });

  it('refuses a negative tip or a made-up kind at the body', async () => {
    for (const tip of [{ kind: 'amount', amount: -1 }, { kind: 'jar' }]) {
      const refused = await sendPizzaPickup(api, `tip-malformed-${tip.kind}`, null, {
        tip: tip as { kind: 'none' },
        expectedTip: 0,
      });
      expect(refused.placed.status).toBe(400);
    }
  });
});
