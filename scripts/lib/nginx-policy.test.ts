import { describe, expect, it } from 'vitest';
import { nginxPolicyVariables } from './nginx-policy.ts';

describe('nginxPolicyVariables', () => {
  it('sets the hashes and the console’s report address as nginx variables', () => {
    expect(
      nginxPolicyVariables({
        storefrontHashes: ["'sha256-a+b/c='", "'sha256-d='"],
        consoleHashes: ["'sha256-e='"],
        consoleReportUri: 'https://staff-api.example.com/api/logs/csp-report',
      }),
    ).toContain(
      [
        `set $storefront_script_hashes "'sha256-a+b/c=' 'sha256-d='";`,
        `set $console_script_hashes "'sha256-e='";`,
        'set $console_csp_report_uri "https://staff-api.example.com/api/logs/csp-report";',
      ].join('\n'),
    );
  });

  it('keeps a $ or a quote in the console’s address from becoming nginx syntax', () => {
    const text = nginxPolicyVariables({
      storefrontHashes: [],
      consoleHashes: [],
      consoleReportUri: 'https://api.example.com/$host/"x/api/logs/csp-report',
    });
    expect(text).toContain('set $console_csp_report_uri "https://api.example.com/%24host/%22x/api/logs/csp-report";');
  });
});
