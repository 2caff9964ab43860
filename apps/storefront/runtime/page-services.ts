import { routeOfPath } from '../../../lib/site/build-manifest.ts';
import { pageRuntimeSchema, type PageRuntime } from '../../../lib/site/page-runtime.ts';
import { $toasts } from '../stores/toasts.ts';
import { startBuildWatcher } from './build-watcher.ts';
import { yieldToMain } from './yield-to-main.ts';
import { reportError } from './error-capture.ts';
import { startErrorReporter } from './error-reporter.ts';
import { startLiveUpdates } from './live-updates.ts';
import { retailerApi } from './retailer-api.ts';
import { runtimeConfig } from './runtime-config.ts';
import { currentWebsiteId } from './website.ts';

function readPageRuntime(json: string): PageRuntime | null {
  try {
    const parsed = pageRuntimeSchema.safeParse(JSON.parse(json));
    if (parsed.success) return parsed.data;
    console.warn('The page runtime settings are malformed', parsed.error);
  } catch (error) {
    console.warn('The page runtime settings are not JSON', error);
  }
  return null;
}

/** Pages without the ordering shell get the toaster's code only when a toast (say, a notification) first arrives. */
function toasterOnDemand(): void {
  const unlisten = $toasts.listen((toasts) => {
    if (toasts.length === 0) return;
    unlisten();
    void import('../islands/toaster/mount-toaster.tsx').then(({ mountToaster }) => mountToaster());
  });
}

let started = false;

/**
 * The services every tenant page runs once it is idle: error reporting, live messages, the
 * new-build watcher and analytics. Loaded with a dynamic import so none of it is
 * part of the first paint.
 */
export async function startPageServices(json: string): Promise<void> {
  if (started) return;
  started = true;
  const page = readPageRuntime(json);
  if (!page) return;
  startErrorReporter(() => retailerApi(), page.retailerId);
  if (!page.orderingShell) toasterOnDemand();
  if (page.analytics) void import('./analytics.ts').then(({ startAnalytics }) => startAnalytics(page));
  try {
    const config = await runtimeConfig();
    startBuildWatcher(config.buildId, page.route ?? routeOfPath(location.pathname));
    await yieldToMain();
    // The clock itself is polled by the ordering runtime, on the pages that show it.
    const retailerWebsiteId = currentWebsiteId();
    startLiveUpdates({
      config,
      retailerId: page.retailerId,
      retailerWebsiteId,
      theme: page.themes[String(retailerWebsiteId)] ?? null,
    });
  } catch (error) {
    // Without the runtime configuration there is no API or broker to talk to; the page still reads.
    reportError({
      errorType: 'javascript',
      message: `Page services could not start: ${error instanceof Error ? error.message : String(error)}`,
      component: 'page-services',
    });
  }
}
