import { describe, expect, it } from 'vitest';
import { apiCalls } from '../../../lib/api/contract.ts';
import { orderWatchTopicId } from '../../broker/acl.ts';
import { pizzaSizes } from './fixtures/orders.ts';
import {
  cartLine,
  halfHalfLine,
  lineUuid,
  loadedLine,
  onEachStore,
  OPEN_NOW,
  operatorHeaders,
  orderBody,
  type Answer,
} from './support/test-support.ts';

await onEachStore(({ api }) => {
  let sequence = 0;
  /** Cart line uuids unique across the tests of this file, which share one database. */
  const uuid = (name: string) => lineUuid(`${name}-${(sequence += 1)}`);

  interface Created {
    encryptedOrderId: string;
    uuidToOrderProductIds: Record<string, number>;
  }

  async function create(body: unknown, headers: Record<string, string> = {}): Promise<Created> {
    const answer = await api.call(apiCalls.createOrder.path, { body, headers });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return apiCalls.createOrder.response.parse(answer.body);
  }

  async function getOrder(encryptedOrderId: string) {
    const answer = await api.call(apiCalls.getOrder.path, { body: { encryptedOrderId } });
    expect(answer.status).toBe(200);
    return apiCalls.getOrder.response.parse(answer.body);
  }

  const markProcessed = (encryptedOrderId: string) =>
    api.call(`/operator/tenants/test-pizza/orders/${encryptedOrderId}/processed`, {
      method: 'POST',
      headers: operatorHeaders(),
      domain: null,
    });

  describe('create-order and get-order', () => {
    it('stores the order and answers its id and one order product id per cart line', async () => {
      const lines = [cartLine(uuid('a')), loadedLine(uuid('b'))];
      const created = await create(orderBody(lines));
      expect(created.encryptedOrderId).toMatch(/^[\w-]{20,}$/);
      expect(Object.keys(created.uuidToOrderProductIds).sort()).toEqual(lines.map((line) => line.uuid).sort());

      const order = await getOrder(created.encryptedOrderId);
      expect(order).toMatchObject({ orderProcessed: false, loggedInCustId: null, historicDeliveryFee: 5.5 });
      expect(order.products.map((product) => [product.uuid, product.orderProductId])).toEqual(
        lines.map((line) => [line.uuid, created.uuidToOrderProductIds[line.uuid]]),
      );
    });

    it.each([
      ['a small Margherita', 12, () => cartLine(uuid('p'))],
      ['a large Margherita with extra mozzarella and a thick crust', 21.5, () => loadedLine(uuid('p'))],
      ['half Margherita, half Pepperoni', 21, () => halfHalfLine(uuid('p'))],
      [
        'a Pepperoni at its own price, not the group default',
        14,
        () => cartLine(uuid('p'), { productId: 102, productName: 'Pepperoni' }),
      ],
    ])('prices %s on the server at $%d, whatever the client claims', async (_name, expected, line) => {
      const tampered = { ...line(), historicPrice: 0.01 };
      const created = await create(orderBody([tampered]));
      const [stored] = (await getOrder(created.encryptedOrderId)).products;
      expect(stored?.historicPrice).toBe(expected);
    });

    it.each([
      // A large Margherita ($18) and a large Pepperoni ($20) for the $32 special.
      [
        'two large pizzas make up the special',
        [
          () => cartLine(uuid('s'), { size: pizzaSizes.large }),
          () => cartLine(uuid('s'), { productId: 102, productName: 'Pepperoni', size: pizzaSizes.large }),
        ],
        18 + 20 - 32,
      ],
      ['one large pizza does not', [() => cartLine(uuid('s'), { size: pizzaSizes.large })], 0],
      [
        'lines bound to the deal they were built in get it',
        [
          () => cartLine(uuid('s'), { size: pizzaSizes.large, deal: { retailerSpecialId: 501, dealId: 'deal-a' } }),
          () =>
            cartLine(uuid('s'), {
              productId: 102,
              productName: 'Pepperoni',
              size: pizzaSizes.large,
              deal: { retailerSpecialId: 501, dealId: 'deal-a' },
            }),
        ],
        18 + 20 - 32,
      ],
      [
        'a line bound to a deal it cannot make up gets no discount from it',
        [() => cartLine(uuid('s'), { size: pizzaSizes.large, deal: { retailerSpecialId: 501, dealId: 'deal-b' } })],
        0,
      ],
      [
        'lines bound to a deal the shop does not offer are priced by the priority rule',
        [
          () => cartLine(uuid('s'), { size: pizzaSizes.large, deal: { retailerSpecialId: 999, dealId: 'deal-c' } }),
          () => cartLine(uuid('s'), { productId: 102, productName: 'Pepperoni', size: pizzaSizes.large }),
        ],
        18 + 20 - 32,
      ],
    ])('applies the specials of the order time: %s', async (_name, lines, discount) => {
      const created = await create(orderBody(lines.map((line) => line())));
      expect((await getOrder(created.encryptedOrderId)).discountTotal).toBe(discount);
    });

    it.each([
      ['delivery', false, 99, 5.5],
      ['pickup', true, 5.5, 0],
    ])('stores the retailer delivery fee for %s, not the client one', async (_name, isPickup, claimed, expected) => {
      const created = await create(orderBody([cartLine(uuid('f'))], { isPickup, historicDeliveryFee: claimed }));
      expect((await getOrder(created.encryptedOrderId)).historicDeliveryFee).toBe(expected);
    });

    it.each([
      ['a product no longer on the menu', () => cartLine(uuid('x'), { productId: 999 })],
      [
        'a size the product is not sold in',
        () =>
          cartLine(uuid('x'), {
            size: {
              retailerProductSizeId: 21,
              productGroupId: 2,
              productSizeId: 3,
              name: 'Can',
              price: 3.5,
              defaultProductPrice: 3.5,
            },
          }),
      ],
      [
        'an extra the product does not offer',
        () => cartLine(uuid('x'), { extras: [{ ingredientId: 43, name: 'Basil', quantity: 1, price: 1 }] }),
      ],
      ['a half-and-half without its second half', () => cartLine(uuid('x'), { isHalfHalf: true })],
    ])('refuses %s with 422 and writes nothing', async (_name, line) => {
      const before = await api.counts();
      const answer = await api.call(apiCalls.createOrder.path, { body: orderBody([cartLine(uuid('ok')), line()]) });
      expect(answer.status).toBe(422);
      expect((answer.body as { message: string }).message).toMatch(/^Cart line cannot be priced: /);
      expect(await api.counts()).toEqual(before);
    });

    it('refuses an order for another retailer with 400', async () => {
      const before = await api.counts();
      const answer = await api.call(apiCalls.createOrder.path, {
        body: orderBody([cartLine(uuid('r'))], { retailerId: 111 }),
      });
      expect(answer).toMatchObject({ status: 400, body: { success: false, issues: [{ path: 'retailerId' }] } });
      expect(await api.counts()).toEqual(before);
    });

    it('get-order of an unknown order is 404', async () => {
      const answer = await api.call(apiCalls.getOrder.path, { body: { encryptedOrderId: 'no-such-order' } });
      expect(answer).toMatchObject({ status: 404, body: { success: false, message: 'Order not found' } });
    });
  });

  describe('a retried create never makes a second order', () => {
    it('matched by the same Idempotency-Key, even after more items were added', async () => {
      const line = uuid('retry');
      const headers = { 'idempotency-key': 'cart-key-0001' };
      const before = (await api.counts()).orders;
      const original = await create(orderBody([cartLine(line)]), headers);
      const again = await create(orderBody([cartLine(line), cartLine(uuid('added'))]), headers);
      expect(again.encryptedOrderId).toBe(original.encryptedOrderId);
      expect((await api.counts()).orders).toBe((before ?? 0) + 1);
    });

    it('matched by the order id the client already holds', async () => {
      const line = uuid('held');
      const before = (await api.counts()).orders;
      const original = await create(orderBody([cartLine(line)]));
      const again = await create(
        orderBody([cartLine(line), cartLine(uuid('added'))], { encryptedOrderId: original.encryptedOrderId }),
      );
      expect(again.encryptedOrderId).toBe(original.encryptedOrderId);
      expect((await api.counts()).orders).toBe((before ?? 0) + 1);
    });

    it('keeps one order when the same create arrives 10 times at once', async () => {
      const body = orderBody([cartLine(uuid('burst'))]);
      const before = (await api.counts()).orders ?? 0;
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => create(body, { 'idempotency-key': 'burst-key-0001' })),
      );
      expect(new Set(answers.map((answer) => answer.encryptedOrderId)).size).toBe(1);
      expect((await api.counts()).orders).toBe(before + 1);
    });

    it('answers a retry of a processed order with that order, unchanged', async () => {
      const line = cartLine(uuid('done'));
      const headers = { 'idempotency-key': 'done-key-0001' };
      const original = await create(orderBody([line]), headers);
      expect((await markProcessed(original.encryptedOrderId)).status).toBe(200);
      const again = await create(orderBody([line, cartLine(uuid('late'))]), headers);
      expect(again).toEqual(original);
      expect((await getOrder(original.encryptedOrderId)).products).toHaveLength(1);
    });

    it('refuses cart lines spread over two orders with 409', async () => {
      const [first, second] = [uuid('one'), uuid('two')];
      await create(orderBody([cartLine(first)]));
      await create(orderBody([cartLine(second)]));
      const before = await api.counts();
      const answer = await api.call(apiCalls.createOrder.path, {
        body: orderBody([cartLine(first), cartLine(second)]),
      });
      expect(answer.status).toBe(409);
      expect(await api.counts()).toEqual(before);
    });
  });

  describe('update-order', () => {
    async function update(body: unknown): Promise<Answer> {
      return api.call(apiCalls.updateOrder.path, { body });
    }

    it('replaces the lines; a kept line keeps its order product id, a removed one is gone', async () => {
      const [kept, removed, added] = [uuid('kept'), uuid('removed'), uuid('added')];
      const created = await create(orderBody([cartLine(kept), cartLine(removed)]));
      const answer = await update(
        orderBody([cartLine(kept, { quantity: 3 }), loadedLine(added)], {
          encryptedOrderId: created.encryptedOrderId,
          isPickup: true,
        }),
      );
      expect(answer).toMatchObject({ status: 200, body: { success: true, message: 'Order updated' } });
      const ids = apiCalls.updateOrder.response.parse(answer.body).uuidToOrderProductIds;
      expect(Object.keys(ids).sort()).toEqual([added, kept].sort());
      expect(ids[kept]).toBe(created.uuidToOrderProductIds[kept]);

      const order = await getOrder(created.encryptedOrderId);
      expect(order.products.map((product) => [product.uuid, product.quantity, product.historicPrice])).toEqual([
        [kept, 3, 12],
        [added, 1, 21.5],
      ]);
      expect(order.historicDeliveryFee).toBe(0);
    });

    it('empties the order when the cart is emptied', async () => {
      const created = await create(orderBody([cartLine(uuid('gone'))]));
      const answer = await update(orderBody([], { encryptedOrderId: created.encryptedOrderId }));
      expect(answer).toMatchObject({ status: 200, body: { success: true, uuidToOrderProductIds: {} } });
      expect((await getOrder(created.encryptedOrderId)).products).toEqual([]);
    });

    it.each([
      ['no order id', null],
      ['an unknown order id', 'no-such-order'],
    ])('with %s answers success false, "No active order to update"', async (_name, encryptedOrderId) => {
      const before = await api.counts();
      const answer = await update(orderBody([cartLine(uuid('none'))], { encryptedOrderId }));
      expect(answer).toMatchObject({
        status: 200,
        body: { success: false, message: 'No active order to update', uuidToOrderProductIds: {} },
      });
      expect(await api.counts()).toEqual(before);
    });

    it('on a processed order answers success false, "Order has already been processed. Please refresh the page." and changes nothing', async () => {
      const line = cartLine(uuid('processed'));
      const created = await create(orderBody([line]));
      await markProcessed(created.encryptedOrderId);
      const answer = await update(
        orderBody([line, cartLine(uuid('extra'))], { encryptedOrderId: created.encryptedOrderId }),
      );
      expect(answer).toMatchObject({
        status: 200,
        body: { success: false, message: 'Order has already been processed. Please refresh the page.' },
      });
      const order = await getOrder(created.encryptedOrderId);
      expect(order.orderProcessed).toBe(true);
      expect(order.products.map((product) => product.uuid)).toEqual([line.uuid]);
    });

    it('refuses a line owned by another order with 409 and changes neither', async () => {
      const [mine, theirs] = [uuid('mine'), uuid('theirs')];
      const created = await create(orderBody([cartLine(mine)]));
      await create(orderBody([cartLine(theirs)]));
      const before = await api.counts();
      const answer = await update(
        orderBody([cartLine(mine), cartLine(theirs)], { encryptedOrderId: created.encryptedOrderId }),
      );
      expect(answer.status).toBe(409);
      expect(await api.counts()).toEqual(before);
    });

    it('refuses an unpriceable line with 422 and keeps the order as it was', async () => {
      const line = cartLine(uuid('stay'));
      const created = await create(orderBody([line]));
      const answer = await update(
        orderBody([cartLine(line.uuid, { quantity: 5 }), cartLine(uuid('bad'), { productId: 999 })], {
          encryptedOrderId: created.encryptedOrderId,
        }),
      );
      expect(answer.status).toBe(422);
      expect((await getOrder(created.encryptedOrderId)).products.map((product) => product.quantity)).toEqual([1]);
    });
  });

  describe('create-order-status', () => {
    const status = (orderStatusTypeId: number) => ({
      orderStatusTypeId,
      notes: 'Order started on the web storefront',
      timestamp: '2030-03-05T20:00:00+11:00',
    });

    it.each([
      ['before any order exists (the start-of-visit status)', 54, false],
      ['for an order', 55, true],
    ])('records a status %s', async (_name, code, withOrder) => {
      const encryptedOrderId = withOrder ? (await create(orderBody([cartLine(uuid('s'))]))).encryptedOrderId : null;
      const before = (await api.counts()).order_statuses ?? 0;
      const answer = await api.call(apiCalls.createOrderStatus.path, {
        body: { encryptedOrderId, orderStatus: status(code) },
      });
      expect(answer.status).toBe(200);
      expect(apiCalls.createOrderStatus.response.parse(answer.body).orderStatusId).toBeGreaterThan(0);
      expect((await api.counts()).order_statuses).toBe(before + 1);
    });

    it('sent again with the same Idempotency-Key (its answer lost) is recorded once, with the same id', async () => {
      const { encryptedOrderId } = await create(orderBody([cartLine(uuid('k'))]));
      const before = (await api.counts()).order_statuses ?? 0;
      const send = (key: string) =>
        api.call(apiCalls.createOrderStatus.path, {
          body: { encryptedOrderId, orderStatus: status(55) },
          headers: { 'idempotency-key': key },
        });
      const first = apiCalls.createOrderStatus.response.parse((await send('status-key-0001')).body);
      const again = apiCalls.createOrderStatus.response.parse((await send('status-key-0001')).body);
      expect(again.orderStatusId).toBe(first.orderStatusId);
      expect((await api.counts()).order_statuses).toBe(before + 1);
      const other = apiCalls.createOrderStatus.response.parse((await send('status-key-0002')).body);
      expect(other.orderStatusId).not.toBe(first.orderStatusId);
      expect((await api.counts()).order_statuses).toBe(before + 2);
      expect((await send('bad key')).status).toBe(400);
      expect((await api.counts()).order_statuses).toBe(before + 2);
    });

    it('for an unknown order is 404 and records nothing', async () => {
      const before = await api.counts();
      const answer = await api.call(apiCalls.createOrderStatus.path, {
        body: { encryptedOrderId: 'no-such-order', orderStatus: status(56) },
      });
      expect(answer).toMatchObject({ status: 404, body: { message: 'Order not found' } });
      expect(await api.counts()).toEqual(before);
    });
  });

  describe('place-order', () => {
    const contact = { fullName: 'Ada Lovelace', phoneNumber: '0400 000 000', email: 'ada@example.com' };
    const delivery = { street: '1 Collins St', suburbId: 1, instructions: 'Ring twice' };
    /** Two large Margheritas ($36 on their own) make up the $32 special; delivery adds $5.50. */
    const twoLarge = () => [cartLine(uuid('p'), { size: pizzaSizes.large, quantity: 2 })];

    async function placeable() {
      const lines = twoLarge();
      const created = await create(orderBody(lines));
      return { lines, order: orderBody(lines, { encryptedOrderId: created.encryptedOrderId }) };
    }

    const place = (body: unknown) => api.call(apiCalls.placeOrder.path, { body });

    it('places the order at the total shown, stores who, where and how, and answers the same placement to a retry', async () => {
      const { order } = await placeable();
      const body = { order, contact, delivery, paymentMethod: 'cash', expectedTotal: 37.5 };
      const first = await place(body);
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      const placement = apiCalls.placeOrder.response.parse(first.body).placement;
      expect(placement).toMatchObject({
        isPickup: false,
        contact,
        delivery: { ...delivery, suburbName: 'Melbourne', postcode: '3000' },
        paymentMethod: 'cash',
        subTotal: 36,
        discountTotal: 4,
        deals: [{ name: 'Two Large Pizzas', discount: 4 }],
        deliveryFee: 5.5,
        total: 37.5,
      });
      const again = await place(body);
      expect(again.status).toBe(200);
      expect(apiCalls.placeOrder.response.parse(again.body).placement).toEqual(placement);
      const { receipt } = apiCalls.placeOrder.response.parse(again.body);
      const read = apiCalls.getOrder.response.parse(
        (await api.call(apiCalls.getOrder.path, { body: { encryptedOrderId: order.encryptedOrderId, receipt } })).body,
      );
      expect({ ...read.placement, ...read.placementDetails }).toEqual(placement);
      const update = await api.call(apiCalls.updateOrder.path, { body: order });
      expect(update.body).toMatchObject({
        success: false,
        message: 'This order has already been placed. Start a new order to add more.',
      });
    });

    it.each([
      [
        'a tampered total',
        { expectedTotal: 1 },
        422,
        'The total is now $37.50, not $1.00. Please check your order and place it again.',
      ],
      [
        'a suburb the shop does not deliver to',
        { delivery: { ...delivery, suburbId: 77 } },
        422,
        'We do not deliver to that suburb. Choose one from the list, or order for pickup.',
      ],
      [
        'delivery without an address',
        { delivery: null },
        422,
        'We do not deliver to that suburb. Choose one from the list, or order for pickup.',
      ],
      [
        'a later time already gone',
        { later: '2020-01-01T08:00:00Z' },
        422,
        'Please choose a time at least 15 minutes from now.',
      ],
      ['a bad email', { contact: { ...contact, email: 'nope' } }, 400, 'Invalid request body'],
    ])('refuses %s and stores nothing', async (_name, change, status, message) => {
      const { order } = await placeable();
      const { later, ...rest } = change as { later?: string } & Record<string, unknown>;
      const sent = later ? { ...order, orderForLater: true, orderForLaterRequestDateTime: later } : order;
      const answer = await place({
        order: sent,
        contact,
        delivery,
        paymentMethod: 'cash',
        expectedTotal: 37.5,
        ...rest,
      });
      expect(answer.status).toBe(status);
      expect((answer.body as { message: string }).message).toContain(message);
      expect((await getOrder(order.encryptedOrderId ?? '')).placement).toBeNull();
    });

    const placed = async (changes: Record<string, unknown> = {}) => {
      const { order } = await placeable();
      const answer = await place({ order, contact, delivery, paymentMethod: 'cash', expectedTotal: 37.5, ...changes });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return { order, placement: apiCalls.placeOrder.response.parse(answer.body).placement };
    };

    it('numbers placed orders one after another, and a retry keeps its number', async () => {
      const first = await placed();
      const second = await placed();
      expect(second.placement.orderNumber).toBe(first.placement.orderNumber + 1);
      const retried = await place({
        order: first.order,
        contact,
        delivery,
        paymentMethod: 'cash',
        expectedTotal: 37.5,
      });
      expect(apiCalls.placeOrder.response.parse(retried.body).placement.orderNumber).toBe(first.placement.orderNumber);
      expect((await getOrder(second.order.encryptedOrderId ?? '')).placement?.orderNumber).toBe(
        second.placement.orderNumber,
      );
    });

    it('gives ten orders placed at once ten numbers in a row', async () => {
      const orders = await Promise.all(Array.from({ length: 10 }, () => placeable()));
      const answers = await Promise.all(
        orders.map(({ order }) => place({ order, contact, delivery, paymentMethod: 'cash', expectedTotal: 37.5 })),
      );
      const numbers = answers
        .map((answer) => apiCalls.placeOrder.response.parse(answer.body).placement.orderNumber)
        .sort((a, b) => a - b);
      expect(numbers).toEqual(numbers.map((_, index) => (numbers[0] ?? 0) + index));
    });

    it("counts each retailer's orders on their own", async () => {
      const line = cartLine(uuid('other'));
      const created = await api.call(apiCalls.createOrder.path, {
        body: orderBody([line], { retailerId: 9003, isPickup: true }),
        domain: 'order.otherpizza.example',
      });
      const { encryptedOrderId } = apiCalls.createOrder.response.parse(created.body);
      await placed();
      const answer = await api.call(apiCalls.placeOrder.path, {
        body: {
          order: orderBody([line], { retailerId: 9003, isPickup: true, encryptedOrderId }),
          contact,
          delivery: null,
          paymentMethod: 'cash',
          expectedTotal: 12,
        },
        domain: 'order.otherpizza.example',
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(apiCalls.placeOrder.response.parse(answer.body).placement.orderNumber).toBe(1);
    });

    it.each([
      [
        'now, by delivery: the live delivery wait (30 minutes) from placing',
        {},
        new Date(OPEN_NOW.getTime() + 30 * 60_000).toISOString(),
      ],
      ['for later: the time asked for', { later: '2030-03-06T08:00:00.000Z' }, '2030-03-06T08:00:00.000Z'],
    ])('records when it is due %s', async (_name, { later }: { later?: string }, dueAt) => {
      const { order } = await placeable();
      const sent = later ? { ...order, orderForLater: true, orderForLaterRequestDateTime: later } : order;
      const answer = await place({ order: sent, contact, delivery, paymentMethod: 'cash', expectedTotal: 37.5 });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(apiCalls.placeOrder.response.parse(answer.body).placement.dueAt).toBe(dueAt);
    });

    it('hands the page a watch key for the live status from placing, and still once the kitchen took the order', async () => {
      const { order } = await placeable();
      const id = order.encryptedOrderId ?? '';
      expect((await getOrder(id)).orderWatch).toBeNull();
      await place({ order, contact, delivery, paymentMethod: 'cash', expectedTotal: 37.5 });
      const watch = (await getOrder(id)).orderWatch;
      expect(watch?.key).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(watch?.key).not.toBe(id);
      expect(watch?.topicId).toBe(orderWatchTopicId(watch?.key ?? ''));
      expect((await getOrder(id)).orderWatch).toEqual(watch);
      await markProcessed(id);
      // The page follows it to collected or delivered, when the key goes (kitchen-board.test.ts).
      expect((await getOrder(id)).orderWatch).toEqual(watch);
    });

    it('refuses an order the kitchen already took', async () => {
      const { order } = await placeable();
      await markProcessed(order.encryptedOrderId ?? '');
      const answer = await place({ order, contact, delivery, paymentMethod: 'cash', expectedTotal: 37.5 });
      expect(answer.status).toBe(409);
      expect((await getOrder(order.encryptedOrderId ?? '')).placement).toBeNull();
    });
  });
});
