import { cp, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration, AstroPrerenderer } from 'astro';
import { z } from 'zod';

/**
 * What Astro's build environment knows only during a build and the prerender bundle needs to render
 * a page: each page's stylesheets and the bundled names of page scripts. Saved beside the bundle so a
 * later process renders pages without Vite.
 */
export const renderSnapshotSchema = z.object({
  entry: z.string(),
  origin: z.string(),
  pages: z.array(z.tuple([z.string(), z.object({ styles: z.array(z.unknown()) })])),
  entrySpecifiers: z.array(z.tuple([z.string(), z.string()])),
  scripts: z.array(z.object({ stage: z.string(), content: z.string() })),
});
export type RenderSnapshot = z.infer<typeof renderSnapshotSchema>;

export const BUNDLE_FOLDER = 'bundle';
export const SNAPSHOT_FILE = 'snapshot.json';

const internalsSchema = z.object({
  pagesByKeys: z.map(z.string(), z.object({ styles: z.array(z.unknown()) })),
  entrySpecifierToBundleMap: z.map(z.string(), z.string()),
});
const optionsSchema = z.object({
  origin: z.string(),
  settings: z.object({ scripts: z.array(z.object({ stage: z.string(), content: z.string() }).loose()) }),
});

interface PrerenderApp {
  setInternals(internals: unknown): void;
  getOptions(): unknown;
}

function isPrerenderApp(value: unknown): value is PrerenderApp {
  return typeof value === 'object' && value !== null && 'setInternals' in value && 'getOptions' in value;
}

/**
 * An Astro integration that lets the build render as usual, but first copies the prerender bundle
 * (which Astro deletes after a static build) and the snapshot into `cacheDir`.
 */
export function keepRenderBundle(cacheDir: string): AstroIntegration {
  let outDir: URL | undefined;
  return {
    name: 'storefront:keep-render-bundle',
    hooks: {
      'astro:config:done': ({ config }) => {
        outDir = config.outDir;
      },
      'astro:build:start': ({ setPrerenderer }) => {
        setPrerenderer((standard: AstroPrerenderer): AstroPrerenderer => ({
          name: 'storefront:keep-render-bundle',
          async setup() {
            if (!outDir) throw new Error('keepRenderBundle: Astro did not report its outDir');
            const prerenderDir = fileURLToPath(new URL('./.prerender/', outDir));
            const entry = (await readdir(prerenderDir)).find(
              (name) => name.startsWith('prerender-entry') && name.endsWith('.mjs'),
            );
            if (!entry) throw new Error(`keepRenderBundle: no prerender entry in ${prerenderDir}`);
            // The standard prerenderer imports this same module instance, so this sees the internals it hands over.
            const module: unknown = await import(join(prerenderDir, entry));
            const app = typeof module === 'object' && module !== null && 'app' in module ? module.app : undefined;
            if (!isPrerenderApp(app)) throw new Error('keepRenderBundle: the prerender entry exports no app');
            let internals: unknown;
            const setInternals = app.setInternals.bind(app);
            app.setInternals = (value) => {
              internals = value;
              setInternals(value);
            };
            await standard.setup?.();
            const { pagesByKeys, entrySpecifierToBundleMap } = internalsSchema.parse(internals);
            const options = optionsSchema.parse(app.getOptions());
            const snapshot: RenderSnapshot = {
              entry,
              origin: options.origin,
              pages: [...pagesByKeys].map(([key, page]) => [key, { styles: page.styles }]),
              entrySpecifiers: [...entrySpecifierToBundleMap],
              scripts: options.settings.scripts.map(({ stage, content }) => ({ stage, content })),
            };
            await rm(cacheDir, { recursive: true, force: true });
            await mkdir(cacheDir, { recursive: true });
            await cp(prerenderDir, join(cacheDir, BUNDLE_FOLDER), { recursive: true });
            await writeFile(join(cacheDir, SNAPSHOT_FILE), JSON.stringify(snapshot));
          },
          getStaticPaths: () => standard.getStaticPaths(),
          render: (request, options) => standard.render(request, options),
          teardown: async () => standard.teardown?.(),
        }));
      },
    },
  };
}
