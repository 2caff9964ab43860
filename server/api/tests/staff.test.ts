import { createHmac } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../../lib/api/contract.ts';
import {
  STAFF_SIGN_IN_FAILED,
  staffAuditResponseSchema,
  staffLiveResponseSchema,
  staffMeResponseSchema,
  staffOrderResponseSchema,
  staffOrdersResponseSchema,
  staffSignInResponseSchema,
  type BoardOrder,
} from '../../../lib/api/staff-contract.ts';
import { freePort } from '../../broker/mqtt-test-support.ts';
import {
  addTestStaff,
  bearer,
  cartLine,
  OPEN_NOW,
  onEachStore,
  operatorHeaders,
  orderBody,
  placeTestOrder,
  STAFF_SECRET,
  staffToken,
  startTestApi,
  TEST_CUSTOMER,
  TEST_OWNER as owner,
  TEST_KITCHEN as kitchen,
  OTHER_OWNER as otherOwner,
  type CallOptions,
  type TestApi,
} from './support/test-support.ts';
import { tokenDigest } from '../services/tokens.ts';

const HOUR_MS = 60 * 60 * 1000;
const OTHER_HOST = 'order.otherpizza.example';

// Each describe starts the API it needs.
const noSharedApi = { api: false } as const;

await onEachStore(({ store }) => {
  describe('the staff API', () => {
    let api: TestApi;
    let clock = OPEN_NOW;
    let labels = 0;
    beforeAll(async () => {
      // A broker nobody listens on: pushes to pages and consoles fail at once and are only logged.
      api = await startTestApi({
        store,
        now: () => clock,
        brokerUrl: `ws://127.0.0.1:${await freePort()}`,
        rateLimits: { staffSignInPerAddress: { attempts: 10_000, windowMs: HOUR_MS } },
      });
      for (const staff of [owner, kitchen]) await addTestStaff(api, 'test-pizza', staff);
      await addTestStaff(api, 'other-pizza', otherOwner);
    });
    afterEach(() => {
      clock = OPEN_NOW;
    });
    afterAll(() => api.dispose());

    const staffCall = (path: string, token: string | null, options: CallOptions = {}) =>
      api.call(path, {
        domain: null,
        ...options,
        headers: { ...(token === null ? {} : bearer(token)), ...options.headers },
      });
    const signIn = (body: unknown) => api.call('/staff/sign-in', { domain: null, body });
    const place = (options?: { notes?: string; pickup?: boolean }) =>
      placeTestOrder(api, `staff-${(labels += 1)}`, options);
    const board = async (token: string, query = '') =>
      staffOrdersResponseSchema.parse((await staffCall(`/staff/orders${query}`, token)).body).orders;
    const boardOrder = async (token: string, encryptedOrderId: string): Promise<BoardOrder | undefined> =>
      (await board(token, '?limit=200')).find((order) => order.encryptedOrderId === encryptedOrderId);

    /** A pickup order at other-pizza (retailer B), placed by its customer. */
    async function placeAtOtherPizza(): Promise<string> {
      const lines = [cartLine(`other-${(labels += 1)}`)];
      const created = await api.call(apiCalls.createOrder.path, {
        domain: OTHER_HOST,
        body: orderBody(lines, { retailerId: 9003, isPickup: true }),
      });
      const { encryptedOrderId } = apiCalls.createOrder.response.parse(created.body);
      const placed = await api.call(apiCalls.placeOrder.path, {
        domain: OTHER_HOST,
        body: {
          order: orderBody(lines, { encryptedOrderId, retailerId: 9003, isPickup: true }),
          contact: TEST_CUSTOMER,
          delivery: null,
          paymentMethod: 'cash',
          expectedTotal: 12,
        },
      });
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
      return encryptedOrderId;
    }

    describe('signing in', () => {
      it('answers a token for 12 hours and who signed in, with their retailer', async () => {
        const answer = await signIn({ retailer: 'test-pizza', email: owner.email, password: owner.password });
        expect(answer.status).toBe(200);
        expect(staffSignInResponseSchema.parse(answer.body)).toEqual({
          token: expect.stringMatching(/^[\w-]{43}$/),
          expiresAt: new Date(OPEN_NOW.getTime() + 12 * HOUR_MS).toISOString(),
          staff: {
            staffId: expect.any(Number),
            name: 'Olive Owner',
            email: owner.email,
            role: 'owner',
            retailer: { slug: 'test-pizza', name: 'Test Pizza', retailerId: 9001, zone: 0 },
          },
          device: expect.stringMatching(/^[\w-]{43}$/),
        });
      });

      it('takes the email in any case, with spaces around it', async () => {
        expect(
          (
            await signIn({
              retailer: ' Test-Pizza ',
              email: `  ${kitchen.email.toUpperCase()} `,
              password: kitchen.password,
            })
          ).status,
        ).toBe(200);
      });

      it.each(['Test Pizza', 'test pizza', '  TEST   pizza ', 'test-pizza'])(
        'takes the shop by its name or its slug, whatever the case: "%s"',
        async (retailer) => {
          const answer = await signIn({ retailer, email: kitchen.email, password: kitchen.password });
          expect(answer.status).toBe(200);
          expect(answer.body).toMatchObject({ staff: { retailer: { slug: 'test-pizza', name: 'Test Pizza' } } });
        },
      );

      it('keeps only digests: neither the password nor the token is in the database', async () => {
        const token = await staffToken(api, 'test-pizza', owner);
        const accounts = await api.db.selectFrom('staff_accounts').select(['password_hash', 'password_salt']).execute();
        for (const row of accounts) {
          expect(Buffer.from(row.password_hash).toString('utf8')).not.toContain(owner.password);
          expect(row.password_salt.length).toBe(16);
        }
        const sessions = await api.db.selectFrom('staff_sessions').select('token_hash').execute();
        expect(sessions.map((row) => row.token_hash)).not.toContain(token);
        expect(sessions.map((row) => row.token_hash)).toContain(tokenDigest(token));
      });

      it.each([
        ['a wrong password', { retailer: 'test-pizza', email: owner.email, password: 'test-pizza-kitchen' }],
        ['an unknown email', { retailer: 'test-pizza', email: 'nobody@test-pizza.test', password: owner.password }],
        ['an unknown retailer', { retailer: 'no-such-pizza', email: owner.email, password: owner.password }],
        ['a name no shop has', { retailer: 'Pizza Palace', email: owner.email, password: owner.password }],
        [
          "another retailer's account",
          { retailer: 'test-pizza', email: otherOwner.email, password: otherOwner.password },
        ],
        [
          'an account at the retailer it is not of',
          { retailer: 'other-pizza', email: owner.email, password: owner.password },
        ],
      ])('answers %s with the same 401, naming nothing', async (_name, body) => {
        const before = await api.counts();
        expect(await signIn(body)).toMatchObject({ status: 401, body: { error: STAFF_SIGN_IN_FAILED } });
        expect((await api.counts()).staff_sessions).toBe(before.staff_sessions);
      });

      it.each([
        ['no password', { retailer: 'test-pizza', email: owner.email }],
        ['no retailer', { email: owner.email, password: owner.password }],
        ['an empty retailer', { retailer: '  ', email: owner.email, password: owner.password }],
        ['a retailer of 201 characters', { retailer: 'x'.repeat(201), email: owner.email, password: owner.password }],
        ['a number as email', { retailer: 'test-pizza', email: 7, password: owner.password }],
        ['a password of 201 characters', { retailer: 'test-pizza', email: owner.email, password: 'x'.repeat(201) }],
        [
          'an email of 255 characters',
          { retailer: 'test-pizza', email: `${'a'.repeat(243)}@example.com`, password: owner.password },
        ],
      ])('refuses %s with 400', async (_name, body) => {
        const answer = await signIn(body);
        expect(answer.status).toBe(400);
        expect(answer.body).toMatchObject({ error: expect.any(String) });
      });

      it.each([
        ['not JSON', '{"retailer":'],
        ['empty', ''],
      ])('refuses a body that is %s with 400', async (_name, rawBody) => {
        expect(await api.call('/staff/sign-in', { domain: null, method: 'POST', rawBody })).toMatchObject({
          status: 400,
          body: { error: expect.any(String) },
        });
      });
    });

    describe('a session', () => {
      it('names its staff member at /staff/me', async () => {
        const token = await staffToken(api, 'test-pizza', kitchen);
        const answer = await staffCall('/staff/me', token);
        expect(answer.status).toBe(200);
        expect(staffMeResponseSchema.parse(answer.body).staff).toMatchObject({
          name: 'Kit Chen',
          role: 'kitchen',
          retailer: { slug: 'test-pizza' },
        });
      });

      it.each([
        ['no token', null, {}],
        ['a made-up token', 'x'.repeat(43), {}],
        ['a token in another scheme', null, { authorization: 'Basic b3duZXI6cGFzcw==' }],
      ])('is refused with %s: 401', async (_name, token, headers) => {
        for (const path of ['/staff/me', '/staff/orders', '/staff/audit', '/staff/live']) {
          expect(await staffCall(path, token, { headers })).toMatchObject({
            status: 401,
            body: { error: expect.any(String) },
          });
        }
        expect((await staffCall('/staff/orders/anything/take', token, { method: 'POST', headers })).status).toBe(401);
      });

      it('ends 12 hours after signing in', async () => {
        const token = await staffToken(api, 'test-pizza', owner);
        clock = new Date(OPEN_NOW.getTime() + 12 * HOUR_MS - 1);
        expect((await staffCall('/staff/me', token)).status).toBe(200);
        clock = new Date(OPEN_NOW.getTime() + 12 * HOUR_MS);
        expect(await staffCall('/staff/me', token)).toMatchObject({ status: 401, body: { error: expect.any(String) } });
        expect((await staffCall('/staff/orders', token)).status).toBe(401);
      });

      it('ends when signing out (204); other sessions of the same account go on', async () => {
        const token = await staffToken(api, 'test-pizza', owner);
        const tablet = await staffToken(api, 'test-pizza', owner);
        expect(await staffCall('/staff/sign-out', token, { method: 'POST' })).toMatchObject({
          status: 204,
          body: null,
        });
        expect((await staffCall('/staff/me', token)).status).toBe(401);
        expect((await staffCall('/staff/sign-out', token, { method: 'POST' })).status).toBe(401);
        expect((await staffCall('/staff/me', tablet)).status).toBe(200);
      });

      it('keeps at most 20 sessions per account: signing in again drops the oldest', async () => {
        const first = await staffToken(api, 'test-pizza', kitchen);
        clock = new Date(OPEN_NOW.getTime() + 1000);
        const later = [];
        for (let index = 0; index < 20; index += 1) later.push(await staffToken(api, 'test-pizza', kitchen));
        expect((await staffCall('/staff/me', first)).status).toBe(401);
        for (const token of later) expect((await staffCall('/staff/me', token)).status).toBe(200);
        const held = await api.db
          .selectFrom('staff_sessions')
          .innerJoin('staff_accounts', 'staff_accounts.staff_id', 'staff_sessions.staff_id')
          .select('token_hash')
          .where('staff_accounts.email', '=', kitchen.email)
          .execute();
        expect(held).toHaveLength(20);
      });
    });

    describe('the board', () => {
      it("lists the retailer's active orders, oldest first, each as the kitchen reads it", async () => {
        const token = await staffToken(api, 'test-pizza', kitchen);
        const delivery = await place({ notes: 'No onions please' });
        const pickup = await place({ pickup: true });
        const orders = await board(token);
        expect(orders.map((order) => order.orderNumber).slice(-2)).toEqual([delivery.orderNumber, pickup.orderNumber]);
        expect(orders.find((order) => order.encryptedOrderId === delivery.encryptedOrderId)).toEqual({
          encryptedOrderId: delivery.encryptedOrderId,
          orderNumber: delivery.orderNumber,
          placedAt: OPEN_NOW.toISOString(),
          dueAt: null,
          // Placed at 8 pm with the fixture's 40-minute delivery wait.
          promisedAt: expect.stringMatching(/^2030-03-05T09:\d\d:00\.000Z$/),
          runningLateUntil: null,
          orderType: 'delivery',
          customer: { name: 'Ada Lovelace', phone: '0400 000 000', email: 'ada@example.com' },
          address: expect.stringMatching(/^1 Collins St, \S/),
          lines: ['2 × Margherita · Large'],
          notes: 'No onions please',
          totalCents: 3750,
          tipCents: 0,
          promoCode: null,
          promoSavingCents: 0,
          paymentMethod: 'card',
          state: 'new',
          autoAccepted: false,
        });
        expect(orders.find((order) => order.encryptedOrderId === pickup.encryptedOrderId)).toMatchObject({
          orderType: 'pickup',
          address: null,
          notes: null,
          totalCents: 3200,
        });
      });

      it('leaves out carts never placed, and keeps an order nobody completed whatever its age', async () => {
        const created = await api.call(apiCalls.createOrder.path, {
          body: orderBody([cartLine(`staff-cart-${(labels += 1)}`)]),
        });
        const cart = apiCalls.createOrder.response.parse(created.body).encryptedOrderId;
        const placed = await place();
        clock = new Date(OPEN_NOW.getTime() + 24 * HOUR_MS - 1);
        const token = await staffToken(api, 'test-pizza', owner);
        const ids = (await board(token, '?limit=200')).map((order) => order.encryptedOrderId);
        expect(ids).toContain(placed.encryptedOrderId);
        expect(ids).not.toContain(cart);
        clock = new Date(OPEN_NOW.getTime() + 3 * 24 * HOUR_MS);
        const later = await staffToken(api, 'test-pizza', owner);
        expect((await board(later, '?limit=200')).map((order) => order.encryptedOrderId)).toContain(
          placed.encryptedOrderId,
        );
      });

      it('`limit` bounds the Done list, never the active orders', async () => {
        const first = await place();
        const second = await place();
        const token = await staffToken(api, 'test-pizza', kitchen);
        const ids = (await board(token, '?limit=1')).map((order) => order.encryptedOrderId);
        expect(ids).toEqual(expect.arrayContaining([first.encryptedOrderId, second.encryptedOrderId]));
      });

      it.each(['0', '201', 'all', '1.5'])('refuses limit=%s with 400', async (limit) => {
        const token = await staffToken(api, 'test-pizza', kitchen);
        expect(await staffCall(`/staff/orders?limit=${limit}`, token)).toMatchObject({
          status: 400,
          body: { error: 'limit: expected a whole number from 1 to 200' },
        });
      });
    });

    describe('taking an order and marking it ready', () => {
      it("takes it as the operator's take does: the customer's page reads it processed; the placed order stays as placed", async () => {
        const token = await staffToken(api, 'test-pizza', kitchen);
        const placed = await place({ notes: 'Ring twice' });
        const before = apiCalls.getOrder.response.parse(
          (await api.call(apiCalls.getOrder.path, { body: { encryptedOrderId: placed.encryptedOrderId } })).body,
        );
        expect(before.orderProcessed).toBe(false);
        const answer = await staffCall(`/staff/orders/${placed.encryptedOrderId}/take`, token, { method: 'POST' });
        expect(answer.status).toBe(200);
        expect(staffOrderResponseSchema.parse(answer.body).order).toMatchObject({
          encryptedOrderId: placed.encryptedOrderId,
          state: 'taken',
          notes: 'Ring twice',
        });
        const after = apiCalls.getOrder.response.parse(
          (await api.call(apiCalls.getOrder.path, { body: { encryptedOrderId: placed.encryptedOrderId } })).body,
        );
        // The page keeps following it (orderWatch) through the kitchen's next steps.
        expect(after).toEqual({ ...before, orderProcessed: true, kitchenStage: 'taken' });
      });

      it('marks a taken order ready; taking it again keeps it ready', async () => {
        const token = await staffToken(api, 'test-pizza', kitchen);
        const placed = await place();
        await staffCall(`/staff/orders/${placed.encryptedOrderId}/take`, token, { method: 'POST' });
        const ready = await staffCall(`/staff/orders/${placed.encryptedOrderId}/ready`, token, { method: 'POST' });
        expect(ready).toMatchObject({ status: 200, body: { order: { state: 'ready' } } });
        expect(
          await staffCall(`/staff/orders/${placed.encryptedOrderId}/take`, token, { method: 'POST' }),
        ).toMatchObject({ status: 200, body: { order: { state: 'ready' } } });
        expect((await boardOrder(token, placed.encryptedOrderId))?.state).toBe('ready');
      });

      it('readying an order nobody took takes it too', async () => {
        const token = await staffToken(api, 'test-pizza', owner);
        const placed = await place();
        expect(
          await staffCall(`/staff/orders/${placed.encryptedOrderId}/ready`, token, { method: 'POST' }),
        ).toMatchObject({ status: 200, body: { order: { state: 'ready' } } });
        expect(
          (await api.call(apiCalls.getOrder.path, { body: { encryptedOrderId: placed.encryptedOrderId } })).body,
        ).toMatchObject({ orderProcessed: true });
      });

      it.each(['take', 'ready'])(
        '%s of a cart never placed or an unknown order is 404, and takes nothing',
        async (action) => {
          const token = await staffToken(api, 'test-pizza', kitchen);
          const created = await api.call(apiCalls.createOrder.path, {
            body: orderBody([cartLine(`staff-cart-${(labels += 1)}`)]),
          });
          const cart = apiCalls.createOrder.response.parse(created.body).encryptedOrderId;
          for (const id of [cart, 'no-such-order', 'x'.repeat(300)]) {
            expect(await staffCall(`/staff/orders/${id}/${action}`, token, { method: 'POST' })).toMatchObject({
              status: 404,
              body: { error: 'Order not found' },
            });
          }
          expect((await api.call(apiCalls.getOrder.path, { body: { encryptedOrderId: cart } })).body).toMatchObject({
            orderProcessed: false,
          });
        },
      );
    });

    describe('roles and the audit log', () => {
      it('the kitchen uses the board but may not read the audit log (403)', async () => {
        const token = await staffToken(api, 'test-pizza', kitchen);
        expect((await staffCall('/staff/orders', token)).status).toBe(200);
        expect(await staffCall('/staff/audit', token)).toMatchObject({
          status: 403,
          body: { error: 'Only the owner may read the audit log.' },
        });
      });

      it('the owner reads who signed in, took, readied and signed out, newest first', async () => {
        const kitchenToken = await staffToken(api, 'test-pizza', kitchen);
        const placed = await place();
        clock = new Date(OPEN_NOW.getTime() + 60_000);
        await staffCall(`/staff/orders/${placed.encryptedOrderId}/take`, kitchenToken, { method: 'POST' });
        clock = new Date(OPEN_NOW.getTime() + 120_000);
        await staffCall(`/staff/orders/${placed.encryptedOrderId}/ready`, kitchenToken, { method: 'POST' });
        clock = new Date(OPEN_NOW.getTime() + 180_000);
        await staffCall('/staff/sign-out', kitchenToken, { method: 'POST' });
        const ownerToken = await staffToken(api, 'test-pizza', owner);
        const answer = await staffCall('/staff/audit?limit=5', ownerToken);
        expect(answer.status).toBe(200);
        expect(staffAuditResponseSchema.parse(answer.body).entries).toEqual([
          { at: clock.toISOString(), staffName: 'Olive Owner', action: 'sign-in', subject: owner.email },
          { at: clock.toISOString(), staffName: 'Kit Chen', action: 'sign-out', subject: kitchen.email },
          {
            at: new Date(OPEN_NOW.getTime() + 120_000).toISOString(),
            staffName: 'Kit Chen',
            action: 'ready',
            subject: `Order ${placed.orderNumber}`,
          },
          {
            at: new Date(OPEN_NOW.getTime() + 60_000).toISOString(),
            staffName: 'Kit Chen',
            action: 'take',
            subject: `Order ${placed.orderNumber}`,
          },
          { at: OPEN_NOW.toISOString(), staffName: 'Kit Chen', action: 'sign-in', subject: kitchen.email },
        ]);
      });

      it.each(['0', '501', 'every'])('refuses limit=%s with 400', async (limit) => {
        const token = await staffToken(api, 'test-pizza', owner);
        expect((await staffCall(`/staff/audit?limit=${limit}`, token)).status).toBe(400);
      });
    });

    describe("one retailer's staff and another's orders", () => {
      it("replays every staff endpoint with retailer A's token against retailer B's orders: 404 or nothing of B, and nothing of B changes", async () => {
        const tokenA = await staffToken(api, 'test-pizza', owner);
        const tokenB = await staffToken(api, 'other-pizza', otherOwner);
        const orderB = await placeAtOtherPizza();
        const boardB = await board(tokenB, '?limit=200');
        const auditB = (await staffCall('/staff/audit?limit=500', tokenB)).body;
        const countsBefore = await api.counts();

        for (const action of ['take', 'ready']) {
          expect(await staffCall(`/staff/orders/${orderB}/${action}`, tokenA, { method: 'POST' })).toMatchObject({
            status: 404,
            body: { error: 'Order not found' },
          });
        }
        expect((await board(tokenA, '?limit=200')).map((order) => order.encryptedOrderId)).not.toContain(orderB);
        const auditA = staffAuditResponseSchema.parse((await staffCall('/staff/audit?limit=500', tokenA)).body).entries;
        expect(auditA.map((entry) => entry.staffName)).not.toContain('Otto Other');
        expect((await staffCall('/staff/me', tokenA)).body).toMatchObject({
          staff: { retailer: { slug: 'test-pizza', retailerId: 9001 } },
        });
        expect((await staffCall('/staff/live', tokenA)).body).toMatchObject({
          username: 'staff-9001',
          topic: 'storefront-test/9001/staff/orders',
        });
        // Naming B in the path or a header changes nothing: the session alone says whose orders these are.
        expect(
          (
            await staffCall(`/staff/orders/${orderB}/take`, tokenA, {
              method: 'POST',
              headers: { 'x-retailer-domain': OTHER_HOST },
            })
          ).status,
        ).toBe(404);

        expect(await api.counts()).toEqual(countsBefore);
        expect(await board(tokenB, '?limit=200')).toEqual(boardB);
        expect((await board(tokenB, '?limit=200')).find((order) => order.encryptedOrderId === orderB)?.state).toBe(
          'new',
        );
        expect((await staffCall('/staff/audit?limit=500', tokenB)).body).toEqual(auditB);
        expect(
          (await api.call(apiCalls.getOrder.path, { domain: OTHER_HOST, body: { encryptedOrderId: orderB } })).body,
        ).toMatchObject({ orderProcessed: false });
      });
    });

    it("hands the retailer's broker login for the live push", async () => {
      const token = await staffToken(api, 'test-pizza', kitchen);
      const answer = await staffCall('/staff/live', token);
      expect(staffLiveResponseSchema.parse(answer.body)).toEqual({
        brokerUrl: 'ws://localhost:9001',
        username: 'staff-9001',
        password: createHmac('sha256', STAFF_SECRET).update('staff-9001').digest('base64url'),
        topic: 'storefront-test/9001/staff/orders',
      });
    });

    describe('CORS', () => {
      const preflight = (path: string, origin: string) =>
        fetch(`${api.url}${path}`, {
          method: 'OPTIONS',
          headers: {
            origin,
            'access-control-request-method': 'POST',
            'access-control-request-headers': 'authorization,content-type',
          },
        });

      it('lets the console origin call /staff/*, and read Retry-After', async () => {
        const answer = await preflight('/staff/orders/x/take', 'http://console.localhost:4321');
        expect(answer.headers.get('access-control-allow-origin')).toBe('http://console.localhost:4321');
        expect(answer.headers.get('access-control-allow-headers')).toContain('authorization');
        const signInAnswer = await fetch(`${api.url}/staff/sign-in`, {
          method: 'POST',
          headers: { origin: 'http://console.localhost:4321' },
          body: '{}',
        });
        expect(signInAnswer.headers.get('access-control-expose-headers')).toContain('retry-after');
      });

      it.each([
        ["a shop's page", '/staff/sign-in', 'http://test-pizza.localhost:4321'],
        ['another site', '/staff/sign-in', 'https://evil.example'],
        ['the console, on the storefront API', apiCalls.getOrder.path, 'http://console.localhost:4321'],
      ])('refuses %s', async (_name, path, origin) => {
        expect((await preflight(path, origin)).headers.get('access-control-allow-origin')).toBeNull();
      });
    });

    it('refuses a body over 8 KB with 413, signing nobody in', async () => {
      const before = await api.counts();
      const answer = await signIn({
        retailer: 'test-pizza',
        email: owner.email,
        password: owner.password,
        padding: 'x'.repeat(9000),
      });
      expect(answer).toMatchObject({ status: 413, body: { error: expect.stringContaining('larger than') } });
      expect(await api.counts()).toEqual(before);
    });

    describe('adding staff accounts (operator)', () => {
      const add = (slug: string, body: unknown, headers = operatorHeaders()) =>
        api.call(`/operator/tenants/${slug}/staff`, { domain: null, headers, body });
      const account = {
        email: 'Night.Shift@Test-Pizza.test',
        name: 'Nina Night',
        role: 'kitchen',
        password: 'night-shift-pw',
      };

      it('adds one that can sign in at once, its email lower-cased; the same email again is a 409', async () => {
        expect(await add('test-pizza', account)).toMatchObject({
          status: 201,
          body: {
            success: true,
            staff: { email: 'night.shift@test-pizza.test', name: 'Nina Night', role: 'kitchen', retailerId: 9001 },
          },
        });
        expect(
          (await signIn({ retailer: 'test-pizza', email: 'night.shift@test-pizza.test', password: account.password }))
            .status,
        ).toBe(200);
        expect(await add('test-pizza', { ...account, name: 'Someone Else' })).toMatchObject({ status: 409 });
        expect((await add('other-pizza', account)).status).toBe(201);
      });

      it.each([
        ['a role there is not', { ...account, email: 'a@test-pizza.test', role: 'manager' }],
        ['a password under 8 characters', { ...account, email: 'b@test-pizza.test', password: 'short' }],
        ['no email', { name: 'X', role: 'owner', password: 'long-enough' }],
        ['an email that is none', { ...account, email: 'not-an-email' }],
      ])('refuses %s with 400', async (_name, body) => {
        expect((await add('test-pizza', body)).status).toBe(400);
      });

      it('needs the operator token and a known tenant', async () => {
        expect((await add('test-pizza', { ...account, email: 'c@test-pizza.test' }, {})).status).toBe(401);
        expect((await add('no-such-pizza', { ...account, email: 'c@test-pizza.test' })).status).toBe(404);
      });
    });
  });

  describe('the sample staff accounts of the local stack', () => {
    it('sign in at every tenant as owner and kitchen with the README passwords, and are sent to the local broker', async () => {
      const development = {
        operatorToken: 'dev-operator',
        brokerOperatorPassword: 'dev-operator',
        brokerStaffSecret: 'dev-operator',
      };
      const local = await startTestApi({
        store,
        sampleStaff: true,
        ...development,
        brokerUrl: `ws://127.0.0.1:${await freePort()}`,
        consoleBrokerUrl: 'ws://localhost:19001',
      });
      try {
        for (const slug of ['test-pizza', 'other-pizza', 'closed-pizza']) {
          for (const role of ['owner', 'kitchen'] as const) {
            const answer = await local.call('/staff/sign-in', {
              domain: null,
              body: { retailer: slug, email: `${role}@${slug}.test`, password: `${slug}-${role}` },
            });
            expect(answer, `${role}@${slug}.test`).toMatchObject({
              status: 200,
              body: { staff: { role, retailer: { slug } } },
            });
          }
        }
        const token = await staffToken(local, 'test-pizza', {
          email: 'kitchen@test-pizza.test',
          password: 'test-pizza-kitchen',
        });
        expect((await local.call('/staff/live', { domain: null, headers: bearer(token) })).body).toMatchObject({
          brokerUrl: 'ws://localhost:19001',
          username: 'staff-9001',
        });
      } finally {
        await local.dispose();
      }
    });

    it('are not added with secrets of its own', async () => {
      const lines: string[] = [];
      const guarded = await startTestApi({
        store,
        sampleStaff: true,
        brokerUrl: `ws://127.0.0.1:${await freePort()}`,
        log: (line) => lines.push(line),
      });
      try {
        expect((await guarded.counts()).staff_accounts).toBe(0);
        expect(lines).toContain(
          'api warning: sample staff accounts not added: secrets of its own are set (OPERATOR_TOKEN, BROKER_OPERATOR_PASSWORD or BROKER_STAFF_SECRET)',
        );
      } finally {
        await guarded.dispose();
      }
    });
  });

  describe('staff rate limits', () => {
    let api: TestApi;
    beforeAll(async () => {
      api = await startTestApi({
        store,
        brokerUrl: `ws://127.0.0.1:${await freePort()}`,
        rateLimits: {
          staffSignInPerAccount: { attempts: 3, windowMs: HOUR_MS },
          staffSignInPerAddress: { attempts: 8, windowMs: HOUR_MS },
          staffCallsPerAddress: { attempts: 5, windowMs: HOUR_MS },
        },
      });
      await addTestStaff(api, 'test-pizza', owner);
    });
    afterAll(() => api.dispose());
    const signIn = (email: string, password: string) =>
      api.call('/staff/sign-in', { domain: null, body: { retailer: 'test-pizza', email, password } });

    it('limits sign-ins per account, known or not, with Retry-After; then per address', async () => {
      for (const email of [owner.email, 'nobody@test-pizza.test']) {
        for (let attempt = 0; attempt < 3; attempt += 1)
          expect((await signIn(email, 'wrong-password')).status).toBe(401);
        const refused = await signIn(email, owner.password);
        expect(refused).toMatchObject({
          status: 429,
          body: { error: 'Too many sign-in attempts. Please try again in 60 minutes.' },
        });
        expect(refused.headers.get('retry-after')).toBe('3600');
      }
      // Eight sign-ins from this address so far: the address's own limit now refuses any account.
      expect((await signIn('third@test-pizza.test', 'whatever')).status).toBe(429);
    });

    it('limits every other staff call per address, before looking at the token', async () => {
      const statuses = [];
      for (let call = 0; call < 6; call += 1)
        statuses.push((await api.call('/staff/me', { domain: null, headers: bearer('y'.repeat(43)) })).status);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    });
  });

  describe('staff behind one address', () => {
    let api: TestApi;
    beforeAll(async () => {
      api = await startTestApi({
        store,
        brokerUrl: `ws://127.0.0.1:${await freePort()}`,
        rateLimits: { staffSignInPerAddress: { attempts: 3, windowMs: HOUR_MS } },
      });
      await addTestStaff(api, 'test-pizza', owner);
    });
    afterAll(() => api.dispose());
    const signIn = (email: string, password: string) =>
      api.call('/staff/sign-in', { domain: null, body: { retailer: 'test-pizza', email, password } });

    it("sign in again as often as a shift needs: only accounts the address has not signed in to use up the address's count", async () => {
      const statuses = [];
      for (let shift = 0; shift < 6; shift += 1) statuses.push((await signIn(owner.email, owner.password)).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
      // The first sign-in counted; two tries at accounts it never signed in to use up the rest.
      expect((await signIn('nobody@test-pizza.test', 'guess-1')).status).toBe(401);
      expect((await signIn('someone@test-pizza.test', 'guess-2')).status).toBe(401);
      expect((await signIn('anyone@test-pizza.test', 'guess-3')).status).toBe(429);
      // The shop's own staff still sign in from it.
      expect((await signIn(owner.email, owner.password)).status).toBe(200);
    });
  });

  describe('staff sign-in nobody can lock', () => {
    let api: TestApi;
    beforeAll(async () => {
      api = await startTestApi({
        store,
        trustProxy: true,
        brokerUrl: `ws://127.0.0.1:${await freePort()}`,
        rateLimits: { staffSignInPerAccount: { attempts: 10, windowMs: 15 * 60_000 } },
      });
      await addTestStaff(api, 'test-pizza', kitchen);
    });
    afterAll(() => api.dispose());
    const signIn = (from: string, password: string, device?: string) =>
      api.call('/staff/sign-in', {
        domain: null,
        headers: { 'x-forwarded-for': from },
        body: { retailer: 'test-pizza', email: kitchen.email, password, ...(device ? { device } : {}) },
      });
    const SHOP = '198.51.100.10';
    const STRANGER = '203.0.113.66';

    it('ten wrong passwords from a stranger lock out that stranger and new devices, not the shop’s address or a device that signed in before', async () => {
      const first = staffSignInResponseSchema.parse((await signIn(SHOP, kitchen.password)).body);
      const device = first.device ?? '';
      expect(device).not.toBe('');
      for (let attempt = 0; attempt < 10; attempt += 1)
        expect((await signIn(STRANGER, 'guess-' + attempt)).status).toBe(401);
      // The lockout as it was: the stranger, even with the right password, and any address never seen.
      expect((await signIn(STRANGER, kitchen.password)).status).toBe(429);
      expect((await signIn('192.0.2.1', kitchen.password)).status).toBe(429);
      // The shop's own address, and the phone that signed in there, now on mobile data.
      expect((await signIn(SHOP, kitchen.password)).status).toBe(200);
      const onTheRoad = await signIn('192.0.2.77', kitchen.password, device);
      expect(onTheRoad.status).toBe(200);
      expect(staffSignInResponseSchema.parse(onTheRoad.body).device).toBe(device);
      // A made-up device token is no one's: it is a new device like any other.
      expect((await signIn('192.0.2.78', kitchen.password, 'z'.repeat(43))).status).toBe(429);
      // Still renewable forever for strangers, who slow only themselves.
      for (let attempt = 0; attempt < 12; attempt += 1) await signIn(STRANGER, 'guess-again');
      expect((await signIn(SHOP, kitchen.password)).status).toBe(200);
    });

    it('a known address that guesses is limited on a count of its own, and the account’s devices still sign in', async () => {
      const device = staffSignInResponseSchema.parse((await signIn(SHOP, kitchen.password)).body).device;
      for (let attempt = 0; attempt < 10; attempt += 1)
        expect((await signIn(SHOP, 'guess-' + attempt)).status).toBe(401);
      expect((await signIn(SHOP, kitchen.password)).status).toBe(429);
      expect((await signIn('192.0.2.90', kitchen.password, device)).status).toBe(200);
    });
  });
}, noSharedApi);
