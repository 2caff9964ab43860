import { describe, expect, it } from 'vitest';
import { createStaffClient, retryAfterText, StaffApiError, type FetchLike } from './client.ts';
import { staffMessages } from './messages.ts';
import { boardOrder, signInAnswer } from './test-fixtures.ts';

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
  credentials: RequestCredentials | undefined;
}

/** A stand-in API: answers in turn what the test queues, and keeps what each call sent. */
function fakeApi(...answers: (Response | Error)[]) {
  const sent: Sent[] = [];
  const fetch: FetchLike = async (url, init) => {
    sent.push({
      url,
      method: init.method ?? 'GET',
      headers: { ...(init.headers as Record<string, string>) },
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
      credentials: init.credentials,
    });
    const next = answers.shift();
    if (!next) throw new Error('no answer queued');
    if (next instanceof Error) throw next;
    return next;
  };
  return { sent, fetch };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

function client(api: ReturnType<typeof fakeApi>, token: string | null = 'staff-token-1') {
  const ended: number[] = [];
  const staff = createStaffClient({
    baseUrl: 'http://api.test/',
    token: () => token,
    onUnauthorized: () => ended.push(1),
    fetch: api.fetch,
  });
  return { staff, ended };
}

async function failure(promise: Promise<unknown>): Promise<StaffApiError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof StaffApiError)) throw new Error(`expected a StaffApiError, got ${String(error)}`);
  return error;
}

describe('sign-in', () => {
  it('posts the shop, email and password without a token and keeps the answer as the contract shapes it', async () => {
    const api = fakeApi(json(200, signInAnswer));
    const { staff } = client(api, null);
    await expect(
      staff.signIn({ retailer: 'bella-napoli', email: 'owner@bella-napoli.test', password: 'bella-napoli-owner' }),
    ).resolves.toEqual(signInAnswer);
    expect(api.sent).toEqual([
      {
        url: 'http://api.test/staff/sign-in',
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: { retailer: 'bella-napoli', email: 'owner@bella-napoli.test', password: 'bella-napoli-owner' },
        credentials: 'omit',
      },
    ]);
  });

  it("shows the API's own words for a wrong password, and does not count it as an ended session", async () => {
    const api = fakeApi(json(401, { error: 'Email or password is wrong.' }));
    const { staff, ended } = client(api, null);
    const error = await failure(
      staff.signIn({ retailer: 'bella-napoli', email: 'owner@bella-napoli.test', password: 'nope' }),
    );
    expect(error.message).toBe('Email or password is wrong.');
    expect(error.status).toBe(401);
    expect(ended).toEqual([]);
  });

  it('says how long to wait after too many tries, from Retry-After', async () => {
    const api = fakeApi(json(429, { error: 'Too many attempts' }, { 'retry-after': '120' }));
    const error = await failure(
      client(api, null).staff.signIn({ retailer: 'bella-napoli', email: 'a@b.test', password: 'x' }),
    );
    expect(error.message).toBe('Too many tries. Try again in 2 minutes.');
    expect(error.retryAfterSeconds).toBe(120);
  });

  it('refuses a token answer outside the contract', async () => {
    const api = fakeApi(json(200, { ...signInAnswer, staff: { ...signInAnswer.staff, role: 'admin' } }));
    const error = await failure(
      client(api, null).staff.signIn({ retailer: 'bella-napoli', email: 'a@b.test', password: 'x' }),
    );
    expect(error.kind).toBe('invalid-response');
    expect(error.message).toBe(staffMessages.invalidAnswer);
  });

  it('words an unreachable server for the person at the counter', async () => {
    const api = fakeApi(new TypeError('Failed to fetch'));
    const error = await failure(
      client(api, null).staff.signIn({ retailer: 'bella-napoli', email: 'a@b.test', password: 'x' }),
    );
    expect(error).toMatchObject({ kind: 'network', message: staffMessages.unreachable });
  });
});

describe('signed-in calls', () => {
  it('send the token as a bearer token and ask for the board with a bounded limit', async () => {
    const api = fakeApi(json(200, { orders: [] }), json(200, { orders: [] }), json(200, { orders: [] }));
    const { staff } = client(api);
    await staff.orders();
    await staff.orders(5000);
    await staff.orders(0);
    expect(api.sent.map((call) => [call.url, call.headers['authorization']])).toEqual([
      ['http://api.test/staff/orders?limit=50', 'Bearer staff-token-1'],
      ['http://api.test/staff/orders?limit=200', 'Bearer staff-token-1'],
      ['http://api.test/staff/orders?limit=1', 'Bearer staff-token-1'],
    ]);
  });

  it('show the orders that keep to the contract and count the ones that do not', async () => {
    const good = boardOrder(1042, 3);
    const api = fakeApi(
      json(200, {
        orders: [good, { ...boardOrder(1041, 9), totalCents: 12.5 }, { orderNumber: 7 }],
        done: [{ ...boardOrder(1030, 90), state: 'collected' }, { orderNumber: 6 }],
        moreActive: 0,
      }),
    );
    await expect(client(api).staff.orders(50, ' Grace ')).resolves.toEqual({
      orders: [good],
      done: [{ ...boardOrder(1030, 90), state: 'collected' }],
      moreActive: 0,
      unreadable: 3,
      preparationMinutes: 20,
    });
    expect(api.sent.map((call) => call.url)).toEqual([
      expect.stringMatching(/\/staff\/orders\?limit=50&search=Grace$/),
    ]);
  });

  it('a bump or an undo posts the stage asked for and answers the saved order', async () => {
    const ready = boardOrder(1042, 3, { encryptedOrderId: 'a/b?c', state: 'ready' });
    const api = fakeApi(json(200, { order: ready }));
    await expect(client(api).staff.stage('a/b?c', 'ready', true)).resolves.toEqual(ready);
    expect(api.sent.map(({ method, url, body }) => ({ method, url, body }))).toEqual([
      { method: 'POST', url: 'http://api.test/staff/orders/a%2Fb%3Fc/stage', body: { stage: 'ready', undo: true } },
    ]);
  });

  it('take and ready post to the order, its id escaped, and answer the saved order', async () => {
    const taken = boardOrder(1042, 3, { encryptedOrderId: 'a/b?c', state: 'taken' });
    const api = fakeApi(json(200, { order: taken }), json(200, { order: { ...taken, state: 'ready' } }));
    const { staff } = client(api);
    await expect(staff.take('a/b?c')).resolves.toEqual(taken);
    await expect(staff.ready('a/b?c')).resolves.toMatchObject({ state: 'ready' });
    expect(api.sent.map((call) => `${call.method} ${call.url}`)).toEqual([
      'POST http://api.test/staff/orders/a%2Fb%3Fc/take',
      'POST http://api.test/staff/orders/a%2Fb%3Fc/ready',
    ]);
  });

  it('end the session on a 401, however it is worded', async () => {
    const api = fakeApi(new Response('', { status: 401 }));
    const { staff, ended } = client(api);
    const error = await failure(staff.me());
    expect(error.message).toBe(staffMessages.sessionEnded);
    expect(ended).toEqual([1]);
  });

  it('are not sent at all without a token', async () => {
    const api = fakeApi();
    const { staff, ended } = client(api, null);
    const error = await failure(staff.orders());
    expect(error.status).toBe(401);
    expect(api.sent).toEqual([]);
    expect(ended).toEqual([1]);
  });

  it("say an order another shop's staff asked for is not on the board (404), and a kitchen that the owner's list is not theirs (403)", async () => {
    const api = fakeApi(
      new Response('Not Found', { status: 404 }),
      json(403, { error: 'Owners only.' }),
      new Response('', { status: 403 }),
    );
    const { staff } = client(api);
    expect((await failure(staff.take('enc-9'))).message).toBe(staffMessages.orderGone);
    expect((await failure(staff.audit())).message).toBe('Owners only.');
    expect((await failure(staff.audit())).message).toBe(staffMessages.notAllowed);
  });

  it('sign out with an empty 204 answer', async () => {
    const api = fakeApi(new Response(null, { status: 204 }));
    await expect(client(api).staff.signOut()).resolves.toBeUndefined();
    expect(api.sent[0]).toMatchObject({ method: 'POST', url: 'http://api.test/staff/sign-out', body: null });
  });

  it('read the broker login of the live push, refusing one that is no WebSocket address', async () => {
    const live = {
      brokerUrl: 'ws://localhost:9001',
      username: 'staff-111',
      password: 'secret',
      topic: 'storefront/111/staff/orders',
    };
    const api = fakeApi(json(200, live), json(200, { ...live, brokerUrl: 'http://localhost:9001' }));
    const { staff } = client(api);
    await expect(staff.live()).resolves.toEqual(live);
    expect((await failure(staff.live())).kind).toBe('invalid-response');
  });

  it('read the audit trail', async () => {
    const entries = [
      { at: '2026-11-25T07:58:00.000Z', staffName: 'Rosa Esposito', action: 'take', subject: 'order 1042' },
    ];
    const api = fakeApi(json(200, { entries }));
    await expect(client(api).staff.audit()).resolves.toEqual(entries);
    expect(api.sent[0]?.url).toBe('http://api.test/staff/audit?limit=100');
  });

  it('give up on a call that hangs, saying so', async () => {
    const hanging: FetchLike = (_url, init) =>
      new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    const staff = createStaffClient({
      baseUrl: 'http://api.test',
      token: () => 'staff-token-1',
      fetch: hanging,
      timeoutMs: 5,
    });
    expect(await failure(staff.orders())).toMatchObject({ kind: 'timeout', message: staffMessages.timeout });
  });
});

describe('retryAfterText', () => {
  it.each([
    [1, 'Try again in 1 second.'],
    [45, 'Try again in 45 seconds.'],
    [61, 'Try again in 2 minutes.'],
    [900, 'Try again in 15 minutes.'],
  ])('%i s: %s', (seconds, text) => {
    expect(retryAfterText(seconds)).toBe(text);
  });
});
