import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../src/lib/api/contract.ts';
import { cartLine, loadedLine, operatorHeaders, orderBody, startTestApi, tempDir } from './test-support.ts';

const dir = tempDir();
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a restart of the API on the same file', () => {
  it('keeps every order with its lines and ids, every status, customer, session and override', async () => {
    const first = await startTestApi({ dir });
    const signup = apiCalls.signup.response.parse(
      (await first.call(apiCalls.signup.path, { body: { fullName: 'Ada Lovelace', email: 'ada@example.com', phoneNumber: '0400 000 000', password: 'long-enough' } })).body,
    );
    if (!signup.success) throw new Error(signup.message);
    const orders: { encryptedOrderId: string }[] = [];
    for (let index = 0; index < 5; index += 1) {
      const created = await first.call(apiCalls.createOrder.path, { body: orderBody([cartLine(`keep-${index}`), loadedLine(`keep-${index}-b`)]) });
      orders.push(apiCalls.createOrder.response.parse(created.body));
    }
    const [attached, processed] = orders;
    if (!attached || !processed) throw new Error('orders were not created');
    await first.call(apiCalls.updateCustomer.path, { body: { encryptedOrderId: attached.encryptedOrderId, customerId: signup.custInfo.customerId }, headers: { authorization: `Bearer ${signup.sessionToken}` } });
    await first.call(apiCalls.createOrderStatus.path, { body: { encryptedOrderId: attached.encryptedOrderId, orderStatus: { orderStatusTypeId: 63, notes: 'login', timestamp: '2030-03-05T20:00:00+11:00' } } });
    await first.call(`/operator/tenants/test-pizza/orders/${processed.encryptedOrderId}/processed`, { method: 'POST', headers: operatorHeaders(), domain: null });
    await first.call('/operator/tenants/test-pizza/clock-override', { method: 'PUT', body: { livePickupWaitTime: 50 }, headers: operatorHeaders(), domain: null });
    const readAll = (api: typeof first) => Promise.all(orders.map(async ({ encryptedOrderId }) => (await api.call(apiCalls.getOrder.path, { body: { encryptedOrderId } })).body));
    const beforeRestart = await readAll(first);
    const countsBefore = (await first.counts());
    await first.close();

    const second = await startTestApi({ dir });
    try {
      expect((await second.counts())).toEqual(countsBefore);
      expect(await readAll(second)).toEqual(beforeRestart);
      expect(beforeRestart[0]).toMatchObject({ loggedInCustId: signup.custInfo.customerId });
      expect(beforeRestart[1]).toMatchObject({ orderProcessed: true });
      const login = await second.call(apiCalls.login.path, { body: { email: 'ada@example.com', password: 'long-enough' } });
      expect(login.body).toMatchObject({ success: true, custInfo: signup.custInfo });
      const stillLoggedIn = await second.call(apiCalls.updateCustomer.path, {
        body: { encryptedOrderId: orders[2]?.encryptedOrderId, customerId: signup.custInfo.customerId },
        headers: { authorization: `Bearer ${signup.sessionToken}` },
      });
      expect(stillLoggedIn.body).toEqual({ success: true });
      expect((await second.call(apiCalls.getClockStatus.path)).body).toMatchObject({ livePickupWaitTime: 50 });
    } finally {
      await second.close();
    }
  });
});
