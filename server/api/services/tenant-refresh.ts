import type { ApiDeps } from '../deps.ts';
import { createShopSwitchStore } from '../store/shop-switches.ts';
import { withStores } from '../store/stores.ts';
import { finishSwitches, servedFromFiles } from './file-switch.ts';
import { tenantFingerprint } from './tenant-fingerprint.ts';

/** How often an API process looks at the tenant files: a customer sees the new menu from every process within this. */
export const TENANT_REFRESH_MS = 2_000;

/** Reads of a folder tried before giving up until the next look (each is refused only while a switch is under way). */
const RELOAD_TRIES = 3;

export interface TenantRefresh {
  /** Finishes switches cut off by a crash, then reloads each shop whose files differ from what it serves; answers their slugs. */
  check(): Promise<string[]>;
  /** Stops looking; answers once a look under way has ended, so the database can be closed after it. */
  stop(): Promise<void>;
}

type RefreshDeps = Pick<ApiDeps, 'db' | 'tenants' | 'tenantsDir' | 'log' | 'now'>;

/**
 * Keeps the shops this process serves equal to what their files hold, whichever API process (or
 * person) wrote them: the process that publishes serves the new files at once, the others notice
 * by the files' fingerprint, not by a mark in the database, so a publish the database lost track of
 * is still served everywhere alike. A switch recorded but not finished (its process was killed) is
 * finished first, at start and on every look. A shop whose files fail to load is left as it was
 * served, with the reason logged.
 */
export function startTenantRefresh(deps: RefreshDeps, every = TENANT_REFRESH_MS): TenantRefresh {
  const switches = createShopSwitchStore(deps.db);
  let running: Promise<string[]> | null = null;

  const finish = (retailerId: number) =>
    withStores(deps.db, retailerId, async (stores) => {
      for (const slug of await finishSwitches(stores.shopSwitches, deps.tenantsDir, retailerId, deps.now()))
        deps.log(`api: finished an interrupted publish of "${slug}"`);
    });

  /**
   * Files read between two equal switch marks with no switch pending were not being switched
   * meanwhile, so they are one publish's files whole; a read during a switch is tried again once
   * the switch is finished.
   */
  async function reload(retailerId: number, slug: string): Promise<boolean> {
    for (let attempt = 0; attempt < RELOAD_TRIES; attempt += 1) {
      const before = await switches.mark(retailerId);
      if (before.pending) {
        await finish(retailerId);
        continue;
      }
      const served = await servedFromFiles(deps.tenantsDir, slug, deps.log);
      const after = await switches.mark(retailerId);
      if (served && after.mark === before.mark) {
        deps.tenants.replace(served);
        return true;
      }
      if (!served && after.mark === before.mark) return false;
    }
    return false;
  }

  async function checkOnce(): Promise<string[]> {
    const cutOff = new Set((await switches.pending()).map((pending) => pending.retailerId));
    for (const retailerId of cutOff) await finish(retailerId);
    const reloaded: string[] = [];
    for (const { tenant, filesHash } of deps.tenants.all) {
      const now = await tenantFingerprint(deps.tenantsDir, tenant.slug).catch(() => null);
      if (now === null || now === filesHash) continue;
      if (await reload(tenant.config.retailerId, tenant.slug)) reloaded.push(tenant.slug);
    }
    return reloaded;
  }

  const check = () => {
    running ??= checkOnce().finally(() => (running = null));
    return running;
  };
  const timer = setInterval(() => {
    check().catch((error: unknown) => deps.log(`api: could not check the tenant files: ${String(error)}`));
  }, every);
  timer.unref();
  return {
    check,
    async stop() {
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
