import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
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

export interface FileStats {
  bytes: number;
  gzipBytes: number;
  digest: string;
}

/** scripts/serve.ts (and the nginx sample) send smaller files uncompressed. */
const COMPRESSION_THRESHOLD = 1024;

/** Per build id or time, so they would make every build's content hash differ. */
const BUILD_SPECIFIC = /^(builds\/|runtime-config\.json$|\.)/;

export async function measure(content: Buffer | string): Promise<FileStats> {
  const bytes = typeof content === 'string' ? Buffer.from(content) : content;
  // gzip runs on libuv's thread pool, beside the rendering on the main thread.
  const gzipBytes = bytes.length < COMPRESSION_THRESHOLD ? bytes.length : (await gzipAsync(bytes)).length;
  return { bytes: bytes.length, gzipBytes, digest: createHash('sha256').update(bytes).digest('hex') };
}

/** Every file under `dir` by its '/'-separated path. */
export async function measureFolder(dir: string): Promise<Map<string, FileStats>> {
  const files = await filesUnder(dir);
  const stats = await Promise.all(files.map((file) => measure(readFileSync(file))));
  return new Map(files.map((file, index) => [relative(dir, file).split(sep).join('/'), stats[index] as FileStats]));
}

/** Size, gzip size and content hash of a deployment made of these files (by '/'-separated path). */
export function folderStats(files: ReadonlyMap<string, FileStats>): FolderStats {
  const hash = createHash('sha256');
  let bytes = 0;
  let gzipBytes = 0;
  for (const name of [...files.keys()].sort()) {
    const stats = files.get(name) as FileStats;
    bytes += stats.bytes;
    gzipBytes += stats.gzipBytes;
    if (!BUILD_SPECIFIC.test(name)) hash.update(name).update('\0').update(stats.digest).update('\0');
  }
  return { bytes, gzipBytes, contentHash: hash.digest('hex') };
}
