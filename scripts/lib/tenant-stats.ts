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

interface FileStats {
  bytes: number;
  gzipBytes: number;
  digest: string;
}

/** Per build id or time, so they would make every build's content hash differ. */
const BUILD_SPECIFIC = /^(builds\/|runtime-config\.json$|\.)/;

async function fileStats(file: string): Promise<FileStats> {
  const content = readFileSync(file);
  // gzip runs on libuv's thread pool, beside the rendering on the main thread.
  const zipped = await gzipAsync(content);
  return { bytes: content.length, gzipBytes: zipped.length, digest: createHash('sha256').update(content).digest('hex') };
}

async function statsUnder(dir: string, skip?: ReadonlyMap<string, unknown>): Promise<Map<string, FileStats>> {
  const files = (await filesUnder(dir)).filter((file) => !skip?.has(relative(dir, file).split(sep).join('/')));
  const stats = await Promise.all(files.map(fileStats));
  return new Map(files.map((file, index) => [relative(dir, file).split(sep).join('/'), stats[index] as FileStats]));
}

/**
 * Size, gzip size and content hash of a deployment folder. Files under `sharedDir` (the client
 * assets every tenant carries) are measured once per process, not once per tenant.
 */
export function folderStatsWithShared(sharedDir: string): (dir: string) => Promise<FolderStats> {
  let shared: Promise<Map<string, FileStats>> | undefined;
  return async (dir) => {
    shared ??= statsUnder(sharedDir);
    const known = await shared;
    const all = new Map([...known, ...(await statsUnder(dir, known))]);
    const hash = createHash('sha256');
    let bytes = 0;
    let gzipBytes = 0;
    for (const name of [...all.keys()].sort()) {
      const stats = all.get(name) as FileStats;
      bytes += stats.bytes;
      gzipBytes += stats.gzipBytes;
      if (!BUILD_SPECIFIC.test(name)) hash.update(name).update('\0').update(stats.digest).update('\0');
    }
    return { bytes, gzipBytes, contentHash: hash.digest('hex') };
  };
}

