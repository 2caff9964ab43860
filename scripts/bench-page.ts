import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { freePort } from '../tests/e2e/free-port.ts';
import { stackReady } from '../tests/e2e/global-setup.ts';
import { startProcess, stopProcess } from '../tests/e2e/stack.ts';

/**
 * The home page's weight as a customer's browser sees it, for every active sample tenant: the
 * JavaScript fetched before the page can be used (the islands that hydrate with it), what else
 * arrives while nobody touches the page, what the page loads once it has settled (the visitor's
 * first interaction, or a few quiet seconds: the ordering runtime, its data, live messaging and
 * popups), what the first clicks add (builder, cart, time picker), the HTML, and the layout shift
 * while islands hydrate.
 * Runs the README's start command on free ports; writes its table into BENCHMARKS.md.
 */
const tenants = ['bella-napoli', 'crust-and-co', 'fire-and-slice', 'harbour-pizza'];
const budget = { firstInteractionJsKb: 80, htmlKb: 60 };

const kb = (bytes: number) => bytes / 1024;
const format = (bytes: number) => `${kb(bytes).toFixed(1)} KB`;

interface Measure {
  slug: string;
  htmlGzip: number;
  eagerModules: number;
  jsAtLoad: number;
  jsIdle: number;
  jsSettled: number;
  jsOnClicks: number;
  layoutShift: number;
  /** Longest main-thread task, and the time tasks blocked input beyond 50 ms each, from settling until the runtime is up (CPU 4× slower). */
  settleLongestTaskMs: number;
  settleBlockingMs: number;
}

/** A module's static imports (`import … from "./x.js"`, `import "./x.js"`, `export … from`), not its dynamic `import()`s. */
const STATIC_IMPORT = /(?:import|export)\s*(?:[^"'();]*?from\s*)?["']([./][^"']+\.js)["']/g;

/**
 * The JavaScript a page runs before anyone touches it: every island's component and renderer
 * with everything they import statically. Code behind a dynamic import() (the ordering runtime,
 * dialogs) is not in it, whenever the browser fetches it.
 */
async function eagerScripts(slug: string): Promise<Map<string, number>> {
  const root = join('dist', slug);
  const html = await readFile(join(root, 'index.html'), 'utf8');
  const pending = [
    ...[...html.matchAll(/<astro-island\b[^>]*>/g)].filter(([tag]) => !/\sclient="(?:interaction|settled)"/.test(tag)).flatMap(([tag]) => [...tag.matchAll(/(?:component|renderer)-url="([^"]+)"/g)]),
    ...html.matchAll(/<script type="module" src="([^"]+)"/g),
  ].map((match) => match[1] ?? '');
  const sizes = new Map<string, number>();
  for (let url = pending.pop(); url !== undefined; url = pending.pop()) {
    if (sizes.has(url)) continue;
    const code = await readFile(join(root, url));
    sizes.set(url, gzipSync(code, { level: 9 }).length);
    for (const match of code.toString().matchAll(STATIC_IMPORT)) pending.push(resolve(dirname(url), match[1] ?? '').replace(/^\/?/, '/'));
  }
  return sizes;
}

async function scriptBytes(page: Page, scripts: Map<string, number>): Promise<void> {
  page.on('requestfinished', async (request) => {
    if (request.resourceType() !== 'script') return;
    const sizes = await request.sizes();
    scripts.set(request.url(), sizes.responseBodySize);
  });
}

const sum = (scripts: Map<string, number>) => [...scripts.values()].reduce((total, bytes) => total + bytes, 0);

async function measure(browser: Awaited<ReturnType<typeof chromium.launch>>, port: number, slug: string): Promise<Measure> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  // A mid-range phone's CPU, as Lighthouse's mobile setting assumes, so long tasks show as a phone would have them.
  await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(() => {
    sessionStorage.setItem('popupsDismissed', JSON.stringify(Array.from({ length: 100 }, (_, index) => index)));
    const shifts: number[] = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!entry.hadRecentInput) shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
    const tasks: { startTime: number; duration: number }[] = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push({ startTime: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
    Object.assign(window, { layoutShifts: shifts, longTasks: tasks });
  });
  const scripts = new Map<string, number>();
  await scriptBytes(page, scripts);
  const eager = await eagerScripts(slug);
  const jsAtLoad = sum(eager);
  const response = await page.goto(`http://${slug}.localhost:${port}/`, { waitUntil: 'networkidle' });
  const html = await response?.body();
  await page.waitForTimeout(1000);
  const jsIdle = sum(scripts) - jsAtLoad;
  const layoutShift = await page.evaluate(() => ((window as unknown as { layoutShifts: number[] }).layoutShifts ?? []).reduce((total, value) => total + value, 0));
  // The visitor's first key press settles the page, as a tap would.
  const settledAt = await page.evaluate(() => performance.now());
  await page.keyboard.press('Shift');
  await page.locator('[data-order-time-bar] [aria-pressed="true"]').waitFor();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);
  const jsSettled = sum(scripts) - jsAtLoad - jsIdle;
  const settleTasks = await page.evaluate((from) => ((window as unknown as { longTasks: { startTime: number; duration: number }[] }).longTasks ?? []).filter((task) => task.startTime >= from).map((task) => task.duration), settledAt);
  const settleLongestTaskMs = Math.max(0, ...settleTasks);
  const settleBlockingMs = settleTasks.reduce((total, duration) => total + Math.max(0, duration - 50), 0);

  await page.locator('[data-add-product]').first().click();
  await page.getByRole('dialog').locator('[data-builder-submit]').waitFor();
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  await page.locator('[data-cart-button]').click();
  await page.getByRole('dialog', { name: 'Your order' }).waitFor();
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  await page.locator('[data-order-time-bar]').getByRole('button', { name: 'Change' }).click();
  await page.getByRole('dialog', { name: 'Order time' }).waitFor();
  await page.waitForLoadState('networkidle');
  const jsOnClicks = sum(scripts) - jsAtLoad - jsIdle - jsSettled;
  await context.close();
  return { slug, htmlGzip: gzipSync(html ?? Buffer.alloc(0), { level: 9 }).length, eagerModules: eager.size, jsAtLoad, jsIdle, jsSettled, jsOnClicks, layoutShift, settleLongestTaskMs, settleBlockingMs };
}

const dataDir = await mkdtemp(join(tmpdir(), 'storefront-bench-page-'));
const [web, api, brokerPort] = [await freePort(), await freePort(), await freePort()];
const stack = await startProcess(['scripts/start.ts'], stackReady, { PORT: String(web), API_PORT: String(api), BROKER_WS_PORT: String(brokerPort), BROKER_TCP_PORT: 'off', DATA_DIR: dataDir });
const browser = await chromium.launch({ executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const results: Measure[] = [];
try {
  for (const slug of tenants) {
    const result = await measure(browser, web, slug);
    results.push(result);
    console.log(`${slug}: HTML ${format(result.htmlGzip)}, JS at load ${format(result.jsAtLoad)}, idle ${format(result.jsIdle)}, once settled ${format(result.jsSettled)}, on clicks ${format(result.jsOnClicks)}, CLS ${result.layoutShift.toFixed(3)}, after settling: longest task ${Math.round(result.settleLongestTaskMs)} ms, blocking ${Math.round(result.settleBlockingMs)} ms`);
  }
} finally {
  await browser.close();
  await stopProcess(stack.child);
  await rm(dataDir, { recursive: true, force: true });
}

const largestHtml = Math.max(...results.map((result) => result.htmlGzip));
const heaviestLoad = Math.max(...results.map((result) => result.jsAtLoad));
const rows = results.map(
  (result) => `| ${result.slug} | ${format(result.htmlGzip)} | **${format(result.jsAtLoad)}** | ${format(result.jsIdle)} | ${format(result.jsSettled)} | ${format(result.jsOnClicks)} | ${result.layoutShift.toFixed(3)} | ${Math.round(result.settleLongestTaskMs)} ms / ${Math.round(result.settleBlockingMs)} ms |`,
);
const report = `<!-- page-budget:start -->
Measured ${new Date().toISOString().slice(0, 10)} with \`npm run bench:page\` in Chromium. "Until usable" is every island's code and its static imports (gzip -9 of the built files); the other columns are transfer sizes as \`npm start\` serves them (gzip).

| tenant | HTML (gzip) | JS until the page is usable | more JS while nobody touches the page | JS once the page has settled (first interaction or 3 s quiet) | JS the builder, cart and picker add | layout shift | settling at 4× CPU: longest task / blocking time |
|---|---|---|---|---|---|---|---|
${rows.join('\n')}

Budgets: JavaScript before the first interaction at most ${budget.firstInteractionJsKb} KB gzip (heaviest: ${format(heaviestLoad)}, ${kb(heaviestLoad) <= budget.firstInteractionJsKb ? 'met' : 'NOT met'}); HTML at most ${budget.htmlKb} KB gzip (largest: ${format(largestHtml)}, ${kb(largestHtml) <= budget.htmlKb ? 'met' : 'NOT met'}).
<!-- page-budget:end -->`;
const current = await readFile('BENCHMARKS.md', 'utf8');
const marked = /<!-- page-budget:start -->[\s\S]*<!-- page-budget:end -->/;
await writeFile('BENCHMARKS.md', marked.test(current) ? current.replace(marked, report) : `${current.trimEnd()}\n\n## Home page weight (\`npm run bench:page\`)\n\n${report}\n`);
console.log('Updated BENCHMARKS.md');
