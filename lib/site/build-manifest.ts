import { z } from 'zod';

/** `builds/latest.json`: which build a deployment serves now; open pages poll it to notice a newer one. */
export const latestBuildSchema = z.object({
  id: z.string().min(1),
  timestamp: z.int().positive(),
});

/** What a build shows at one address: a digest of the HTML and payload served there. */
const fingerprint = z.string().min(1);

/**
 * `builds/meta/<id>.json`: the route manifest of one build. Its rules: a prerendered route serves
 * its own page, any other path the not-found page (an inactive retailer's pages are redirects,
 * which their HTML carries, so the fingerprints cover that too).
 */
export const buildMetaSchema = latestBuildSchema.extend({
  retailerId: z.int(),
  routes: z.array(z.object({ path: z.string(), payload: z.string(), hash: fingerprint })),
  notFound: z.object({ file: z.string(), hash: fingerprint }),
});

export type LatestBuild = z.infer<typeof latestBuildSchema>;
export type BuildMeta = z.infer<typeof buildMetaSchema>;

/**
 * An address's path as a route path: decoded, without a trailing slash or `index.html` ('/' for
 * home), as the static host serves `/about/`, `/about` and `/about/index.html` alike.
 */
export function routeOfPath(pathname: string): string {
  let path = pathname.replace(/\/index\.html$/, '/').replace(/\/+$/, '');
  try {
    path = decodeURI(path);
  } catch {
    // A malformed escape matches no route: the address shows the not-found page.
  }
  return path === '' ? '/' : path;
}

/** What a build shows at `route`, as one comparable string. */
function shownAt(meta: BuildMeta, route: string): string {
  const prerendered = meta.routes.find((entry) => entry.path === route);
  return prerendered ? `route ${prerendered.hash}` : `not-found ${meta.notFound.hash}`;
}

/**
 * Whether a page of build `page`, open at `route`, must load anew to show what build `next`
 * serves there: its page or payload changed, it stopped or started being prerendered, or the
 * not-found page it shows changed. A build whose manifest could not be read (null) is taken to
 * change everything, so an unknown build never leaves a page out of date.
 */
export function buildChangesRoute(page: BuildMeta | null, next: BuildMeta | null, route: string): boolean {
  if (!page || !next) return true;
  if (page.id === next.id) return false;
  return shownAt(page, route) !== shownAt(next, route);
}
