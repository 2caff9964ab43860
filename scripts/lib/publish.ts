import { mkdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { filesUnder } from './code-hash.ts';

/** Files a visitor's page reads to find a newer build go last, so they never announce what is not there yet. */
const LAST = ['runtime-config.json', join('builds', 'latest.json')];

function publishOrder(files: string[]): string[] {
  const rank = (file: string) =>
    file.startsWith(`_astro${sep}`) ? 0 : file.endsWith('.html') ? 2 : LAST.includes(file) ? 3 + LAST.indexOf(file) : 1;
  return [...files].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/**
 * Moves a finished deployment from `nextDir` into `finalDir`. A new tenant's folder appears in one
 * rename. An existing one is updated file by file, each by a rename over the old file (atomic on one
 * file system), then files the new build no longer has (and `keep` does not name) are removed: a
 * reader sees the old or the new version of every file, never a missing or half-written one.
 */
export async function publishFolder(
  nextDir: string,
  finalDir: string,
  keep: ReadonlySet<string> = new Set(),
): Promise<void> {
  if (!(await exists(finalDir))) {
    await mkdir(dirname(finalDir), { recursive: true });
    await rename(nextDir, finalDir);
    return;
  }
  const next = (await filesUnder(nextDir)).map((file) => relative(nextDir, file));
  const made = new Set<string>();
  for (const file of publishOrder(next)) {
    const folder = dirname(join(finalDir, file));
    if (!made.has(folder)) {
      await mkdir(folder, { recursive: true });
      made.add(folder);
    }
    await rename(join(nextDir, file), join(finalDir, file));
  }
  const published = new Set(next);
  const stale = (await filesUnder(finalDir)).filter(
    (file) => !published.has(relative(finalDir, file)) && !keep.has(relative(finalDir, file)),
  );
  await Promise.all(stale.map((file) => rm(file, { force: true })));
  const folders = new Set(stale.map((file) => dirname(file)));
  for (const folder of [...folders].sort((a, b) => b.length - a.length)) {
    for (let current = folder; current.startsWith(finalDir + sep); current = dirname(current)) {
      if (
        !(await rmdir(current).then(
          () => true,
          () => false,
        ))
      )
        break;
    }
  }
  await rm(nextDir, { recursive: true, force: true });
}
