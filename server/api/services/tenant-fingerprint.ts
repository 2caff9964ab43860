import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { listTenantSlugs } from '../../../lib/tenant/load.ts';
import { tenantFiles } from '../../../lib/tenant/tenant.ts';

/** Each of a tenant's data files by name with what `read` answers of it, null for a file that is absent. */
async function dataFiles<T>(
  tenantsDir: string,
  slug: string,
  read: (path: string) => Promise<T>,
): Promise<{ file: string; found: T | null }[]> {
  const files: { file: string; found: T | null }[] = [];
  for (const { file } of Object.values(tenantFiles)) {
    try {
      files.push({ file, found: await read(join(tenantsDir, slug, file)) });
    } catch (error) {
      if (!(error instanceof Error && 'code' in error && error.code === 'ENOENT')) throw error;
      files.push({ file, found: null });
    }
  }
  return files;
}

/**
 * A digest of the bytes of a tenant's data files (each by name, an absent one as absent): what an
 * API process compares with the fingerprint of what it serves, so it notices new files whatever
 * wrote them and whatever the database says.
 */
export async function tenantFingerprint(tenantsDir: string, slug: string): Promise<string> {
  const hash = createHash('sha256');
  for (const { file, found } of await dataFiles(tenantsDir, slug, (path) => readFile(path))) {
    hash.update(`${file}\0`);
    if (found) hash.update(`${found.length}\0`).update(found);
    else hash.update('absent\0');
  }
  return hash.digest('hex');
}

/**
 * What the file system says of a tenant's data files (inode, size and change time of each), read
 * without opening them: a look that finds it as at the last look whose fingerprint matched need not
 * read and hash the files again. A publish renames new files in, so each gets a new inode.
 */
export async function tenantFilesStat(tenantsDir: string, slug: string): Promise<string> {
  const files = await dataFiles(tenantsDir, slug, (path) => stat(path, { bigint: true }));
  return files
    .map(({ file, found }) =>
      found ? `${file}:${found.ino}:${found.size}:${found.mtimeNs}:${found.ctimeNs}` : `${file}:absent`,
    )
    .join('|');
}

/** Each tenant folder's fingerprint, taken before the folders are loaded: a switch during the load then shows as a difference. */
export async function tenantFingerprints(tenantsDir: string): Promise<Map<string, string>> {
  const fingerprints = new Map<string, string>();
  for (const slug of await listTenantSlugs(tenantsDir).catch(() => [])) {
    fingerprints.set(slug, await tenantFingerprint(tenantsDir, slug).catch(() => ''));
  }
  return fingerprints;
}
