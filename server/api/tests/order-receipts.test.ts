import { describe, expect, it } from 'vitest';
import { apiCalls } from '../../../lib/api/contract.ts';
import { RECEIPT_DAYS } from '../../../lib/cart/order-receipt.ts';
import { DAY_MS, MINUTE_MS } from '../../../lib/time/retailer-clock.ts';
import { pizzaSizes } from './fixtures/orders.ts';
import { RECEIPTS_PER_ORDER } from '../store/orders.ts';
import { cartLine, lineUuid, onEachStore, OPEN_NOW, orderBody } from './support/test-support.ts';

/**
 * The order id travels in the confirmation page's address (and so in logs, history and analytics):
 * on its own it must not read who placed the order, how to reach them or where they live.
 */

let now = OPEN_NOW;

await onEachStore(
  ({ api }) => {
    let sequence = 0;
    const contact = { fullName: 'Ada Lovelace', phoneNumber: '0411 222 333', email: 'ada.lovelace@example.com' };
    const delivery = { street: '1 Collins St', suburbId: 1, instructions: 'Ring twice' };
    const notes = 'Leave it with the concierge';
    const personal = [
      'Ada',
      'Lovelace',
      '0411 222 333',
      'ada.lovelace@example.com',
      'Collins',
      'Ring twice',
      'concierge',
    ];

    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
    const password = 'correct horse battery';

    async function createOrder(headers: Record<string, string> = {}) {
      const lines = [cartLine(lineUuid(`receipt-${(sequence += 1)}`), { size: pizzaSizes.large, quantity: 2 })];
      const created = await api.call(apiCalls.createOrder.path, {
        body: orderBody(lines, { extraOrderNotes: notes }),
        headers,
      });
      const { encryptedOrderId } = apiCalls.createOrder.response.parse(created.body);
      return {
        encryptedOrderId,
        placeBody: {
          order: orderBody(lines, { encryptedOrderId, extraOrderNotes: notes }),
          contact,
          delivery,
          paymentMethod: 'card',
          expectedTotal: 37.5,
        },
      };
    }

    async function placeOrder(headers: Record<string, string> = {}) {
      const { encryptedOrderId, placeBody } = await createOrder(headers);
      const placed = await api.call(apiCalls.placeOrder.path, { body: placeBody, headers });
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
      return { encryptedOrderId, placeBody, receipt: apiCalls.placeOrder.response.parse(placed.body).receipt };
    }

    async function read(encryptedOrderId: string, receipt?: string, headers: Record<string, string> = {}) {
      const answer = await api.call(apiCalls.getOrder.path, {
        body: receipt === undefined ? { encryptedOrderId } : { encryptedOrderId, receipt },
        headers,
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return { raw: JSON.stringify(answer.body), order: apiCalls.getOrder.response.parse(answer.body) };
    }

    const expectNothingPersonal = (raw: string) => {
      for (const detail of personal) expect(raw).not.toContain(detail);
    };

    describe("a placed order's details need its receipt or its customer's session", () => {
      it('the order id alone reads the order, its number and totals, but not the name, phone, email, address or notes', async () => {
        const { encryptedOrderId } = await placeOrder();
        const { raw, order } = await read(encryptedOrderId);
        expect(order.placement).toMatchObject({ isPickup: false, paymentMethod: 'card', total: 37.5 });
        expect(order.placementDetails).toBeNull();
        expectNothingPersonal(raw);
      });

      it('the receipt place-order answered reads them', async () => {
        const { encryptedOrderId, receipt } = await placeOrder();
        expect(receipt).not.toBe(encryptedOrderId);
        const { order } = await read(encryptedOrderId, receipt);
        expect(order.placementDetails).toEqual({
          contact,
          delivery: { ...delivery, suburbName: 'Melbourne', postcode: '3000' },
          orderNotes: notes,
        });
      });

      it.each([
        ["another order's receipt", async () => (await placeOrder()).receipt],
        ['a made-up receipt', async () => 'x'.repeat(43)],
      ])('%s reads nothing personal', async (_name, otherReceipt) => {
        const { encryptedOrderId } = await placeOrder();
        const { raw, order } = await read(encryptedOrderId, await otherReceipt());
        expect(order.placementDetails).toBeNull();
        expectNothingPersonal(raw);
      });

      it('a receipt that could not be one is refused as bad input', async () => {
        const { encryptedOrderId } = await placeOrder();
        const answer = await api.call(apiCalls.getOrder.path, { body: { encryptedOrderId, receipt: '<script>' } });
        expect(answer.status).toBe(400);
        expectNothingPersonal(JSON.stringify(answer.body));
      });

      it(`the receipt reads them for ${RECEIPT_DAYS} days after placing, and no longer`, async () => {
        const { encryptedOrderId, receipt } = await placeOrder();
        const placedAt = now;
        try {
          now = new Date(placedAt.getTime() + RECEIPT_DAYS * DAY_MS - MINUTE_MS);
          expect((await read(encryptedOrderId, receipt)).order.placementDetails?.contact).toEqual(contact);
          now = new Date(placedAt.getTime() + RECEIPT_DAYS * DAY_MS + MINUTE_MS);
          const late = await read(encryptedOrderId, receipt);
          expect(late.order.placementDetails).toBeNull();
          expectNothingPersonal(late.raw);
        } finally {
          now = placedAt;
        }
      });

      it("the session of the order's customer reads them, with no receipt and after the receipt expired; another customer's does not", async () => {
        const signup = async (email: string) => {
          const answer = await api.call(apiCalls.signup.path, {
            body: { fullName: 'Ada Lovelace', email, phoneNumber: '0400 000 000', password },
          });
          const body = apiCalls.signup.response.parse(answer.body);
          if (!body.success) throw new Error(body.message);
          return body;
        };
        const owner = await signup(`owner-${sequence}@example.com`);
        const stranger = await signup(`stranger-${sequence}@example.com`);
        const { encryptedOrderId, placeBody } = await createOrder();
        const attached = await api.call(apiCalls.updateCustomer.path, {
          body: { encryptedOrderId, customerId: owner.custInfo.customerId },
          headers: bearer(owner.sessionToken),
        });
        expect(attached.status).toBe(200);
        expect(
          (await api.call(apiCalls.placeOrder.path, { body: placeBody, headers: bearer(owner.sessionToken) })).status,
        ).toBe(200);

        expect(
          (await read(encryptedOrderId, undefined, bearer(owner.sessionToken))).order.placementDetails?.contact,
        ).toEqual(contact);
        const other = await read(encryptedOrderId, undefined, bearer(stranger.sessionToken));
        expect(other.order.placementDetails).toBeNull();
        expectNothingPersonal(other.raw);
        const placedAt = now;
        try {
          // Long after: the receipt has expired, and so has that session; the customer logs in again.
          now = new Date(placedAt.getTime() + (RECEIPT_DAYS + 1) * DAY_MS);
          const login = apiCalls.login.response.parse(
            (await api.call(apiCalls.login.path, { body: { email: owner.custInfo.email, password } })).body,
          );
          if (!login.success) throw new Error(login.message);
          expect(
            (await read(encryptedOrderId, undefined, bearer(login.sessionToken))).order.placementDetails?.orderNotes,
          ).toBe(notes);
        } finally {
          now = placedAt;
        }
      });

      it('the database keeps a digest of the receipt, not the receipt', async () => {
        const { encryptedOrderId, receipt } = await placeOrder();
        const rows = await api.db
          .selectFrom('order_receipts')
          .innerJoin('orders', 'orders.order_id', 'order_receipts.order_id')
          .select('order_receipts.receipt_digest')
          .where('orders.encrypted_order_id', '=', encryptedOrderId)
          .execute();
        expect(rows).toEqual([{ receipt_digest: expect.stringMatching(/^[0-9a-f]{64}$/) }]);
        expect(rows[0]?.receipt_digest).not.toContain(receipt);
      });
    });

    describe('placing a placed order again', () => {
      it('with the details it was placed with (a retry): the same placement and a receipt of its own, while the first still works', async () => {
        const { encryptedOrderId, placeBody, receipt: first } = await placeOrder();
        const again = await api.call(apiCalls.placeOrder.path, { body: placeBody });
        expect(again.status).toBe(200);
        const { receipt, placement } = apiCalls.placeOrder.response.parse(again.body);
        expect(placement.contact).toEqual(contact);
        expect(receipt).not.toBe(first);
        expect((await read(encryptedOrderId, receipt)).order.placementDetails?.contact).toEqual(contact);
        // The first answer may be the one that reached the page, after the retry's: it must still read them.
        expect((await read(encryptedOrderId, first)).order.placementDetails?.contact).toEqual(contact);
      });

      it(`keeps only the newest ${RECEIPTS_PER_ORDER} receipts of an order, so retries cannot grow them`, async () => {
        const { encryptedOrderId, placeBody, receipt: oldest } = await placeOrder();
        const retries: string[] = [];
        for (let retry = 0; retry < RECEIPTS_PER_ORDER; retry += 1) {
          const again = await api.call(apiCalls.placeOrder.path, { body: placeBody });
          retries.push(apiCalls.placeOrder.response.parse(again.body).receipt);
        }
        expect((await read(encryptedOrderId, oldest)).order.placementDetails).toBeNull();
        for (const receipt of [retries[0], retries.at(-1)])
          expect((await read(encryptedOrderId, receipt)).order.placementDetails?.contact).toEqual(contact);
        const kept = await api.db
          .selectFrom('order_receipts')
          .innerJoin('orders', 'orders.order_id', 'order_receipts.order_id')
          .select('receipt_id')
          .where('orders.encrypted_order_id', '=', encryptedOrderId)
          .execute();
        expect(kept).toHaveLength(RECEIPTS_PER_ORDER);
      });

      it.each([
        [
          'a stranger who knows only the order id',
          { contact: { fullName: 'Eve', phoneNumber: '0400 999 999', email: 'eve@example.com' } },
        ],
        [
          'the right contact without the address',
          { delivery: { street: '2 Other St', suburbId: 1, instructions: '' } },
        ],
      ])('by %s: refused, with nothing personal and no receipt in the answer', async (_name, change) => {
        const { encryptedOrderId, placeBody, receipt } = await placeOrder();
        const again = await api.call(apiCalls.placeOrder.path, { body: { ...placeBody, ...change } });
        expect(again.status).toBe(409);
        expect(again.body).toMatchObject({
          message: 'This order has already been placed. Start a new order to add more.',
        });
        expectNothingPersonal(JSON.stringify(again.body));
        expect((await read(encryptedOrderId, receipt)).order.placementDetails?.contact).toEqual(contact);
      });
    });
  },
  { api: { now: () => now } },
);
