import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { formatProblem, listTenantSlugs, TenantLoadError } from '../../lib/tenant/load.ts';
import { buildRecordSchema, type BuildRecord, type BuildReport, type TenantReport } from './build-report.ts';
import { codeHash, tenantFilesHash, tenantHash, tenantStamp } from './code-hash.ts';
import { inlineScriptHashes } from './content-security-policy.ts';
import { NGINX_POLICY_FILE, writeNginxPolicy } from './nginx-policy.ts';
import { publishFolder } from './publish.ts';
import { CONSOLE_CONFIG_FILE, consoleConfigSchema } from '../../apps/console/shell/config.ts';
import { CONSOLE_FOLDER, DEFAULT_CONSOLE_API_URL } from './console-site.ts';
import { SHARED_FOLDER } from './nginx-config.ts';
import {
  CLIENT_FOLDER,
  CONSOLE_CLIENT_FOLDER,
  CONSOLE_PAGE_FILE,
  rendererFor,
  SITE_NOT_FOUND_FILE,
  type Renderer,
} from './renderer-store.ts';
import { renderInWorkers } from './render-workers.ts';
import { shardTenants, type Shard } from './shard.ts';
import {
  BATCH,
  BUILD_RECORD_FILE,
  failedReport,
  linkTree,
  renderAndPublish,
  type TenantSource,
} from './tenant-pipeline.ts';

export interface BuildOptions {
  root: string;
  tenantsDir: string;
  outDir: string;
  /** Only these slugs; all when empty. */
  only: string[];
  /** Rebuild tenants whose files and the storefront code are unchanged since their last build. */
  force?: boolean;
  shard?: Shard;
  /** Worker threads to render with; by default one per core once there are two batches or more. */
  workers?: number;
  /** The code hash when the caller already knows it (watch mode hashes the code once per code change). */
  code?: string;
  log?: (line: string) => void;
  progress?: (done: number, total: number) => void;
}

export interface BuildSummary {
  built: { slug: string; pages: number; buildId: string }[];
  skipped: string[];
  failures: TenantLoadError[];
  pages: number;
  ms: number;
  report: BuildReport;
}

export const REPORT_FILE = 'build-report.json';
const SITE_NOT_FOUND_OUT = '_site-not-found.html';
/** Worker threads for big builds: one per core, as rendering is CPU work. */
const MAX_WORKERS = 4;

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

async function readRecord(outDir: string, slug: string): Promise<BuildRecord | undefined> {
  const text = await readFile(join(outDir, slug, BUILD_RECORD_FILE), 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  const parsed = buildRecordSchema.safeParse(JSON.parse(text));
  return parsed.success ? parsed.data : undefined;
}

/**
 * Builds the chosen tenants into outDir/<slug>/, skipping those whose files and code are unchanged.
 * Pages are rendered by the prerender bundle of the last Vite build of this code (a code change runs
 * one new Astro build first), in batches, so memory stays flat however many tenants there are.
 */
export async function buildTenants(options: BuildOptions): Promise<BuildSummary> {
  const started = performance.now();
  const startedAt = new Date().toISOString();
  const log = options.log ?? (() => {});
  const code = options.code ?? (await codeHash(options.root));
  const all = options.only.length > 0 ? options.only : await listTenantSlugs(options.tenantsDir);
  const chosen = shardTenants(all, options.shard);

  const sources = new Map<string, TenantSource>();
  const reports = new Map<string, TenantReport>();
  // Hashing is cheap and validation is not, so an unchanged tenant is never parsed; when its files'
  // sizes and times are as recorded, their content is not even read.
  await Promise.all(
    chosen.map(async (slug) => {
      const record = await readRecord(options.outDir, slug);
      const stamp = await tenantStamp(options.tenantsDir, slug);
      const filesHash =
        record?.filesStamp === stamp ? record.filesHash : await tenantFilesHash(options.tenantsDir, slug);
      const hash = tenantHash(code, filesHash);
      sources.set(slug, { hash, filesHash, filesStamp: stamp });
      if (options.force || record?.hash !== hash) return;
      reports.set(slug, {
        slug,
        status: 'skipped',
        pages: record.pages,
        bytes: record.bytes,
        gzipBytes: record.gzipBytes,
        contentHash: record.contentHash,
        ms: 0,
        buildId: record.buildId,
        problems: [],
      });
    }),
  );
  const changed = chosen.filter((slug) => !reports.has(slug));
  const failures: TenantLoadError[] = [];

  let renderer: Renderer | undefined;
  if (changed.length > 0) {
    renderer = await rendererFor(options.root, code, log);
    log(
      `Rendering ${changed.length} tenant(s)${renderer.fresh ? '' : ' with the render bundle of the last build of this code (no Vite)'}…`,
    );
    await mkdir(options.outDir, { recursive: true });
    const context = {
      cacheDir: renderer.cacheDir,
      tenantsDir: options.tenantsDir,
      outDir: options.outDir,
      photoCacheDir: resolve(options.root, process.env['STOREFRONT_PHOTO_CACHE'] ?? join('.build', 'photos')),
      sources: Object.fromEntries(sources),
    };
    const progress = (done: number) => options.progress?.(done, changed.length);
    const workers =
      options.workers ?? Math.min(availableParallelism(), MAX_WORKERS, Math.floor(changed.length / BATCH));
    const rendered =
      workers >= 2
        ? await renderInWorkers(changed, context, workers, progress)
        : await renderAndPublish(changed, { ...context, pages: await renderer.pages() }, progress);
    for (const entry of rendered) {
      reports.set(entry.slug, entry);
      if (entry.status === 'failed') failures.push(new TenantLoadError(entry.slug, entry.problems));
    }
  }
  // A deployment folder without the shared sites (deleted, or made before the console existed) gets them even when no tenant changed.
  const shared =
    renderer ??
    ((await exists(join(options.outDir, CONSOLE_FOLDER))) ? undefined : await rendererFor(options.root, code, log));
  if (shared) await publishShared(options.outDir, shared.cacheDir);
  const deployed = await Promise.all(
    (await listTenantSlugs(options.outDir).catch(() => [])).map((slug) => readRecord(options.outDir, slug)),
  );
  const shopHashes = deployed.flatMap((record) => (record ? [record.scriptHashes] : []));
  const siteNotFound = await readFile(join(options.outDir, SITE_NOT_FOUND_OUT), 'utf8').catch(() => '');
  if (await writeNginxPolicy(options.outDir, [...shopHashes, inlineScriptHashes(siteNotFound)]))
    log(`${NGINX_POLICY_FILE} changed: reload nginx so its policy allows the new pages' inline scripts`);

  const tenants = chosen.map(
    (slug) =>
      reports.get(slug) ?? failedReport(slug, [{ file: join('tenants', slug), path: '$', message: 'not built' }]),
  );
  const report: BuildReport = {
    startedAt,
    ms: performance.now() - started,
    codeHash: code,
    renderer: renderer ? (renderer.fresh ? 'vite-build' : 'cached-bundle') : 'none',
    ...(options.shard ? { shard: `${options.shard.index}/${options.shard.count}` } : {}),
    // maxRSS is in KiB.
    peakRssMiB: Math.round(process.resourceUsage().maxRSS / 1024),
    cpuSeconds: (process.cpuUsage().user + process.cpuUsage().system) / 1e6,
    tenants,
  };
  await mkdir(options.outDir, { recursive: true });
  await writeFile(join(options.outDir, REPORT_FILE), JSON.stringify(report));
  const built = tenants
    .filter((tenant) => tenant.status === 'built')
    .map((tenant) => ({ slug: tenant.slug, pages: tenant.pages, buildId: tenant.buildId ?? '' }));
  return {
    built,
    skipped: tenants.filter((tenant) => tenant.status === 'skipped').map((tenant) => tenant.slug),
    failures,
    pages: built.reduce((sum, entry) => sum + entry.pages, 0),
    ms: report.ms,
    report,
  };
}

/** The sites that belong to no tenant: the unknown-host screen and the staff console. */
async function publishShared(outDir: string, cacheDir: string): Promise<void> {
  const notFound = await readFile(join(cacheDir, SITE_NOT_FOUND_FILE));
  // A static host serving _shared/ for unknown hosts (deploy/nginx) shows the site-not-found screen as its 404.
  const published = await publishCodeFolder(outDir, SHARED_FOLDER, join(cacheDir, CLIENT_FOLDER), cacheDir, {
    '404.html': notFound,
  });
  if (published || !(await exists(join(outDir, SITE_NOT_FOUND_OUT)))) {
    await writeFile(join(outDir, `${SITE_NOT_FOUND_OUT}.next`), notFound);
    await rename(join(outDir, `${SITE_NOT_FOUND_OUT}.next`), join(outDir, SITE_NOT_FOUND_OUT));
  }
  const consoleConfig = consoleConfigSchema.parse({
    apiBaseUrl: process.env['CONSOLE_API_URL'] || DEFAULT_CONSOLE_API_URL,
  });
  await publishCodeFolder(
    outDir,
    CONSOLE_FOLDER,
    join(cacheDir, CONSOLE_CLIENT_FOLDER),
    `${cacheDir}\n${consoleConfig.apiBaseUrl}`,
    {
      'index.html': await readFile(join(cacheDir, CONSOLE_PAGE_FILE)),
      [CONSOLE_CONFIG_FILE]: JSON.stringify(consoleConfig),
    },
  );
}

/**
 * Publishes outDir/<folder>: the client assets of one build of the code version (`clientDir`) and the
 * given files, unless what is there was made from the same stamp. Answers whether it published.
 */
async function publishCodeFolder(
  outDir: string,
  folder: string,
  clientDir: string,
  stamp: string,
  files: Record<string, Buffer | string>,
): Promise<boolean> {
  const stampFile = join(outDir, folder, '.code');
  if ((await readFile(stampFile, 'utf8').catch(() => '')) === stamp) return false;
  const next = join(outDir, `.${folder.replace(/^_/, '')}-${process.pid}`);
  await rm(next, { recursive: true, force: true });
  await linkTree(clientDir, next);
  for (const [name, content] of Object.entries(files)) await writeFile(join(next, name), content);
  await writeFile(join(next, '.code'), stamp);
  await publishFolder(next, join(outDir, folder));
  return true;
}

export function formatSummary(summary: BuildSummary): string {
  const lines = [
    `Built ${summary.built.length} tenant(s), ${summary.pages} page(s) in ${(summary.ms / 1000).toFixed(1)} s` +
      (summary.skipped.length > 0 ? `; ${summary.skipped.length} unchanged (skipped)` : '') +
      (summary.failures.length > 0 ? `; ${summary.failures.length} FAILED` : ''),
  ];
  const listed = 20;
  for (const entry of summary.built.slice(0, listed))
    lines.push(`  ✓ ${entry.slug} (${entry.pages} pages, build ${entry.buildId})`);
  if (summary.built.length > listed) lines.push(`  ✓ … and ${summary.built.length - listed} more built`);
  if (summary.skipped.length > listed)
    lines.push(`  = ${summary.skipped.length} unchanged (skipped), e.g. ${summary.skipped.slice(0, 3).join(', ')}`);
  else for (const slug of summary.skipped) lines.push(`  = ${slug} (unchanged)`);
  for (const failure of summary.failures) {
    lines.push(`  ✗ ${failure.slug}`);
    for (const problem of failure.problems) lines.push(`      ${formatProblem(problem)}`);
  }
  return lines.join('\n');
}
