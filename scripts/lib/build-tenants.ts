import { randomUUID } from 'node:crypto';
import { cp, link, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import type { BuildMeta, LatestBuild } from '../../src/lib/site/build-manifest.ts';
import { initialFavicon } from '../../src/lib/site/favicon.ts';
import { NOT_FOUND_ROUTE, payloadPath, tenantRoutes } from '../../src/lib/site/routes.ts';
import { formatProblem, listTenantSlugs, loadTenants, TenantLoadError } from '../../src/lib/tenant/load.ts';
import type { RuntimeConfig } from '../../src/lib/tenant/settings.ts';
import type { Tenant } from '../../src/lib/tenant/tenant.ts';
import { buildRecordSchema, type BuildRecord, type BuildReport, type TenantReport } from './build-report.ts';
import { codeHash, filesUnder, tenantHash } from './code-hash.ts';
import { publishFolder } from './publish.ts';
import type { RenderedTenant } from './page-renderer.ts';
import { CLIENT_FOLDER, rendererFor, SITE_NOT_FOUND_FILE, type Renderer } from './renderer-store.ts';
import { shardTenants, type Shard } from './shard.ts';
import { folderStatsWithShared, type FolderStats } from './tenant-stats.ts';

export interface BuildOptions {
  root: string;
  tenantsDir: string;
  outDir: string;
  /** Only these slugs; all when empty. */
  only: string[];
  /** Rebuild tenants whose files and the storefront code are unchanged since their last build. */
  force?: boolean;
  shard?: Shard;
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

export const BUILD_RECORD_FILE = '.build.json';
export const REPORT_FILE = 'build-report.json';
const SITE_NOT_FOUND_OUT = '_site-not-found.html';
/** Tenants validated and rendered together: large enough to keep the renderer busy, small enough to bound memory. */
const BATCH = 50;

const exists = (path: string) => stat(path).then(() => true, () => false);

async function linkTree(from: string, to: string): Promise<void> {
  const made = new Set<string>();
  for (const file of await filesUnder(from)) {
    const target = join(to, relative(from, file));
    if (!made.has(dirname(target))) {
      await mkdir(dirname(target), { recursive: true });
      made.add(dirname(target));
    }
    await link(file, target).catch(() => cp(file, target));
  }
}

async function writeJson(path: string, value: unknown): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, JSON.stringify(value));
}

async function readRecord(outDir: string, slug: string): Promise<BuildRecord | undefined> {
  const text = await readFile(join(outDir, slug, BUILD_RECORD_FILE), 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  const parsed = buildRecordSchema.safeParse(JSON.parse(text));
  return parsed.success ? parsed.data : undefined;
}

const statsByCode = new Map<string, (dir: string) => Promise<FolderStats>>();

/** Stats of a deployment folder; the client assets all tenants of one code version share are measured once. */
function folderStats(renderer: Renderer, dir: string): Promise<FolderStats> {
  let stats = statsByCode.get(renderer.cacheDir);
  if (!stats) {
    stats = folderStatsWithShared(join(renderer.cacheDir, CLIENT_FOLDER));
    statsByCode.set(renderer.cacheDir, stats);
  }
  return stats(dir);
}

/** Turns a tenant's rendered routes (nextDir) into its complete deployment and swaps it into outDir. */
async function assembleTenant(tenant: Tenant, nextDir: string, renderer: Renderer, options: BuildOptions, hash: string): Promise<BuildRecord> {
  const buildId = `${Date.now().toString(36)}-${randomUUID().slice(0, 8)}`;
  await rename(join(nextDir, NOT_FOUND_ROUTE, 'index.html'), join(nextDir, '404.html'));
  await rm(join(nextDir, NOT_FOUND_ROUTE), { recursive: true });
  await linkTree(join(renderer.cacheDir, CLIENT_FOLDER), nextDir);

  const publicDir = join(options.tenantsDir, tenant.slug, 'public');
  if (await exists(publicDir)) await cp(publicDir, nextDir, { recursive: true });
  if (!(await exists(join(nextDir, 'favicon.svg')))) {
    await writeFile(join(nextDir, 'favicon.svg'), initialFavicon(tenant.config.retailerInfo.name, tenant.config.retailerCSS));
  }

  const routes = tenantRoutes(tenant);
  const runtimeConfig: RuntimeConfig = { apiBaseUrl: tenant.settings.apiBaseUrl, brokerUrl: tenant.settings.brokerUrl, mqttTopicPrefix: tenant.settings.mqttTopicPrefix, buildId };
  const latest: LatestBuild = { id: buildId, timestamp: Date.now() };
  const meta: BuildMeta = { ...latest, retailerId: tenant.config.retailerId, routes: routes.map((route) => ({ path: route.path, payload: payloadPath(route.path) })), notFound: '/404.html' };
  await writeJson(join(nextDir, 'runtime-config.json'), runtimeConfig);
  await writeJson(join(nextDir, 'builds', 'latest.json'), latest);
  await writeJson(join(nextDir, 'builds', 'meta', `${buildId}.json`), meta);
  const record: BuildRecord = { hash, buildId, pages: routes.length + 1, ...(await folderStats(renderer, nextDir)) };
  await writeJson(join(nextDir, BUILD_RECORD_FILE), record);
  await publishFolder(nextDir, join(options.outDir, tenant.slug));
  return record;
}

function failedReport(slug: string, problems: TenantLoadError['problems']): TenantReport {
  return { slug, status: 'failed', pages: 0, bytes: 0, gzipBytes: 0, contentHash: '', ms: 0, problems };
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

  const hashes = new Map<string, string>();
  const reports = new Map<string, TenantReport>();
  // Hashing is cheap and validation is not, so an unchanged tenant is never parsed.
  await Promise.all(
    chosen.map(async (slug) => {
      const hash = await tenantHash(code, options.tenantsDir, slug);
      hashes.set(slug, hash);
      if (options.force) return;
      const record = await readRecord(options.outDir, slug);
      if (record?.hash !== hash) return;
      reports.set(slug, { slug, status: 'skipped', pages: record.pages, bytes: record.bytes, gzipBytes: record.gzipBytes, contentHash: record.contentHash, ms: 0, buildId: record.buildId, problems: [] });
    }),
  );
  const changed = chosen.filter((slug) => !reports.has(slug));
  const failures: TenantLoadError[] = [];

  let renderer: Renderer | undefined;
  if (changed.length > 0) {
    renderer = await rendererFor(options.root, code, log);
    log(`Rendering ${changed.length} tenant(s)${renderer.fresh ? '' : ' with the render bundle of the last build of this code (no Vite)'}…`);
    await mkdir(options.outDir, { recursive: true });
    const stageDir = join(options.outDir, `.stage-${process.pid}`);
    await rm(stageDir, { recursive: true, force: true });
    let done = 0;
    const active = renderer;
    const assemble = async (tenant: Tenant, result: RenderedTenant | undefined): Promise<void> => {
      const tenantStarted = performance.now();
      if (!result || result.error !== undefined) {
        const failure = new TenantLoadError(tenant.slug, [{ file: join('tenants', tenant.slug), path: '$', message: `could not render: ${result?.error ?? 'no pages'}` }]);
        failures.push(failure);
        reports.set(tenant.slug, failedReport(tenant.slug, failure.problems));
        await rm(join(stageDir, tenant.slug), { recursive: true, force: true });
        return;
      }
      const record = await assembleTenant(tenant, join(stageDir, tenant.slug), active, options, hashes.get(tenant.slug) ?? '');
      const { hash: _hash, ...stats } = record;
      reports.set(tenant.slug, { slug: tenant.slug, status: 'built', ...stats, ms: result.ms + (performance.now() - tenantStarted), problems: [] });
    };
    // Assembling a batch is file work on libuv's threads; it runs while the next batch renders on this one.
    let assembling: Promise<unknown> = Promise.resolve();
    for (let index = 0; index < changed.length; index += BATCH) {
      const batch = changed.slice(index, index + BATCH);
      const loaded = await loadTenants(options.tenantsDir, batch);
      failures.push(...loaded.failures);
      for (const failure of loaded.failures) reports.set(failure.slug, failedReport(failure.slug, failure.problems));
      const rendered = new Map((await renderer.pages.renderTenants(loaded.tenants, stageDir)).map((entry) => [entry.slug, entry]));
      await assembling;
      options.progress?.(done, changed.length);
      assembling = Promise.all(loaded.tenants.map((tenant) => assemble(tenant, rendered.get(tenant.slug))));
      done += batch.length;
    }
    await assembling;
    options.progress?.(done, changed.length);
    await rm(stageDir, { recursive: true, force: true });
  }
  await publishShared(options.outDir, renderer);

  const tenants = chosen.map((slug) => reports.get(slug) ?? failedReport(slug, [{ file: join('tenants', slug), path: '$', message: 'not built' }]));
  const report: BuildReport = {
    startedAt,
    ms: performance.now() - started,
    codeHash: code,
    renderer: renderer ? (renderer.fresh ? 'vite-build' : 'cached-bundle') : 'none',
    ...(options.shard ? { shard: `${options.shard.index}/${options.shard.count}` } : {}),
    // maxRSS is in KiB.
    peakRssMiB: Math.round(process.resourceUsage().maxRSS / 1024),
    tenants,
  };
  await mkdir(options.outDir, { recursive: true });
  await writeJson(join(options.outDir, REPORT_FILE), report);
  const built = tenants.filter((tenant) => tenant.status === 'built').map((tenant) => ({ slug: tenant.slug, pages: tenant.pages, buildId: tenant.buildId ?? '' }));
  return {
    built,
    skipped: tenants.filter((tenant) => tenant.status === 'skipped').map((tenant) => tenant.slug),
    failures,
    pages: built.reduce((sum, entry) => sum + entry.pages, 0),
    ms: report.ms,
    report,
  };
}

/** The unknown-host screen and its styles, which belong to no tenant folder. */
async function publishShared(outDir: string, renderer: Renderer | undefined): Promise<void> {
  if (!renderer) return;
  const stamp = join(outDir, '_shared', '.code');
  if ((await readFile(stamp, 'utf8').catch(() => '')) === renderer.cacheDir && (await exists(join(outDir, SITE_NOT_FOUND_OUT)))) return;
  const next = join(outDir, `.shared-${process.pid}`);
  await rm(next, { recursive: true, force: true });
  await linkTree(join(renderer.cacheDir, CLIENT_FOLDER), next);
  await writeFile(join(next, '.code'), renderer.cacheDir);
  await publishFolder(next, join(outDir, '_shared'));
  await cp(join(renderer.cacheDir, SITE_NOT_FOUND_FILE), join(outDir, `${SITE_NOT_FOUND_OUT}.next`));
  await rename(join(outDir, `${SITE_NOT_FOUND_OUT}.next`), join(outDir, SITE_NOT_FOUND_OUT));
}

export function formatSummary(summary: BuildSummary): string {
  const lines = [
    `Built ${summary.built.length} tenant(s), ${summary.pages} page(s) in ${(summary.ms / 1000).toFixed(1)} s` +
      (summary.skipped.length > 0 ? `; ${summary.skipped.length} unchanged (skipped)` : '') +
      (summary.failures.length > 0 ? `; ${summary.failures.length} FAILED` : ''),
  ];
  const listed = 20;
  for (const entry of summary.built.slice(0, listed)) lines.push(`  ✓ ${entry.slug} (${entry.pages} pages, build ${entry.buildId})`);
  if (summary.built.length > listed) lines.push(`  ✓ … and ${summary.built.length - listed} more built`);
  if (summary.skipped.length > listed) lines.push(`  = ${summary.skipped.length} unchanged (skipped), e.g. ${summary.skipped.slice(0, 3).join(', ')}`);
  else for (const slug of summary.skipped) lines.push(`  = ${slug} (unchanged)`);
  for (const failure of summary.failures) {
    lines.push(`  ✗ ${failure.slug}`);
    for (const problem of failure.problems) lines.push(`      ${formatProblem(problem)}`);
  }
  return lines.join('\n');
}
