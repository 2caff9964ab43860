import { watch, type FSWatcher } from 'node:fs';
import { join } from 'node:path';
import type { ApiDeps } from '../deps.ts';
import { createShopSwitchStore } from '../store/shop-switches.ts';
import { withStores } from '../store/stores.ts';
import { finishSwitches, servedFromFiles } from './file-switch.ts';
import { tenantFilesStat, tenantFingerprint } from './tenant-fingerprint.ts';

/**
 * How often an API process looks at the tenant files: a customer sees the new menu from every
 * process within this and a reload. A look reads only the files' stat unless they changed.
 */
export const TENANT_REFRESH_MS = 500;

/**
 * How long a glance waits after the file system reports a change in a tenant folder, and again while
 * the switch that made it is still recorded as under way: a switch renames its files within
 * milliseconds and is marked done right after.
 */
export const TENANT_GLANCE_MS = 25;

/**
 * How long a switch may be seen under way before a look finishes it: a live process writes one in
 * milliseconds, so one still pending this long most likely lost its process, and waiting for the
 * next look would add up to TENANT_REFRESH_MS before the shops agree again.
 */
const SWITCH_STALLED_MS = 150;

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
 * A look finishes switches cut off by a crash; a glance, made when the file system reports a
 * change, only reloads files no switch is writing, and glances again shortly while one is: the
 * process writing it is most likely alive, and a glance that waited for its lock would stall this
 * process (SQLite waits for a lock on the thread) on every publish. A switch still under way after
 * SWITCH_STALLED_MS is finished by a look at once.
 */
type Kind = 'look' | 'glance';

/**
 * Keeps the shops this process serves equal to what their files hold, whichever API process (or
 * person) wrote them: the process that publishes serves the new files at once, the others notice
 * by the files' fingerprint, not by a mark in the database, so a publish the database lost track of
 * is still served everywhere alike. A switch recorded but not finished (its process was killed) is
 * finished first, at start and on every look. A shop whose files fail to load is left as it was
 * served, with the reason logged.
 *
 * Files another process switched are also seen when the file system reports them (`watchFiles`),
 * not only at the next look: with each process looking on its own, one that looked just before a
 * survivor finished a cut-off switch served the old files for another look and a reload, which
 * took over 2 s on a busy two-core machine (issue 29 asks processes to agree within 2 s).
 */
export function startTenantRefresh(
  deps: RefreshDeps,
  {
    every = TENANT_REFRESH_MS,
    watchFiles = true,
  }: { every?: number | undefined; watchFiles?: boolean | undefined } = {},
): TenantRefresh {
  const switches = createShopSwitchStore(deps.db);
  let running: Promise<string[]> | null = null;
  let stopped = false;
  /** Set by a glance that found a switch under way: the files are read again once it is done. */
  let switching = false;
  /** When glances began to find a switch under way, while they do. */
  let switchingSince: number | null = null;

  const finish = (retailerId: number) =>
    withStores(deps.db, retailerId, async (stores) => {
      for (const slug of await finishSwitches(stores.shopSwitches, deps.tenantsDir, retailerId, deps.now()))
        deps.log(`api: finished an interrupted publish of "${slug}"`);
    });

  /**
   * Files read between two equal switch marks with no switch pending were not being switched
   * meanwhile, so they are one publish's files whole; a read during a switch is tried again once
   * the switch is finished (by a look) or done (for a glance).
   */
  async function reload(retailerId: number, slug: string, kind: Kind): Promise<boolean> {
    for (let attempt = 0; attempt < RELOAD_TRIES; attempt += 1) {
      const before = await switches.mark(retailerId);
      if (before.pending) {
        if (kind === 'glance') {
          switching = true;
          return false;
        }
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

  /** By slug: the files' stat when their fingerprint last matched what is served, with that fingerprint. */
  const unchanged = new Map<string, string>();

  async function checkOnce(kind: Kind): Promise<string[]> {
    if (kind === 'look') {
      const cutOff = new Set((await switches.pending()).map((pending) => pending.retailerId));
      for (const retailerId of cutOff) await finish(retailerId);
    }
    const reloaded: string[] = [];
    for (const { tenant, filesHash } of deps.tenants.all) {
      const seen = await tenantFilesStat(deps.tenantsDir, tenant.slug).catch(() => null);
      if (seen !== null && unchanged.get(tenant.slug) === `${filesHash}@${seen}`) continue;
      const now = await tenantFingerprint(deps.tenantsDir, tenant.slug).catch(() => null);
      if (now === null) continue;
      if (now === filesHash) {
        if (seen !== null) unchanged.set(tenant.slug, `${filesHash}@${seen}`);
        continue;
      }
      if (await reload(tenant.config.retailerId, tenant.slug, kind)) reloaded.push(tenant.slug);
    }
    return reloaded;
  }

  /** What to do once the look or glance under way ends: a change reported meanwhile may come after it read that folder. */
  let next: Kind | null = null;
  let glanceTimer: NodeJS.Timeout | null = null;

  function run(kind: Kind): Promise<string[]> {
    if (running) {
      if (next !== 'look') next = kind;
      return running;
    }
    switching = false;
    running = checkOnce(kind).finally(() => {
      running = null;
      const then = next;
      next = null;
      switchingSince = switching ? (switchingSince ?? Date.now()) : null;
      if (then) start(then);
      else if (switchingSince !== null && Date.now() - switchingSince >= SWITCH_STALLED_MS) start('look');
      else if (switching) glanceSoon();
    });
    return running;
  }
  function start(kind: Kind): void {
    if (stopped) return;
    run(kind).catch((error: unknown) => deps.log(`api: could not check the tenant files: ${String(error)}`));
  }
  function glanceSoon(): void {
    if (stopped) return;
    glanceTimer ??= setTimeout(() => {
      glanceTimer = null;
      start('glance');
    }, TENANT_GLANCE_MS);
  }

  const timer = setInterval(() => start('look'), every);
  timer.unref();
  const watchers: FSWatcher[] = [];
  for (const { tenant } of watchFiles ? deps.tenants.all : []) {
    try {
      const watcher = watch(join(deps.tenantsDir, tenant.slug), { persistent: false }, glanceSoon);
      watcher.on('error', () => watcher.close());
      watchers.push(watcher);
    } catch {
      // Looked at only, as before: a file system without change reports, or no watches left.
    }
  }
  return {
    async check() {
      // A glance under way finishes nothing: the look asked for runs after it.
      while (running) await running.catch(() => undefined);
      return run('look');
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (glanceTimer) clearTimeout(glanceTimer);
      for (const watcher of watchers) watcher.close();
      await running?.catch(() => undefined);
    },
  };
}
