import { createHash, randomUUID } from 'node:crypto';
import { copyFileSync, linkSync, mkdirSync, readFileSync, renameSync, rmdirSync, writeFileSync } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { BuildMeta, LatestBuild } from '../../lib/site/build-manifest.ts';
import { initialFavicon } from '../../lib/site/favicon.ts';
import { websiteFaviconFile } from '../../lib/site/websites.ts';
import { htmlPath, NOT_FOUND_ROUTE, payloadPath, tenantRoutes } from '../../lib/site/routes.ts';
import { loadTenants } from '../../lib/tenant/load.ts';
import { analyticsTracker, type RuntimeConfig } from '../../lib/tenant/settings.ts';
import type { Tenant } from '../../lib/tenant/tenant.ts';
import type { BuildRecord, TenantReport } from './build-report.ts';
import { inlineScriptHashes } from './content-security-policy.ts';
import { filesUnder } from './code-hash.ts';
import type { PageRenderer, RenderedTenant } from './page-renderer.ts';
import { prepareProductPhotos, type PhotoFile } from './product-photos.ts';
import { publishFolder } from './publish.ts';
import { CLIENT_FOLDER } from './renderer-store.ts';
import { folderStats, measure, measureFolder, type FileStats } from './tenant-stats.ts';

export const BUILD_RECORD_FILE = '.build.json';
/** Hex digits of a route's fingerprint in the build manifest: enough to tell two versions apart, short enough for a manifest of many pages. */
const FINGERPRINT_LENGTH = 16;
/** Tenants validated and rendered together: large enough to keep the renderer busy, small enough to bound memory. */
export const BATCH = 50;

/** What rendering and publishing tenants needs; plain data, so a worker thread can receive it. */
export interface PipelineContext {
  /** The cached code version (renderer-store): its client assets go into every deployment. */
  cacheDir: string;
  tenantsDir: string;
  outDir: string;
  /** Product photo variants, shared by every build and thread of this checkout (product-photos.ts). */
  photoCacheDir: string;
  /** slug → what its files hashed to, recorded in each deployment so an unchanged tenant is skipped next time. */
  sources: Record<string, TenantSource>;
}

/** A tenant's hash (its files and the code), its files' own hash, and their sizes and times. */
export interface TenantSource {
  hash: string;
  filesHash: string;
  filesStamp: string;
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );
const treeFiles = new Map<string, Promise<string[]>>();

/** The files under `dir`, relative to it; listed once per process (the cached client assets never change). */
function filesOf(dir: string): Promise<string[]> {
  let listed = treeFiles.get(dir);
  if (!listed) {
    listed = filesUnder(dir).then((files) => files.map((file) => relative(dir, file)));
    treeFiles.set(dir, listed);
  }
  return listed;
}

/**
 * Hard links (a copy where links are not possible) of every file under `from`. A file already at its
 * target is left alone: hashed asset names mean the same name is the same content.
 */
export async function linkTree(from: string, to: string): Promise<void> {
  const made = new Set<string>();
  for (const file of await filesOf(from)) {
    const target = join(to, file);
    if (!made.has(dirname(target))) {
      mkdirSync(dirname(target), { recursive: true });
      made.add(dirname(target));
    }
    try {
      linkSync(join(from, file), target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') copyFileSync(join(from, file), target);
    }
  }
}

/** Writes a file the deployment carries and keeps its content for the stats. */
type Put = (name: string, content: Buffer | string) => void;

const sharedStats = new Map<string, Promise<Map<string, FileStats>>>();

/** The client assets every tenant of one code version carries, measured once per process. */
function clientStats(clientDir: string): Promise<Map<string, FileStats>> {
  let stats = sharedStats.get(clientDir);
  if (!stats) {
    stats = measureFolder(clientDir);
    sharedStats.set(clientDir, stats);
  }
  return stats;
}

/** Turns a tenant's rendered routes (nextDir) into its complete deployment and swaps it into outDir. */
async function assembleTenant(
  tenant: Tenant,
  nextDir: string,
  rendered: RenderedTenant,
  photos: readonly PhotoFile[],
  context: PipelineContext,
): Promise<BuildRecord> {
  const buildId = `${Date.now().toString(36)}-${randomUUID().slice(0, 8)}`;
  const finalDir = join(context.outDir, tenant.slug);
  const clientDir = join(context.cacheDir, CLIENT_FOLDER);
  const contents = new Map(rendered.files);
  const notFound = `${NOT_FOUND_ROUTE}/index.html`;
  renameSync(join(nextDir, notFound), join(nextDir, '404.html'));
  rmdirSync(join(nextDir, NOT_FOUND_ROUTE));
  contents.set('404.html', contents.get(notFound) ?? Buffer.alloc(0));
  contents.delete(notFound);
  // A live deployment gets the client assets it lacks in place (new hashed names, before any page
  // names them); moving 30-odd unchanged assets through nextDir on every rebuild is wasted work.
  const live = await exists(finalDir);
  await linkTree(clientDir, live ? finalDir : nextDir);

  // Synchronous: small files into the page cache cost less CPU than promise chains, and CPU is the limit.
  const made = new Set<string>([nextDir]);
  const put: Put = (name, content) => {
    const file = join(nextDir, name);
    if (!made.has(dirname(file))) {
      mkdirSync(dirname(file), { recursive: true });
      made.add(dirname(file));
    }
    writeFileSync(file, content);
    contents.set(name, typeof content === 'string' ? Buffer.from(content) : content);
  };
  const publicDir = join(context.tenantsDir, tenant.slug, 'public');
  for (const file of await filesUnder(publicDir))
    put(relative(publicDir, file).split(sep).join('/'), readFileSync(file));
  const ownFavicon = contents.get('favicon.svg');
  if (!ownFavicon) put('favicon.svg', initialFavicon(tenant.config.retailerInfo.name, tenant.config.retailerCSS));
  // Each other website's initial takes its own colours; a favicon of the retailer's own serves them all.
  for (const website of tenant.websites)
    put(
      websiteFaviconFile(website.retailerWebsiteId),
      ownFavicon ?? initialFavicon(tenant.config.retailerInfo.name, website.retailerCSS ?? tenant.config.retailerCSS),
    );

  // Linked from the photo cache, as the client assets are: hashed names, never written in place.
  for (const photo of photos) {
    const target = join(nextDir, photo.name);
    if (!made.has(dirname(target))) {
      mkdirSync(dirname(target), { recursive: true });
      made.add(dirname(target));
    }
    try {
      linkSync(photo.source, target);
    } catch {
      copyFileSync(photo.source, target);
    }
  }

  const measured = new Map(
    await Promise.all([...contents].map(async ([name, content]) => [name, await measure(content)] as const)),
  );
  // Open pages compare these to decide whether a newer build changes what they show (build-watcher.ts).
  const fingerprint = (...files: string[]) =>
    createHash('sha256')
      .update(files.map((file) => `${file}\0${measured.get(file)?.digest ?? ''}`).join('\0'))
      .digest('hex')
      .slice(0, FINGERPRINT_LENGTH);
  const routes = tenantRoutes(tenant);
  const runtimeConfig: RuntimeConfig = {
    apiBaseUrl: tenant.settings.apiBaseUrl,
    brokerUrl: tenant.settings.brokerUrl,
    orderWatchBrokerUrl: tenant.settings.orderWatchBrokerUrl,
    mqttTopicPrefix: tenant.settings.mqttTopicPrefix,
    buildId,
    analyticsUrl: analyticsTracker(tenant.settings.analytics)?.url ?? null,
  };
  const latest: LatestBuild = { id: buildId, timestamp: Date.now() };
  const meta: BuildMeta = {
    ...latest,
    retailerId: tenant.config.retailerId,
    routes: routes.map((route) => ({
      path: route.path,
      payload: payloadPath(route.path),
      hash: fingerprint(htmlPath(route.path), payloadPath(route.path).slice(1)),
    })),
    notFound: { file: '/404.html', hash: fingerprint('404.html') },
  };
  const buildFiles = {
    'runtime-config.json': JSON.stringify(runtimeConfig),
    'builds/latest.json': JSON.stringify(latest),
    [`builds/meta/${buildId}.json`]: JSON.stringify(meta),
  };
  for (const [name, content] of Object.entries(buildFiles)) {
    put(name, content);
    measured.set(name, await measure(content));
  }
  const stats = folderStats(
    new Map([
      ...(await clientStats(clientDir)),
      ...measured,
      ...photos.map((photo) => [photo.name, photo.stats] as const),
    ]),
  );
  const source = context.sources[tenant.slug] ?? { hash: '', filesHash: '', filesStamp: '' };
  const scriptHashes = [...contents]
    .filter(([name]) => name.endsWith('.html'))
    .flatMap(([, content]) => inlineScriptHashes(content.toString()));
  const record: BuildRecord = {
    ...source,
    buildId,
    pages: routes.length + 1,
    ...stats,
    scriptHashes: [...new Set(scriptHashes)].sort(),
  };
  put(BUILD_RECORD_FILE, JSON.stringify(record));
  await publishFolder(nextDir, finalDir, live ? new Set(await filesOf(clientDir)) : undefined);
  return record;
}

export function failedReport(slug: string, problems: TenantReport['problems']): TenantReport {
  return { slug, status: 'failed', pages: 0, bytes: 0, gzipBytes: 0, contentHash: '', ms: 0, problems };
}

/**
 * Validates, renders and publishes the given tenants in batches: memory holds one batch, however
 * many tenants there are. A tenant that fails validation or rendering keeps its last deployment.
 */
export async function renderAndPublish(
  slugs: readonly string[],
  context: PipelineContext & { pages: PageRenderer },
  progress?: (done: number) => void,
): Promise<TenantReport[]> {
  const stageDir = join(context.outDir, `.stage-${process.pid}-${randomUUID().slice(0, 8)}`);
  const reports: TenantReport[] = [];
  const publish = async (
    tenant: Tenant,
    result: RenderedTenant | undefined,
    photos: readonly PhotoFile[],
  ): Promise<void> => {
    const started = performance.now();
    if (!result || result.error !== undefined) {
      reports.push(
        failedReport(tenant.slug, [
          {
            file: join('tenants', tenant.slug),
            path: '$',
            message: `could not render: ${result?.error ?? 'no pages'}`,
          },
        ]),
      );
      await rm(join(stageDir, tenant.slug), { recursive: true, force: true });
      return;
    }
    const {
      hash: _hash,
      filesHash: _filesHash,
      filesStamp: _filesStamp,
      ...record
    } = await assembleTenant(tenant, join(stageDir, tenant.slug), result, photos, context);
    reports.push({
      slug: tenant.slug,
      status: 'built',
      ...record,
      ms: result.ms + (performance.now() - started),
      problems: [],
    });
  };
  let done = 0;
  for (let index = 0; index < slugs.length; index += BATCH) {
    const batch = slugs.slice(index, index + BATCH);
    const loaded = await loadTenants(context.tenantsDir, batch);
    for (const failure of loaded.failures) reports.push(failedReport(failure.slug, failure.problems));
    // Photos before pages: the pages name the variants, and a tenant with a broken photo is not rendered.
    const photos = await Promise.all(loaded.tenants.map((tenant) => prepareProductPhotos(tenant, context)));
    const ready: { tenant: Tenant; files: PhotoFile[] }[] = [];
    loaded.tenants.forEach((tenant, index) => {
      const prepared = photos[index];
      if (!prepared) return;
      if ('problems' in prepared) reports.push(failedReport(tenant.slug, prepared.problems));
      else
        ready.push({
          tenant: prepared.files.length > 0 ? { ...tenant, photos: prepared.photos } : tenant,
          files: prepared.files,
        });
    });
    const rendered = new Map(
      (
        await context.pages.renderTenants(
          ready.map((entry) => entry.tenant),
          stageDir,
        )
      ).map((entry) => [entry.slug, entry]),
    );
    await Promise.all(ready.map(({ tenant, files }) => publish(tenant, rendered.get(tenant.slug), files)));
    done += batch.length;
    progress?.(done);
  }
  await rm(stageDir, { recursive: true, force: true });
  return reports;
}
