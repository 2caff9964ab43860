import { GROUP_PARAM, MODAL_PARAM } from './dialog-url.ts';

/**
 * Requests of a Matomo-compatible tracker (the HTTP tracking API of `matomo.php`), built here so
 * the page needs no third-party script. Spec section 1: the title is the domain plus the page
 * title; the retailer id and a host name (default "unknown") are visit-scoped custom variables.
 */
export interface TrackerSettings {
  trackerUrl: string;
  siteId: number;
  retailerId: number;
}

export interface PageContext {
  url: string;
  referrer: string;
  title: string;
  hostName: string;
  visitorId: string;
  screen: { width: number; height: number };
}

export type TrackedEvent = { kind: 'page-view' } | { kind: 'link'; href: string };

/** The visitor id Matomo expects: 16 hexadecimal characters. */
export const visitorIdPattern = /^[0-9a-f]{16}$/;

export function documentTitle(hostName: string, title: string): string {
  return `${hostName}/${title}`;
}

/**
 * Query parameters a page address may show the tracker: the site's own navigation (the product
 * builder's `product`, dialogs, the website switcher) and campaign tags. Any other parameter may be
 * a secret the page holds for its visitor (the confirmation's order `id`, a reset link's `token`).
 */
const trackedParams: ReadonlySet<string> = new Set(['product', MODAL_PARAM, GROUP_PARAM, 'retailerWebsiteId']);
const campaignParam = /^(utm|mtm|pk|matomo)_\w+$/i;

/**
 * A page address as the tracker may see it: no fragment (the confirmation's receipt lives there), no
 * credentials, and only the query parameters above. Anything that is not an http(s) address is left out.
 */
export function trackedAddress(href: string): string {
  if (!URL.canParse(href)) return '';
  const url = new URL(href);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return '';
  url.username = '';
  url.password = '';
  url.hash = '';
  for (const name of new Set(url.searchParams.keys())) {
    if (!trackedParams.has(name) && !campaignParam.test(name)) url.searchParams.delete(name);
  }
  return url.href;
}

/** Page addresses (the page's and its referrer) go through trackedAddress; an outbound link is the site's own public content. */
export function trackingUrl(settings: TrackerSettings, page: PageContext, event: TrackedEvent, random: string): string {
  const url = new URL(settings.trackerUrl);
  const params: Record<string, string> = {
    idsite: String(settings.siteId),
    rec: '1',
    apiv: '1',
    rand: random,
    _id: page.visitorId,
    url: event.kind === 'link' ? event.href : trackedAddress(page.url),
    urlref: trackedAddress(page.referrer),
    res: `${page.screen.width}x${page.screen.height}`,
    _cvar: JSON.stringify({
      '1': ['retailerId', String(settings.retailerId)],
      '2': ['hostName', page.hostName || 'unknown'],
    }),
    send_image: '0',
  };
  if (event.kind === 'page-view') params['action_name'] = documentTitle(page.hostName || 'unknown', page.title);
  else params['link'] = event.href;
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.href;
}

/** Links Matomo counts as clicks: ones that leave the site over http(s). Others are the next page view. */
export function isTrackedLink(href: string, pageOrigin: string): boolean {
  if (!URL.canParse(href)) return false;
  const target = new URL(href);
  return (target.protocol === 'http:' || target.protocol === 'https:') && target.origin !== pageOrigin;
}
