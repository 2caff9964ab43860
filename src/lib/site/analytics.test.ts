import { describe, expect, it } from 'vitest';
import { isTrackedLink, trackingUrl, type PageContext } from './analytics.ts';

const settings = { trackerUrl: 'https://stats.example/matomo.php', siteId: 11, retailerId: 111 };
const page: PageContext = { url: 'https://bella.example/about', referrer: '', title: 'About | Bella', hostName: 'bella.example', visitorId: '0123456789abcdef', screen: { width: 1280, height: 800 } };
const paramsOf = (url: string) => Object.fromEntries(new URL(url).searchParams);

describe('tracking requests', () => {
  it('a page view carries the site, title with domain, visitor and both visit variables', () => {
    const params = paramsOf(trackingUrl(settings, page, { kind: 'page-view' }, 'r1'));
    expect(params).toMatchObject({ idsite: '11', rec: '1', action_name: 'bella.example/About | Bella', url: 'https://bella.example/about', _id: '0123456789abcdef', res: '1280x800', rand: 'r1' });
    expect(JSON.parse(params['_cvar'] ?? '')).toEqual({ '1': ['retailerId', '111'], '2': ['hostName', 'bella.example'] });
    expect(params['link']).toBeUndefined();
  });

  it('a link click names the link, with no page title', () => {
    const params = paramsOf(trackingUrl(settings, page, { kind: 'link', href: 'https://www.instagram.com/bella/' }, 'r2'));
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
});
