import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../src/lib/api/contract.ts';
import { cartLine, lineUuid, orderBody, startTestApi, type TestApi } from './test-support.ts';

/** Attacks on the reference API (issue 12), each refused with nothing stored or changed. */

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.dispose());

let sequence = 0;
const fresh = (name: string) => lineUuid(`${name}-${(sequence += 1)}`);
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function createOrder(body: unknown, headers: Record<string, string> = {}) {
  const answer = await api.call(apiCalls.createOrder.path, { body, headers });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return apiCalls.createOrder.response.parse(answer.body);
}

async function storedLines(encryptedOrderId: string) {
  const answer = await api.call(apiCalls.getOrder.path, { body: { encryptedOrderId } });
  return apiCalls.getOrder.response.parse(answer.body).products;
}

describe('a cart-line uuid is not an order credential', () => {
  it('refuses a second client sending the uuid of a line of someone else’s order with 409, and hands out nothing', async () => {
    const victimLine = fresh('victim');
    const victim = await createOrder(orderBody([cartLine(victimLine)]), { 'idempotency-key': 'victim-key-0001' });
    const before = api.counts();

    const answer = await api.call(apiCalls.createOrder.path, { body: orderBody([cartLine(victimLine, { quantity: 9 })]), headers: { 'idempotency-key': 'attacker-key-0001' } });

    expect(answer.status).toBe(409);
    expect(JSON.stringify(answer.body)).not.toContain(victim.encryptedOrderId);
    expect(api.counts()).toEqual(before);
    expect((await storedLines(victim.encryptedOrderId)).map((line) => line.quantity)).toEqual([1]);
  });

  it('refuses the same attack without an Idempotency-Key', async () => {
    const victimLine = fresh('victim');
    const victim = await createOrder(orderBody([cartLine(victimLine)]));
    const before = api.counts();
    const answer = await api.call(apiCalls.createOrder.path, { body: orderBody([cartLine(victimLine, { quantity: 9 })]) });
    expect(answer.status).toBe(409);
    expect(JSON.stringify(answer.body)).not.toContain(victim.encryptedOrderId);
    expect(api.counts()).toEqual(before);
  });

  it.each([['line-1'], ['1'], ['00000000-0000-0000-0000-000000000000']])('refuses a guessable line uuid %j with 400', async (uuid) => {
    const before = api.counts();
    const answer = await api.call(apiCalls.createOrder.path, { body: orderBody([{ ...cartLine(fresh('x')), uuid }]) });
    expect(answer).toMatchObject({ status: 400, body: { issues: [{ path: 'products.0.uuid' }] } });
    expect(api.counts()).toEqual(before);
  });

  it('refuses an Idempotency-Key of one order sent with the id of another with 409', async () => {
    const first = await createOrder(orderBody([cartLine(fresh('k'))]), { 'idempotency-key': 'first-key-0001' });
    const second = await createOrder(orderBody([cartLine(fresh('k'))]));
    const before = api.counts();
    const answer = await api.call(apiCalls.createOrder.path, { body: orderBody([cartLine(fresh('k'))], { encryptedOrderId: second.encryptedOrderId }), headers: { 'idempotency-key': 'first-key-0001' } });
    expect(answer.status).toBe(409);
    expect(api.counts()).toEqual(before);
    expect(await storedLines(first.encryptedOrderId)).toHaveLength(1);
  });
});

describe('names, sizes, options and extras of a stored line come from the catalogue', () => {
  const forged = () =>
    cartLine(fresh('forged'), {
      productName: 'FAMILY SUPREME x10',
      size: { retailerProductSizeId: 11, productGroupId: 1, productSizeId: 1, name: 'Family x10', price: 120, defaultProductPrice: 120 },
      extras: [{ ingredientId: 41, name: 'Gold leaf', quantity: 1, price: 0 }],
      options: [{ retailerProductOptionId: 31, retailerProductOptionChoiceId: 312, name: 'Free for the table', defaultPrice: 0 }],
    });

  it.each([['create-order', 'create'], ['update-order', 'update']])('%s stores the Small Margherita as the menu names it', async (_name, via) => {
    const line = forged();
    let encryptedOrderId: string;
    if (via === 'create') {
      encryptedOrderId = (await createOrder(orderBody([line]))).encryptedOrderId;
    } else {
      encryptedOrderId = (await createOrder(orderBody([cartLine(fresh('plain'))]))).encryptedOrderId;
      const answer = await api.call(apiCalls.updateOrder.path, { body: orderBody([line], { encryptedOrderId }) });
      expect(answer).toMatchObject({ status: 200, body: { success: true } });
    }
    const [stored] = await storedLines(encryptedOrderId);
    expect(stored).toMatchObject({
      uuid: line.uuid,
      productName: 'Margherita',
      size: { retailerProductSizeId: 11, name: 'Small', price: 12 },
      extras: [{ ingredientId: 41, name: 'Mozzarella', quantity: 1, price: 2 }],
      options: [{ retailerProductOptionId: 31, retailerProductOptionChoiceId: 312, name: 'Thick' }],
      historicPrice: 15.5,
    });
    expect(JSON.stringify(stored)).not.toMatch(/FAMILY|Family|Gold|Free for/);
  });

  it('names the second half of a half-and-half from the menu too', async () => {
    const line = cartLine(fresh('half'), {
      size: { retailerProductSizeId: 12, productGroupId: 1, productSizeId: 2, name: 'Large', price: 18, defaultProductPrice: 18 },
      isHalfHalf: true,
      secondHalf: { productId: 102, productGroupId: 1, productName: 'Lobster', size: { retailerProductSizeId: 12, productGroupId: 1, productSizeId: 2, name: 'Huge', price: 1, defaultProductPrice: 1 } },
    });
    const { encryptedOrderId } = await createOrder(orderBody([line]));
    const [stored] = await storedLines(encryptedOrderId);
    expect(stored?.secondHalf).toMatchObject({ productName: 'Pepperoni', size: { name: 'Large', price: 20 } });
  });
});

describe('detaching the customer of an order needs their session', () => {
  async function signup(email: string) {
    const answer = await api.call(apiCalls.signup.path, { body: { fullName: 'Ada Lovelace', email, phoneNumber: '0400 000 000', password: 'pizza-lover-42' } });
    const body = apiCalls.signup.response.parse(answer.body);
    if (!body.success) throw new Error(body.message);
    return body;
  }

  it('refuses customerId null from someone holding only the order id, with 401, and the customer stays attached', async () => {
    const { custInfo, sessionToken } = await signup('attached@example.com');
    const { encryptedOrderId } = await createOrder(orderBody([cartLine(fresh('mine'))]));
    expect((await api.call(apiCalls.updateCustomer.path, { body: { encryptedOrderId, customerId: custInfo.customerId }, headers: bearer(sessionToken) })).body).toEqual({ success: true });

    const other = await signup('someone-else@example.com');
    for (const headers of [{}, bearer(other.sessionToken)]) {
      const answer = await api.call(apiCalls.updateCustomer.path, { body: { encryptedOrderId, customerId: null }, headers });
      expect(answer.status).toBe(401);
    }
    const swap = await api.call(apiCalls.updateCustomer.path, { body: { encryptedOrderId, customerId: other.custInfo.customerId }, headers: bearer(other.sessionToken) });
    expect(swap.status).toBe(401);

    const order = await api.call(apiCalls.getOrder.path, { body: { encryptedOrderId } });
    expect(order.body).toMatchObject({ loggedInCustId: custInfo.customerId });
  });
});
