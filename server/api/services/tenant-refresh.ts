import { formatProblem, loadTenant, TenantLoadError } from '../../../lib/tenant/load.ts';
import { createShopEditStore } from '../store/shop-edits.ts';
import type { ApiDeps } from '../deps.ts';
import { serveTenants } from './tenants.ts';

/** How often an API process asks whether another one published a shop: a customer sees the new menu from every process within this. */
export const TENANT_REFRESH_MS = 2_000;

export interface TenantRefresh {
  /** Reloads each shop published (or undone) elsewhere since the last check; answers their slugs. */
  check(): Promise<string[]>;
  stop(): void;
}

/**
 * Keeps the shops this process serves in step with publishes made through any API process on
 * the same database and tenant folder: the process that publishes serves the new files at once,
 * the others reload them when the shop's publish mark moves. A shop whose files fail to load is
 * left as it was served, with the reason logged; the next publish tries again.
 */
export function startTenantRefresh(
  deps: Pick<ApiDeps, 'db' | 'tenants' | 'tenantsDir' | 'log'>,
  every = TENANT_REFRESH_MS,
): TenantRefresh {
  const shopEdits = createShopEditStore(deps.db);
  let seen: Map<number, string> | null = null;
  let running: Promise<string[]> | null = null;

  async function reload(retailerId: number): Promise<string | null> {
    const current = deps.tenants.byRetailerId(retailerId);
    if (!current) return null;
    const slug = current.tenant.slug;
    try {
      const { served, problems } = serveTenants([await loadTenant(deps.tenantsDir, slug)]);
      for (const problem of problems) deps.log(`api: published "${slug}" not reloaded: ${problem.message}`);
      if (!served[0]) return null;
      deps.tenants.replace(served[0]);
      return slug;
    } catch (error) {
      const reason = error instanceof TenantLoadError ? error.problems.map(formatProblem).join('; ') : String(error);
      deps.log(`api: published "${slug}" not reloaded: ${reason}`);
      return null;
    }
  }

  async function checkOnce(): Promise<string[]> {
    const marks = await shopEdits.publishMarks();
    const previous = seen;
    seen = marks;
    // The first look is the state this process loaded its shops in.
    if (!previous) return [];
    const moved = [...marks]
      .filter(([retailerId, mark]) => previous.get(retailerId) !== mark)
      .map(([retailerId]) => retailerId);
    const reloaded: string[] = [];
    for (const retailerId of moved) {
      const slug = await reload(retailerId);
      if (slug) reloaded.push(slug);
    }
    return reloaded;
  }

  const check = () => {
    running ??= checkOnce().finally(() => (running = null));
    return running;
  };
  const timer = setInterval(() => {
    check().catch((error: unknown) => deps.log(`api: could not check for published shops: ${String(error)}`));
  }, every);
  timer.unref();
  void check().catch(() => undefined);
  return { check, stop: () => clearInterval(timer) };
}
