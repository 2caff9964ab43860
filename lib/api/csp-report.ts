import { z } from 'zod';

/** The API's intake of Content-Security-Policy violation reports, the `report-uri` of every page's policy. */
export const CSP_REPORT_PATH = '/api/logs/csp-report';
/** The query parameter naming the shop's host: a browser's report carries no header of ours. */
export const CSP_REPORT_SITE_PARAM = 'site';
/** A report is a few URLs and a 40-character sample; anything larger is not a browser reporting. */
export const MAX_CSP_REPORT_BYTES = 16 * 1024;

const text = (max: number) =>
  z
    .string()
    .transform((value) => value.slice(0, max))
    .optional();
const position = z.number().int().min(0).optional();

/** `report-uri`'s body, `application/csp-report` (CSP Level 2): one violation under `csp-report`. */
const legacyReportSchema = z.object({
  'csp-report': z.object({
    'document-uri': text(2000),
    'blocked-uri': text(2000),
    'effective-directive': text(200),
    'violated-directive': text(200),
    'source-file': text(2000),
    'line-number': position,
    'column-number': position,
    'script-sample': text(200),
    disposition: text(20),
  }),
});

/** The Reporting API's body, `application/reports+json`: a list whose CSP entries are `csp-violation`. */
const reportingApiSchema = z
  .array(
    z.object({
      type: z.string(),
      user_agent: text(1000),
      body: z
        .object({
          documentURL: text(2000),
          blockedURL: text(2000),
          effectiveDirective: text(200),
          sourceFile: text(2000),
          lineNumber: position,
          columnNumber: position,
          sample: text(200),
          disposition: text(20),
        })
        .optional(),
    }),
  )
  .max(20);

/** One violation as the error log keeps it, whichever format it came in. */
export interface CspViolation {
  documentUrl: string | null;
  blockedUrl: string | null;
  directive: string | null;
  sourceFile: string | null;
  line: number | null;
  column: number | null;
  sample: string | null;
  disposition: string | null;
  userAgent: string | null;
}

/** The violations in a report body of either format, or null when it is neither. */
export function cspViolations(body: unknown, userAgent: string | null): CspViolation[] | null {
  const legacy = legacyReportSchema.safeParse(body);
  if (legacy.success) {
    const report = legacy.data['csp-report'];
    return [
      {
        documentUrl: report['document-uri'] ?? null,
        blockedUrl: report['blocked-uri'] ?? null,
        directive: report['effective-directive'] ?? report['violated-directive'] ?? null,
        sourceFile: report['source-file'] ?? null,
        line: report['line-number'] ?? null,
        column: report['column-number'] ?? null,
        sample: report['script-sample'] ?? null,
        disposition: report.disposition ?? null,
        userAgent,
      },
    ];
  }
  const reports = reportingApiSchema.safeParse(body);
  if (!reports.success) return null;
  return reports.data.flatMap((report) =>
    report.type === 'csp-violation' && report.body
      ? [
          {
            documentUrl: report.body.documentURL ?? null,
            blockedUrl: report.body.blockedURL ?? null,
            directive: report.body.effectiveDirective ?? null,
            sourceFile: report.body.sourceFile ?? null,
            line: report.body.lineNumber ?? null,
            column: report.body.columnNumber ?? null,
            sample: report.body.sample ?? null,
            disposition: report.body.disposition ?? null,
            userAgent: report.user_agent ?? userAgent,
          },
        ]
      : [],
  );
}
