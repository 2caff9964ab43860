import { describe, expect, it } from 'vitest';
import { CSP_REPORT_PATH, MAX_CSP_REPORT_BYTES } from '../../../lib/api/csp-report.ts';
import { operatorPaths } from '../operator/operator-contract.ts';
import { HOST, onEachStore, operatorHeaders } from './support/test-support.ts';

const page = `https://${HOST}/about`;
const legacyReport = {
  'csp-report': {
    'document-uri': page,
    referrer: '',
    'violated-directive': 'script-src-elem',
    'effective-directive': 'script-src-elem',
    'original-policy': "script-src 'self'",
    disposition: 'enforce',
    'blocked-uri': 'inline',
    'line-number': 12,
    'column-number': 3,
    'source-file': page,
    'status-code': 200,
    'script-sample': 'window.injected = true',
  },
};
const reportingApiReport = [
  {
    type: 'csp-violation',
    age: 10,
    url: page,
    user_agent: 'Mozilla/5.0 (reporting)',
    body: {
      documentURL: page,
      blockedURL: 'https://evil.example/x.js',
      effectiveDirective: 'script-src-elem',
      sourceFile: page,
      lineNumber: 4,
      columnNumber: 1,
      sample: '',
      disposition: 'enforce',
    },
  },
  { type: 'deprecation', age: 1, url: page, body: { id: 'x' } },
];

const report = (body: string, contentType: string, site: string | null = HOST) => ({
  rawBody: body,
  headers: { 'content-type': contentType },
  domain: null,
  path: site === null ? CSP_REPORT_PATH : `${CSP_REPORT_PATH}?site=${encodeURIComponent(site)}`,
});

await onEachStore(({ api, start }) => {
  const send = ({ path, ...options }: ReturnType<typeof report>) => api.call(path, options);
  const latest = async () => {
    const answer = await api.call(operatorPaths.errorLogs('test-pizza', 5), {
      headers: operatorHeaders(),
      domain: null,
    });
    return answer.body;
  };

  describe('Content-Security-Policy reports', () => {
    it('stores a report-uri report in the shop’s error log', async () => {
      const before = (await api.counts()).error_logs ?? 0;
      const answer = await send(report(JSON.stringify(legacyReport), 'application/csp-report'));
      expect(answer.status).toBe(204);
      expect((await api.counts()).error_logs).toBe(before + 1);
      expect(await latest()).toContainEqual(
        expect.objectContaining({
          errorType: 'csp',
          message: 'Content-Security-Policy blocked inline (script-src-elem)',
          url: page,
          route: '/about',
          lineno: 12,
          additionalContext: { sample: 'window.injected = true', disposition: 'enforce' },
        }),
      );
    });

    it('stores the CSP entries of a Reporting API batch and skips its other reports', async () => {
      const before = (await api.counts()).error_logs ?? 0;
      const answer = await send(report(JSON.stringify(reportingApiReport), 'application/reports+json'));
      expect(answer.status).toBe(204);
      expect((await api.counts()).error_logs).toBe(before + 1);
      expect(await latest()).toContainEqual(
        expect.objectContaining({
          errorType: 'csp',
          message: 'Content-Security-Policy blocked https://evil.example/x.js (script-src-elem)',
          userAgent: 'Mozilla/5.0 (reporting)',
        }),
      );
    });

    it.each([
      ['a body that is not a report', report(JSON.stringify({ hello: 'world' }), 'application/csp-report'), 400],
      ['a body that is not JSON', report('<script>', 'application/csp-report'), 400],
      [
        `a body over ${MAX_CSP_REPORT_BYTES} bytes`,
        report(
          JSON.stringify({ 'csp-report': { 'script-sample': 'x'.repeat(MAX_CSP_REPORT_BYTES) } }),
          'application/csp-report',
        ),
        413,
      ],
      [
        'a site no shop answers on',
        report(JSON.stringify(legacyReport), 'application/csp-report', 'nobody.example'),
        404,
      ],
    ])('refuses %s and stores nothing', async (_name, sent, status) => {
      const before = (await api.counts()).error_logs ?? 0;
      expect((await send(sent)).status).toBe(status);
      expect((await api.counts()).error_logs).toBe(before);
    });

    it('takes the staff console’s reports, which name no shop, without storing them under a shop', async () => {
      const before = (await api.counts()).error_logs ?? 0;
      expect((await send(report(JSON.stringify(legacyReport), 'application/csp-report', null))).status).toBe(204);
      expect((await api.counts()).error_logs).toBe(before);
    });

    it('limits reports per address like the pages’ error reports', async () => {
      const limited = await start({ rateLimits: { errorLogsPerAddress: { attempts: 2, windowMs: 60_000 } } });
      const { path, ...options } = report(JSON.stringify(legacyReport), 'application/csp-report');
      const statuses: number[] = [];
      for (let index = 0; index < 3; index += 1) statuses.push((await limited.call(path, options)).status);
      expect(statuses).toEqual([204, 204, 429]);
    });
  });
});
