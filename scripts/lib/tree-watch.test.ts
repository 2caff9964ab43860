import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { watchEntries, watchTree, type TreeWatcher } from './tree-watch.ts';

/** Waits for file system events to arrive; fails with `what` if they never do. */
async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Saves as publishing from the console does: a whole new file renamed over the old one. */
async function replaceByRename(folder: string, target: string, content: string): Promise<void> {
  const temporary = join(folder, `.publish-${Math.random().toString(16).slice(2)}`);
  await writeFile(temporary, content);
  await rename(temporary, target);
}

describe('watchTree', () => {
  let work: string;
  let seen: string[];
  let watcher: TreeWatcher | undefined;

  beforeEach(async () => {
    work = await mkdtemp(join(tmpdir(), 'tree-watch-'));
    await mkdir(join(work, 'bella-napoli', 'pages'), { recursive: true });
    await writeFile(join(work, 'bella-napoli', 'products-info-ssr.json'), '{"price":1600}');
    await writeFile(join(work, 'bella-napoli', 'pages', 'about.json'), '{}');
    seen = [];
  });

  afterEach(async () => {
    watcher?.close();
    await rm(work, { recursive: true, force: true });
  });

  // Node's own recursive watch on Linux followed the first file's inode: publish was seen, the undo after it never was.
  it('reports a file replaced by a rename on every save, not only the first (publish, undo, publish again)', async () => {
    watcher = watchTree(work, (path) => seen.push(path));
    const menu = join(work, 'bella-napoli', 'products-info-ssr.json');
    for (const price of [1725, 1600, 1725]) {
      const before = seen.filter((path) => path === join('bella-napoli', 'products-info-ssr.json')).length;
      await replaceByRename(work, menu, `{"price":${price}}`);
      await until(
        () => seen.filter((path) => path === join('bella-napoli', 'products-info-ssr.json')).length > before,
        `the save of ${price}`,
      );
    }
  });

  it('reports files written in nested folders, in folders made after it started, and removed folders', async () => {
    watcher = watchTree(work, (path) => seen.push(path));
    await replaceByRename(work, join(work, 'bella-napoli', 'pages', 'about.json'), '{"title":"About"}');
    await until(() => seen.includes(join('bella-napoli', 'pages', 'about.json')), 'the nested page');

    await mkdir(join(work, 'crust-and-co', 'public'), { recursive: true });
    await until(() => seen.includes('crust-and-co'), 'the new tenant folder');
    await writeFile(join(work, 'crust-and-co', 'public', 'logo.svg'), '<svg/>');
    await until(() => seen.includes(join('crust-and-co', 'public', 'logo.svg')), 'a file in the new folder');

    await rm(join(work, 'bella-napoli', 'pages'), { recursive: true });
    await until(() => seen.includes(join('bella-napoli', 'pages')), 'the removed folder');
  });

  it('stops reporting once closed', async () => {
    watcher = watchTree(work, (path) => seen.push(path));
    watcher.close();
    await writeFile(join(work, 'bella-napoli', 'products-info-ssr.json'), '{"price":1}');
    // A sentinel watch proves events for this write have been delivered.
    const sentinel: string[] = [];
    const other = watchTree(join(work, 'bella-napoli'), (path) => sentinel.push(path));
    await writeFile(join(work, 'bella-napoli', 'products-info-ssr.json'), '{"price":2}');
    await until(() => sentinel.length > 0, 'the sentinel');
    other.close();
    expect(seen).toEqual([]);
  });
});

describe('watchEntries', () => {
  it('reports only the named entries of a folder, on every replacing save', async () => {
    const work = await mkdtemp(join(tmpdir(), 'tree-watch-'));
    const seen: string[] = [];
    await writeFile(join(work, 'astro.config.ts'), 'export default {};');
    const watcher = watchEntries(work, ['astro.config.ts'], (name) => seen.push(name));
    try {
      await writeFile(join(work, 'notes.md'), 'not code');
      for (const round of [1, 2]) {
        await replaceByRename(work, join(work, 'astro.config.ts'), `export default { round: ${round} };`);
        await until(() => seen.length >= round, `save ${round}`);
      }
      expect(new Set(seen)).toEqual(new Set(['astro.config.ts']));
    } finally {
      watcher.close();
      await rm(work, { recursive: true, force: true });
    }
  });
});
