import { describe, expect, it } from 'vitest';
import { trackingUrl, type PageContext } from '../../../lib/site/analytics.ts';
import { ANALYTICS_RING_SIZE, type AnalyticsSummary } from '../services/analytics-hits.ts';
import { onEachStore, OPEN_NOW, operatorHeaders, type TestApi } from './support/test-support.ts';

const SITE_ID = 42;
const page: PageContext = {
  url: 'http://test-pizza.localhost:4321/menu',
  referrer: '',
  title: 'Menu',
  hostName: 'test-pizza.localhost',
  visitorId: '0123456789abcdef',
  screen: { width: 390, height: 844 },
};

await onEachStore(
  ({ api, start }) => {
    /** The tracking request a storefront page sends, as apps/storefront/runtime/analytics.ts builds it. */
    const pageView = (overrides: Partial<PageContext> = {}) =>
      trackingUrl(
        { trackerUrl: `${api.url}/matomo.php`, siteId: SITE_ID, retailerId: 9100 },
        { ...page, ...overrides },
        { kind: 'page-view' },
        'r4nd0m',
      );
    const send = (target: TestApi, query: string, init: RequestInit = {}) =>
      fetch(`${target.url}/matomo.php?${query}`, init);
    const summary = async (target = api) =>
      (await target.call('/operator/analytics', { domain: null, headers: operatorHeaders() })).body as AnalyticsSummary;
    const valid = (params: Record<string, string> = {}) =>
      new URLSearchParams({ idsite: String(SITE_ID), rec: '1', url: page.url, ...params }).toString();

    describe('the Matomo-compatible sink', () => {
      it('takes a page view as the storefront sends it and shows it to the operator', async () => {
        const before = (await summary()).perSite[String(SITE_ID)] ?? 0;
        const answer = await fetch(pageView({ url: 'http://test-pizza.localhost:4321/about' }), {
          headers: { origin: 'http://order.testpizza.example' },
        });
        expect(answer.status).toBe(204);
        expect(await answer.text()).toBe('');
        const after = await summary();
        expect(after.perSite[String(SITE_ID)]).toBe(before + 1);
        expect(after.recent[0]).toEqual({
          at: OPEN_NOW.toISOString(),
          siteId: SITE_ID,
          kind: 'page-view',
          url: 'http://test-pizza.localhost:4321/about',
          title: 'test-pizza.localhost/Menu',
          link: null,
          visitorId: '0123456789abcdef',
        });
      });

      it('takes a link click sent as a form POST, as Matomo does', async () => {
        const answer = await fetch(`${api.url}/matomo.php`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: valid({ link: 'https://www.instagram.com/testpizza/' }),
        });
        expect(answer.status).toBe(204);
        expect((await summary()).recent[0]).toMatchObject({
          kind: 'link',
          link: 'https://www.instagram.com/testpizza/',
        });
      });

      it("answers a shop's page with CORS headers, and another site without", async () => {
        const shop = await send(api, valid(), { headers: { origin: 'http://test-pizza.localhost:4321' } });
        expect(shop.headers.get('access-control-allow-origin')).toBe('http://test-pizza.localhost:4321');
        const stranger = await send(api, valid(), { headers: { origin: 'https://evil.example' } });
        expect(stranger.headers.get('access-control-allow-origin')).toBeNull();
      });

      it.each([
        ['no idsite', new URLSearchParams({ rec: '1', url: page.url }).toString(), 'idsite'],
        ['idsite 0', valid({ idsite: '0' }), 'idsite'],
        ['a negative idsite', valid({ idsite: '-3' }), 'idsite'],
        ['a fractional idsite', valid({ idsite: '4.2' }), 'idsite'],
        ['an idsite of words', valid({ idsite: 'all' }), 'idsite'],
        ['a site no shop here tracks as', valid({ idsite: '7' }), 'no shop here tracks as site 7'],
        ['rec other than 1', valid({ rec: '0' }), 'rec'],
        ['no url', new URLSearchParams({ idsite: String(SITE_ID), rec: '1' }).toString(), 'url'],
        ['a javascript: url', valid({ url: 'javascript:alert(1)' }), 'url'],
        ['a url over 2 KB', valid({ url: `https://test-pizza.localhost/${'a'.repeat(2048)}` }), 'url'],
        ['a malformed visitor id', valid({ _id: 'not-hex' }), '_id'],
        ['an oversized other parameter', valid({ ua: 'x'.repeat(1025) }), 'ua'],
        [
          'a query over 8 KB',
          valid(Object.fromEntries(Array.from({ length: 10 }, (_, index) => [`p${index}`, 'x'.repeat(900)]))),
          'larger than 8192 bytes',
        ],
      ])('refuses %s with 400 and keeps nothing', async (_name, query, message) => {
        const before = await summary();
        const answer = await send(api, query);
        expect(answer.status).toBe(400);
        expect(((await answer.json()) as { message: string }).message).toContain(message);
        expect(await summary()).toEqual(before);
      });

      it('refuses a form body over 8 KB', async () => {
        const answer = await fetch(`${api.url}/matomo.php`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: valid({ ua: 'x'.repeat(9000) }),
        });
        expect(answer.status).toBe(400);
      });

      it('keeps only the latest hits however many arrive', async () => {
        for (let index = 0; index < ANALYTICS_RING_SIZE + 20; index += 1) {
          expect((await send(api, valid({ url: `http://test-pizza.localhost/flood/${index}` }))).status).toBe(204);
        }
        const { recent } = await summary();
        expect(recent).toHaveLength(ANALYTICS_RING_SIZE);
        expect(recent[0]?.url).toBe(`http://test-pizza.localhost/flood/${ANALYTICS_RING_SIZE + 19}`);
        expect(recent.at(-1)?.url).toBe('http://test-pizza.localhost/flood/20');
        expect((await api.counts()).analytics_hits).toBe(ANALYTICS_RING_SIZE);
      });

      it('answers 429 to a client sending beyond its limit, bad requests counted too', async () => {
        const limited = await start({ rateLimits: { analyticsHitsPerAddress: { attempts: 5, windowMs: 60_000 } } });
        expect((await send(limited, valid({ idsite: '0' }))).status).toBe(400);
        for (let index = 0; index < 4; index += 1) expect((await send(limited, valid())).status).toBe(204);
        const refused = await send(limited, valid());
        expect(refused.status).toBe(429);
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
        expect((await summary(limited)).perSite).toEqual({ [String(SITE_ID)]: 4 });
      });

      it('shows the operator every hit whichever API process on the database took it', async () => {
        const first = await start();
        const second = await start({ sameDatabaseAs: first });
        const targets = [first, second, first, second];
        for (const [index, target] of targets.entries())
          expect((await send(target, valid({ url: `http://test-pizza.localhost/process/${index}` }))).status).toBe(204);
        for (const target of [first, second]) {
          const { perSite, recent } = await summary(target);
          expect(perSite).toEqual({ [String(SITE_ID)]: targets.length });
          expect(recent.map((hit) => hit.url)).toEqual(
            targets.map((_, index) => `http://test-pizza.localhost/process/${index}`).reverse(),
          );
        }
      });

      it.each([
        ['no token', {}],
        ['a wrong token', operatorHeaders('dev-operator')],
      ])('shows the hits to nobody with %s', async (_name, headers) => {
        const answer = await api.call('/operator/analytics', { domain: null, headers });
        expect(answer.status).toBe(401);
        expect(answer.body).not.toHaveProperty('recent');
      });
    });
  },
  { api: { rateLimits: { analyticsHitsPerAddress: { attempts: 1000, windowMs: 60_000 } } } },
);
