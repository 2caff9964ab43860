import { describe, expect, it } from 'vitest';
import { apiCalls, messages } from '../../../lib/api/contract.ts';
import { cartLine, lineUuid, onEachStore, operatorHeaders, orderBody } from './support/test-support.ts';

await onEachStore(({ api }) => {
  let sequence = 0;
  const nextEmail = () => `customer${(sequence += 1)}@example.com`;
  const password = 'pizza-lover-42';

  async function signup(email: string) {
    const answer = await api.call(apiCalls.signup.path, {
      body: { fullName: 'Ada Lovelace', email, phoneNumber: '0400 000 000', password },
    });
    expect(answer.status).toBe(200);
    const body = apiCalls.signup.response.parse(answer.body);
    if (!body.success) throw new Error(body.message);
    return { ...body, cookie: answer.headers.get('set-cookie') ?? '' };
  }

  async function createOrder(uuid: string): Promise<string> {
    const answer = await api.call(apiCalls.createOrder.path, { body: orderBody([cartLine(uuid)]) });
    return apiCalls.createOrder.response.parse(answer.body).encryptedOrderId;
  }

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  describe('signup', () => {
    it('creates the customer, opens a session and sets an HTTP-only cookie', async () => {
      const email = nextEmail();
      const created = await signup(email);
      expect(created.custInfo).toEqual({
        customerId: expect.any(Number),
        fullName: 'Ada Lovelace',
        email,
        phoneNumber: '0400 000 000',
      });
      expect(created.sessionToken).toMatch(/^[\w-]{40,}$/);
      expect(created.cookie).toMatch(/^sf_session=[\w-]+;.*HttpOnly/);
      expect(created.cookie).toContain('SameSite=Lax');
    });

    it('stores a salted scrypt hash, never the password', async () => {
      await signup(nextEmail());
      const rows = await api.db.selectFrom('customers').select(['password_hash', 'password_salt']).execute();
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        expect(Buffer.from(row.password_hash).toString('utf8')).not.toContain(password);
        expect(row.password_salt.length).toBe(16);
      }
    });

    it.each([
      ['the same email', (email: string) => email],
      ['the same email in capitals with spaces', (email: string) => `  ${email.toUpperCase()} `],
    ])('refuses %s twice with success false and keeps one account', async (_name, again) => {
      const email = nextEmail();
      await signup(email);
      const before = await api.counts();
      const answer = await api.call(apiCalls.signup.path, {
        body: {
          fullName: 'Someone Else',
          email: again(email),
          phoneNumber: '0400 000 001',
          password: 'another-password',
        },
      });
      expect(answer).toMatchObject({ status: 200, body: { success: false, message: messages.signupRefused } });
      expect(await api.counts()).toEqual(before);
    });
  });

  describe('login', () => {
    it('answers custInfo, previous orders and their products, and a session', async () => {
      const email = nextEmail();
      const { custInfo, sessionToken } = await signup(email);
      const encryptedOrderId = await createOrder(`login-${sequence}`);
      await api.call(apiCalls.updateCustomer.path, {
        body: { encryptedOrderId, customerId: custInfo.customerId },
        headers: bearer(sessionToken),
      });
      await api.call(`/operator/tenants/test-pizza/orders/${encryptedOrderId}/processed`, {
        method: 'POST',
        headers: operatorHeaders(),
        domain: null,
      });

      const answer = await api.call(apiCalls.login.path, { body: { email: email.toUpperCase(), password } });
      expect(answer.status).toBe(200);
      const body = apiCalls.login.response.parse(answer.body);
      expect(body).toMatchObject({ success: true, custInfo });
      if (!body.success) return;
      expect(body.prevOrders).toEqual([
        expect.objectContaining({ encryptedOrderId, subTotal: 12, historicDeliveryFee: 5.5, isPickup: false }),
      ]);
      expect(body.prevOrderProducts).toEqual([
        expect.objectContaining({ encryptedOrderId, uuid: lineUuid(`login-${sequence}`), historicPrice: 12 }),
      ]);
      expect(answer.headers.get('set-cookie')).toMatch(/^sf_session=/);
    });

    it.each([
      ['a wrong password', (email: string) => ({ email, password: 'not-the-password' })],
      ['an unknown email', () => ({ email: 'nobody@example.com', password })],
    ])('with %s answers success false and no session', async (_name, credentials) => {
      const email = nextEmail();
      await signup(email);
      const before = (await api.counts()).sessions;
      const answer = await api.call(apiCalls.login.path, { body: credentials(email) });
      expect(answer).toMatchObject({ status: 200, body: { success: false, message: 'Incorrect email or password.' } });
      expect(answer.headers.get('set-cookie')).toBeNull();
      expect((await api.counts()).sessions).toBe(before);
    });
  });

  describe('attaching a customer to an order needs that customer session', () => {
    it.each<[string, number, (session: { token: string; cookie: string }) => Record<string, string>]>([
      ['a bearer token', 200, ({ token }) => bearer(token)],
      ['the session cookie', 200, ({ cookie }) => ({ cookie: cookie.split(';')[0] ?? '' })],
      ['no session', 401, () => ({})],
      ['a made-up token', 401, () => bearer('x'.repeat(43))],
    ])('with %s answers %i', async (_name, status, headers) => {
      const { custInfo, sessionToken, cookie } = await signup(nextEmail());
      const encryptedOrderId = await createOrder(`attach-${sequence}`);
      const answer = await api.call(apiCalls.updateCustomer.path, {
        body: { encryptedOrderId, customerId: custInfo.customerId },
        headers: headers({ token: sessionToken, cookie }),
      });
      expect(answer.status).toBe(status);
      const order = await api.call(apiCalls.getOrder.path, { body: { encryptedOrderId } });
      expect((order.body as { loggedInCustId: number | null }).loggedInCustId).toBe(
        status === 200 ? custInfo.customerId : null,
      );
    });

    it("refuses another customer's id even with a valid session", async () => {
      const first = await signup(nextEmail());
      const second = await signup(nextEmail());
      const encryptedOrderId = await createOrder(`other-${sequence}`);
      const answer = await api.call(apiCalls.updateCustomer.path, {
        body: { encryptedOrderId, customerId: second.custInfo.customerId },
        headers: bearer(first.sessionToken),
      });
      expect(answer.status).toBe(401);
    });

    it('unlinks with customerId null', async () => {
      const { custInfo, sessionToken } = await signup(nextEmail());
      const encryptedOrderId = await createOrder(`unlink-${sequence}`);
      await api.call(apiCalls.updateCustomer.path, {
        body: { encryptedOrderId, customerId: custInfo.customerId },
        headers: bearer(sessionToken),
      });
      const answer = await api.call(apiCalls.updateCustomer.path, {
        body: { encryptedOrderId, customerId: null },
        headers: bearer(sessionToken),
      });
      expect(answer).toMatchObject({ status: 200, body: { success: true } });
      const order = await api.call(apiCalls.getOrder.path, { body: { encryptedOrderId } });
      expect(order.body).toMatchObject({ loggedInCustId: null });
    });

    it.each([
      ['no order id', null],
      ['an unknown order id', 'no-such-order'],
    ])('with %s answers success false, "No active order to update"', async (_name, encryptedOrderId) => {
      const { custInfo, sessionToken } = await signup(nextEmail());
      const answer = await api.call(apiCalls.updateCustomer.path, {
        body: { encryptedOrderId, customerId: custInfo.customerId },
        headers: bearer(sessionToken),
      });
      expect(answer).toMatchObject({ status: 200, body: { success: false, message: 'No active order to update' } });
    });
  });

  describe('logout', () => {
    it('ends the session: its token no longer attaches the customer', async () => {
      const { custInfo, sessionToken } = await signup(nextEmail());
      const logout = await api.call(apiCalls.logout.path, { method: 'POST', headers: bearer(sessionToken) });
      expect(logout).toMatchObject({ status: 200, body: { success: true } });
      expect(logout.headers.get('set-cookie')).toMatch(/^sf_session=;/);
      const encryptedOrderId = await createOrder(`logout-${sequence}`);
      const answer = await api.call(apiCalls.updateCustomer.path, {
        body: { encryptedOrderId, customerId: custInfo.customerId },
        headers: bearer(sessionToken),
      });
      expect(answer.status).toBe(401);
    });

    it('without a session still answers success', async () => {
      expect(await api.call(apiCalls.logout.path, { method: 'POST' })).toMatchObject({
        status: 200,
        body: { success: true },
      });
    });
  });

  describe('customers and orders belong to one retailer', () => {
    const OTHER_HOST = 'order.otherpizza.example';

    it('an account at this retailer is unknown at another', async () => {
      const email = nextEmail();
      await signup(email);
      const answer = await api.call(apiCalls.login.path, { body: { email, password }, domain: OTHER_HOST });
      expect(answer.body).toMatchObject({ success: false, message: 'Incorrect email or password.' });
    });

    it("a session of this retailer's customer attaches nothing at another", async () => {
      const { custInfo, sessionToken } = await signup(nextEmail());
      const answer = await api.call(apiCalls.updateCustomer.path, {
        body: { encryptedOrderId: null, customerId: custInfo.customerId },
        headers: bearer(sessionToken),
        domain: OTHER_HOST,
      });
      expect(answer.status).toBe(401);
    });

    it("an order of this retailer is not found through another retailer's host", async () => {
      const encryptedOrderId = await createOrder(`elsewhere-${sequence}`);
      const answer = await api.call(apiCalls.getOrder.path, { body: { encryptedOrderId }, domain: OTHER_HOST });
      expect(answer.status).toBe(404);
    });
  });
});
