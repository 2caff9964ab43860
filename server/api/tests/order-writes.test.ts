import { describe, expect, it } from 'vitest';
import { apiCalls, messages } from '../../../lib/api/contract.ts';
import { pizzaSizes } from './fixtures/orders.ts';
import { bearer, cartLine, halfHalfLine, onEachStore, orderBody, uuidSequence } from './support/test-support.ts';

await onEachStore(({ api }) => {
  /** Writes to orders (issue 18): a placed order stays as placed, stale writes lose, odd bodies are refused. */

  const fresh = uuidSequence();
  /** Idempotency keys unique across the tests of this file. */
  let keys = 0;

  const contact = { fullName: 'Ada Lovelace', phoneNumber: '0400 000 000', email: 'ada@example.com' };
  const delivery = { street: '1 Collins St', suburbId: 1, instructions: 'Ring twice' };
  /** Wednesday 19:00 in Melbourne: inside the fixture's delivery hours. */
  const LATER = '2030-03-06T08:00:00.000Z';
  /** Thursday 03:00 in Melbourne: the shop is closed. */
  const NIGHT = '2030-03-06T16:00:00.000Z';

  async function createOrder(body: unknown, headers: Record<string, string> = {}) {
    const answer = await api.call(apiCalls.createOrder.path, { body, headers });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return apiCalls.createOrder.response.parse(answer.body);
  }

  /** Everything the kitchen and the customer see of an order: the API's view and the stored row. */
  async function snapshot(encryptedOrderId: string) {
    const answer = await api.call(apiCalls.getOrder.path, { body: { encryptedOrderId } });
    const row = await api.db
      .selectFrom('orders')
      .select([
        'is_pickup',
        'order_for_later',
        'order_for_later_request_date_time',
        'extra_order_notes',
        'sub_total_cents',
        'discount_cents',
        'historic_delivery_fee_cents',
        'current_order_status_type_id',
        'customer_id',
        'revision',
      ])
      .where('encrypted_order_id', '=', encryptedOrderId)
      .executeTakeFirst();
    return { order: apiCalls.getOrder.response.parse(answer.body), row: { ...row } };
  }

  /** A delivery order of two large Margheritas for Wednesday 19:00, placed at $37.50, with the key it was created with. */
  async function placedOrder() {
    const key = `placed-${(keys += 1)}-key`;
    const lines = [cartLine(fresh('placed'), { size: pizzaSizes.large, quantity: 2 })];
    const timing = { orderForLater: true, orderForLaterRequestDateTime: LATER, extraOrderNotes: 'No onions' };
    const { encryptedOrderId } = await createOrder(orderBody(lines, { ...timing, revision: 3 }), {
      'idempotency-key': key,
    });
    const order = orderBody(lines, { ...timing, encryptedOrderId, revision: 3 });
    const placed = await api.call(apiCalls.placeOrder.path, {
      body: { order, contact, delivery, paymentMethod: 'cash', expectedTotal: 37.5 },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    return { key, encryptedOrderId, lines, before: await snapshot(encryptedOrderId) };
  }

  /** The rewrite of issue 18: other lines, pickup instead of delivery, 3 am, other notes. */
  const rewrite = (encryptedOrderId: string | null) =>
    orderBody([cartLine(fresh('swapped'), { quantity: 9 })], {
      encryptedOrderId,
      isPickup: true,
      orderForLater: true,
      orderForLaterRequestDateTime: NIGHT,
      extraOrderNotes: 'Changed after placing',
      revision: 99,
    });

  describe('a placed order stays as the customer placed it', () => {
    it('refuses create-order with the placed order id with 409 and changes nothing', async () => {
      const { encryptedOrderId, before } = await placedOrder();
      const counts = await api.counts();
      const answer = await api.call(apiCalls.createOrder.path, { body: rewrite(encryptedOrderId) });
      expect(answer).toMatchObject({ status: 409, body: { success: false, message: messages.orderPlaced } });
      expect(await snapshot(encryptedOrderId)).toEqual(before);
      expect(await api.counts()).toEqual(counts);
    });

    it("refuses create-order with the placed order's Idempotency-Key with 409 and changes nothing", async () => {
      const { key, encryptedOrderId, before } = await placedOrder();
      const counts = await api.counts();
      const answer = await api.call(apiCalls.createOrder.path, {
        body: rewrite(null),
        headers: { 'idempotency-key': key },
      });
      expect(answer).toMatchObject({ status: 409, body: { success: false, message: messages.orderPlaced } });
      expect(await snapshot(encryptedOrderId)).toEqual(before);
      expect(await api.counts()).toEqual(counts);
    });

    it('answers update-order with "already placed" and changes nothing', async () => {
      const { encryptedOrderId, before } = await placedOrder();
      const answer = await api.call(apiCalls.updateOrder.path, { body: rewrite(encryptedOrderId) });
      expect(answer).toMatchObject({ status: 200, body: { success: false, message: messages.orderPlaced } });
      expect(await snapshot(encryptedOrderId)).toEqual(before);
    });

    it('answers update-customer with "already placed": a customer cannot be attached to a placed order', async () => {
      const { encryptedOrderId, before } = await placedOrder();
      const signup = await api.call(apiCalls.signup.path, {
        body: {
          fullName: 'Ada Lovelace',
          email: 'late-attach@example.com',
          phoneNumber: '0400 000 000',
          password: 'pizza-lover-42',
        },
      });
      const account = apiCalls.signup.response.parse(signup.body);
      if (!account.success) throw new Error(account.message);
      const answer = await api.call(apiCalls.updateCustomer.path, {
        body: { encryptedOrderId, customerId: account.custInfo.customerId },
        headers: bearer(account.sessionToken),
      });
      expect(answer).toMatchObject({ status: 200, body: { success: false, message: messages.orderPlaced } });
      expect(await snapshot(encryptedOrderId)).toEqual(before);
    });

    it('records a status sent for a placed order without making it the order status', async () => {
      const { encryptedOrderId, before } = await placedOrder();
      const statuses = (await api.counts()).order_statuses ?? 0;
      const answer = await api.call(apiCalls.createOrderStatus.path, {
        body: {
          encryptedOrderId,
          orderStatus: { orderStatusTypeId: 55, notes: '', timestamp: '2030-03-05T20:05:00+11:00' },
        },
      });
      expect(answer.status).toBe(200);
      expect((await api.counts()).order_statuses).toBe(statuses + 1);
      expect(await snapshot(encryptedOrderId)).toEqual(before);
    });

    it('refuses a write to a placed order in the database itself, whatever path it takes', async () => {
      const { encryptedOrderId, before } = await placedOrder();
      const { db } = api;
      const { order_id: orderId } = await db
        .selectFrom('orders')
        .select('order_id')
        .where('encrypted_order_id', '=', encryptedOrderId)
        .executeTakeFirstOrThrow();
      await expect(
        db.updateTable('orders').set({ is_pickup: 1, sub_total_cents: 1 }).where('order_id', '=', orderId).execute(),
      ).rejects.toThrow(/order is placed/);
      await expect(
        db.updateTable('order_products').set({ quantity: 9 }).where('order_id', '=', orderId).execute(),
      ).rejects.toThrow(/order is placed/);
      await expect(db.deleteFrom('order_products').where('order_id', '=', orderId).execute()).rejects.toThrow(
        /order is placed/,
      );
      await expect(
        db.updateTable('orders').set({ placement_json: '{}' }).where('order_id', '=', orderId).execute(),
      ).rejects.toThrow(/order is placed/);
      expect(await snapshot(encryptedOrderId)).toEqual(before);
    });
  });

  describe('a write older than the stored one never replaces it', () => {
    it('refuses update-order of an older revision with 409 and keeps the newer cart', async () => {
      const line = fresh('rev');
      const { encryptedOrderId } = await createOrder(orderBody([cartLine(line)], { revision: 1 }));
      const newer = await api.call(apiCalls.updateOrder.path, {
        body: orderBody([cartLine(line, { quantity: 3 })], { encryptedOrderId, revision: 4 }),
      });
      expect(newer.body).toMatchObject({ success: true });
      const before = await snapshot(encryptedOrderId);
      const stale = await api.call(apiCalls.updateOrder.path, {
        body: orderBody([cartLine(line, { quantity: 2 })], { encryptedOrderId, isPickup: true, revision: 2 }),
      });
      expect(stale).toMatchObject({ status: 409, body: { success: false, message: messages.staleOrder } });
      expect(await snapshot(encryptedOrderId)).toEqual(before);
      expect(before.order.products.map((product) => product.quantity)).toEqual([3]);
    });

    it('refuses a delayed first create-order arriving after its retry and an update with 409', async () => {
      const [first, added] = [fresh('first'), fresh('added')];
      const headers = { 'idempotency-key': `delayed-${(keys += 1)}-key` };
      const { encryptedOrderId } = await createOrder(
        orderBody([cartLine(first), cartLine(added)], { revision: 2 }),
        headers,
      );
      const before = await snapshot(encryptedOrderId);
      const delayed = await api.call(apiCalls.createOrder.path, {
        body: orderBody([cartLine(first)], { revision: 1 }),
        headers,
      });
      expect(delayed).toMatchObject({ status: 409, body: { message: messages.staleOrder } });
      expect(await snapshot(encryptedOrderId)).toEqual(before);
    });

    it('takes the same revision again: a retry whose answer was lost', async () => {
      const line = fresh('same');
      const { encryptedOrderId } = await createOrder(orderBody([cartLine(line)], { revision: 5 }));
      const again = await api.call(apiCalls.updateOrder.path, {
        body: orderBody([cartLine(line)], { encryptedOrderId, revision: 5 }),
      });
      expect(again.body).toMatchObject({ success: true });
    });

    it('refuses to place an older cart than the order holds', async () => {
      const line = fresh('place-old');
      const lines = [cartLine(line, { size: pizzaSizes.large, quantity: 2 })];
      const { encryptedOrderId } = await createOrder(orderBody(lines, { revision: 7 }));
      const answer = await api.call(apiCalls.placeOrder.path, {
        body: {
          order: orderBody(lines, { encryptedOrderId, revision: 6 }),
          contact,
          delivery,
          paymentMethod: 'cash',
          expectedTotal: 37.5,
        },
      });
      expect(answer).toMatchObject({ status: 409, body: { message: messages.staleOrder } });
      expect((await snapshot(encryptedOrderId)).order.placement).toBeNull();
    });
  });

  describe('order times are 15-minute slots', () => {
    it('refuses to place an order for a slot plus 7 minutes with the spec wording, and places the slot itself', async () => {
      const lines = [cartLine(fresh('grid'), { size: pizzaSizes.large, quantity: 2 })];
      const { encryptedOrderId } = await createOrder(orderBody(lines));
      const offGrid = new Date(new Date(LATER).getTime() + 7 * 60_000).toISOString();
      const body = (at: string) => ({
        order: orderBody(lines, { encryptedOrderId, orderForLater: true, orderForLaterRequestDateTime: at }),
        contact,
        delivery,
        paymentMethod: 'cash',
        expectedTotal: 37.5,
      });
      const refused = await api.call(apiCalls.placeOrder.path, { body: body(offGrid) });
      expect(refused).toMatchObject({
        status: 422,
        body: {
          message: 'Time slots are in 15-minute steps. Please choose one of the listed times.',
          issues: [{ path: 'orderTime' }],
        },
      });
      expect((await snapshot(encryptedOrderId)).order.placement).toBeNull();
      expect((await api.call(apiCalls.placeOrder.path, { body: body(LATER) })).status).toBe(200);
    });
  });

  describe('an order body names only menu groups and keeps its text short', () => {
    it.each([
      [
        'an unknown productGroupId',
        () => orderBody([cartLine(fresh('g'), { productGroupId: 999 })]),
        'products.0.productGroupId',
      ],
      [
        'an unknown productGroupId of a second half',
        () =>
          orderBody([
            {
              ...halfHalfLine(fresh('g')),
              secondHalf: { productId: 102, productGroupId: 998, productName: 'Pepperoni', size: pizzaSizes.large },
            },
          ]),
        'products.0.secondHalf.productGroupId',
      ],
      ['a 400 KB source', () => orderBody([cartLine(fresh('s'))], { source: 'x'.repeat(400_000) }), 'source'],
      [
        'a 5,000-character product name',
        () => orderBody([cartLine(fresh('n'), { productName: 'x'.repeat(5000) })]),
        'products.0.productName',
      ],
      [
        'a 5,000-character size name',
        () => orderBody([cartLine(fresh('z'), { size: { ...pizzaSizes.small, name: 'x'.repeat(5000) } })]),
        'products.0.size.name',
      ],
      [
        'a 5,000-character extra name',
        () =>
          orderBody([
            cartLine(fresh('e'), { extras: [{ ingredientId: 41, name: 'x'.repeat(5000), quantity: 1, price: 2 }] }),
          ]),
        'products.0.extras.0.name',
      ],
      ['a negative revision', () => orderBody([cartLine(fresh('r'))], { revision: -1 }), 'revision'],
    ])('refuses %s with 400 naming the field, and stores nothing', async (_name, body, path) => {
      const counts = await api.counts();
      for (const call of [apiCalls.createOrder, apiCalls.updateOrder]) {
        const answer = await api.call(call.path, { body: body() });
        expect(answer).toMatchObject({ status: 400, body: { success: false, issues: [{ path }] } });
      }
      expect(await api.counts()).toEqual(counts);
    });
  });
});
