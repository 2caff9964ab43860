import { readFile, rename, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { CONSOLE_CONFIG_FILE, consoleConfigSchema } from '../../apps/console/shell/config.ts';
import { filesUnder } from './code-hash.ts';
import { CONSOLE_FOLDER } from './console-site.ts';
import { cspReportUri, inlineScriptHashes } from './content-security-policy.ts';

/** Written by every build into its output folder; nginx's storefront and console servers include it (nginx-config.ts). */
export const NGINX_POLICY_FILE = 'content-security-policy.conf';

export interface NginxPolicy {
  /** Every deployed shop page's inline script hashes, and the unknown-host screen's. */
  storefrontHashes: readonly string[];
  consoleHashes: readonly string[];
  /** The console's API is set when it is built (CONSOLE_API_URL), so only the build knows where its reports go. */
  consoleReportUri: string;
}

// A '$' would be an nginx variable inside the quoted value, a quote would end it; percent-encoded they mean the same URL.
const nginxString = (text: string) => `"${text.replace(/\$/g, '%24').replace(/"/g, '%22').replace(/\\/g, '%5C')}"`;

/** nginx variables holding what only the build knows; the config's headers put them into the policy. */
export function nginxPolicyVariables({ storefrontHashes, consoleHashes, consoleReportUri }: NginxPolicy): string {
  return [
    '# Written by the build (scripts/lib/build-tenants.ts) from the pages it deployed in this folder: the',
    '# storefront and console servers of the nginx config include it. Reload nginx when a build changes it.',
    `set $storefront_script_hashes ${nginxString(storefrontHashes.join(' '))};`,
    `set $console_script_hashes ${nginxString(consoleHashes.join(' '))};`,
    `set $console_csp_report_uri ${nginxString(consoleReportUri)};`,
    '',
  ].join('\n');
}

/**
 * The inline script hashes of every shop page under a deployed dist, read from the pages
 * themselves: for a server whose sites came from CI's artifacts, which carry no build records.
 */
export async function deployedShopHashes(dist: string): Promise<string[][]> {
  const pages = (await filesUnder(dist)).filter(
    (file) => file.endsWith('.html') && relative(dist, file).split(sep)[0] !== CONSOLE_FOLDER,
  );
  return Promise.all(pages.map(async (page) => inlineScriptHashes(await readFile(page, 'utf8'))));
}

/**
 * Writes outDir's nginx policy from the hashes of the pages the storefront server answers with
 * (the shops' and the unknown-host screen) and the console's page, swapped in whole; answers
 * whether it changed, as nginx then needs a reload before the new pages' inline scripts run.
 */
export async function writeNginxPolicy(outDir: string, shopHashes: readonly (readonly string[])[]): Promise<boolean> {
  const consoleConfig = consoleConfigSchema.parse(
    JSON.parse(await readFile(join(outDir, CONSOLE_FOLDER, CONSOLE_CONFIG_FILE), 'utf8')),
  );
  const text = nginxPolicyVariables({
    storefrontHashes: [...new Set(shopHashes.flat())].sort(),
    consoleHashes: inlineScriptHashes(await readFile(join(outDir, CONSOLE_FOLDER, 'index.html'), 'utf8')),
    consoleReportUri: cspReportUri(consoleConfig.apiBaseUrl, null),
  });
  const file = join(outDir, NGINX_POLICY_FILE);
  if ((await readFile(file, 'utf8').catch(() => '')) === text) return false;
  await writeFile(`${file}.next`, text);
  await rename(`${file}.next`, file);
  return true;
}
