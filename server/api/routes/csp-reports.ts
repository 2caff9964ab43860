import type { Context } from 'hono';
import type { ErrorLogEntry } from '../../../lib/api/contract.ts';
import {
  CSP_REPORT_PATH,
  CSP_REPORT_SITE_PARAM,
  cspViolations,
  MAX_CSP_REPORT_BYTES,
  type CspViolation,
} from '../../../lib/api/csp-report.ts';
import type { ApiDeps } from '../deps.ts';
import type { ApiApp, ApiEnv } from '../env.ts';
import { ApiProblem } from '../services/problems.ts';
import { clientAddress, throttle } from '../services/rate-limits.ts';

/** The rate limits' key of the staff console's reports: it belongs to no shop, so its reports share one budget. */
const CONSOLE_KEY = 'staff-console';

/** A violation as an error log entry, so staff and operators read it beside the page's other errors. */
export function cspErrorEntry(violation: CspViolation, now: Date): ErrorLogEntry {
  const blocked = violation.blockedUrl || 'a script';
  return {
    errorType: 'csp',
    message: `Content-Security-Policy blocked ${blocked} (${violation.directive ?? 'unknown directive'})`,
    stack: null,
    filename: violation.sourceFile,
    lineno: violation.line,
    colno: violation.column,
    component: null,
    additionalContext: { sample: violation.sample, disposition: violation.disposition },
    retailerId: null,
    customerId: null,
    route: violation.documentUrl === null ? null : routeOf(violation.documentUrl),
    userAgent: violation.userAgent,
    timestamp: now.toISOString(),
    url: violation.documentUrl,
  };
}

const routeOf = (url: string): string | null => {
  try {
    return new URL(url).pathname;
  } catch {
    return null;
  }
};

async function readReport(c: Context<ApiEnv>): Promise<unknown> {
  if (Number(c.req.header('content-length') ?? 0) > MAX_CSP_REPORT_BYTES) throw tooLarge();
  const text = await c.req.text().catch(() => {
    throw new ApiProblem(400, 'Request body could not be read');
  });
  if (text.length > MAX_CSP_REPORT_BYTES) throw tooLarge();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiProblem(400, 'Violation report is not valid JSON');
  }
}

const tooLarge = () => new ApiProblem(413, `Violation report larger than ${MAX_CSP_REPORT_BYTES} bytes`);

/**
 * The pages' Content-Security-Policy reports (`report-uri`, scripts/lib/content-security-policy.ts):
 * the browser posts them itself, as `application/csp-report` or `application/reports+json`, with no
 * header of ours, so the shop is named by the `site` query parameter. A shop's violations go to its
 * error log under the limits of the pages' own error reports; the staff console's, which belong to
 * no shop, to the API's log.
 */
export function cspReportRoutes(app: ApiApp, deps: ApiDeps): void {
  const limits = deps.rateLimits;
  app.post(CSP_REPORT_PATH, async (c) => {
    const site = c.req.query(CSP_REPORT_SITE_PARAM);
    const served = site === undefined ? undefined : deps.tenants.byDomain(site);
    if (site !== undefined && !served) throw new ApiProblem(404, `No shop answers on ${site}`);
    const retailerId = served?.tenant.config.retailerId;
    await throttle(
      'error reports',
      deps.now(),
      [limits.errorLogsPerAddress, clientAddress(c, deps.trustProxy)],
      [limits.errorLogsPerRetailer, retailerId === undefined ? CONSOLE_KEY : String(retailerId)],
    );
    const violations = cspViolations(await readReport(c), c.req.header('user-agent')?.slice(0, 1000) ?? null);
    if (violations === null) throw new ApiProblem(400, 'Expected a Content-Security-Policy violation report');
    const entries = violations.map((violation) => cspErrorEntry(violation, deps.now()));
    if (retailerId !== undefined) await deps.intake.logErrors(retailerId, entries, deps.now());
    // JSON-quoted: anyone may post a report, and a line break in it must not forge a line of the log.
    else for (const entry of entries) deps.log(`csp: staff console: ${JSON.stringify(entry)}`);
    return c.body(null, 204);
  });
}
