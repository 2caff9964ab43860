import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { firstLoadScripts, firstLoadStyles, totalBytes } from './first-load.ts';

/** The page budgets of `npm run bench:page` stand on this count: what a built page loads before anyone touches it. */
describe('first load of a built page', () => {
  let root: string;
  const put = async (path: string, content: string) => {
    await mkdir(join(root, path, '..'), { recursive: true });
    await writeFile(join(root, path), content);
  };
  const gzipped = (content: string) => gzipSync(content, { level: 9 }).length;

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'first-load-'));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('counts the islands hydrating with the page and what they import statically, not what waits for the visitor or a dynamic import()', async () => {
    const files = {
      '_astro/App.js':
        'import{a as r}from"./react.js";import"./shared.js";const later=()=>import("./Board.js");export{r,later};',
      '_astro/react.js': 'export const a=1;'.repeat(40),
      '_astro/shared.js': 'export*from"./react.js";',
      '_astro/client.js': 'import"./react.js";',
      '_astro/Board.js': 'import"./mqtt.js";',
      '_astro/mqtt.js': 'export const m=2;',
      '_astro/Menu.js': 'import"./menu-only.js";',
      '_astro/menu-only.js': 'export const n=3;',
      '_astro/bootstrap.js': 'export{};',
    };
    for (const [path, content] of Object.entries(files)) await put(path, content);
    await put(
      'index.html',
      '<astro-island component-url="/_astro/App.js" renderer-url="/_astro/client.js" client="load"></astro-island>' +
        '<astro-island component-url="/_astro/Menu.js" renderer-url="/_astro/client.js" client="interaction"></astro-island>' +
        '<script type="module" src="/_astro/bootstrap.js"></script>',
    );

    const scripts = await firstLoadScripts(root);

    expect([...scripts.keys()].sort()).toEqual([
      '/_astro/App.js',
      '/_astro/bootstrap.js',
      '/_astro/client.js',
      '/_astro/react.js',
      '/_astro/shared.js',
    ]);
    expect(scripts.get('/_astro/react.js')).toBe(gzipped(files['_astro/react.js']));
    expect(totalBytes(scripts)).toBe(
      ['App', 'bootstrap', 'client', 'react', 'shared'].reduce(
        (total, name) => total + gzipped(files[`_astro/${name}.js` as keyof typeof files]),
        0,
      ),
    );
  });

  it('counts each linked stylesheet once, not icons or other links', async () => {
    await put('_astro/site.css', 'body{margin:0}'.repeat(20));
    await put('_astro/console.css', '.board{display:grid}');
    await put(
      'index.html',
      '<link rel="icon" href="data:,"><link rel="stylesheet" href="/_astro/site.css"><link rel="preload" href="/_astro/font.woff2"><link rel="stylesheet" href="/_astro/console.css"><link rel="stylesheet" href="/_astro/site.css">',
    );

    const styles = await firstLoadStyles(root);

    expect([...styles.keys()]).toEqual(['/_astro/site.css', '/_astro/console.css']);
    expect(totalBytes(styles)).toBe(gzipped('body{margin:0}'.repeat(20)) + gzipped('.board{display:grid}'));
  });
});
