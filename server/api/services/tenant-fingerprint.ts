import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { listTenantSlugs } from '../../../lib/tenant/load.ts';
import { tenantFiles } from '../../../lib/tenant/tenant.ts';

/**
 * A digest of the bytes of a tenant's data files (each by name, an absent one as absent): what an
 * API process compares with the fingerprint of what it serves, so it notices new files whatever
 * wrote them and whatever the database says.
 */
export async function tenantFingerprint(tenantsDir: string, slug: string): Promise<string> {
  const hash = createHash('sha256');
  for (const { file } of Object.values(tenantFiles)) {
    hash.update(`${file}\0`);
    try {
      const bytes = await readFile(join(tenantsDir, slug, file));
      hash.update(`${bytes.length}\0`).update(bytes);
    } catch (error) {
      if (!(error instanceof Error && 'code' in error && error.code === 'ENOENT')) throw error;
      hash.update('absent\0');
    }
  }
  return hash.digest('hex');
}

/** Each tenant folder's fingerprint, taken before the folders are loaded: a switch during the load then shows as a difference. */
export async function tenantFingerprints(tenantsDir: string): Promise<Map<string, string>> {
  const fingerprints = new Map<string, string>();
  for (const slug of await listTenantSlugs(tenantsDir).catch(() => [])) {
    fingerprints.set(slug, await tenantFingerprint(tenantsDir, slug).catch(() => ''));
  }
  return fingerprints;
}
