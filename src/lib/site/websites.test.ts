import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { loadTenant } from '../tenant/load.ts';
import { websiteLinkStyle, websiteScript, websiteVariants } from './websites.ts';

const bella = await loadTenant('tenants', 'bella-napoli');
const variants = websiteVariants(bella);
const defaultTitle = bella.config.retailerSEO.title;

/** Runs the head script on a page at `search`, with what this visit saved before. */
function pick(search: string, saved: string | null = null) {
  const attributes = new Map<string, string>();
  const storage = new Map<string, string>(saved === null ? [] : [['retailerWebsiteId', saved]]);
  const document = { title: `About us | ${defaultTitle}`, documentElement: { setAttribute: (name: string, value: string) => attributes.set(name, value) } };
  const sessionStorage = { getItem: (key: string) => storage.get(key) ?? null, setItem: (key: string, value: string) => storage.set(key, value), removeItem: (key: string) => storage.delete(key) };
  runInNewContext(websiteScript(defaultTitle, variants) ?? '', { document, sessionStorage, location: { search }, URLSearchParams });
  return { website: attributes.get('data-website') ?? null, title: document.title, saved: storage.get('retailerWebsiteId') ?? null };
}

describe('websiteVariants', () => {
  it('lists bella-napoli’s catering website with its own title, theme and links', () => {
    expect(variants).toEqual([expect.objectContaining({ retailerWebsiteId: 1112, title: expect.stringContaining('Catering'), css: expect.objectContaining({ primary: '#0b6e4f' }), links: expect.arrayContaining([expect.objectContaining({ label: 'Catering enquiries' })]) })]);
  });
});

describe('websiteScript', () => {
  it('is not written for a retailer with one website', () => {
    expect(websiteScript(defaultTitle, [])).toBeNull();
  });

  it.each([
    { search: '?retailerWebsiteId=1112', saved: null, website: '1112', remembered: '1112' },
    { search: '', saved: '1112', website: '1112', remembered: '1112' },
    { search: '?retailerWebsiteId=4242', saved: '1112', website: null, remembered: null },
    { search: '?retailerWebsiteId=1111', saved: '1112', website: null, remembered: null },
    { search: '', saved: '4242', website: null, remembered: '4242' },
    { search: '?retailerWebsiteId=</script>', saved: null, website: null, remembered: null },
  ])('$search after $saved shows website $website', ({ search, saved, website, remembered }) => {
    const picked = pick(search, saved);
    expect(picked.website).toBe(website);
    expect(picked.saved).toBe(remembered);
    expect(picked.title).toBe(website ? `About us | ${variants[0]?.title}` : `About us | ${defaultTitle}`);
  });

  it('cannot be closed early by a title', () => {
    expect(websiteScript('</script><script>alert(1)', variants)).not.toContain('</script>');
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
