import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { filesUnder } from './code-hash.ts';

const gzipAsync = promisify(gzip);

export interface FolderStats {
  bytes: number;
  gzipBytes: number;
  /** Equal for two builds of the same content; build ids and timestamps are left out. */
  contentHash: string;
}

/** Per build id or time, so they would make every build's content hash differ. */
const BUILD_SPECIFIC = /^(builds[\\/]|runtime-config\.json$|\.)/;

/** Shared hashed assets recur in every tenant under the same name; compress each once per process. */
const assetGzipBytes = new Map<string, number>();

async function gzipBytes(name: string, content: Buffer): Promise<number> {
  const shared = name.startsWith(`_astro${sep}`);
  const known = shared ? assetGzipBytes.get(name) : undefined;
  if (known !== undefined) return known;
  // gzip runs on libuv's thread pool, beside the rendering on the main thread.
  const size = (await gzipAsync(content)).length;
  if (shared) assetGzipBytes.set(name, size);
  return size;
}

/** Size, gzip size and content hash of a deployment folder. */
export async function folderStats(dir: string): Promise<FolderStats> {
  const files = (await filesUnder(dir)).map((file) => ({ file, name: relative(dir, file) })).sort((a, b) => a.name.localeCompare(b.name));
  const contents = await Promise.all(files.map(({ file }) => readFile(file)));
  const gzipped = await Promise.all(files.map(({ name }, index) => gzipBytes(name, contents[index] ?? Buffer.alloc(0))));
  const hash = createHash('sha256');
  let bytes = 0;
  files.forEach(({ name }, index) => {
    const content = contents[index] ?? Buffer.alloc(0);
    bytes += content.length;
    if (!BUILD_SPECIFIC.test(name)) hash.update(name.split(sep).join('/')).update('\0').update(content).update('\0');
  });
  return { bytes, gzipBytes: gzipped.reduce((sum, size) => sum + size, 0), contentHash: hash.digest('hex') };
}

