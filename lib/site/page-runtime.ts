import { z } from 'zod';
import { id } from '../tenant/primitives.ts';
import { retailerCssSchema } from '../tenant/retailer.ts';
import { analyticsTracker } from '../tenant/settings.ts';
import { scriptJson } from './script-json.ts';
import type { Tenant } from '../tenant/tenant.ts';

/**
 * What a page's browser services need to know about its retailer, written into every tenant
 * page as JSON (PAGE_RUNTIME_ELEMENT_ID) and read back by `apps/storefront/runtime/page-services.ts`.
 */
export const pageRuntimeSchema = z.object({
  retailerId: id,
  /** Whether the page is tracked, and as which site; the tracker's address is per environment, in `/runtime-config.json`. */
  analytics: z.object({ siteId: id }).nullable(),
  /** Whether the page's own ordering shell shows toasts; elsewhere the page services bring a toaster when one arrives. */
  orderingShell: z.boolean(),
  /** The prerendered route the page was rendered for (null: the not-found page), which a newer build may change. */
  route: z.string().nullable(),
  /** The theme of each website the page can show, by website id, for live design updates to change. */
  themes: z.record(z.string().regex(/^\d+$/), retailerCssSchema),
});
export type PageRuntime = z.infer<typeof pageRuntimeSchema>;
/** A page's runtime settings but its themes, which the layout adds as it writes the theme. */
export type PageSettings = Omit<PageRuntime, 'themes'>;

export function pageRuntime(
  tenant: Tenant,
  route: string | null,
  { orderingShell = false }: { orderingShell?: boolean } = {},
): PageSettings {
  const tracker = analyticsTracker(tenant.settings.analytics);
  return {
    retailerId: tenant.config.retailerId,
    analytics: tracker && { siteId: tracker.siteId },
    orderingShell,
    route,
  };
}

/** The settings as JSON for their `<script type="application/json">` element. */
export function pageRuntimeJson(runtime: PageRuntime): string {
  return scriptJson(runtime);
}
