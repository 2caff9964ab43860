import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, cspReportUri, inlineScriptHashes } from './content-security-policy.ts';

const sha256 = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

describe('inlineScriptHashes', () => {
  it('hashes the inline scripts a browser runs, once each and byte for byte', () => {
    const html = [
      '<script>one()</script>',
      '<SCRIPT type="module">\n  two();\n</SCRIPT>',
      '<script type=text/javascript>three()</script>',
      '<script>one()</script>',
      '<script data-websites="{&quot;title&quot;:&quot;Pizza > Pasta </script> type=json src=x&quot;}">four()</script>',
    ].join('');
    expect(inlineScriptHashes(html)).toEqual([
      sha256('one()'),
      sha256('\n  two();\n'),
      sha256('three()'),
      sha256('four()'),
    ]);
  });

  it('leaves out scripts with a src and data blocks the browser never runs', () => {
    const html = [
      '<script type="module" src="/_astro/page.js"></script>',
      '<script type="application/json" id="page-runtime">{"a":1}</script>',
      '<script type="application/ld+json">{"@type":"Restaurant"}</script>',
    ].join('');
    expect(inlineScriptHashes(html)).toEqual([]);
  });
});

describe('contentSecurityPolicy', () => {
  it('allows scripts from the site and the given hashes only, and reports to the API naming the shop', () => {
    expect(
      contentSecurityPolicy({
        scriptHashes: [sha256('one()')],
        reportUri: cspReportUri('https://api.example.com', 'order.luigis.com.au'),
      }),
    ).toBe(
      `script-src 'self' ${sha256('one()')} 'report-sample'; object-src 'none'; base-uri 'self'; report-uri https://api.example.com/api/logs/csp-report?site=order.luigis.com.au`,
    );
  });

  it('keeps the console out of other sites’ frames', () => {
    expect(
      contentSecurityPolicy({
        scriptHashes: [],
        reportUri: cspReportUri('https://api.example.com', null),
        frameAncestorsNone: true,
      }),
    ).toContain("frame-ancestors 'none'; report-uri https://api.example.com/api/logs/csp-report");
  });

  it('keeps an API base path', () => {
    expect(cspReportUri('https://example.com/retail/', 'a.example')).toBe(
      'https://example.com/retail/api/logs/csp-report?site=a.example',
    );
  });
});
