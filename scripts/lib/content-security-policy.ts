import { createHash } from 'node:crypto';
import { CSP_REPORT_PATH, CSP_REPORT_SITE_PARAM } from '../../lib/api/csp-report.ts';

/** Script elements the browser runs: no type, a JavaScript MIME type or module; JSON and JSON-LD are data and need no hash. */
const EXECUTABLE_TYPE = /^(?:|module|(?:text|application)\/(?:x-)?(?:java|ecma)script)$/i;
// Quoted attribute values are skipped whole: Astro escapes only & and " in them, so a shop's text there may hold '>'.
const SCRIPT_ELEMENT = /<script\b((?:[^>"']|"[^"]*"|'[^']*')*)>([\s\S]*?)<\/script\s*>/gi;

const ATTRIBUTE = /([^\s=>"'/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;

/** A start tag's attributes by lower-case name, each value read whole, so a ' type=' inside another's value is not one. */
function attributesOf(text: string): Map<string, string> {
  const named = new Map<string, string>();
  for (const [, name = '', double, single, bare] of text.matchAll(ATTRIBUTE))
    if (!named.has(name.toLowerCase())) named.set(name.toLowerCase(), double ?? single ?? bare ?? '');
  return named;
}

/**
 * The `'sha256-…'` source of every inline script a page runs, in page order without repeats: a
 * prerendered page cannot carry a nonce (its bytes are the same for every visitor), so its own
 * scripts are allowed by their hashes and anything injected into it is not.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', text = ''] of html.matchAll(SCRIPT_ELEMENT)) {
    const named = attributesOf(attributes);
    if (named.has('src') || !EXECUTABLE_TYPE.test((named.get('type') ?? '').trim())) continue;
    hashes.add(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

export interface PolicyOptions {
  /** The `'sha256-…'` sources the site's inline scripts need. */
  scriptHashes: readonly string[];
  /** Where violations are reported (cspReportUri). */
  reportUri: string;
  /** The console may not be framed (its Take and Ready buttons); a shop's pages keep their framing as before. */
  frameAncestorsNone?: boolean;
}

/** Where a page's violations are reported: the API's intake for them, naming the shop's host (null: the staff console, no shop). */
export function cspReportUri(apiBaseUrl: string, site: string | null): string {
  // Appended as the pages' API client appends its paths, so an API under a base path keeps it.
  const url = new URL(`${apiBaseUrl.replace(/\/+$/, '')}${CSP_REPORT_PATH}`);
  if (site !== null) url.searchParams.set(CSP_REPORT_SITE_PARAM, site);
  return url.href;
}

/**
 * The Content-Security-Policy of a page: scripts only from its own origin (the bundles, islands
 * and their dynamic imports) and the inline ones it was built with; no plugins, no `<base>`
 * redirecting its relative script URLs. Styles, images and connections are left open: the
 * script wall is what stops an injected payload, and each shop's API, broker and analytics hosts
 * are set per deployment and environment (runtime-config.json).
 *
 * Only `report-uri`: Chrome sends it at once as application/csp-report, while `report-to` makes it
 * ignore report-uri and batch reports for up to a minute; the API takes both formats.
 */
export function contentSecurityPolicy({ scriptHashes, reportUri, frameAncestorsNone = false }: PolicyOptions): string {
  return [
    // report-sample: a report then carries the blocked code's first 40 characters, which says what was injected.
    ['script-src', "'self'", ...scriptHashes, "'report-sample'"],
    ["object-src 'none'"],
    ["base-uri 'self'"],
    ...(frameAncestorsNone ? [["frame-ancestors 'none'"]] : []),
    ['report-uri', reportUri],
  ]
    .map((directive) => directive.join(' '))
    .join('; ');
}
