import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createApiClient, inactiveRetailer, type ApiClient } from '../../../lib/api/client.ts';
import { cartLine, HOST, INACTIVE_HOST, lineUuid, onEachStore, orderBody, WEBSITE_ID } from './support/test-support.ts';

/** The typed client against the reference server: every answer the server gives must parse under the shared contract. */

await onEachStore(({ api }) => {
  let client: ApiClient;
  let sessionToken: string | null = null;

  beforeAll(() => {
    client = createApiClient({
      baseUrl: api.url,
      retailerDomain: `${HOST}:443`,
      retailerWebsiteId: WEBSITE_ID,
      sessionToken: () => sessionToken,
    });
  });

  describe('every read-only call parses under the contract', () => {
    it.each<[string, (client: ApiClient) => Promise<unknown>]>([
      ['getRetailerConfig', (c) => c.getRetailerConfig()],
      ['getClockStatus', (c) => c.getClockStatus()],
      ['getTradingHours', (c) => c.getTradingHours()],
      ['getPopups', (c) => c.getPopups()],
      ['getClosedDates', (c) => c.getClosedDates()],
      ['getSpecials', (c) => c.getSpecials()],
      ['getCustomSections', (c) => c.getCustomSections()],
      ['getDeliveryZones', (c) => c.getDeliveryZones()],
      ['getDeliverySuburbs', (c) => c.getDeliverySuburbs()],
      ['getProductsInfoSsr', (c) => c.getProductsInfoSsr()],
      ['getProductsInfo', (c) => c.getProductsInfo()],
      ['getTrending', (c) => c.getTrending()],
      ['getGroupHours', (c) => c.getGroupHours()],
      ['getProduct', (c) => c.getProduct(101)],
    ])('%s', async (_name, invoke) => {
      await expect(invoke(client)).resolves.toBeDefined();
    });
  });

  describe('a customer journey through the client', () => {
    it('signs up, orders, is attached, logs out and in, and sees the order', async () => {
      const signup = await client.signup({
        fullName: 'Grace Hopper',
        email: 'grace@example.com',
        phoneNumber: '0400 111 222',
        password: 'compiler-1952',
      });
      if (!signup.success) throw new Error(signup.message);
      sessionToken = signup.sessionToken;

      const status = await client.createOrderStatus({
        encryptedOrderId: null,
        orderStatus: { orderStatusTypeId: 1, timestamp: '2030-03-05T20:00:00+11:00' },
      });
      expect(status.success).toBe(true);

      const created = await client.createOrder(orderBody([cartLine('journey-1')]), {
        idempotencyKey: 'journey-create-1',
      });
      const updated = await client.updateOrder(
        orderBody([cartLine('journey-1', { quantity: 2 }), cartLine('journey-2')], {
          encryptedOrderId: created.encryptedOrderId,
        }),
      );
      expect(updated).toMatchObject({
        success: true,
        uuidToOrderProductIds: { [lineUuid('journey-1')]: created.uuidToOrderProductIds[lineUuid('journey-1')] },
      });

      expect(
        await client.updateCustomer({
          encryptedOrderId: created.encryptedOrderId,
          customerId: signup.custInfo.customerId,
        }),
      ).toEqual({ success: true });
      expect(await client.getOrder(created.encryptedOrderId)).toMatchObject({
        loggedInCustId: signup.custInfo.customerId,
        orderProcessed: false,
      });

      expect(await client.logout()).toEqual({ success: true });
      sessionToken = null;
      const login = await client.login({ email: 'grace@example.com', password: 'compiler-1952' });
      expect(login).toMatchObject({ success: true, custInfo: signup.custInfo, prevOrders: [] });
    });

    it('asks for a password reset and answers a made-up reset link as spent', async () => {
      expect(await client.requestPasswordReset({ email: 'grace@example.com' })).toEqual({
        success: true,
        message: expect.stringContaining('If an account exists'),
      });
      expect(await client.resetPassword({ token: 'not-a-real-reset-token', password: 'compiler-1953' })).toEqual({
        success: false,
        message: expect.stringContaining('expired'),
      });
    });

    it.each<[string, (client: ApiClient) => Promise<unknown>, unknown]>([
      ['mailingListSignup', (c) => c.mailingListSignup({ email: 'list@example.com', name: 'List' }), { success: true }],
      [
        'createErrorLogs',
        (c) =>
          c.createErrorLogs([{ errorType: 'promise', message: 'unhandled', timestamp: '2030-03-05T20:00:00+11:00' }]),
        { accepted: true },
      ],
      [
        'requestTableBooking',
        (c) =>
          c.requestTableBooking({
            name: 'Grace',
            phone: '0400 111 222',
            partySize: 2,
            dateTime: '2030-03-06T19:00:00+11:00',
          }),
        { success: true, bookingId: expect.any(Number) },
      ],
    ])('%s', async (_name, invoke, expected) => {
      await expect(invoke(client)).resolves.toEqual(expected);
    });
  });

  describe('server refusals reach the client as ApiError', () => {
    it('an unknown host is an http 404 "Retailer not found"', async () => {
      const stranger = createApiClient({ baseUrl: api.url, retailerDomain: 'nowhere.example' });
      const error = await stranger.getRetailerConfig().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ kind: 'http', status: 404 });
      expect((error as ApiError).message).toContain('Retailer not found');
    });

    it('an inactive retailer names itself for the redirect', async () => {
      const inactive = createApiClient({ baseUrl: api.url, retailerDomain: INACTIVE_HOST });
      const error = await inactive.getRetailerConfig().catch((caught: unknown) => caught);
      expect(inactiveRetailer(error)).toEqual({ retailerId: 9002, redirectUrl: 'https://holding.example/order' });
    });

    it('a malformed body is an http 400 with the issues', async () => {
      const error = await client.getProduct(-1).catch((caught: unknown) => caught);
      expect(error).toMatchObject({ kind: 'http', status: 400, body: { issues: [{ path: 'productId' }] } });
    });

    it('a server that is gone is a network error', async () => {
      const gone = createApiClient({ baseUrl: 'http://127.0.0.1:9', retailerDomain: HOST });
      await expect(gone.getClockStatus()).rejects.toMatchObject({ kind: 'network' });
    });
  });
});
