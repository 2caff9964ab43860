import { mkdirSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RouteData } from 'astro';
import type { PathWithRoute, StaticPathsApp } from 'astro/runtime/prerender/static-paths.js';
import { handOverTenants } from '../../lib/tenant/selected.ts';
import type { Tenant } from '../../lib/tenant/tenant.ts';
import { BUNDLE_FOLDER, renderSnapshotSchema, SNAPSHOT_FILE } from './render-bundle.ts';

/** The parts of Astro 7's `BuildApp` (the prerender bundle's export) this renderer relies on. */
interface BuildApp extends StaticPathsApp {
  setInternals(internals: unknown): void;
  setOptions(options: unknown): void;
  render(request: Request, options: { routeData: RouteData }): Promise<Response>;
  routeCache: NonNullable<StaticPathsApp['routeCache']>;
}

function isBuildApp(value: unknown): value is BuildApp {
  return (
    typeof value === 'object' &&
    value !== null &&
    'render' in value &&
    'setInternals' in value &&
    'routeCache' in value &&
    'manifest' in value
  );
}

export interface RenderedTenant {
  slug: string;
  /** Each written file's content by its path under `<stageDir>/<slug>/` ('/'-separated), so nobody reads it back. */
  files: Map<string, Buffer>;
  ms: number;
  /** Why a page of this tenant could not be rendered; its other pages may be half written. */
  error?: string;
}

export interface PageRenderer {
  /** Renders each tenant's routes into `<stageDir>/<slug>/`, exactly as Astro's static build writes them. */
  renderTenants(tenants: Tenant[], stageDir: string): Promise<RenderedTenant[]>;
  /** Renders the routes that belong to no tenant (the unknown-host screen) into stageDir. */
  renderShared(stageDir: string): Promise<void>;
  /** Loads every page module now, so the first save in watch mode does not wait for it. */
  warmUp(): Promise<void>;
}

/** Astro's static build maps a path to a file like this for `build.format: 'directory'`. */
function outputFile(stageDir: string, { pathname, route }: PathWithRoute): string {
  const path = decodeURI(pathname);
  if (route.type === 'endpoint') return join(stageDir, path);
  if (path === '/404' || path === '/500') return join(stageDir, `${path}.html`);
  return join(stageDir, path, 'index.html');
}

/** The request URL Astro's generator renders a path with (`directory` format, trailing slash for pages). */
function requestUrl(origin: string, { pathname, route }: PathWithRoute): URL {
  if (pathname === '/' || pathname === '') return new URL('/', origin);
  if (route.type === 'endpoint') return new URL(pathname, origin);
  return new URL(`${pathname.replace(/\/$/, '')}/`, origin);
}

const quietLog = {
  write(event: { level?: string; message?: string }) {
    if (event.level === 'error' || event.level === 'warn') console.error(`[astro] ${event.message ?? ''}`);
    return true;
  },
};

/**
 * Loads the prerender bundle a full build kept (keepRenderBundle) and renders pages with it: no Vite,
 * no Astro build, just the page modules and Astro's runtime, as the build's own generator does.
 */
export async function loadPageRenderer(cacheDir: string): Promise<PageRenderer> {
  // As Astro's own build does (ensureProcessNodeEnv): React's development build is several times slower.
  if (!process.env['NODE_ENV']) process.env['NODE_ENV'] = 'production';
  const snapshot = renderSnapshotSchema.parse(JSON.parse(await readFile(join(cacheDir, SNAPSHOT_FILE), 'utf8')));
  const module: unknown = await import(pathToFileURL(join(cacheDir, BUNDLE_FOLDER, snapshot.entry)).href);
  const exported = typeof module === 'object' && module !== null && 'app' in module ? module.app : undefined;
  if (!isBuildApp(exported)) throw new Error(`${cacheDir}: the prerender bundle exports no app`);
  const app = exported;
  app.setInternals({
    pagesByKeys: new Map(snapshot.pages),
    entrySpecifierToBundleMap: new Map(snapshot.entrySpecifiers),
  });
  app.setOptions({
    origin: snapshot.origin,
    settings: { scripts: snapshot.scripts },
    logger: { options: { destination: quietLog } },
  });
  // Imported here, not at the top: a build with nothing to render should not load Astro's runtime.
  const { StaticPaths } = await import('astro/runtime/prerender/static-paths.js');

  async function pathsFor(tenants: Tenant[]): Promise<PathWithRoute[]> {
    handOverTenants(tenants);
    // getStaticPaths results are cached per route; each batch hands over other tenants.
    app.routeCache.clearAll();
    return new StaticPaths(app).getAll();
  }

  const made = new Set<string>();
  async function renderPath(path: PathWithRoute, stageDir: string): Promise<{ file: string; body: Buffer }> {
    const response = await app.render(new Request(requestUrl(snapshot.origin, path)), { routeData: path.route });
    if (response.status >= 300) throw new Error(`${path.pathname}: the page answered ${response.status}`);
    const body = Buffer.from(await response.arrayBuffer());
    const file = outputFile(stageDir, path);
    const folder = dirname(file);
    if (!made.has(folder)) {
      mkdirSync(folder, { recursive: true });
      made.add(folder);
    }
    // Small files into the page cache: synchronous writes cost less CPU than promises, and CPU is the limit.
    writeFileSync(file, body);
    return { file, body };
  }

  return {
    async renderTenants(tenants, stageDir) {
      // Stage folders are moved away once assembled, so what was made last time is gone.
      made.clear();
      const bySlug = new Map<string, PathWithRoute[]>(tenants.map((tenant) => [tenant.slug, []]));
      for (const path of await pathsFor(tenants)) bySlug.get(decodeURI(path.pathname).split('/')[1] ?? '')?.push(path);
      const rendered: RenderedTenant[] = [];
      for (const [slug, paths] of bySlug) {
        const started = performance.now();
        const files = new Map<string, Buffer>();
        const tenantDir = join(stageDir, slug);
        try {
          for (const path of paths) {
            const { file, body } = await renderPath(path, stageDir);
            files.set(relative(tenantDir, file).split(sep).join('/'), body);
          }
          rendered.push({ slug, files, ms: performance.now() - started });
        } catch (error) {
          rendered.push({
            slug,
            files,
            ms: performance.now() - started,
            error: error instanceof Error ? error.message : String(error),
          });
        }
      }
      return rendered;
    },
    async warmUp() {
      for (const { routeData } of app.manifest.routes)
        if (app.getComponentByRoute) await app.getComponentByRoute(routeData);
    },
    async renderShared(stageDir) {
      made.clear();
      for (const path of await pathsFor([])) await renderPath(path, stageDir);
    },
  };
}
