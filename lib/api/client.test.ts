import { describe, expect, it } from 'vitest';
import { orderPayloadSchema, type OrderPayload } from '../cart/schemas.ts';
import {
  ApiError,
  createApiClient,
  inactiveRetailer,
  inactiveRetailerDestination,
  type ApiClient,
  type FetchLike,
} from './client.ts';

interface Recorded {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

type Answer = Response | (() => Response) | Error | 'hang';

/** A fake fetch answering from a queue and recording every request. */
function fakeFetch(...answers: Answer[]) {
  const requests: Recorded[] = [];
  const fetch: FetchLike = (url, init) => {
    requests.push({
      url,
      method: init.method ?? 'GET',
      headers: { ...(init.headers as Record<string, string>) },
      body: typeof init.body === 'string' ? JSON.parse(init.body) : null,
    });
    const answer = answers.shift() ?? new Error('no answer queued');
    if (answer === 'hang') {
      return new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    }
    if (answer instanceof Error) return Promise.reject(answer);
    return Promise.resolve(typeof answer === 'function' ? answer() : answer);
  };
  return { fetch, requests };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const size = {
  retailerProductSizeId: 11,
  productGroupId: 1,
  productSizeId: 1,
  name: 'Small',
  price: 12,
  defaultProductPrice: 12,
};
/** Lines carry crypto.randomUUID() ids; the API refuses anything else. */
const LINE_UUID = '0b5ec3a2-6f1e-4c1a-9d2e-3f4a5b6c7d8e';
const cartLine = {
  uuid: LINE_UUID,
  productId: 101,
  productGroupId: 1,
  productName: 'Margherita',
  size,
  quantity: 2,
  historicPrice: 12,
  timeStamp: 1,
};
const payload = {
  encryptedOrderId: null,
  retailerId: 9001,
  createDate: '2030-03-04T10:00:00+11:00',
  currentOrderStatusTypeId: 1 as const,
  lastOrderStatusUpdate: '2030-03-04T10:00:00+11:00',
  isPickup: true,
  historicDeliveryFee: 0,
  historicDeliveryWaitTime: 30,
  orderForLater: false,
  orderForLaterRequestDateTime: null,
  orderPlatformSourceId: 1 as const,
  source: 'web-storefront',
  products: [cartLine],
};

function client(
  fetch: FetchLike,
  extra: { retailerWebsiteId?: number; sessionToken?: () => string | null; timeoutMs?: number } = {},
) {
  return createApiClient({
    baseUrl: 'https://api.example/',
    retailerDomain: 'bella-napoli.localhost:4321',
    fetch,
    ...extra,
  });
}

describe('createApiClient calls', () => {
  it.each<[string, (api: ApiClient) => Promise<unknown>, unknown, string, string, unknown]>([
    [
      'clock status',
      (api) => api.getClockStatus(),
      { retailerOnline: false },
      'GET',
      '/api/retailer/get-clock-status',
      null,
    ],
    [
      'trading hours',
      (api) => api.getTradingHours(),
      [{ day: 1, openingTimeStart: '11:00', openingTimeEnd: '21:00' }],
      'GET',
      '/api/retailer/get-trading-hours',
      null,
    ],
    [
      'trending',
      (api) => api.getTrending(),
      [{ productId: 101, orderCount: 3 }],
      'GET',
      '/api/products/get-trending',
      null,
    ],
    [
      'get order',
      (api) => api.getOrder('abc'),
      { orderProcessed: false, loggedInCustId: null, historicDeliveryFee: 5.5, products: [cartLine] },
      'POST',
      '/api/order/get-order',
      { encryptedOrderId: 'abc' },
    ],
    [
      'create order',
      (api) => api.createOrder(payload),
      { encryptedOrderId: 'abc', uuidToOrderProductIds: { [LINE_UUID]: 7 } },
      'POST',
      '/api/order/create-order',
      payload,
    ],
    [
      'mailing list',
      (api) => api.mailingListSignup({ email: 'a@b.example' }),
      { success: true },
      'POST',
      '/api/mailing-list/signup',
      { email: 'a@b.example' },
    ],
    ['logout', (api) => api.logout(), { success: true }, 'POST', '/api/customer/logout', null],
    [
      'request password reset',
      (api) => api.requestPasswordReset({ email: 'a@b.example' }),
      { success: true, message: 'If an account exists for that email, we have sent a link to reset its password.' },
      'POST',
      '/api/customer/request-password-reset',
      { email: 'a@b.example' },
    ],
    [
      'reset password',
      (api) => api.resetPassword({ token: 'reset-token-123', password: 'new-password-1' }),
      { success: true, message: 'Your password has been changed. You can log in with it now.' },
      'POST',
      '/api/customer/reset-password',
      { token: 'reset-token-123', password: 'new-password-1' },
    ],
  ])('%s: sends %#', async (_name, invoke, answer, method, path, body) => {
    const { fetch, requests } = fakeFetch(json(answer));
    await expect(invoke(client(fetch))).resolves.toMatchObject(answer as object);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ url: `https://api.example${path}`, method, body });
    expect(requests[0]?.headers['x-retailer-domain']).toBe('bella-napoli.localhost:4321');
  });

  it('fills the contract defaults of a response', async () => {
    const { fetch } = fakeFetch(json({ retailerOnline: true }));
    await expect(client(fetch).getClockStatus()).resolves.toEqual({
      retailerOnline: true,
      liveDeliveryWaitTime: 30,
      livePickupWaitTime: 30,
      closedDateToday: false,
      livePickupOverCapacity: false,
      liveDeliveryOverCapacity: false,
      allowDelivery: true,
    });
  });

  it.each([
    ['website id', { retailerWebsiteId: 9101 }, 'x-retailer-website-id', '9101'],
    ['session token', { sessionToken: () => 'token-1' }, 'authorization', 'Bearer token-1'],
    ['no session', { sessionToken: () => null }, 'authorization', undefined],
  ])('sends the %s header when known', async (_name, extra, header, value) => {
    const { fetch, requests } = fakeFetch(json({ retailerOnline: true }));
    await client(fetch, extra).getClockStatus();
    expect(requests[0]?.headers[header]).toBe(value);
  });

  it('sends the idempotency key of a create', async () => {
    const { fetch, requests } = fakeFetch(json({ encryptedOrderId: 'abc', uuidToOrderProductIds: {} }));
    await client(fetch).createOrder(payload, { idempotencyKey: 'cart-1234567' });
    expect(requests[0]?.headers['idempotency-key']).toBe('cart-1234567');
  });

  it('sends an order payload as the cart schema outputs it, defaults filled', async () => {
    const parsed: OrderPayload = orderPayloadSchema.parse(payload);
    const { fetch, requests } = fakeFetch(json({ encryptedOrderId: 'abc', uuidToOrderProductIds: { [LINE_UUID]: 7 } }));
    await client(fetch).createOrder(parsed);
    expect(requests[0]?.body).toMatchObject({
      extraOrderNotes: '',
      closedDate: false,
      products: [{ uuid: LINE_UUID, isHalfHalf: false, extras: [] }],
    });
  });

  it('answers a spent reset link as success false, not an error', async () => {
    const spent = { success: false, message: 'This reset link has expired or was already used. Ask for a new one.' };
    const { fetch } = fakeFetch(json(spent));
    await expect(
      client(fetch).resetPassword({ token: 'reset-token-123', password: 'new-password-1' }),
    ).resolves.toEqual(spent);
  });

  it('refuses a reset answer outside the contract', async () => {
    const { fetch } = fakeFetch(json({ success: 'yes' }));
    await expect(client(fetch).requestPasswordReset({ email: 'a@b.example' })).rejects.toMatchObject({
      name: 'ApiError',
      kind: 'invalid-response',
    });
  });

  it('answers a login failure as success false, not an error', async () => {
    const { fetch } = fakeFetch(json({ success: false, message: 'Incorrect email or password.' }));
    await expect(client(fetch).login({ email: 'a@b.example', password: 'x' })).resolves.toEqual({
      success: false,
      message: 'Incorrect email or password.',
    });
  });
});

describe('createApiClient failures', () => {
  it.each<[string, Answer, string, number | null, string]>([
    ['network down', new TypeError('fetch failed'), 'network', null, 'could not be reached'],
    [
      '404 with an error body',
      json({ success: false, message: 'Retailer not found: nowhere.example' }, 404),
      'http',
      404,
      'Retailer not found: nowhere.example',
    ],
    ['500 with an HTML page', () => new Response('<h1>oops</h1>', { status: 500 }), 'http', 500, 'answered HTTP 500'],
    ['200 with HTML', () => new Response('<html></html>', { status: 200 }), 'invalid-response', 200, 'other than JSON'],
    ['200 with the wrong shape', json({ retailerOnline: 'yes' }), 'invalid-response', 200, 'retailerOnline'],
    ['200 with null', json(null), 'invalid-response', 200, 'outside the contract'],
  ])('%s is an ApiError of kind %s', async (_name, answer, kind, status, message) => {
    const { fetch } = fakeFetch(answer);
    const error = await client(fetch)
      .getClockStatus()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind, status });
    expect((error as ApiError).message).toContain(message);
  });

  it('gives up on a hanging call after the timeout', async () => {
    const { fetch } = fakeFetch('hang');
    const error = await client(fetch, { timeoutMs: 20 })
      .getClockStatus()
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'ApiError', kind: 'timeout', status: null });
  });

  it('keeps the validation issues of a 400', async () => {
    const issues = [{ path: 'productId', message: 'Invalid input: expected int, received string' }];
    const { fetch } = fakeFetch(json({ success: false, message: 'Invalid request body: productId', issues }, 400));
    const error = await client(fetch)
      .getProduct(0)
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ kind: 'http', status: 400, body: { issues } });
  });
});

describe('inactiveRetailer', () => {
  it.each<[string, Answer, { retailerId: number; redirectUrl: string | null } | null]>([
    [
      'an inactive retailer',
      json(
        {
          success: false,
          message: 'Retailer inactive',
          statusMessage: 'Retailer inactive',
          retailerId: 9002,
          redirectUrl: 'https://holding.example/order',
        },
        403,
      ),
      { retailerId: 9002, redirectUrl: 'https://holding.example/order' },
    ],
    ['an unknown retailer', json({ success: false, message: 'Retailer not found: x.example' }, 404), null],
    ['a network failure', new TypeError('fetch failed'), null],
  ])('reads %s', async (_name, answer, expected) => {
    const { fetch } = fakeFetch(answer);
    const error = await client(fetch)
      .getRetailerConfig()
      .catch((caught: unknown) => caught);
    expect(inactiveRetailer(error)).toEqual(expected);
  });
});

describe('inactiveRetailerDestination', () => {
  const inactive = (redirectUrl: string | null) =>
    json(
      {
        success: false,
        message: 'Retailer inactive',
        statusMessage: 'Retailer inactive',
        retailerId: 222,
        redirectUrl,
      },
      403,
    );
  it.each<[string, Answer, string | null]>([
    [
      'the external site with retid',
      inactive('https://order.example/shop?from=web'),
      'https://order.example/shop?from=web&retid=222',
    ],
    ['no site named', inactive(null), null],
    ['a script address', inactive('javascript:alert(1)'), null],
    ['another failure', json({ success: false, message: 'boom' }, 500), null],
  ])('%s', async (_name, answer, expected) => {
    const { fetch } = fakeFetch(answer);
    const error = await client(fetch)
      .getRetailerConfig()
      .catch((caught: unknown) => caught);
    expect(inactiveRetailerDestination(error)).toBe(expected);
  });

  it('every final failure passes the onFailure hook once, after the retry', async () => {
    const { fetch } = fakeFetch(
      json({ success: false, message: 'boom' }, 500),
      json({ success: false, message: 'boom' }, 500),
    );
    const failures: ApiError[] = [];
    const api = createApiClient({
      baseUrl: 'https://api.example/',
      retailerDomain: 'x.localhost',
      fetch,
      onFailure: (error) => failures.push(error),
    });
    await expect(
      api.createErrorLogs([{ errorType: 'react', message: 'x', timestamp: '2030-03-04T10:00:00+11:00' }]),
    ).rejects.toBeInstanceOf(ApiError);
    expect(failures).toHaveLength(1);
  });
});

describe('getGroupHours', () => {
  it.each<[string, Answer, unknown[]]>([
    [
      'the hours',
      json([{ productGroupId: 2, day: 5, timeFrom: '12:00', timeTo: '23:00' }]),
      [{ productGroupId: 2, day: 5, timeFrom: '12:00', timeTo: '23:00' }],
    ],
    ['an empty list on an HTTP error', json({ success: false, message: 'boom' }, 500), []],
    ['an empty list on a network failure', new TypeError('fetch failed'), []],
    ['an empty list on a malformed answer', json({ nope: true }), []],
  ])('answers %s', async (_name, answer, expected) => {
    const { fetch } = fakeFetch(answer);
    await expect(client(fetch).getGroupHours()).resolves.toEqual(expected);
  });
});

describe('createErrorLogs', () => {
  const entry = { errorType: 'javascript' as const, message: 'x is undefined', timestamp: '2030-03-04T10:00:00+11:00' };

  it.each<[string, Answer[], number, boolean]>([
    ['succeeds first time', [json({ accepted: true })], 1, true],
    ['retries once after a network failure', [new TypeError('fetch failed'), json({ accepted: true })], 2, true],
    ['retries once after a 503', [json({ success: false, message: 'busy' }, 503), json({ accepted: true })], 2, true],
    [
      'gives up after the one retry',
      [new TypeError('fetch failed'), new TypeError('fetch failed'), json({ accepted: true })],
      2,
      false,
    ],
    ['does not retry a 400', [json({ success: false, message: 'bad' }, 400), json({ accepted: true })], 1, false],
  ])('%s', async (_name, answers, calls, accepted) => {
    const { fetch, requests } = fakeFetch(...answers);
    const outcome = await client(fetch)
      .createErrorLogs([entry])
      .then(
        (response) => response.accepted,
        () => false,
      );
    expect(outcome).toBe(accepted);
    expect(requests).toHaveLength(calls);
  });
});
