import { join, sep } from 'node:path';
import { formatProblem } from '../../lib/tenant/load.ts';
import { buildTenants } from './build-tenants.ts';
import { CODE_FOLDERS, codeHash } from './code-hash.ts';
import { rendererFor } from './renderer-store.ts';
import { watchEntries, watchTree, type TreeWatcher } from './tree-watch.ts';

export interface WatchOptions {
  root: string;
  tenantsDir: string;
  outDir: string;
  log?: (line: string) => void;
  /** After each rebuild, with the slugs that went live and those that failed. */
  onRebuilt?: (result: { live: string[]; failed: string[] }) => void;
}

export interface TenantWatcher {
  close(): void;
  /** Resolves when no rebuild is queued or running. */
  idle(): Promise<void>;
}

/** Editors write a file in several steps (truncate, write, rename); one rebuild covers them all. */
const SETTLE_MS = 20;
const CODE_FILES = ['astro.config.ts', 'package-lock.json'];

/**
 * Rebuilds a tenant when a file under tenants/<slug>/ changes, and every tenant when the storefront
 * code changes. Each tenant's folder is swapped in file by file; a broken edit leaves the last good
 * deployment online and says which file and field are wrong.
 */
export function watchTenants(options: WatchOptions): TenantWatcher {
  const log = options.log ?? (() => {});
  const pending = new Map<string, number>();
  let codeChangedAt: number | undefined;
  let code: string | undefined;
  let timer: NodeJS.Timeout | undefined;
  // The first rebuild should not pay for loading the render bundle and the page modules.
  let running: Promise<void> = codeHash(options.root)
    .then(async (hash) => {
      code = hash;
      await (await (await rendererFor(options.root, hash, log)).pages()).warmUp();
    })
    .catch((error: unknown) =>
      log(`Could not prepare the renderer: ${error instanceof Error ? error.message : String(error)}`),
    );
  let closed = false;

  async function rebuild(): Promise<void> {
    const savedAt = new Map(pending);
    pending.clear();
    const allAt = codeChangedAt;
    codeChangedAt = undefined;
    if (allAt !== undefined || code === undefined) code = await codeHash(options.root);
    if (allAt !== undefined) log('Storefront code changed: rebuilding every tenant…');
    const summary = await buildTenants({
      root: options.root,
      tenantsDir: options.tenantsDir,
      outDir: options.outDir,
      only: allAt !== undefined ? [] : [...savedAt.keys()],
      code,
      log,
    });
    const now = Date.now();
    for (const entry of summary.built) {
      const since = savedAt.get(entry.slug) ?? allAt;
      log(
        `✓ ${entry.slug} live (build ${entry.buildId})${since === undefined ? '' : ` ${now - since} ms after the save`}`,
      );
    }
    for (const slug of summary.skipped) log(`= ${slug} unchanged`);
    for (const failure of summary.failures) {
      log(`✗ ${failure.slug}: not rebuilt, the last good site stays online`);
      for (const problem of failure.problems) log(`    ${formatProblem(problem)}`);
    }
    options.onRebuilt?.({
      live: summary.built.map((entry) => entry.slug),
      failed: summary.failures.map((failure) => failure.slug),
    });
  }

  function schedule(): void {
    clearTimeout(timer);
    timer = setTimeout(() => {
      running = running
        .then(rebuild)
        .catch((error: unknown) =>
          log(`Rebuild failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`),
        );
    }, SETTLE_MS);
  }

  const codeChanged = () => {
    if (closed) return;
    codeChangedAt ??= Date.now();
    schedule();
  };
  // Folder watches (tree-watch.ts): a file replaced by a rename, as publishing from the console and
  // editors' atomic saves do, must be seen on every save, not only the first.
  const watchers: TreeWatcher[] = [
    watchTree(options.tenantsDir, (path) => {
      const slug = path.split(sep)[0];
      if (!slug || slug.startsWith('.') || closed) return;
      if (!pending.has(slug)) pending.set(slug, Date.now());
      schedule();
    }),
    ...CODE_FOLDERS.map((folder) => watchTree(join(options.root, folder), codeChanged)),
    watchEntries(options.root, CODE_FILES, codeChanged),
  ];

  return {
    close() {
      closed = true;
      clearTimeout(timer);
      for (const watcher of watchers) watcher.close();
    },
    async idle() {
      for (;;) {
        const current = running;
        await current;
        await new Promise((resolve) => setTimeout(resolve, SETTLE_MS * 2));
        if (current === running && pending.size === 0 && codeChangedAt === undefined) return;
      }
    },
  };
}
