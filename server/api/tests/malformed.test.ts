import { beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../../lib/api/contract.ts';
import { cartLine, lineUuid, onEachStore, orderBody, type CallOptions } from './support/test-support.ts';

const line = cartLine('new-line');
const order = (overrides: Record<string, unknown>) => ({ ...orderBody([line]), ...overrides });
const withLine = (overrides: Record<string, unknown>) => order({ products: [{ ...line, ...overrides }] });
const status = { orderStatusTypeId: 55, notes: '', timestamp: '2030-03-05T20:00:00+11:00' };
const errorEntry = { errorType: 'javascript', message: 'boom', timestamp: '2030-03-05T20:00:00+11:00' };
const signup = {
  fullName: 'Ada Lovelace',
  email: 'ada@example.com',
  phoneNumber: '0400 000 000',
  password: 'long-enough',
};

const {
  createOrder,
  updateOrder,
  getOrder,
  updateCustomer,
  createOrderStatus,
  login,
  signup: signupCall,
  mailingListSignup,
  createErrorLogs,
  requestTableBooking,
  getProduct,
} = apiCalls;

/** [what is wrong, path, request, the field the answer names] */
const malformed: [string, string, CallOptions, string][] = [
  ['a body that is not JSON', createOrder.path, { rawBody: '{"retailerId":' }, ''],
  ['no body at all', createOrder.path, { method: 'POST' }, ''],
  ['a list instead of an order', createOrder.path, { body: [] }, ''],
  ['products that are not a list', createOrder.path, { body: order({ products: 'pizza' }) }, 'products'],
  ['a quantity of 0', createOrder.path, { body: withLine({ quantity: 0 }) }, 'products.0.quantity'],
  ['a fractional quantity', createOrder.path, { body: withLine({ quantity: 1.5 }) }, 'products.0.quantity'],
  ['a negative price', createOrder.path, { body: withLine({ historicPrice: -12 }) }, 'products.0.historicPrice'],
  [
    'a price with three decimals',
    createOrder.path,
    { body: withLine({ historicPrice: 12.345 }) },
    'products.0.historicPrice',
  ],
  ['a cart line without a uuid', createOrder.path, { body: withLine({ uuid: undefined }) }, 'products.0.uuid'],
  ['another order platform', createOrder.path, { body: order({ orderPlatformSourceId: 2 }) }, 'orderPlatformSourceId'],
  [
    'an unknown order status',
    createOrder.path,
    { body: order({ currentOrderStatusTypeId: 99 }) },
    'currentOrderStatusTypeId',
  ],
  ['a create date that is not a date', createOrder.path, { body: order({ createDate: 'yesterday' }) }, 'createDate'],
  [
    'a later time without a zone',
    createOrder.path,
    { body: order({ orderForLater: true, orderForLaterRequestDateTime: '2030-03-06T12:00:00' }) },
    'orderForLaterRequestDateTime',
  ],
  ['the same cart line twice', createOrder.path, { body: order({ products: [line, line] }) }, 'products.1.uuid'],
  [
    'an extra of quantity 0',
    createOrder.path,
    { body: withLine({ extras: [{ ingredientId: 41, name: 'Mozzarella', quantity: 0, price: 2 }] }) },
    'products.0.extras.0.quantity',
  ],
  [
    '201 cart lines',
    createOrder.path,
    { body: order({ products: Array.from({ length: 201 }, (_, index) => cartLine(`bulk-${index}`)) }) },
    'products',
  ],
  ['a retailer id as text', createOrder.path, { body: order({ retailerId: '9001' }) }, 'retailerId'],
  ['a one-letter Idempotency-Key', createOrder.path, { body: order({}), headers: { 'idempotency-key': 'x' } }, ''],
  ['an order id that is a number', updateOrder.path, { body: order({ encryptedOrderId: 42 }) }, 'encryptedOrderId'],
  ['products of null', updateOrder.path, { body: order({ encryptedOrderId: 'x', products: null }) }, 'products'],
  ['get-order without an order id', getOrder.path, { body: {} }, 'encryptedOrderId'],
  ['get-order with an empty order id', getOrder.path, { body: { encryptedOrderId: '' } }, 'encryptedOrderId'],
  ['a customer id as text', updateCustomer.path, { body: { encryptedOrderId: 'x', customerId: '5' } }, 'customerId'],
  ['update-customer without a customer id', updateCustomer.path, { body: { encryptedOrderId: 'x' } }, 'customerId'],
  ['a status without its status', createOrderStatus.path, { body: { encryptedOrderId: null } }, 'orderStatus'],
  [
    'a status time without a zone',
    createOrderStatus.path,
    { body: { encryptedOrderId: null, orderStatus: { ...status, timestamp: '2030-03-05 20:00' } } },
    'orderStatus.timestamp',
  ],
  [
    'a status code outside the spec',
    createOrderStatus.path,
    { body: { encryptedOrderId: null, orderStatus: { ...status, orderStatusTypeId: 2 } } },
    'orderStatus.orderStatusTypeId',
  ],
  ['a login email that is not one', login.path, { body: { email: 'ada', password: 'x' } }, 'email'],
  ['a login without a password', login.path, { body: { email: 'ada@example.com' } }, 'password'],
  ['a signup password of 7 characters', signupCall.path, { body: { ...signup, password: 'short77' } }, 'password'],
  ['a phone number of letters', signupCall.path, { body: { ...signup, phoneNumber: 'call me maybe' } }, 'phoneNumber'],
  ['a blank full name', signupCall.path, { body: { ...signup, fullName: '   ' } }, 'fullName'],
  ['a mailing-list signup without an email', mailingListSignup.path, { body: { name: 'Ada' } }, 'email'],
  ['an empty error batch', createErrorLogs.path, { body: [] }, ''],
  ['an error entry instead of a batch', createErrorLogs.path, { body: errorEntry }, ''],
  ['101 error entries', createErrorLogs.path, { body: Array.from({ length: 101 }, () => errorEntry) }, ''],
  ['an error line number below 0', createErrorLogs.path, { body: [{ ...errorEntry, lineno: -1 }] }, '0.lineno'],
  [
    'a party size as text',
    requestTableBooking.path,
    { body: { name: 'Ada', phone: '0400 000 000', partySize: '4', dateTime: '2030-03-06T19:00:00+11:00' } },
    'partySize',
  ],
  ['a product id of -1', getProduct.path, { body: { productId: -1 } }, 'productId'],
  ['a product id as text', getProduct.path, { body: { productId: '101' } }, 'productId'],
];

await onEachStore(({ api }) => {
  let encryptedOrderId: string;
  let before: Record<string, number>;

  beforeAll(async () => {
    const created = await api.call(apiCalls.createOrder.path, { body: orderBody([cartLine('existing-line')]) });
    encryptedOrderId = apiCalls.createOrder.response.parse(created.body).encryptedOrderId;
    before = await api.counts();
  });

  describe(`${malformed.length} malformed requests`, () => {
    it.each(malformed)('%s is 400 with a clear message and writes nothing', async (_name, path, request, field) => {
      const answer = await api.call(path, { method: 'POST', ...request });
      expect(answer.status).toBe(400);
      const body = answer.body as { success: boolean; message: string; issues: { path: string; message: string }[] };
      expect(body.success).toBe(false);
      expect(body.message).toMatch(
        /^(Invalid request (body|headers)|Request body is not valid JSON|Invalid idempotency-key header|Failed to add)/,
      );
      expect(body.issues.length).toBeGreaterThan(0);
      if (field) expect(body.issues.map((issue) => issue.path)).toContain(field);
      expect(await api.counts()).toEqual(before);
    });

    it('the order the malformed updates aimed at is unchanged', async () => {
      const answer = await api.call(getOrder.path, { body: { encryptedOrderId } });
      expect((answer.body as { products: { uuid: string }[] }).products.map((product) => product.uuid)).toEqual([
        lineUuid('existing-line'),
      ]);
    });

    it('a body over the size limit is 413 and writes nothing', async () => {
      const answer = await api.call(createErrorLogs.path, { body: [{ ...errorEntry, stack: 'x'.repeat(600 * 1024) }] });
      expect(answer).toMatchObject({ status: 413, body: { success: false } });
      expect(await api.counts()).toEqual(before);
    });
  });
});
