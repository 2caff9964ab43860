import type { Plugin } from 'vite';

/** What the preload lists need to know of the client bundle: each chunk's static imports, and whether a page loads it by name (an island or a page script), by file name. */
export type ChunkGraph = Readonly<
  Record<string, { type: 'chunk'; imports: readonly string[]; isEntry?: boolean } | { type: 'asset' }>
>;

/** `host` and every chunk it imports statically, all the way down: the browser has run them all before `host`'s code runs. */
export function loadedWith(graph: ChunkGraph, host: string): Set<string> {
  const loaded = new Set<string>();
  const pending = [host];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (loaded.has(file)) continue;
    loaded.add(file);
    const chunk = graph[file];
    if (chunk?.type === 'chunk') pending.push(...chunk.imports);
  }
  return loaded;
}

/** Every chunk a page fetches with its islands and scripts, before any `import()` runs. */
export function pageLoaded(graph: ChunkGraph): Set<string> {
  const loaded = new Set<string>();
  for (const [file, chunk] of Object.entries(graph))
    if (chunk.type === 'chunk' && chunk.isEntry) for (const each of loadedWith(graph, file)) loaded.add(each);
  return loaded;
}

/**
 * The chunks worth preloading when `host` runs `import(target)`: Vite's list (`deps`: the target and
 * everything it imports statically) less what `host` already loaded. A list left with the target alone
 * is dropped, as Vite drops one: `import()` fetches the target anyway.
 */
export function missingDeps(
  graph: ChunkGraph,
  host: string,
  target: string,
  deps: readonly string[],
  withThePage: ReadonlySet<string> = new Set(),
): string[] {
  // Code the page loads with its islands pays for its lists in the first load's bytes, and its
  // imports run only once the page has settled or on a click: there the browser follows the
  // imports level by level instead.
  if (withThePage.has(host)) return [];
  const loaded = loadedWith(graph, host);
  const missing = deps.filter((dep) => !loaded.has(dep));
  return missing.length === 1 && missing[0] === target ? [] : missing;
}

/**
 * Vite writes, into every chunk with an `import()`, the list of chunks to preload with it
 * (`__vite__mapDeps`), and that list names the chunks the importing chunk has already loaded too
 * (Vite stops its walk only at the importer itself). On a shop's home page those names were about
 * 0.45 KB gzip of the eagerly loaded islands (their stores, React, the shared helpers), preloading
 * nothing. This plugin leaves them out of the client build's lists; what a dynamic import fetches,
 * and when, does not change. (Vite's draft PR #18652 did the same inside Vite; it was not merged.)
 * The chunks a page loads with its islands carry no list at all: theirs were 1.8 KB gzip of the
 * shops' first load (see BENCHMARKS.md), for imports that run after the page has settled.
 */
export function preloadOnlyMissing(): Plugin {
  let graph: ChunkGraph | undefined;
  let withThePage: ReadonlySet<string> = new Set();
  return {
    name: 'storefront:preload-only-missing',
    // Astro's own `polyfill: false` (every browser it targets has modulepreload) is kept.
    configEnvironment: (name) =>
      name === 'client'
        ? {
            build: {
              modulePreload: {
                polyfill: false,
                resolveDependencies: (target, deps, { hostId, hostType }) =>
                  hostType === 'js' && graph ? missingDeps(graph, hostId, target, deps, withThePage) : deps,
              },
            },
          }
        : undefined,
    applyToEnvironment: (environment) => environment.name === 'client',
    // Before Vite's own generateBundle, which writes the lists and asks resolveDependencies.
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        graph = Object.fromEntries(
          Object.entries(bundle).map(([file, output]) => [
            file,
            output.type === 'chunk'
              ? { type: 'chunk', imports: output.imports, isEntry: output.isEntry }
              : { type: 'asset' },
          ]),
        );
        withThePage = pageLoaded(graph);
      },
    },
    // Vite writes the lists after Rolldown has named the chunks by their content, so a chunk whose
    // lists got shorter would keep the name it had with the longer ones; deployments take client
    // assets by name (tenant-pipeline.ts's linkTree) and would keep the old file. This renames them.
    augmentChunkHash: (chunk) =>
      chunk.dynamicImports.length > 0 ? 'preload-only-missing, none with the page' : undefined,
  };
}
