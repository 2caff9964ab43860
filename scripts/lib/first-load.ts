import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

/** A module's static imports (`import … from "./x.js"`, `import "./x.js"`, `export … from`), not its dynamic `import()`s. */
const STATIC_IMPORT = /(?:import|export)\s*(?:[^"'();]*?from\s*)?["']([./][^"']+\.js)["']/g;

/** Islands that wait for the visitor's first interaction or the page settling (apps/storefront/runtime/idle.ts) are not part of the first load. */
const DEFERRED_ISLAND = /\sclient="(?:interaction|settled)"/;

const gzipSize = (content: Buffer) => gzipSync(content, { level: 9 }).length;
const rooted = (url: string) => url.replace(/^\/?/, '/');

/**
 * The JavaScript a built page runs before anyone touches it, by URL with its gzip -9 size: every
 * island that hydrates with the page (its component and renderer) and every module script, with
 * everything they import statically. Code behind a dynamic import() is not in it, whenever the
 * browser fetches it. `root` is the deployment's folder (`dist/<slug>`, `dist/_console`); the
 * page's URLs are rooted there.
 */
export async function firstLoadScripts(root: string, page = 'index.html'): Promise<Map<string, number>> {
  const html = await readFile(join(root, page), 'utf8');
  const pending = [
    ...[...html.matchAll(/<astro-island\b[^>]*>/g)]
      .filter(([tag]) => !DEFERRED_ISLAND.test(tag))
      .flatMap(([tag]) => [...tag.matchAll(/(?:component|renderer)-url="([^"]+)"/g)]),
    ...html.matchAll(/<script type="module" src="([^"]+)"/g),
  ].map((match) => rooted(match[1] ?? ''));
  const sizes = new Map<string, number>();
  for (let url = pending.pop(); url !== undefined; url = pending.pop()) {
    if (sizes.has(url)) continue;
    const code = await readFile(join(root, url));
    sizes.set(url, gzipSize(code));
    for (const match of code.toString().matchAll(STATIC_IMPORT))
      pending.push(rooted(resolve(dirname(url), match[1] ?? '')));
  }
  return sizes;
}

/** The stylesheets a built page links, by URL with their gzip -9 size: they block its first paint. */
export async function firstLoadStyles(root: string, page = 'index.html'): Promise<Map<string, number>> {
  const html = await readFile(join(root, page), 'utf8');
  const sizes = new Map<string, number>();
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    const href = /\shref="(\/[^"]+\.css)"/.exec(tag)?.[1];
    if (!/\srel="stylesheet"/.test(tag) || href === undefined || sizes.has(href)) continue;
    sizes.set(href, gzipSize(await readFile(join(root, href))));
  }
  return sizes;
}

export const totalBytes = (sizes: ReadonlyMap<string, number>) =>
  [...sizes.values()].reduce((total, bytes) => total + bytes, 0);
