import { mkdir } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';

/**
 * Screenshots every page given, on desktop and phone widths, into test-results/screenshots/, to
 * look at each tenant's theme and layout. Needs a running static server (npm run serve).
 */
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { port: { type: 'string', default: '4321' }, out: { type: 'string', default: 'test-results/screenshots' } },
});
const targets = positionals.length > 0 ? positionals : ['bella-napoli/'];
await mkdir(values.out, { recursive: true });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
for (const target of targets) {
  const [slug = '', ...rest] = target.split('/');
  const path = `/${rest.join('/')}`;
  for (const [label, viewport] of [['desktop', { width: 1280, height: 900 }], ['phone', { width: 390, height: 844 }]] as const) {
    const page = await browser.newPage({ viewport });
    const response = await page.goto(`http://${slug}.localhost:${values.port}${path}`, { waitUntil: 'networkidle' });
    const file = `${values.out}/${slug}${path.replace(/\//g, '_')}-${label}.png`;
    await page.screenshot({ path: file, fullPage: label === 'desktop' ? false : false });
    console.log(`${response?.status()} ${file}`);
    await page.close();
  }
}
await browser.close();
