import { Agent, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls, messages } from '../../../lib/api/contract.ts';
import { DEFAULT_RATE_LIMITS } from '../services/rate-limits.ts';
import {
  bearer,
  cartLine,
  HOST,
  onEachStore,
  orderBody,
  startTestApi,
  uuidSequence,
  type Answer,
  type TestApi,
} from './support/test-support.ts';

await onEachStore(({ api, store, start }) => {
  /** Attacks on the reference API (issue 12), each refused with nothing stored or changed. */

  const fresh = uuidSequence();

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
      const before = await api.counts();

      const answer = await api.call(apiCalls.createOrder.path, {
        body: orderBody([cartLine(victimLine, { quantity: 9 })]),
        headers: { 'idempotency-key': 'attacker-key-0001' },
      });

      expect(answer.status).toBe(409);
      expect(JSON.stringify(answer.body)).not.toContain(victim.encryptedOrderId);
      expect(await api.counts()).toEqual(before);
      expect((await storedLines(victim.encryptedOrderId)).map((line) => line.quantity)).toEqual([1]);
    });

    it('refuses the same attack without an Idempotency-Key', async () => {
      const victimLine = fresh('victim');
      const victim = await createOrder(orderBody([cartLine(victimLine)]));
      const before = await api.counts();
      const answer = await api.call(apiCalls.createOrder.path, {
        body: orderBody([cartLine(victimLine, { quantity: 9 })]),
      });
      expect(answer.status).toBe(409);
      expect(JSON.stringify(answer.body)).not.toContain(victim.encryptedOrderId);
      expect(await api.counts()).toEqual(before);
    });

    it.each([['line-1'], ['1'], ['00000000-0000-0000-0000-000000000000']])(
      'refuses a guessable line uuid %j with 400',
      async (uuid) => {
        const before = await api.counts();
        const answer = await api.call(apiCalls.createOrder.path, {
          body: orderBody([{ ...cartLine(fresh('x')), uuid }]),
        });
        expect(answer).toMatchObject({ status: 400, body: { issues: [{ path: 'products.0.uuid' }] } });
        expect(await api.counts()).toEqual(before);
      },
    );

    it('refuses an Idempotency-Key of one order sent with the id of another with 409', async () => {
      const first = await createOrder(orderBody([cartLine(fresh('k'))]), { 'idempotency-key': 'first-key-0001' });
      const second = await createOrder(orderBody([cartLine(fresh('k'))]));
      const before = await api.counts();
      const answer = await api.call(apiCalls.createOrder.path, {
        body: orderBody([cartLine(fresh('k'))], { encryptedOrderId: second.encryptedOrderId }),
        headers: { 'idempotency-key': 'first-key-0001' },
      });
      expect(answer.status).toBe(409);
      expect(await api.counts()).toEqual(before);
      expect(await storedLines(first.encryptedOrderId)).toHaveLength(1);
    });
  });

  describe('names, sizes, options and extras of a stored line come from the catalogue', () => {
    const forged = () =>
      cartLine(fresh('forged'), {
        productName: 'FAMILY SUPREME x10',
        size: {
          retailerProductSizeId: 11,
          productGroupId: 1,
          productSizeId: 1,
          name: 'Family x10',
          price: 120,
          defaultProductPrice: 120,
        },
        extras: [{ ingredientId: 41, name: 'Gold leaf', quantity: 1, price: 0 }],
        options: [
          {
            retailerProductOptionId: 31,
            retailerProductOptionChoiceId: 312,
            name: 'Free for the table',
            defaultPrice: 0,
          },
        ],
      });

    it.each([
      ['create-order', 'create'],
      ['update-order', 'update'],
    ])('%s stores the Small Margherita as the menu names it', async (_name, via) => {
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
        size: {
          retailerProductSizeId: 12,
          productGroupId: 1,
          productSizeId: 2,
          name: 'Large',
          price: 18,
          defaultProductPrice: 18,
        },
        isHalfHalf: true,
        secondHalf: {
          productId: 102,
          productGroupId: 1,
          productName: 'Lobster',
          size: {
            retailerProductSizeId: 12,
            productGroupId: 1,
            productSizeId: 2,
            name: 'Huge',
            price: 1,
            defaultProductPrice: 1,
          },
        },
      });
      const { encryptedOrderId } = await createOrder(orderBody([line]));
      const [stored] = await storedLines(encryptedOrderId);
      expect(stored?.secondHalf).toMatchObject({ productName: 'Pepperoni', size: { name: 'Large', price: 20 } });
    });
  });

  describe('detaching the customer of an order needs their session', () => {
    async function signup(email: string) {
      const answer = await api.call(apiCalls.signup.path, {
        body: { fullName: 'Ada Lovelace', email, phoneNumber: '0400 000 000', password: 'pizza-lover-42' },
      });
      const body = apiCalls.signup.response.parse(answer.body);
      if (!body.success) throw new Error(body.message);
      return body;
    }

    it('refuses customerId null from someone holding only the order id, with 401, and the customer stays attached', async () => {
      const { custInfo, sessionToken } = await signup('attached@example.com');
      const { encryptedOrderId } = await createOrder(orderBody([cartLine(fresh('mine'))]));
      expect(
        (
          await api.call(apiCalls.updateCustomer.path, {
            body: { encryptedOrderId, customerId: custInfo.customerId },
            headers: bearer(sessionToken),
          })
        ).body,
      ).toEqual({ success: true });

      const other = await signup('someone-else@example.com');
      for (const headers of [{}, bearer(other.sessionToken)]) {
        const answer = await api.call(apiCalls.updateCustomer.path, {
          body: { encryptedOrderId, customerId: null },
          headers,
        });
        expect(answer.status).toBe(401);
      }
      const swap = await api.call(apiCalls.updateCustomer.path, {
        body: { encryptedOrderId, customerId: other.custInfo.customerId },
        headers: bearer(other.sessionToken),
      });
      expect(swap.status).toBe(401);

      const order = await api.call(apiCalls.getOrder.path, { body: { encryptedOrderId } });
      expect(order.body).toMatchObject({ loggedInCustId: custInfo.customerId });
    });
  });

  describe('login, signup and password reset are rate-limited', () => {
    let limited: TestApi;
    const logged: string[] = [];
    beforeAll(async () => {
      limited = await startTestApi({ store, log: (line) => logged.push(line) });
    });
    afterAll(() => limited.dispose());

    const password = 'the-right-password';
    async function signupAt(target: TestApi, email: string): Promise<Answer> {
      return target.call(apiCalls.signup.path, {
        body: { fullName: 'Ada Lovelace', email, phoneNumber: '0400 000 000', password },
      });
    }
    const login = (target: TestApi, email: string, tried: string) =>
      target.call(apiCalls.login.path, { body: { email, password: tried } });

    function expectTooMany(answer: Answer): void {
      expect(answer.status).toBe(429);
      expect((answer.body as { message: string }).message).toMatch(
        /^Too many .+ Please try again in \d+ (seconds|minutes?)\.$/,
      );
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    }

    it('answers 60 wrong passwords for one account sent at once with 429 after the first 10, then refuses the right one too', async () => {
      const email = 'guessed@example.com';
      expect((await signupAt(limited, email)).status).toBe(200);
      const sessionsBefore = (await limited.counts()).sessions;

      const answers = await Promise.all(
        Array.from({ length: 60 }, (_, index) => login(limited, email, `wrong-guess-${index}`)),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(DEFAULT_RATE_LIMITS.loginPerEmail.attempts);
      expect(statuses.filter((status) => status === 429)).toHaveLength(60 - DEFAULT_RATE_LIMITS.loginPerEmail.attempts);
      expectTooMany(answers.find((answer) => answer.status === 429) ?? answers[0]!);

      expectTooMany(await login(limited, email, password));
      expect((await limited.counts()).sessions).toBe(sessionsBefore);
    });

    it('limits login attempts from one client address across many accounts', async () => {
      const fresh = await start();
      const answers = [];
      for (let index = 0; index <= DEFAULT_RATE_LIMITS.loginPerAddress.attempts; index += 1)
        answers.push(await login(fresh, `stuffed${index}@example.com`, 'password123'));
      expect(answers.slice(0, -1).every((answer) => answer.status === 200)).toBe(true);
      expectTooMany(answers.at(-1)!);
    });

    it('issues at most 3 reset links for one email when 30 are asked for at once', async () => {
      const email = 'reset-target@example.com';
      expect((await signupAt(limited, email)).status).toBe(200);
      const answers = await Promise.all(
        Array.from({ length: 30 }, () => limited.call(apiCalls.requestPasswordReset.path, { body: { email } })),
      );
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(
        DEFAULT_RATE_LIMITS.resetRequestPerEmail.attempts,
      );
      expectTooMany(answers.find((answer) => answer.status === 429)!);
      // The reference API "mails" each link to its log.
      expect(logged.filter((line) => line.startsWith(`password reset for ${email}:`))).toHaveLength(
        DEFAULT_RATE_LIMITS.resetRequestPerEmail.attempts,
      );
    });

    it('answers an unknown email exactly as a known one once its limit is spent, so a 429 reveals nothing', async () => {
      const fresh = await start();
      // Sent at once, so which of them is refused is up to the database (PostgreSQL takes them on several connections).
      const ask = async (email: string) =>
        (
          await Promise.all(
            Array.from({ length: 4 }, () => fresh.call(apiCalls.requestPasswordReset.path, { body: { email } })),
          )
        ).toSorted((a, b) => a.status - b.status);
      expect((await signupAt(fresh, 'known@example.com')).status).toBe(200);
      const [known, unknown] = [await ask('known@example.com'), await ask('nobody-here@example.com')];
      expect(unknown.map((answer) => [answer.status, answer.body])).toEqual(
        known.map((answer) => [answer.status, answer.body]),
      );
      expect(unknown.map((answer) => answer.status)).toEqual([200, 200, 200, 429]);
    });

    it('answers signup with a taken email without saying the email has an account', async () => {
      const before = await limited.counts();
      const answer = await signupAt(limited, 'guessed@example.com');
      expect(answer).toMatchObject({ status: 200, body: { success: false, message: messages.signupRefused } });
      expect(JSON.stringify(answer.body)).not.toMatch(/exist|taken|registered|in use/i);
      expect(await limited.counts()).toEqual(before);
    });
  });

  describe('a body over the size limit', () => {
    let sized: TestApi;
    beforeAll(async () => {
      sized = await startTestApi({ store });
    });
    afterAll(() => sized.dispose());

    const entry = { errorType: 'javascript', message: 'boom', timestamp: '2030-03-05T20:00:00+11:00' };

    /** One request on a keep-alive agent of a single socket, so the next request would reuse the connection. */
    function post(
      agent: Agent,
      body: string,
      chunked: boolean,
    ): Promise<{ status: number; connection: string | undefined }> {
      const { hostname, port } = new URL(sized.url);
      return new Promise((resolve, reject) => {
        const headers: Record<string, string | number> = {
          'content-type': 'application/json',
          'x-retailer-domain': HOST,
        };
        if (!chunked) headers['content-length'] = Buffer.byteLength(body);
        const sent = request(
          { agent, hostname, port, path: apiCalls.createErrorLogs.path, method: 'POST', headers },
          (response) => {
            response.resume();
            response.on('end', () =>
              resolve({ status: response.statusCode ?? 0, connection: response.headers.connection }),
            );
          },
        );
        sent.on('error', reject);
        sent.end(body);
      });
    }

    it.each([
      ['with a length', false],
      ['sent in chunks', true],
    ])('%s is a 413 that leaves the next request on that connection answered', async (_name, chunked) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const before = await sized.counts();
        const tooLarge = await post(agent, JSON.stringify([{ ...entry, stack: 'x'.repeat(600 * 1024) }]), chunked);
        expect(tooLarge).toEqual({ status: 413, connection: 'close' });
        expect(await sized.counts()).toEqual(before);
        for (let index = 0; index < 3; index += 1)
          expect((await post(agent, JSON.stringify([entry]), chunked)).status).toBe(200);
      } finally {
        agent.destroy();
      }
    });
  });
});
