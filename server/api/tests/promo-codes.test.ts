import { expect, it } from 'vitest';
import { apiCalls } from '../../../lib/api/contract.ts';
import {
  PROMO_CODES_CHANGED_ELSEWHERE,
  promoCodesResponseSchema,
  promoPaths,
} from '../../../lib/api/promo-contract.ts';
import { staffOrdersResponseSchema, staffPaths } from '../../../lib/api/staff-contract.ts';
import type { PromoCode } from '../../../lib/cart/promo.ts';
import {
  addTestStaff,
  bearer,
  onEachStore,
  sendPizzaPickup,
  staffToken,
  TEST_CUSTOMER,
  type TestApi,
} from './support/test-support.ts';

/**
 * Issue 30, item 3: the owner keeps the shop's promo codes in the API; the cart checks a code,
 * place-order rechecks it in its write and counts the use, so a capped code's last use goes to one
 * order and what the cart showed is what is stored. test-pizza's two large Margheritas for pickup
 * come to $32 of food; the API's clock reads Tuesday 5 March 2030.
 */

const codes: PromoCode[] = [
  { code: 'SAVE5', saving: { kind: 'amount', amount: 5 } },
  { code: 'ONCE10', saving: { kind: 'percent', percent: 10 }, oncePerCustomer: true },
  { code: 'LAST1', saving: { kind: 'amount', amount: 2 }, maxUses: 1 },
  { code: 'OVER', saving: { kind: 'amount', amount: 5 }, endsOn: '2030-03-04' },
  { code: 'FREEDEL', saving: { kind: 'freeDelivery' } },
];

async function staffOf(api: TestApi, name: string, role: 'owner' | 'kitchen'): Promise<string> {
  const staff = { email: `${name}@test-pizza.test`, password: `${name}-password-1`, name, role } as const;
  await addTestStaff(api, 'test-pizza', staff);
  return staffToken(api, 'test-pizza', staff);
}

const listedCodes = async (api: TestApi, token: string) =>
  promoCodesResponseSchema.parse((await api.call(promoPaths.promoCodes, { domain: null, headers: bearer(token) })).body)
    .codes;

/** Sets the list as the console does: made of the list as the owner last read it. */
const setCodes = async (api: TestApi, token: string, list: readonly PromoCode[], before?: readonly PromoCode[]) =>
  api.call(promoPaths.promoCodes, {
    method: 'PUT',
    domain: null,
    headers: bearer(token),
    body: { codes: list, before: before ?? (await listedCodes(api, token)) },
  });

const check = async (api: TestApi, code: string, headers: Record<string, string> = {}) =>
  api.call(apiCalls.checkPromo.path, { body: { code }, headers });

const generous = { promoChecksPerAddress: { attempts: 1000, windowMs: 60_000 } };

await onEachStore(
  ({ api, start }) => {
    it('lets the owner set the codes and kitchen staff only read them', async () => {
      const owner = await staffOf(api, 'promo-owner', 'owner');
      const kitchen = await staffOf(api, 'promo-kitchen', 'kitchen');
      expect((await setCodes(api, kitchen, codes)).status).toBe(403);
      const saved = await setCodes(api, owner, codes);
      expect(saved.status).toBe(200);
      const read = promoCodesResponseSchema.parse(
        (await api.call(promoPaths.promoCodes, { domain: null, headers: bearer(kitchen) })).body,
      );
      expect(read.codes.map((code) => code.code).sort()).toEqual(['FREEDEL', 'LAST1', 'ONCE10', 'OVER', 'SAVE5']);
      expect(read.uses).toMatchObject({ SAVE5: 0 });
    });

    it("refuses an owner's save made to a list another owner's device has changed since, keeping theirs; saved again on it, it goes", async () => {
      const first = await staffOf(api, 'promo-first', 'owner');
      const second = await staffOf(api, 'promo-second', 'owner');
      const seen = await listedCodes(api, first);
      const added = { code: 'THEIRS', saving: { kind: 'amount', amount: 3 } } as const;
      expect((await setCodes(api, second, [...seen, added])).status).toBe(200);

      const mine = { code: 'MINE', saving: { kind: 'percent', percent: 5 } } as const;
      const stale = await setCodes(api, first, [...seen, mine], seen);
      expect(stale).toMatchObject({ status: 409, body: { error: PROMO_CODES_CHANGED_ELSEWHERE } });
      expect((await listedCodes(api, first)).map((code) => code.code)).toContain('THEIRS');

      const again = await setCodes(api, first, [...(await listedCodes(api, first)), mine]);
      expect(again.status).toBe(200);
      expect((await listedCodes(api, first)).map((code) => code.code)).toEqual(
        expect.arrayContaining(['THEIRS', 'MINE']),
      );
      // The same terms written in another order of fields are the same list.
      const reordered = (await listedCodes(api, first)).map((code) =>
        Object.fromEntries(Object.entries(code).reverse()),
      );
      expect((await setCodes(api, first, await listedCodes(api, first), reordered as PromoCode[])).status).toBe(200);
    });

    it('answers a known code with its terms, and an unknown one with words', async () => {
      expect((await check(api, ' save5 ')).body).toEqual({ ok: true, terms: codes[0] });
      expect((await check(api, 'SAVE6')).body).toEqual({
        ok: false,
        message: 'We do not know that code. Please check it and try again.',
      });
    });

    it('places at the discounted total the cart showed, and the board shows the code and saving', async () => {
      const placed = await sendPizzaPickup(api, 'promo-save5', null, { promoCode: 'save5', expectedTotal: 27 });
      expect(placed.placed.status).toBe(200);
      const { placement } = apiCalls.placeOrder.response.parse(placed.placed.body);
      expect(placement).toMatchObject({
        subTotal: 36,
        discountTotal: 4,
        promoCode: 'SAVE5',
        promoSaving: 5,
        total: 27,
      });
      const owner = await staffOf(api, 'promo-board', 'owner');
      const board = staffOrdersResponseSchema.parse(
        (await api.call(staffPaths.orders(50, ''), { domain: null, headers: bearer(owner) })).body,
      );
      expect(board.orders.find((order) => order.orderNumber === placement.orderNumber)).toMatchObject({
        totalCents: 2700,
        promoCode: 'SAVE5',
        promoSavingCents: 500,
      });
    });

    it.each([
      ['the total without the saving', { promoCode: 'SAVE5', expectedTotal: 32 }, 'total', /The total is now \$27\.00/],
      ['an unknown code', { promoCode: 'NOPE', expectedTotal: 27 }, 'promo', /We do not know that code/],
      ['an expired code', { promoCode: 'OVER', expectedTotal: 27 }, 'promo', /This code ended on Mon 4 Mar\./],
      ['free delivery on pickup', { promoCode: 'FREEDEL', expectedTotal: 32 }, 'promo', /for delivery orders only/],
    ] as const)('refuses %s with words, and keeps the cart', async (label, choices, path, message) => {
      const refused = await sendPizzaPickup(api, `promo-refused-${label}`, null, choices);
      expect(refused.placed.status).toBe(422);
      expect(refused.placed.body).toMatchObject({ message, issues: [{ path }] });
      const row = await api.db
        .selectFrom('orders')
        .select('placed_at')
        .where('encrypted_order_id', '=', refused.encryptedOrderId)
        .executeTakeFirstOrThrow();
      expect(row.placed_at).toBeNull();
    });

    it('gives a capped code its last use once, and a once-per-customer code once per phone or email', async () => {
      const first = await sendPizzaPickup(api, 'promo-last-1', null, { promoCode: 'LAST1', expectedTotal: 30 });
      expect(first.placed.status).toBe(200);
      const second = await sendPizzaPickup(api, 'promo-last-2', null, { promoCode: 'LAST1', expectedTotal: 30 });
      expect(second.placed).toMatchObject({ status: 422, body: { message: 'This code has been used up.' } });
      expect((await check(api, 'LAST1')).body).toEqual({ ok: false, message: 'This code has been used up.' });

      const once = await sendPizzaPickup(api, 'promo-once-1', null, { promoCode: 'ONCE10', expectedTotal: 28.8 });
      expect(once.placed.status).toBe(200);
      const samePhone = { ...TEST_CUSTOMER, email: 'someone-else@example.com', phoneNumber: '0400000000' };
      const again = await sendPizzaPickup(api, 'promo-once-2', null, {
        promoCode: 'ONCE10',
        expectedTotal: 28.8,
        contact: samePhone,
      });
      expect(again.placed).toMatchObject({
        status: 422,
        body: { message: 'You have already used this code: it is one use per customer.' },
      });
      const other = { fullName: 'Grace Hopper', phoneNumber: '0411 111 111', email: 'grace@example.com' };
      const stranger = await sendPizzaPickup(api, 'promo-once-3', null, {
        promoCode: 'ONCE10',
        expectedTotal: 28.8,
        contact: other,
      });
      expect(stranger.placed.status).toBe(200);
    });

    it('two orders racing for the last use of a code: one gets it, the other is told it is used up', async () => {
      const owner = await staffOf(api, 'promo-race', 'owner');
      await setCodes(api, owner, [...codes, { code: 'RACE', saving: { kind: 'amount', amount: 1 }, maxUses: 1 }]);
      const results = await Promise.all(
        ['a', 'b', 'c'].map((name) =>
          sendPizzaPickup(api, `promo-race-${name}`, null, { promoCode: 'RACE', expectedTotal: 31 }),
        ),
      );
      expect(results.map((result) => result.placed.status).sort()).toEqual([200, 422, 422]);
    });

    it('limits guessing codes per address', async () => {
      const limited = await start({
        trustProxy: true,
        rateLimits: { promoChecksPerAddress: { attempts: 5, windowMs: 3_600_000 } },
      });
      const from = (address: string) => ({ 'x-forwarded-for': address });
      const guesses = await Promise.all(
        ['AAA1', 'AAA2', 'AAA3', 'AAA4', 'AAA5'].map((code) => check(limited, code, from('203.0.113.7'))),
      );
      expect(guesses.map((guess) => guess.status)).toEqual([200, 200, 200, 200, 200]);
      const sixth = await check(limited, 'AAA6', from('203.0.113.7'));
      expect(sixth.status).toBe(429);
      expect(sixth.headers.get('retry-after')).not.toBeNull();
      expect((await check(limited, 'AAA6', from('203.0.113.8'))).status).toBe(200);
    });
  },
  { api: { rateLimits: generous } },
);
