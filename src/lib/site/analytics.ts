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

export function trackingUrl(settings: TrackerSettings, page: PageContext, event: TrackedEvent, random: string): string {
  const url = new URL(settings.trackerUrl);
  const params: Record<string, string> = {
    idsite: String(settings.siteId),
    rec: '1',
    apiv: '1',
    rand: random,
    _id: page.visitorId,
    url: event.kind === 'link' ? event.href : page.url,
    urlref: page.referrer,
    res: `${page.screen.width}x${page.screen.height}`,
    _cvar: JSON.stringify({ '1': ['retailerId', String(settings.retailerId)], '2': ['hostName', page.hostName || 'unknown'] }),
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
