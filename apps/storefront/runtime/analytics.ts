import {
  isTrackedLink,
  trackingUrl,
  visitorIdPattern,
  type PageContext,
  type TrackedEvent,
} from '../../../lib/site/analytics.ts';
import type { PageRuntime } from '../../../lib/site/page-runtime.ts';
import { runtimeConfig } from './runtime-config.ts';

const VISITOR_ID_KEY = 'analyticsVisitorId';

function visitorId(): string {
  const fresh = () =>
    Array.from(crypto.getRandomValues(new Uint8Array(8)), (byte) => byte.toString(16).padStart(2, '0')).join('');
  try {
    const saved = localStorage.getItem(VISITOR_ID_KEY);
    if (saved && visitorIdPattern.test(saved)) return saved;
    const id = fresh();
    localStorage.setItem(VISITOR_ID_KEY, id);
    return id;
  } catch {
    return fresh();
  }
}

function send(url: string): void {
  // The tracker is another site: an opaque request is all it needs, and keepalive lets a click's request outlive the page.
  // No Referer: the page's address goes in `url`, cleaned of its secrets; the Referer would carry it whole.
  fetch(url, { mode: 'no-cors', credentials: 'omit', keepalive: true, referrerPolicy: 'no-referrer' }).catch(
    () => undefined,
  );
}

let started = false;

/**
 * Page views and outbound link clicks for the retailer's Matomo-compatible tracker; only called when
 * analytics is configured. The tracker's address is this environment's, from `/runtime-config.json`;
 * without one (or without that file) nothing is sent.
 */
export async function startAnalytics(page: PageRuntime): Promise<void> {
  if (started || !page.analytics) return;
  started = true;
  const trackerUrl = await runtimeConfig().then(
    (config) => config.analyticsUrl,
    () => null,
  );
  if (trackerUrl === null) return;
  const settings = { trackerUrl, siteId: page.analytics.siteId, retailerId: page.retailerId };
  const context = (): PageContext => ({
    url: location.href,
    referrer: document.referrer,
    title: document.title,
    hostName: location.hostname,
    visitorId: visitorId(),
    screen: { width: screen.width, height: screen.height },
  });
  const track = (event: TrackedEvent) =>
    send(trackingUrl(settings, context(), event, Math.random().toString(36).slice(2, 8)));
  track({ kind: 'page-view' });
  addEventListener(
    'click',
    (event) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (link instanceof HTMLAnchorElement && isTrackedLink(link.href, location.origin))
        track({ kind: 'link', href: link.href });
    },
    true,
  );
}
