import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';

export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** Small files already in the page cache: a synchronous read costs less CPU than a promise's four steps. */
function readIfThere(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

function hashFiles(files: string[], base: string): string {
  const hash = createHash('sha256');
  for (const file of [...files].sort()) {
    const content = readIfThere(file);
    if (content === undefined) continue;
    hash.update(relative(base, file)).update('\0').update(content).update('\0');
  }
  return hash.digest('hex');
}

/** The code both sites are built from: the two apps, their UI primitives and the domain. */
export const CODE_FOLDERS = ['apps', 'ui', 'lib'] as const;

/**
 * The build scripts that decide what lands in a deployment. Others (reporting, watching, sharding)
 * may change without rebuilding every tenant.
 */
const OUTPUT_SCRIPTS = [
  'render-bundle.ts',
  'preload-deps.ts',
  'page-renderer.ts',
  'renderer-store.ts',
  'tenant-pipeline.ts',
  'publish.ts',
  'product-photos.ts',
];

/**
 * Everything besides a tenant's own files that shapes its output: the storefront code, the build
 * settings, the locked dependencies, the scripts that render and assemble pages, the Node version and
 * NODE_ENV.
 * Equal hashes mean a cached render bundle and client assets are still right.
 */
export async function codeHash(root: string): Promise<string> {
  const underCode = await Promise.all(CODE_FOLDERS.map((folder) => filesUnder(join(root, folder))));
  const source = underCode.flat().filter((file) => !/\.(test|bench)\.tsx?$/.test(file));
  const scripts = OUTPUT_SCRIPTS.map((file) => join(root, 'scripts', 'lib', file));
  const settings = ['astro.config.ts', 'package.json', 'package-lock.json', 'tsconfig.json'].map((file) =>
    join(root, file),
  );
  return (
    createHash('sha256')
      .update(hashFiles([...source, ...scripts, ...settings], root))
      .update(process.version)
      // Astro builds in the NODE_ENV it finds (production when unset): under Vitest (NODE_ENV=test) the
      // bundle calls React's development JSX runtime, which a production process does not have.
      .update(process.env['NODE_ENV'] || 'production')
      .digest('hex')
  );
}

/** The content hash of a tenant's files. */
export async function tenantFilesHash(tenantsDir: string, slug: string): Promise<string> {
  return hashFiles(await filesUnder(join(tenantsDir, slug)), join(tenantsDir, slug));
}

/** A tenant's files combined with the code hash: equal means its deployment would come out the same. */
export function tenantHash(code: string, filesHash: string): string {
  return createHash('sha256').update(code).update(filesHash).digest('hex');
}

/**
 * Names, sizes and modification times (ns) of a tenant's files: one stat each instead of a read.
 * Equal stamps mean the files hash as before, so a no-change build of many tenants reads no content;
 * any edit, checkout or copy changes a time.
 */
export async function tenantStamp(tenantsDir: string, slug: string): Promise<string> {
  const dir = join(tenantsDir, slug);
  const files = (await filesUnder(dir)).sort();
  const stats = await Promise.all(files.map((file) => stat(file, { bigint: true })));
  return createHash('sha256')
    .update(
      files.map((file, index) => `${relative(dir, file)}\0${stats[index]?.size}\0${stats[index]?.mtimeNs}`).join('\n'),
    )
    .digest('hex');
}
