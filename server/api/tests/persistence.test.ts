import { describe, expect, it } from 'vitest';
import { apiCalls } from '../../../lib/api/contract.ts';
import { cartLine, loadedLine, onEachStore, operatorHeaders, orderBody } from './support/test-support.ts';

await onEachStore(
  ({ start }) => {
    describe('a restart of the API on the same database', () => {
      it('keeps every order with its lines and ids, every status, customer, session, override and analytics hit', async () => {
        const first = await start();
        const signup = apiCalls.signup.response.parse(
          (
            await first.call(apiCalls.signup.path, {
              body: {
                fullName: 'Ada Lovelace',
                email: 'ada@example.com',
                phoneNumber: '0400 000 000',
                password: 'long-enough',
              },
            })
          ).body,
        );
        if (!signup.success) throw new Error(signup.message);
        const orders: { encryptedOrderId: string }[] = [];
        for (let index = 0; index < 5; index += 1) {
          const created = await first.call(apiCalls.createOrder.path, {
            body: orderBody([cartLine(`keep-${index}`), loadedLine(`keep-${index}-b`)]),
          });
          orders.push(apiCalls.createOrder.response.parse(created.body));
        }
        const [attached, processed] = orders;
        if (!attached || !processed) throw new Error('orders were not created');
        await first.call(apiCalls.updateCustomer.path, {
          body: { encryptedOrderId: attached.encryptedOrderId, customerId: signup.custInfo.customerId },
          headers: { authorization: `Bearer ${signup.sessionToken}` },
        });
        await first.call(apiCalls.createOrderStatus.path, {
          body: {
            encryptedOrderId: attached.encryptedOrderId,
            orderStatus: { orderStatusTypeId: 63, notes: 'login', timestamp: '2030-03-05T20:00:00+11:00' },
          },
        });
        await first.call(`/operator/tenants/test-pizza/orders/${processed.encryptedOrderId}/processed`, {
          method: 'POST',
          headers: operatorHeaders(),
          domain: null,
        });
        await first.call('/operator/tenants/test-pizza/clock-override', {
          method: 'PUT',
          body: { livePickupWaitTime: 50 },
          headers: operatorHeaders(),
          domain: null,
        });
        expect(
          (await first.call('/matomo.php?idsite=42&rec=1&url=https%3A%2F%2Forder.testpizza.example%2Fmenu')).status,
        ).toBe(204);
        const analytics = (api: typeof first) =>
          api.call('/operator/analytics', { headers: operatorHeaders(), domain: null });
        const analyticsBefore = (await analytics(first)).body;
        const readAll = (api: typeof first) =>
          Promise.all(
            orders.map(
              async ({ encryptedOrderId }) =>
                (await api.call(apiCalls.getOrder.path, { body: { encryptedOrderId } })).body,
            ),
          );
        const beforeRestart = await readAll(first);
        const countsBefore = await first.counts();
        await first.close();

        const second = await start({ sameDatabaseAs: first });
        expect(await second.counts()).toEqual(countsBefore);
        expect(await readAll(second)).toEqual(beforeRestart);
        expect(beforeRestart[0]).toMatchObject({ loggedInCustId: signup.custInfo.customerId });
        expect(beforeRestart[1]).toMatchObject({ orderProcessed: true });
        const login = await second.call(apiCalls.login.path, {
          body: { email: 'ada@example.com', password: 'long-enough' },
        });
        expect(login.body).toMatchObject({ success: true, custInfo: signup.custInfo });
        const stillLoggedIn = await second.call(apiCalls.updateCustomer.path, {
          body: { encryptedOrderId: orders[2]?.encryptedOrderId, customerId: signup.custInfo.customerId },
          headers: { authorization: `Bearer ${signup.sessionToken}` },
        });
        expect(stillLoggedIn.body).toEqual({ success: true });
        expect((await second.call(apiCalls.getClockStatus.path)).body).toMatchObject({ livePickupWaitTime: 50 });
        expect((await analytics(second)).body).toEqual(analyticsBefore);
      });
    });
  },
  { api: false },
);
