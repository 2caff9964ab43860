import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
// Lighthouse's own dependency (package.json of lighthouse): the board is audited in a page prepared through it.
import puppeteer, { type Page } from 'puppeteer-core';
import { SESSION_STORAGE_KEY } from '../apps/console/shell/session-mark.ts';
import type { StoredSession } from '../apps/console/shell/session.ts';
import { freePort } from '../tests/e2e/free-port.ts';
import { stackReady } from '../tests/e2e/global-setup.ts';
import { startProcess, stopProcess } from '../tests/e2e/stack.ts';
import { CONSOLE_SHOP, consoleUrl, fillBoard, signInThroughApi } from './lib/bench-console.ts';
import { TRADING_SAMPLE_SHOPS } from '../lib/tenant/sample-shops.ts';

/**
 * Lighthouse's mobile view of every active sample shop's home page (default mobile settings:
 * simulated slow 4G and a 4× slower CPU), each shop run `--runs` times (default 3); the table
 * gives the median run by performance score. Then the staff console's sign-in page, and its board
 * signed in (the session put in the tab's sessionStorage before the page loads, as a reload of a
 * signed-in tab has it) with a few orders on it. Runs the README's start command on free ports and
 * writes its tables into BENCHMARKS.md. A benchmark to rerun, not a test: no figure here fails CI.
 * `--no-console` leaves the console out, `--no-shops` the shops; `--save <folder>` keeps each run's
 * full report there.
 */
const { values } = parseArgs({
  allowNegative: true,
  options: {
    runs: { type: 'string', default: '3' },
    tenant: { type: 'string', multiple: true },
    path: { type: 'string', default: '/' },
    shops: { type: 'boolean', default: true },
    console: { type: 'boolean', default: true },
    'dry-run': { type: 'boolean', default: false },
    /** A folder to keep every run's full Lighthouse report in (JSON), to look into a figure. */
    save: { type: 'string' },
  },
});
const runs = Math.max(1, Number(values.runs));
const tenants = values.shops ? (values.tenant ?? [...TRADING_SAMPLE_SHOPS]) : [];
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof categories)[number];
const aims = { performance: 98, cls: 0.02, tbtMs: 100, lcpMs: 1500 };

/** One element an audit found at fault. */
interface Culprit {
  selector: string;
  snippet: string;
  explanation: string;
}

interface Run {
  scores: Record<Category, number>;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  siMs: number;
  ttiMs: number;
  /** Audits that cost points outside performance, to say what to fix. */
  failing: string[];
  /** The elements each of those audits names. */
  culprits: Record<string, Culprit[]>;
  /** The longest main-thread tasks, to say where the blocking time comes from. */
  scriptBootMs: number;
  /** The elements Lighthouse saw move, when anything did, to say where the layout shift comes from. */
  shifted: Culprit[];
}

/** Every node an audit's details name (tables and lists nest them in items and sub-items). */
function culpritsIn(details: unknown): Culprit[] {
  if (Array.isArray(details)) return details.flatMap(culpritsIn);
  if (typeof details !== 'object' || details === null) return [];
  const record = details as Record<string, unknown>;
  const text = (key: string) => (typeof record[key] === 'string' ? record[key] : '');
  if (record['type'] === 'node' && typeof record['selector'] === 'string')
    return [{ selector: text('selector'), snippet: text('snippet'), explanation: text('explanation') }];
  return Object.values(record).flatMap(culpritsIn);
}

// The machine is shared: the 1-minute load average through the run says how much else was running.
const loads: number[] = [];
const sampleLoad = () => loads.push(loadavg()[0] ?? 0);
sampleLoad();
const loadSampler = setInterval(sampleLoad, 5000);
const dataDir = await mkdtemp(join(tmpdir(), 'storefront-bench-lighthouse-'));
const [web, api, brokerPort] = [await freePort(), await freePort(), await freePort()];
const stack = await startProcess(['scripts/start.ts'], stackReady, {
  PORT: String(web),
  API_PORT: String(api),
  BROKER_WS_PORT: String(brokerPort),
  BROKER_TCP_PORT: 'off',
  DATA_DIR: dataDir,
});
let board: { orders: number; session: StoredSession } | null = null;
let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  if (values.console) {
    // The orders go in through the shops' own pages, in a browser of their own, before Lighthouse's Chrome starts.
    const browser = await chromium.launch({
      executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu'],
    });
    try {
      const orders = await fillBoard(browser, web, api);
      board = { orders, session: (await signInThroughApi(api, CONSOLE_SHOP)).session };
    } finally {
      await browser.close();
    }
  }
  chrome = await chromeLauncher.launch({
    chromePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
} catch (error) {
  clearInterval(loadSampler);
  chrome?.kill();
  await stopProcess(stack.child);
  await rm(dataDir, { recursive: true, force: true });
  throw error;
}
const chromePort = chrome.port;

let saved = 0;
async function runOf(lhr: NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'], url: string): Promise<Run> {
  if (values.save) {
    saved += 1;
    await mkdir(values.save, { recursive: true });
    await writeFile(
      join(values.save, `${String(saved).padStart(2, '0')}-${new URL(url).hostname}.json`),
      JSON.stringify(lhr),
    );
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${lhr.runtimeError.message}`);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const scores = Object.fromEntries(
    categories.map((category) => [category, Math.round((lhr.categories[category]?.score ?? 0) * 100)]),
  ) as Run['scores'];
  const failingRefs = categories
    .filter((category) => category !== 'performance')
    .flatMap((category) =>
      (lhr.categories[category]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => ({ category, id: ref.id })),
    );
  const culprits = Object.fromEntries(failingRefs.map(({ id }) => [id, culpritsIn(lhr.audits[id]?.details)]));
  return {
    scores,
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    siMs: numeric('speed-index'),
    ttiMs: numeric('interactive'),
    failing: failingRefs.map(({ category, id }) => `${category}: ${id}`),
    culprits,
    scriptBootMs: numeric('bootup-time'),
    shifted: numeric('cumulative-layout-shift') > 0 ? culpritsIn(lhr.audits['layout-shifts']?.details) : [],
  };
}

async function audit(url: string): Promise<Run> {
  const result = await lighthouse(url, {
    port: chromePort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...categories],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  return runOf(result.lhr, url);
}

/** What a signed-in audit must have seen for its figures to count: the board's cards, or the Shop view's editor; null when it did. */
type SeenCheck = (page: Page) => Promise<string | null>;

const boardWith =
  (orders: number): SeenCheck =>
  async (page) => {
    const cards = await page.evaluate(() => document.querySelectorAll('article').length);
    return cards === orders ? null : `shows ${cards} order cards, not the board's ${orders}`;
  };

const shopEditor: SeenCheck = async (page) => {
  const inputs = await page.evaluate(() => document.querySelectorAll('main#main input').length);
  return inputs > 0 ? null : 'shows no Shop editor';
};

/**
 * A console section as a signed-in tab reloads it: the session is in sessionStorage before the
 * page's first script runs, and Lighthouse still clears the cache and the origin's other storage.
 */
async function auditSignedIn(url: string, session: StoredSession, seen: SeenCheck): Promise<Run> {
  const connection = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chromePort}`, defaultViewport: null });
  try {
    const page = await connection.newPage();
    await page.evaluateOnNewDocument(
      (key, value) => {
        try {
          if (location.protocol === 'http:') sessionStorage.setItem(key, value);
        } catch {
          // about:blank, which Lighthouse opens first, has no storage.
        }
      },
      SESSION_STORAGE_KEY,
      JSON.stringify(session),
    );
    const result = await lighthouse(
      url,
      { port: chromePort, output: 'json', logLevel: 'error', onlyCategories: [...categories] },
      undefined,
      page,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    // The audit counts only if it saw the section, not the sign-in form or "Opening the board…".
    const missing = await seen(page);
    if (missing !== null) throw new Error(`Lighthouse's page of ${url} ${missing}`);
    await page.close();
    return await runOf(result.lhr, url);
  } finally {
    await connection.disconnect();
  }
}

const median = (list: Run[]) =>
  [...list].sort((a, b) => a.scores.performance - b.scores.performance)[Math.floor(list.length / 2)] as Run;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const describeRun = (name: string, run: number, result: Run) =>
  `${name} run ${run + 1}: ${categories.map((category) => `${category} ${result.scores[category]}`).join(', ')}; LCP ${seconds(result.lcpMs)}, TBT ${Math.round(result.tbtMs)} ms, CLS ${result.cls.toFixed(3)}, TTI ${seconds(result.ttiMs)}, script ${seconds(result.scriptBootMs)}${result.failing.length ? `; failing: ${result.failing.join(', ')}` : ''}` +
  Object.entries(result.culprits)
    .flatMap(([id, found]) =>
      found.map(
        (culprit) =>
          `\n    ${id}: ${culprit.selector} ${culprit.snippet}${culprit.explanation ? `\n      ${culprit.explanation.replace(/\n/g, '\n      ')}` : ''}`,
      ),
    )
    .join('') +
  result.shifted.map((culprit) => `\n    moved: ${culprit.selector} ${culprit.snippet}`).join('');

async function repeated(
  name: string,
  once: () => Promise<Run>,
): Promise<{ name: string; median: Run; performance: number[] }> {
  const list: Run[] = [];
  for (let run = 0; run < runs; run += 1) {
    const result = await once();
    list.push(result);
    console.log(describeRun(name, run, result));
  }
  return { name, median: median(list), performance: list.map((run) => run.scores.performance) };
}

const results: Awaited<ReturnType<typeof repeated>>[] = [];
const consoleResults: Awaited<ReturnType<typeof repeated>>[] = [];
try {
  for (const slug of tenants)
    results.push(await repeated(slug, () => audit(`http://${slug}.localhost:${web}${values.path}`)));
  if (board) {
    const { orders, session } = board;
    consoleResults.push(await repeated('sign-in', () => audit(consoleUrl(web))));
    consoleResults.push(
      await repeated(`board, signed in (${orders} orders)`, () =>
        auditSignedIn(consoleUrl(web), session, boardWith(orders)),
      ),
    );
    consoleResults.push(
      await repeated('Shop view (owner, prices)', () => auditSignedIn(`${consoleUrl(web)}#shop`, session, shopEditor)),
    );
  }
} finally {
  clearInterval(loadSampler);
  chrome.kill();
  await stopProcess(stack.child);
  await rm(dataDir, { recursive: true, force: true });
}

const met = (ok: boolean) => (ok ? 'met' : '**not met**');
const rowOf = ({ name, median: run, performance }: (typeof results)[number]) =>
  `| ${name} | **${run.scores.performance}** (${performance.join(', ')}) | ${run.scores.accessibility} | ${run.scores['best-practices']} | ${run.scores.seo} | ${seconds(run.fcpMs)} | ${seconds(run.lcpMs)} | ${Math.round(run.tbtMs)} ms | ${run.cls.toFixed(3)} | ${seconds(run.siMs)} | ${seconds(run.ttiMs)} |`;
const header = (
  first: string,
) => `| ${first} | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | Speed Index | TTI |
|---|---|---|---|---|---|---|---|---|---|---|`;
const lighthouseVersion = (await import('lighthouse/package.json', { with: { type: 'json' } })).default.version;
const conditions = `Lighthouse ${lighthouseVersion}, mobile defaults: simulated slow 4G, 4× CPU slowdown, Moto G Power screen) in Debian's Chromium, 1-minute load average ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)} on ${availableParallelism()} cores during the run`;
const measured = `Measured ${new Date().toISOString().slice(0, 10)} with \`npm run bench:lighthouse\` (${conditions}`;

const sections: { marker: string; heading: string; report: string }[] = [];
if (results.length > 0) {
  const worst = {
    performance: Math.min(...results.map((result) => result.median.scores.performance)),
    others: Math.min(
      ...results.flatMap((result) =>
        categories.filter((category) => category !== 'performance').map((category) => result.median.scores[category]),
      ),
    ),
    cls: Math.max(...results.map((result) => result.median.cls)),
    tbtMs: Math.max(...results.map((result) => result.median.tbtMs)),
    lcpMs: Math.max(...results.map((result) => result.median.lcpMs)),
  };
  sections.push({
    marker: 'lighthouse',
    heading: '## Lighthouse mobile (`npm run bench:lighthouse`)',
    report: `<!-- lighthouse:start -->
${measured}, home page \`${values.path}\` as \`npm start\` serves it, first visit (storage cleared). Median of ${runs} runs by performance score; the other runs' scores in brackets.

${header('shop')}
${results.map(rowOf).join('\n')}

Aims: performance at least ${aims.performance} on every shop (lowest median ${worst.performance}: ${met(worst.performance >= aims.performance)}); accessibility, best practices and SEO 100 (lowest ${worst.others}: ${met(worst.others === 100)}); CLS at most ${aims.cls} (highest ${worst.cls.toFixed(3)}: ${met(worst.cls <= aims.cls)}); TBT at most ${aims.tbtMs} ms (highest ${Math.round(worst.tbtMs)} ms: ${met(worst.tbtMs <= aims.tbtMs)}); LCP at most ${seconds(aims.lcpMs)} (highest ${seconds(worst.lcpMs)}: ${met(worst.lcpMs <= aims.lcpMs)}).
<!-- lighthouse:end -->`,
  });
}
if (consoleResults.length > 0) {
  const lowest = (category: Category) => Math.min(...consoleResults.map((result) => result.median.scores[category]));
  // A staff page carries noindex on purpose (apps/console/pages/index.astro) and has no search snippet to give: its SEO audits are listed, not aimed at.
  const seoFailures = [
    ...new Set(
      consoleResults.flatMap((result) => result.median.failing.filter((failing) => failing.startsWith('seo: '))),
    ),
  ];
  const otherFailures = consoleResults.flatMap((result) =>
    result.median.failing
      .filter((failing) => !failing.startsWith('seo: '))
      .map((failing) => {
        const id = failing.replace(/^[a-z-]+: /, '');
        const found = result.median.culprits[id] ?? [];
        return `${result.name}: ${failing}${found.length ? ` (${found.map((culprit) => `\`${culprit.selector}\``).join(', ')})` : ''}`;
      }),
  );
  sections.push({
    marker: 'lighthouse-console',
    heading: '## Lighthouse mobile, staff console (`npm run bench:lighthouse`)',
    report: `<!-- lighthouse-console:start -->
${measured}, console.localhost as \`npm start\` serves it: the sign-in page on a first visit (storage cleared), and the board of ${CONSOLE_SHOP} with ${board?.orders ?? 0} orders and its owner's Shop view (the prices tab), signed in through the stack's staff API, the session in the tab's sessionStorage before the page loads (a reload of a signed-in tab; cache and other storage cleared). Median of ${runs} runs by performance score; the other runs' scores in brackets.

${header('page')}
${consoleResults.map(rowOf).join('\n')}

Aims: accessibility and best practices 100 on every page (lowest ${Math.min(lowest('accessibility'), lowest('best-practices'))}: ${met(lowest('accessibility') === 100 && lowest('best-practices') === 100)}${otherFailures.length ? `; failing: ${otherFailures.join('; ')}` : ''}). SEO is not an aim: a staff page carries \`noindex\` on purpose and wants no search snippet (SEO audits failing: ${seoFailures.length ? seoFailures.map((failing) => failing.replace('seo: ', '')).join(', ') : 'none'}).
<!-- lighthouse-console:end -->`,
  });
}

for (const section of sections) console.log(section.report);
if (!values['dry-run']) {
  let current = await readFile('BENCHMARKS.md', 'utf8');
  for (const { marker, heading, report } of sections) {
    const marked = new RegExp(`<!-- ${marker}:start -->[\\s\\S]*<!-- ${marker}:end -->`);
    current = marked.test(current)
      ? current.replace(marked, () => report)
      : `${current.trimEnd()}\n\n${heading}\n\n${report}\n`;
  }
  await writeFile('BENCHMARKS.md', current);
  console.log('Updated BENCHMARKS.md');
}
