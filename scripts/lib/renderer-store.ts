import { cp, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { handOverTenants } from '../../lib/tenant/selected.ts';
import { loadPageRenderer, type PageRenderer } from './page-renderer.ts';
import { keepRenderBundle, SNAPSHOT_FILE } from './render-bundle.ts';

/** Client assets (`_astro/`) of the build that made a cached bundle, shared by every tenant. */
export const CLIENT_FOLDER = 'client';
/** The unknown-host screen, rendered once per code version. */
export const SITE_NOT_FOUND_FILE = 'site-not-found.html';
/**
 * The staff console's Astro source folder (its page is `pages/index.astro`): a site of its own, built
 * by a second Astro build. In one build with the shops, every module the console shares with them
 * became a chunk of its own, which the shops' eager islands import or name in their preload lists
 * (0.7 KB gzip of a home page's first load in November 2026), and each deployment carried the
 * other's assets.
 */
export const CONSOLE_SRC_DIR = join('apps', 'console');
/** The staff console's page, rendered once per code version like the unknown-host screen. */
export const CONSOLE_PAGE_FILE = 'console.html';
/** Client assets of the console's build. */
export const CONSOLE_CLIENT_FOLDER = 'console-client';
/** Older code versions kept, so switching branches back and forth does not rebuild each time. */
const KEEP_VERSIONS = 3;

export interface Renderer {
  /** The page renderer, loaded on first call: a build that renders in worker threads never loads it here. */
  pages: () => Promise<PageRenderer>;
  /** The cached code version: `bundle/`, `client/_astro/`, `site-not-found.html`, `console.html`, `console-client/_astro/`, `snapshot.json`. */
  cacheDir: string;
  /** True when this call ran Vite; false when it reused an earlier build's bundle. */
  fresh: boolean;
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Astro builds into one fixed stage folder (a changing outDir makes Vite redo work), so two builds
 * in one checkout take turns; a lock left by a process that died is taken over.
 */
async function withStageLock<T>(root: string, log: (line: string) => void, work: () => Promise<T>): Promise<T> {
  const lock = join(root, '.build', 'stage.lock');
  await mkdir(dirname(lock), { recursive: true });
  let waited = false;
  for (;;) {
    try {
      await mkdir(lock);
      await writeFile(join(lock, 'pid'), String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(await readFile(join(lock, 'pid'), 'utf8').catch(() => '0'));
      if (owner > 0 && owner !== process.pid && !isRunning(owner)) {
        await rm(lock, { recursive: true, force: true });
        continue;
      }
      if (!waited) log('Another build is running in this checkout; waiting for it…');
      waited = true;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    return await work();
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

/**
 * Two Astro builds (each both Vite builds): the shops' with no tenant handed over, which yields the
 * code, not any tenant's pages; then the console's, which renders its one page.
 */
async function buildBundle(root: string, cacheDir: string, log: (line: string) => void): Promise<void> {
  await withStageLock(root, log, async () => {
    if (await exists(join(cacheDir, SNAPSHOT_FILE))) return;
    const stageDir = resolve(root, '.build', 'stage');
    const consoleStageDir = resolve(root, '.build', 'stage-console');
    const partial = `${cacheDir}.partial-${process.pid}`;
    await Promise.all([stageDir, consoleStageDir].map((dir) => rm(dir, { recursive: true, force: true })));
    process.env['ASTRO_TELEMETRY_DISABLED'] = '1';
    handOverTenants([]);
    log('Storefront code changed: building the client bundle and the prerender code (Vite), then the console…');
    const { build } = await import('astro');
    const logLevel = process.env['ASTRO_LOG_LEVEL'] === 'info' ? 'info' : 'warn';
    await build({ root, outDir: stageDir, logLevel, integrations: [keepRenderBundle(partial)] });
    await cp(join(stageDir, '_astro'), join(partial, CLIENT_FOLDER, '_astro'), { recursive: true });
    await cp(join(stageDir, 'site-not-found', 'index.html'), join(partial, SITE_NOT_FOUND_FILE));
    await build({ root, srcDir: resolve(root, CONSOLE_SRC_DIR), outDir: consoleStageDir, logLevel });
    await cp(join(consoleStageDir, '_astro'), join(partial, CONSOLE_CLIENT_FOLDER, '_astro'), { recursive: true });
    await cp(join(consoleStageDir, 'index.html'), join(partial, CONSOLE_PAGE_FILE));
    await Promise.all([stageDir, consoleStageDir].map((dir) => rm(dir, { recursive: true, force: true })));
    await rm(cacheDir, { recursive: true, force: true });
    await rename(partial, cacheDir);
  });
}

async function pruneOldVersions(cacheRoot: string, current: string): Promise<void> {
  const entries = await readdir(cacheRoot, { withFileTypes: true }).catch(() => []);
  const versions = await Promise.all(
    entries
      .filter((entry) => entry.isDirectory() && entry.name !== current && !entry.name.includes('.partial-'))
      .map(async (entry) => ({
        path: join(cacheRoot, entry.name),
        time: (await stat(join(cacheRoot, entry.name))).mtimeMs,
      })),
  );
  versions.sort((a, b) => b.time - a.time);
  await Promise.all(
    versions.slice(KEEP_VERSIONS - 1).map((version) => rm(version.path, { recursive: true, force: true })),
  );
}

const loaded = new Map<string, Promise<PageRenderer>>();

/**
 * The renderer for this code version: the prerender bundle an earlier build kept when the code hash
 * matches (no Vite), else a new Astro build first. A long-running process (watch) loads it once.
 */
export async function rendererFor(root: string, code: string, log: (line: string) => void): Promise<Renderer> {
  // Tests point this elsewhere to compare a fresh Vite build with a cached-bundle one. It must stay
  // inside the project: the bundle imports its dependencies from the project's node_modules.
  const cacheRoot = resolve(root, process.env['STOREFRONT_RENDER_CACHE'] ?? join('.build', 'render-cache'));
  const cacheDir = join(cacheRoot, code.slice(0, 24));
  let fresh = false;
  if (!(await exists(join(cacheDir, SNAPSHOT_FILE)))) {
    await buildBundle(root, cacheDir, log);
    await pruneOldVersions(cacheRoot, code.slice(0, 24));
    fresh = true;
  }
  const pages = () => {
    let renderer = loaded.get(cacheDir);
    if (!renderer) {
      renderer = loadPageRenderer(cacheDir);
      loaded.set(cacheDir, renderer);
    }
    return renderer;
  };
  return { pages, cacheDir, fresh };
}
