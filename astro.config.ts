import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { preloadOnlyMissing } from './scripts/lib/preload-deps.ts';

// One Astro build renders every selected tenant under `/<slug>/`; scripts/build.ts then
// splits that output into one self-contained deployment per tenant (dist/<slug>/).
export default defineConfig({
  srcDir: './apps/storefront',
  output: 'static',
  outDir: '.build/stage',
  build: { format: 'directory', inlineStylesheets: 'never' },
  trailingSlash: 'ignore',
  integrations: [
    react(),
    {
      name: 'storefront-client-directives',
      hooks: {
        'astro:config:setup': ({ addClientDirective }) => {
          addClientDirective({ name: 'interaction', entrypoint: './apps/storefront/runtime/interaction-directive.ts' });
          addClientDirective({ name: 'settled', entrypoint: './apps/storefront/runtime/settled-directive.ts' });
        },
      },
    },
  ],
  vite: {
    plugins: [tailwindcss(), preloadOnlyMissing()],
    // A static build bundles everything itself; pre-bundling dependencies only slows each build.
    optimizeDeps: { noDiscovery: true, include: [] },
    // Bundled into the prerender code rather than imported from node_modules at render time: Node
    // re-reads date-fns' 200 KB package.json for each of its modules, 0.7 s per build process.
    environments: { prerender: { resolve: { noExternal: ['date-fns', 'date-fns-tz'] } } },
  },
  devToolbar: { enabled: false },
});
