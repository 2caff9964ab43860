import { randomBytes } from 'node:crypto';
import { open, readdir, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { formatProblem, loadTenant, TenantLoadError } from '../../../lib/tenant/load.ts';
import { slugPattern } from '../../../lib/tenant/primitives.ts';
import { tenantFiles } from '../../../lib/tenant/tenant.ts';
import type { ShopSwitchStore } from '../store/shop-switches.ts';
import { tenantFingerprint } from './tenant-fingerprint.ts';
import { serveTenants, type ServedTenant } from './tenants.ts';

/** Flushes a folder to the disk: a rename is only durable once the folder holding it is. */
async function flushFolder(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

const TEMPORARY_BYTES = 6;
const dataFiles = new Set<string>(Object.values(tenantFiles).map((spec) => spec.file));

/** Temporary files of the slug's switches that a killed process left behind (only a pending switch can have any). */
async function removeLeftovers(tenantsDir: string, slug: string): Promise<void> {
  const ours = new RegExp(`^\\.publish-${slug}-[0-9a-f]{${TEMPORARY_BYTES * 2}}$`);
  for (const name of await readdir(tenantsDir)) if (ours.test(name)) await rm(join(tenantsDir, name), { force: true });
}

/**
 * Writes one file whole or not at all: a temporary file beside the tenant folders (a dot name,
 * which the watcher and the build ignore), flushed, then renamed over the old one on the same disk.
 */
async function writeWhole(tenantsDir: string, slug: string, file: string, text: string): Promise<void> {
  const temporary = join(tenantsDir, `.publish-${slug}-${randomBytes(TEMPORARY_BYTES).toString('hex')}`);
  try {
    const handle = await open(temporary, 'w');
    try {
      await handle.writeFile(text);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, join(tenantsDir, slug, file));
  } finally {
    await rm(temporary, { force: true });
  }
}

/** Whether the file holds exactly `text`; false when it is absent or unreadable, so it is written. */
async function holds(path: string, text: string): Promise<boolean> {
  try {
    return (await readFile(path, 'utf8')) === text;
  } catch {
    return false;
  }
}

/**
 * Carries out the retailer's pending switches, oldest first, and marks each done once its files
 * are on the disk. Call it inside the retailer's write transaction (withStores): no other process
 * switches the folder meanwhile, and one cut off half way leaves its switch pending, which the next
 * call writes again whole (every file's full text is in the record, so writing twice is harmless).
 * Answers the slugs whose files it wrote.
 */
export async function finishSwitches(
  switches: ShopSwitchStore,
  tenantsDir: string,
  retailerId: number,
  now: Date,
): Promise<string[]> {
  const slugs = new Set<string>();
  for (const pending of await switches.pending(retailerId)) {
    // The row names the folder and files; one edited by hand must not reach outside the tenant's data files.
    if (!slugPattern.test(pending.slug) || !Object.keys(pending.files).every((file) => dataFiles.has(file)))
      throw new Error(`shop switch ${pending.switchId} names files that are not the tenant's data files`);
    await removeLeftovers(tenantsDir, pending.slug);
    for (const [file, text] of Object.entries(pending.files)) {
      // A switch cut off after its files landed (each flushed before its rename) is finished by the
      // folder's flush alone: writing them again cost a process seconds on a busy machine, and gave
      // every other process new files to read for nothing.
      if (await holds(join(tenantsDir, pending.slug, file), text)) continue;
      await writeWhole(tenantsDir, pending.slug, file, text);
    }
    await flushFolder(join(tenantsDir, pending.slug));
    await switches.markDone(pending.switchId, now);
    slugs.add(pending.slug);
  }
  return [...slugs];
}

/**
 * The tenant as its folder holds it now, with the fingerprint of the files it was read from; null
 * (with the reason logged) when they do not load. Only a read inside the retailer's write
 * transaction is sure to see no switch half way; tenant-refresh.ts checks its other reads.
 */
export async function servedFromFiles(
  tenantsDir: string,
  slug: string,
  log: (line: string) => void,
): Promise<ServedTenant | null> {
  try {
    const before = await tenantFingerprint(tenantsDir, slug);
    const { served, problems } = serveTenants([await loadTenant(tenantsDir, slug)]);
    for (const problem of problems) log(`api: published "${slug}" not reloaded: ${problem.message}`);
    const after = await tenantFingerprint(tenantsDir, slug);
    if (!served[0] || before !== after) return null;
    return { ...served[0], filesHash: before };
  } catch (error) {
    const reason = error instanceof TenantLoadError ? error.problems.map(formatProblem).join('; ') : String(error);
    log(`api: published "${slug}" not reloaded: ${reason}`);
    return null;
  }
}
