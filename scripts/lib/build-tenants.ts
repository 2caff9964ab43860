import { createHash, randomUUID } from 'node:crypto';
import { cp, link, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import type { BuildMeta, LatestBuild } from '../../src/lib/site/build-manifest.ts';
import { initialFavicon } from '../../src/lib/site/favicon.ts';
import { NOT_FOUND_ROUTE, payloadPath, tenantRoutes } from '../../src/lib/site/routes.ts';
import { formatProblem, listTenantSlugs, loadTenants, type TenantLoadError } from '../../src/lib/tenant/load.ts';
import { handOverTenants } from '../../src/lib/tenant/selected.ts';
import type { RuntimeConfig } from '../../src/lib/tenant/settings.ts';
import type { Tenant } from '../../src/lib/tenant/tenant.ts';

export interface BuildOptions {
  root: string;
  tenantsDir: string;
  outDir: string;
  /** Only these slugs; all when empty. */
  only: string[];
  /** Skip tenants whose files and the storefront code are unchanged since their last build. */
  incremental: boolean;
  log?: (line: string) => void;
}

export interface BuildSummary {
  built: { slug: string; pages: number; buildId: string }[];
  skipped: string[];
  failures: TenantLoadError[];
  pages: number;
  ms: number;
}

const HASH_FILE = '.build-hash';
const SITE_NOT_FOUND_FILE = '_site-not-found.html';

async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

async function hashFiles(files: string[], base: string): Promise<string> {
  const hash = createHash('sha256');
  for (const file of files.sort()) {
    hash.update(relative(base, file));
    hash.update(await readFile(file));
  }
  return hash.digest('hex');
}

/** Everything besides a tenant's own files that shapes its output. */
async function codeHash(root: string): Promise<string> {
  const files = [...(await walk(join(root, 'src'))).filter((file) => !/\.(test|bench)\.ts$/.test(file)), join(root, 'astro.config.ts'), join(root, 'package-lock.json')];
  const present = [];
  for (const file of files) if (await exists(file)) present.push(file);
  return hashFiles(present, root);
}

async function tenantHash(code: string, tenantsDir: string, slug: string): Promise<string> {
  return createHash('sha256')
    .update(code)
    .update(await hashFiles(await walk(join(tenantsDir, slug)), tenantsDir))
    .digest('hex');
}

async function linkTree(from: string, to: string): Promise<void> {
  for (const file of await walk(from)) {
    const target = join(to, relative(from, file));
    await mkdir(dirname(target), { recursive: true });
    await link(file, target).catch(() => cp(file, target));
  }
}

async function writeJson(path: string, value: unknown): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, JSON.stringify(value));
}

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

/** Turns the shared Astro output for one tenant into its self-contained deployment, swapped in whole. */
async function assembleTenant(tenant: Tenant, stageDir: string, options: BuildOptions, hash: string): Promise<{ pages: number; buildId: string }> {
  const buildId = `${Date.now().toString(36)}-${randomUUID().slice(0, 8)}`;
  const finalDir = join(options.outDir, tenant.slug);
  const nextDir = join(options.outDir, `.next-${tenant.slug}`);
  await rm(nextDir, { recursive: true, force: true });
  await rename(join(stageDir, tenant.slug), nextDir);
  await rename(join(nextDir, NOT_FOUND_ROUTE, 'index.html'), join(nextDir, '404.html'));
  await rm(join(nextDir, NOT_FOUND_ROUTE), { recursive: true });
  if (await exists(join(stageDir, '_astro'))) await linkTree(join(stageDir, '_astro'), join(nextDir, '_astro'));

  const publicDir = join(options.tenantsDir, tenant.slug, 'public');
  if (await exists(publicDir)) await cp(publicDir, nextDir, { recursive: true });
  if (!(await exists(join(nextDir, 'favicon.svg')))) {
    await writeFile(join(nextDir, 'favicon.svg'), initialFavicon(tenant.config.retailerInfo.name, tenant.config.retailerCSS));
  }

  const routes = tenantRoutes(tenant);

  const timestamp = Date.now();
  const runtimeConfig: RuntimeConfig = { apiBaseUrl: tenant.settings.apiBaseUrl, brokerUrl: tenant.settings.brokerUrl, mqttTopicPrefix: tenant.settings.mqttTopicPrefix, buildId };
  const latest: LatestBuild = { id: buildId, timestamp };
  const meta: BuildMeta = { ...latest, retailerId: tenant.config.retailerId, routes: routes.map((route) => ({ path: route.path, payload: payloadPath(route.path) })), notFound: '/404.html' };
  await writeJson(join(nextDir, 'runtime-config.json'), runtimeConfig);
  await writeJson(join(nextDir, 'builds', 'latest.json'), latest);
  await writeJson(join(nextDir, 'builds', 'meta', `${buildId}.json`), meta);
  await writeFile(join(nextDir, HASH_FILE), hash);

  const oldDir = join(options.outDir, `.old-${tenant.slug}`);
  await rm(oldDir, { recursive: true, force: true });
  if (await exists(finalDir)) await rename(finalDir, oldDir);
  await rename(nextDir, finalDir);
  await rm(oldDir, { recursive: true, force: true });
  return { pages: routes.length + 1, buildId };
}

/**
 * Validates the chosen tenants, renders all good ones in ONE Astro build (one Vite bundle shared
 * by every tenant), then splits the output into one deployment per tenant under outDir.
 */
export async function buildTenants(options: BuildOptions): Promise<BuildSummary> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const root = resolve(options.root);
  const code = await codeHash(root);
  const chosen = options.only.length > 0 ? options.only : await listTenantSlugs(options.tenantsDir);
  const hashes = new Map<string, string>();
  const skipped: string[] = [];
  // Hashing is cheap and validation is not, so an unchanged tenant is never parsed.
  await Promise.all(
    chosen.map(async (slug) => {
      const hash = await tenantHash(code, options.tenantsDir, slug).catch(() => '');
      hashes.set(slug, hash);
      const previous = await readFile(join(options.outDir, slug, HASH_FILE), 'utf8').catch(() => '');
      if (options.incremental && hash !== '' && previous === hash) skipped.push(slug);
    }),
  );
  skipped.sort();
  const changed = chosen.filter((slug) => !skipped.includes(slug));
  const { tenants: toBuild, failures } = changed.length > 0 ? await loadTenants(options.tenantsDir, changed) : { tenants: [], failures: [] };

  const built: BuildSummary['built'] = [];
  if (toBuild.length > 0) await withStageLock(root, log, async () => {
    const stageDir = resolve(root, '.build', 'stage');
    await rm(stageDir, { recursive: true, force: true });
    process.env['ASTRO_TELEMETRY_DISABLED'] = '1';
    handOverTenants(toBuild);
    log(`Rendering ${toBuild.length} tenant(s) in one Astro build…`);
    const { build } = await import('astro');
    await build({ root, outDir: stageDir, logLevel: process.env['ASTRO_LOG_LEVEL'] === 'info' ? 'info' : 'warn' });
    await mkdir(options.outDir, { recursive: true });
    for (const tenant of toBuild) {
      const result = await assembleTenant(tenant, stageDir, options, hashes.get(tenant.slug) ?? '');
      built.push({ slug: tenant.slug, ...result });
    }
    await cp(join(stageDir, 'site-not-found', 'index.html'), join(options.outDir, SITE_NOT_FOUND_FILE));
    // The unknown-host screen has no tenant folder, so it takes its styles from here.
    await linkTree(join(stageDir, '_astro'), join(options.outDir, '_shared', '_astro'));
    await rm(stageDir, { recursive: true, force: true });
  });

  return { built, skipped, failures, pages: built.reduce((sum, entry) => sum + entry.pages, 0), ms: performance.now() - started };
}

export function formatSummary(summary: BuildSummary): string {
  const lines = [
    `Built ${summary.built.length} tenant(s), ${summary.pages} page(s) in ${(summary.ms / 1000).toFixed(1)} s` +
      (summary.skipped.length > 0 ? `; ${summary.skipped.length} unchanged (skipped)` : '') +
      (summary.failures.length > 0 ? `; ${summary.failures.length} FAILED` : ''),
  ];
  for (const entry of summary.built) lines.push(`  ✓ ${entry.slug} (${entry.pages} pages, build ${entry.buildId})`);
  for (const slug of summary.skipped) lines.push(`  = ${slug} (unchanged)`);
  for (const failure of summary.failures) {
    lines.push(`  ✗ ${failure.slug}`);
    for (const problem of failure.problems) lines.push(`      ${formatProblem(problem)}`);
  }
  return lines.join('\n');
}
