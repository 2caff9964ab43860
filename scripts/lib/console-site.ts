/**
 * The staff console's deployment, `<dist>/_console/`: its page (apps/console/pages/index.astro)
 * as index.html, the client assets of its own build (renderer-store.ts), and console-config.json
 * naming the staff API. One console serves every retailer; the static server answers it at
 * console.localhost.
 */
export const CONSOLE_FOLDER = '_console';

/** The API the console's config names unless CONSOLE_API_URL says otherwise at build time: the local reference API. */
export const DEFAULT_CONSOLE_API_URL = 'http://localhost:8787';
