import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { loadTenant } from '../tenant/load.ts';
import { websiteHomePath, websiteLinkStyle, websiteScript, websiteThemes, websiteVariants } from './websites.ts';

const bella = await loadTenant('tenants', 'bella-napoli');
const variants = websiteVariants(bella);
const defaultTitle = bella.config.retailerSEO.title;
const defaultWebsiteId = bella.config.retailerWebsiteId;

/**
 * Runs the head script on a page at `search` (`home`: the website whose home the page is, null
 * for the other pages), with what this visit saved before; `blocked` storage throws as in a
 * browser that refuses it.
 */
function pick(
  search: string,
  saved: string | null = null,
  { home = null, hash = '', blocked = false }: { home?: number | null; hash?: string; blocked?: boolean } = {},
) {
  const attributes = new Map<string, string>();
  const storage = new Map<string, string>(saved === null ? [] : [['retailerWebsiteId', saved]]);
  const replacedWith: string[] = [];
  const script = websiteScript({ defaultWebsiteId, defaultTitle, variants, home });
  const document = {
    currentScript: { getAttribute: (name: string) => (name === 'data-websites' ? (script?.data ?? null) : null) },
    title: `About us | ${defaultTitle}`,
    documentElement: { setAttribute: (name: string, value: string) => attributes.set(name, value) },
  };
  const refuse = () => {
    throw new Error('SecurityError');
  };
  const sessionStorage = blocked
    ? { getItem: refuse, setItem: refuse, removeItem: refuse }
    : {
        getItem: (key: string) => storage.get(key) ?? null,
        setItem: (key: string, value: string) => storage.set(key, value),
        removeItem: (key: string) => storage.delete(key),
      };
  const location = { search, hash, replace: (url: string) => replacedWith.push(url) };
  runInNewContext(script?.code ?? '', {
    document,
    sessionStorage,
    location,
    URLSearchParams,
  });
  return {
    website: attributes.get('data-website') ?? null,
    title: document.title,
    saved: storage.get('retailerWebsiteId') ?? null,
    wentTo: replacedWith[0] ?? null,
  };
}

describe('websiteVariants', () => {
  it('lists bella-napoli’s catering website with its own title, theme and links', () => {
    expect(variants).toEqual([
      expect.objectContaining({
        retailerWebsiteId: 1112,
        title: expect.stringContaining('Catering'),
        css: expect.objectContaining({ primary: '#0b6e4f' }),
        links: expect.arrayContaining([expect.objectContaining({ label: 'Catering enquiries' })]),
      }),
    ]);
  });
});

describe('websiteScript', () => {
  it('is not written for a retailer with one website', () => {
    expect(websiteScript({ defaultWebsiteId, defaultTitle, variants: [], home: null })).toBeNull();
  });

  describe('on a page that switches in place', () => {
    it.each([
      { search: '?retailerWebsiteId=1112', saved: null, website: '1112', remembered: '1112' },
      { search: '', saved: '1112', website: '1112', remembered: '1112' },
      { search: '?retailerWebsiteId=4242', saved: '1112', website: null, remembered: null },
      { search: '?retailerWebsiteId=1111', saved: '1112', website: null, remembered: null },
      { search: '', saved: '4242', website: null, remembered: null },
      { search: '?retailerWebsiteId=</script>', saved: null, website: null, remembered: null },
    ])('$search after $saved shows website $website', ({ search, saved, website, remembered }) => {
      const picked = pick(search, saved);
      expect(picked.website).toBe(website);
      expect(picked.saved).toBe(remembered);
      expect(picked.title).toBe(website ? `About us | ${variants[0]?.title}` : `About us | ${defaultTitle}`);
      expect(picked.wentTo).toBeNull();
    });

    it('still switches when the browser refuses session storage', () => {
      expect(pick('?retailerWebsiteId=1112', null, { blocked: true }).website).toBe('1112');
    });
  });

  describe('on a home page', () => {
    it.each([
      {
        name: 'the default home asked for the catering website',
        search: '?retailerWebsiteId=1112&modal=delivery-map',
        saved: null,
        home: defaultWebsiteId,
        wentTo: `${websiteHomePath(1112)}?modal=delivery-map#menu`,
        remembered: '1112',
      },
      {
        name: 'the default home, catering chosen earlier in the visit',
        search: '',
        saved: '1112',
        home: defaultWebsiteId,
        wentTo: `${websiteHomePath(1112)}#menu`,
        remembered: '1112',
      },
      {
        name: 'the default home with no choice',
        search: '',
        saved: null,
        home: defaultWebsiteId,
        wentTo: null,
        remembered: null,
      },
      {
        name: 'the default home asked for an unknown website',
        search: '?retailerWebsiteId=4242',
        saved: '1112',
        home: defaultWebsiteId,
        wentTo: null,
        remembered: null,
      },
      {
        name: 'the catering home opened directly',
        search: '',
        saved: null,
        home: 1112,
        wentTo: null,
        remembered: '1112',
      },
      {
        name: 'the catering home asked for the default website',
        search: '?retailerWebsiteId=1111&product=4',
        saved: '1112',
        home: 1112,
        wentTo: '/?product=4#menu',
        remembered: null,
      },
      {
        name: 'the catering home asked for an unknown website',
        search: '?retailerWebsiteId=oops',
        saved: null,
        home: 1112,
        wentTo: '/#menu',
        remembered: null,
      },
    ])('$name goes to $wentTo', ({ search, saved, home, wentTo, remembered }) => {
      const picked = pick(search, saved, { home, hash: '#menu' });
      expect(picked.wentTo).toBe(wentTo);
      expect(picked.saved).toBe(remembered);
      // A home is rendered for its own website: nothing switches in place.
      expect(picked.website).toBeNull();
      expect(picked.title).toBe(`About us | ${defaultTitle}`);
    });
  });

  it('is the same text on every page, whatever the shop, so one hash allows it', () => {
    const other = websiteScript({ defaultWebsiteId: 7, defaultTitle: '</script><script>alert(1)', variants, home: 7 });
    expect(other?.code).toBe(websiteScript({ defaultWebsiteId, defaultTitle, variants, home: null })?.code);
    expect(other?.code).not.toContain('alert');
    expect(JSON.parse(other?.data ?? '')).toMatchObject({ defaultTitle: '</script><script>alert(1)', home: '7' });
  });
});

describe('websiteLinkStyle', () => {
  it('shows a website’s own links instead of the default’s only while it is chosen', () => {
    expect(websiteLinkStyle(variants)).toBe(
      '[data-website-links]:not([data-website-links="default"]){display:none}[data-website="1112"] [data-website-links="default"]{display:none}[data-website="1112"] [data-website-links="1112"]{display:list-item}',
    );
    expect(websiteLinkStyle([])).toBe('');
  });
});

describe('websiteThemes', () => {
  it('gives the page’s own website its theme and each website it switches to in place, the default’s where it has none', () => {
    const [catering] = variants;
    if (!catering?.css) throw new Error('expected bella-napoli’s catering website with a theme');
    const plain = { ...catering, retailerWebsiteId: 1113, css: null };
    expect(websiteThemes(defaultWebsiteId, bella.config.retailerCSS, [catering, plain])).toEqual({
      '1111': bella.config.retailerCSS,
      '1112': catering.css,
      '1113': bella.config.retailerCSS,
    });
    expect(websiteThemes(1112, catering.css, [])).toEqual({ '1112': catering.css });
  });
});
