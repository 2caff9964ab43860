import { describe, expect, it } from 'vitest';
import { isTrackedLink, trackedAddress, trackingUrl, type PageContext } from './analytics.ts';

const settings = { trackerUrl: 'https://stats.example/matomo.php', siteId: 11, retailerId: 111 };
const page: PageContext = {
  url: 'https://bella.example/about',
  referrer: '',
  title: 'About | Bella',
  hostName: 'bella.example',
  visitorId: '0123456789abcdef',
  screen: { width: 1280, height: 800 },
};
const paramsOf = (url: string) => Object.fromEntries(new URL(url).searchParams);

describe('tracking requests', () => {
  it('a page view carries the site, title with domain, visitor and both visit variables', () => {
    const params = paramsOf(trackingUrl(settings, page, { kind: 'page-view' }, 'r1'));
    expect(params).toMatchObject({
      idsite: '11',
      rec: '1',
      action_name: 'bella.example/About | Bella',
      url: 'https://bella.example/about',
      _id: '0123456789abcdef',
      res: '1280x800',
      rand: 'r1',
    });
    expect(JSON.parse(params['_cvar'] ?? '')).toEqual({
      '1': ['retailerId', '111'],
      '2': ['hostName', 'bella.example'],
    });
    expect(params['link']).toBeUndefined();
  });

  it('a link click names the link, with no page title', () => {
    const params = paramsOf(
      trackingUrl(settings, page, { kind: 'link', href: 'https://www.instagram.com/bella/' }, 'r2'),
    );
    expect(params).toMatchObject({ link: 'https://www.instagram.com/bella/', url: 'https://www.instagram.com/bella/' });
    expect(params['action_name']).toBeUndefined();
  });

  it('a missing host name reads "unknown"', () => {
    const params = paramsOf(trackingUrl(settings, { ...page, hostName: '' }, { kind: 'page-view' }, 'r3'));
    expect(JSON.parse(params['_cvar'] ?? '')['2']).toEqual(['hostName', 'unknown']);
    expect(params['action_name']).toBe('unknown/About | Bella');
  });

  it.each([
    ['https://www.instagram.com/bella/', true],
    ['http://other.example/', true],
    ['https://bella.example/menu', false],
    ['tel:0390000000', false],
    ['mailto:hi@bella.example', false],
    ['javascript:void(0)', false],
    ['not a url', false],
  ])('%s is a tracked click: %s', (href, expected) => {
    expect(isTrackedLink(href, 'https://bella.example')).toBe(expected);
  });

  it.each([
    [
      'the order confirmation keeps its path, not the order id or the receipt',
      'https://bella.example/order/?id=Zk3pQ9x_Lm2#receipt=s3cret',
      'https://bella.example/order/',
    ],
    [
      'a reset link keeps its path, not the token',
      'https://bella.example/reset-password?token=abc.def-123',
      'https://bella.example/reset-password',
    ],
    [
      'an unknown parameter is a possible secret',
      'https://bella.example/about?code=1234&session=x',
      'https://bella.example/about',
    ],
    ['credentials in the address never leave', 'https://user:pass@bella.example/menu', 'https://bella.example/menu'],
    [
      'the product builder, a dialog and a menu group stay',
      'https://bella.example/?product=42&modal=table-booking&group=7',
      'https://bella.example/?product=42&modal=table-booking&group=7',
    ],
    [
      'another website of the retailer stays',
      'https://bella.example/?retailerWebsiteId=12',
      'https://bella.example/?retailerWebsiteId=12',
    ],
    [
      'campaign tags stay, the id beside them goes',
      'https://bella.example/?utm_source=flyer&id=abc&mtm_campaign=spring&pk_kwd=pizza',
      'https://bella.example/?utm_source=flyer&mtm_campaign=spring&pk_kwd=pizza',
    ],
    [
      'a repeated secret goes every time',
      'https://bella.example/order/?id=a&id=b&product=3',
      'https://bella.example/order/?product=3',
    ],
    [
      'a search engine referrer keeps only its address',
      'https://www.google.com/search?q=pizza+carlton',
      'https://www.google.com/search',
    ],
    ['no referrer stays none', '', ''],
    ['not a web address', 'android-app://com.example/', ''],
    ['not an address at all', 'order?id=abc', ''],
  ])('tracked address: %s', (_case, href, expected) => {
    expect(trackedAddress(href)).toBe(expected);
  });

  it('a page view of the confirmation page and its referrer carry neither the order id nor the receipt', () => {
    const confirmation = {
      ...page,
      url: 'https://bella.example/order/?id=Zk3pQ9x_Lm2#receipt=s3cret',
      referrer: 'https://bella.example/reset-password?token=t0ken',
    };
    const sent = trackingUrl(settings, confirmation, { kind: 'page-view' }, 'r4');
    expect(paramsOf(sent)).toMatchObject({
      url: 'https://bella.example/order/',
      urlref: 'https://bella.example/reset-password',
    });
    for (const secret of ['Zk3pQ9x_Lm2', 's3cret', 't0ken']) expect(sent).not.toContain(secret);
  });
});
