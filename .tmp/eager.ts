import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
const STATIC_IMPORT = /(?:import|export)\s*(?:[^"'();]*?from\s*)?["']([./][^"']+\.js)["']/g;
const root = join('dist', 'bella-napoli');
const html = await readFile(join(root, 'index.html'), 'utf8');
const pending = [
    ...[...html.matchAll(/<astro-island\b[^>]*>/g)].filter(([tag]) => !/\sclient="interaction"/.test(tag)).flatMap(([tag]) => [...tag.matchAll(/(?:component|renderer)-url="([^"]+)"/g)]),
    ...html.matchAll(/<script type="module" src="([^"]+)"/g),
  ].map((m) => m[1] ?? '');
const sizes = new Map<string, number>();
for (let url = pending.pop(); url !== undefined; url = pending.pop()) {
  if (sizes.has(url)) continue;
  const code = await readFile(join(root, url));
  sizes.set(url, gzipSync(code, { level: 9 }).length);
  for (const m of code.toString().matchAll(STATIC_IMPORT)) pending.push(resolve(dirname(url), m[1] ?? ''));
}
console.log([...sizes].sort((a, b) => b[1] - a[1]));
const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => gzipSync(m[1] ?? '').length);
console.log('inline scripts gzip', inline);
