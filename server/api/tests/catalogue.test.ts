import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiCalls } from '../../../lib/api/contract.ts';
import {
  FIXTURE_TENANTS,
  HOST,
  INACTIVE_HOST,
  onEachStore,
  OPEN_NOW,
  RETAILER_ID,
  WEBSITE_ID,
} from './support/test-support.ts';

await onEachStore(({ api, start }) => {
  const fixture = (file: string): unknown =>
    JSON.parse(readFileSync(join(FIXTURE_TENANTS, 'test-pizza', file), 'utf8'));

  describe('read-only calls answer the tenant data in the contract shape', () => {
    it.each([
      ['getRetailerConfig', 'retailer-config.json'],
      ['getTradingHours', 'trading-hours.json'],
      ['getPopups', 'popups.json'],
      ['getClosedDates', 'closed-dates.json'],
      ['getSpecials', 'specials.json'],
      ['getCustomSections', 'custom-sections.json'],
      ['getDeliveryZones', 'delivery-zones.json'],
      ['getDeliverySuburbs', 'delivery-suburbs.json'],
      ['getProductsInfoSsr', 'products-info-ssr.json'],
      ['getProductsInfo', 'products-info.json'],
      ['getTrending', 'trending.json'],
      ['getGroupHours', 'group-hours.json'],
    ] as const)('%s serves %s', async (name, file) => {
      const call = apiCalls[name];
      const answer = await api.call(call.path);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(call.response.parse(fixture(file)));
    });

    it.each([
      [101, 'Margherita', 2],
      [201, 'Cola', 1],
    ])('get-product %i answers %s with its %i size(s)', async (productId, name, sizes) => {
      const answer = await api.call(apiCalls.getProduct.path, { body: { productId } });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ productId, name });
      expect(apiCalls.getProduct.response.parse(answer.body).productSizes).toHaveLength(sizes);
    });

    it('get-product of a product not on the menu is 404', async () => {
      const answer = await api.call(apiCalls.getProduct.path, { body: { productId: 999 } });
      expect(answer).toMatchObject({ status: 404, body: { success: false, message: 'Product 999 not found' } });
    });
  });

  describe('the retailer is named by x-retailer-domain and x-retailer-website-id', () => {
    it.each<[string, string, Record<string, string>]>([
      ['its production host', HOST, {}],
      ['its second host', 'www.testpizza.example', {}],
      ['its host in capitals', 'ORDER.TestPizza.example', {}],
      ['its host with a port', `${HOST}:443`, {}],
      ['<slug>.localhost with a dev port', 'test-pizza.localhost:4321', {}],
      ['its host with its website id', HOST, { 'x-retailer-website-id': String(WEBSITE_ID) }],
    ])('finds the retailer by %s', async (_name, domain, headers) => {
      const answer = await api.call(apiCalls.getRetailerConfig.path, { domain, headers });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ retailerId: RETAILER_ID, retailerWebsiteId: WEBSITE_ID });
    });

    it('answers the configuration of another website of the retailer (websites.json)', async () => {
      const answer = await api.call(apiCalls.getRetailerConfig.path, {
        domain: HOST,
        headers: { 'x-retailer-website-id': '9102' },
      });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        retailerId: RETAILER_ID,
        retailerWebsiteId: 9102,
        retailerSEO: { title: 'Test Pizza Catering' },
        retailerWebsiteLinks: [{ label: 'Catering' }],
      });
    });

    it.each<[string, string | null, Record<string, string>, number, string]>([
      ['an unknown host', 'pizza.nowhere.example', {}, 404, 'Retailer not found'],
      ['another website id', HOST, { 'x-retailer-website-id': '1234' }, 404, 'Retailer not found'],
      ['no domain header', null, {}, 400, 'x-retailer-domain'],
      ['a URL instead of a host', `https://${HOST}/`, {}, 400, 'x-retailer-domain'],
      ['a website id that is not a number', HOST, { 'x-retailer-website-id': 'abc' }, 400, 'x-retailer-website-id'],
    ])('refuses %s', async (_name, domain, headers, status, message) => {
      const answer = await api.call(apiCalls.getClockStatus.path, { domain, headers });
      expect(answer.status).toBe(status);
      expect(answer.body).toMatchObject({ success: false });
      expect((answer.body as { message: string }).message).toContain(message);
    });

    it.each(Object.values(apiCalls).map((call) => [call.method, call.path] as const))(
      'an inactive retailer answers %s %s with "Retailer inactive" and its id',
      async (method, path) => {
        const answer = await api.call(path, {
          domain: INACTIVE_HOST,
          method,
          ...(method === 'POST' ? { body: {} } : {}),
        });
        expect(answer.status).toBe(403);
        expect(answer.body).toEqual({
          success: false,
          message: 'Retailer inactive',
          statusMessage: 'Retailer inactive',
          retailerId: 9002,
          redirectUrl: 'https://holding.example/order',
        });
      },
    );

    it('a path outside the contract is 404 with a JSON message', async () => {
      const answer = await api.call('/api/get-everything');
      expect(answer).toMatchObject({
        status: 404,
        body: { success: false, message: 'No such call: GET /api/get-everything' },
      });
    });
  });

  describe('get-clock-status', () => {
    const defaults = {
      liveDeliveryWaitTime: 30,
      livePickupWaitTime: 30,
      closedDateToday: false,
      livePickupOverCapacity: false,
      liveDeliveryOverCapacity: false,
      allowDelivery: true,
    };

    it.each([
      ['open on a Tuesday evening', OPEN_NOW, { ...defaults, retailerOnline: true }],
      ['closed after midnight', new Date('2030-03-05T14:30:00Z'), { ...defaults, retailerOnline: false }],
      [
        'closed on Christmas, a closed date',
        new Date('2030-12-25T09:00:00Z'),
        { ...defaults, retailerOnline: false, closedDateToday: true, allowDelivery: false },
      ],
    ])('is worked out from the hours: %s', async (_name, now, expected) => {
      const clockApi = await start({ now: () => now });
      const answer = await clockApi.call(apiCalls.getClockStatus.path);
      expect(answer).toMatchObject({ status: 200, body: expected });
    });
  });

  describe('CORS', () => {
    it.each([
      ['a tenant host over https', `https://${HOST}`, true],
      ['<slug>.localhost on any port', 'http://test-pizza.localhost:4321', true],
      ['another tenant host', 'https://www.testpizza.example', true],
      ['a tenant host on an odd port', `https://${HOST}:8443`, false],
      ['a stranger', 'https://evil.example', false],
      ['an inactive tenant host', `https://${INACTIVE_HOST}`, true],
    ])('%s is allowed: %s', async (_name, origin, allowed) => {
      const preflight = await api.call(apiCalls.createOrder.path, {
        method: 'OPTIONS',
        domain: null,
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,x-retailer-domain',
        },
      });
      expect(preflight.headers.get('access-control-allow-origin')).toBe(allowed ? origin : null);
      const simple = await api.call(apiCalls.getTradingHours.path, { headers: { origin } });
      expect(simple.headers.get('access-control-allow-origin')).toBe(allowed ? origin : null);
      if (allowed) expect(simple.headers.get('access-control-allow-credentials')).toBe('true');
    });
  });
});
