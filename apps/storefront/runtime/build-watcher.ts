import { BUILD_POLL_MS } from '../../../lib/constants.ts';
import {
  buildChangesRoute,
  buildMetaSchema,
  latestBuildSchema,
  type BuildMeta,
} from '../../../lib/site/build-manifest.ts';

let started = false;
/** A newer build than this page's changes what it shows: the next navigation is a full page load. */
let stale = false;

async function latestBuildId(): Promise<string | null> {
  try {
    const response = await fetch('/builds/latest.json', { cache: 'no-cache' });
    if (!response.ok) return null;
    const parsed = latestBuildSchema.safeParse(await response.json());
    return parsed.success ? parsed.data.id : null;
  } catch {
    // Offline or mid-deploy: the next check will tell.
    return null;
  }
}

/** A build's manifest; null when the deployment has none that parses, 'unreachable' when it could not be asked. */
async function buildMeta(id: string): Promise<BuildMeta | null | 'unreachable'> {
  try {
    const response = await fetch(`/builds/meta/${encodeURIComponent(id)}.json`, { cache: 'no-cache' });
    if (!response.ok) return null;
    const parsed = buildMetaSchema.safeParse(await response.json());
    return parsed.success ? parsed.data : null;
  } catch {
    return 'unreachable';
  }
}

function sameOriginLink(event: MouseEvent): HTMLAnchorElement | null {
  if (
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey ||
    !(event.target instanceof Element)
  )
    return null;
  const link = event.target.closest('a[href]');
  if (
    !(link instanceof HTMLAnchorElement) ||
    link.target ||
    link.hasAttribute('download') ||
    link.origin !== location.origin
  )
    return null;
  return link;
}

/**
 * Polls `builds/latest.json` on navigation and every BUILD_POLL_MS while the tab is visible.
 * When the deployment serves another build, its manifest (`builds/meta/<id>.json`) is compared
 * with this page's own, read at start before a newer build replaces it: only when the new build
 * changes what `route` shows do links the islands would handle in the page (such as a product's
 * `?product=`) load the page anew instead, and a page restored from the back-forward cache
 * reload, so the visitor never mixes old and new pages, and keeps the page when nothing on it changed.
 */
export function startBuildWatcher(pageBuildId: string, route: string): void {
  if (started) return;
  started = true;
  let pageMeta: Promise<BuildMeta | null | 'unreachable'> = buildMeta(pageBuildId);
  /** The newest build already compared with this page. */
  let examined = pageBuildId;
  let checking: Promise<void> | null = null;
  const compare = async () => {
    const own = await pageMeta;
    if (own === 'unreachable') {
      // Asked again on the next check; should a newer build have replaced it by then, null says so.
      pageMeta = buildMeta(pageBuildId);
      return;
    }
    const latest = await latestBuildId();
    if (latest === null || latest === examined) return;
    const next = await buildMeta(latest);
    if (next === 'unreachable') return;
    examined = latest;
    document.documentElement.dataset['buildExamined'] = latest;
    if (buildChangesRoute(own, next, route)) {
      stale = true;
      document.documentElement.dataset['buildStale'] = 'true';
      // A cart priced from the old menu would be refused at checkout: re-price it now, before the customer gets there.
      void import('./menu-refresh.ts').then(({ repriceFromCurrentMenu }) => repriceFromCurrentMenu(new Date()));
    }
  };
  const check = (): Promise<void> => {
    if (stale) return Promise.resolve();
    checking ??= compare().finally(() => (checking = null));
    return checking;
  };
  void check();
  setInterval(() => {
    if (document.visibilityState === 'visible') void check();
  }, BUILD_POLL_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void check();
  });
  addEventListener('popstate', () => (stale ? location.reload() : void check()));
  addEventListener('pageshow', (event) => {
    if (event.persisted) void check().then(() => stale && location.reload());
  });
  // Capture phase, ahead of React's own listeners, so no island can keep a stale page on a link.
  addEventListener(
    'click',
    (event) => {
      const link = sameOriginLink(event);
      if (!link) return;
      if (!stale) {
        void check();
        return;
      }
      const target = new URL(link.href);
      if (target.pathname === location.pathname && target.search === location.search && target.hash) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      location.assign(link.href);
    },
    true,
  );
}
