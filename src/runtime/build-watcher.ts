import { BUILD_POLL_MS } from '../lib/constants.ts';
import { latestBuildSchema } from '../lib/site/build-manifest.ts';

let started = false;
/** A newer build than this page's has been seen: the next navigation is a full page load. */
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

function sameOriginLink(event: MouseEvent): HTMLAnchorElement | null {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || !(event.target instanceof Element)) return null;
  const link = event.target.closest('a[href]');
  if (!(link instanceof HTMLAnchorElement) || link.target || link.hasAttribute('download') || link.origin !== location.origin) return null;
  return link;
}

/**
 * Polls `builds/latest.json` on navigation and every BUILD_POLL_MS while the tab is visible.
 * Once the deployment serves another build, links the islands would handle in the page (such as
 * a product's `?product=`) load the page anew instead, and a page restored from the back-forward
 * cache reloads, so the visitor never mixes old and new code.
 */
export function startBuildWatcher(pageBuildId: string): void {
  if (started) return;
  started = true;
  const check = async () => {
    if (stale) return;
    const latest = await latestBuildId();
    if (latest !== null && latest !== pageBuildId) {
      stale = true;
      document.documentElement.dataset['buildStale'] = 'true';
    }
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
