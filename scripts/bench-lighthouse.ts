import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { freePort } from '../tests/e2e/free-port.ts';
import { stackReady } from '../tests/e2e/global-setup.ts';
import { startProcess, stopProcess } from '../tests/e2e/stack.ts';

/**
 * Lighthouse's mobile view of every active sample shop's home page (default mobile settings:
 * simulated slow 4G and a 4× slower CPU), each shop run `--runs` times (default 3); the table
 * gives the median run by performance score. Runs the README's start command on free ports and
 * writes its table into BENCHMARKS.md. A benchmark to rerun, not a test: no figure here fails CI.
 */
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    tenant: { type: 'string', multiple: true },
    path: { type: 'string', default: '/' },
    'dry-run': { type: 'boolean', default: false },
  },
});
const runs = Math.max(1, Number(values.runs));
const tenants = values.tenant ?? ['bella-napoli', 'crust-and-co', 'fire-and-slice', 'harbour-pizza'];
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const aims = { performance: 98, cls: 0.02, tbtMs: 100, lcpMs: 1500 };

interface Run {
  scores: Record<(typeof categories)[number], number>;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  siMs: number;
  ttiMs: number;
  /** Audits that cost points outside performance, to say what to fix. */
  failing: string[];
  /** The longest main-thread tasks, to say where the blocking time comes from. */
  scriptBootMs: number;
}

const dataDir = await mkdtemp(join(tmpdir(), 'storefront-bench-lighthouse-'));
const [web, api, brokerPort] = [await freePort(), await freePort(), await freePort()];
const stack = await startProcess(['scripts/start.ts'], stackReady, { PORT: String(web), API_PORT: String(api), BROKER_WS_PORT: String(brokerPort), BROKER_TCP_PORT: 'off', DATA_DIR: dataDir });
const chrome = await chromeLauncher.launch({
  chromePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

async function audit(url: string): Promise<Run> {
  const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...categories] });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${lhr.runtimeError.message}`);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const scores = Object.fromEntries(categories.map((category) => [category, Math.round((lhr.categories[category]?.score ?? 0) * 100)])) as Run['scores'];
  const failing = categories
    .filter((category) => category !== 'performance')
    .flatMap((category) => (lhr.categories[category]?.auditRefs ?? []).filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1).map((ref) => `${category}: ${ref.id}`));
  return { scores, fcpMs: numeric('first-contentful-paint'), lcpMs: numeric('largest-contentful-paint'), tbtMs: numeric('total-blocking-time'), cls: numeric('cumulative-layout-shift'), siMs: numeric('speed-index'), ttiMs: numeric('interactive'), failing, scriptBootMs: numeric('bootup-time') };
}

const median = (list: Run[]) => [...list].sort((a, b) => a.scores.performance - b.scores.performance)[Math.floor(list.length / 2)] as Run;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const results: { slug: string; median: Run; performance: number[] }[] = [];
try {
  for (const slug of tenants) {
    const list: Run[] = [];
    for (let run = 0; run < runs; run += 1) {
      const result = await audit(`http://${slug}.localhost:${web}${values.path}`);
      list.push(result);
      console.log(`${slug} run ${run + 1}: ${categories.map((category) => `${category} ${result.scores[category]}`).join(', ')}; LCP ${seconds(result.lcpMs)}, TBT ${Math.round(result.tbtMs)} ms, CLS ${result.cls.toFixed(3)}, TTI ${seconds(result.ttiMs)}, script ${seconds(result.scriptBootMs)}${result.failing.length ? `; failing: ${result.failing.join(', ')}` : ''}`);
    }
    results.push({ slug, median: median(list), performance: list.map((run) => run.scores.performance) });
  }
} finally {
  chrome.kill();
  await stopProcess(stack.child);
  await rm(dataDir, { recursive: true, force: true });
}

const met = (ok: boolean) => (ok ? 'met' : '**not met**');
const rows = results.map(({ slug, median: run, performance }) =>
  `| ${slug} | **${run.scores.performance}** (${performance.join(', ')}) | ${run.scores.accessibility} | ${run.scores['best-practices']} | ${run.scores.seo} | ${seconds(run.fcpMs)} | ${seconds(run.lcpMs)} | ${Math.round(run.tbtMs)} ms | ${run.cls.toFixed(3)} | ${seconds(run.siMs)} | ${seconds(run.ttiMs)} |`,
);
const worst = {
  performance: Math.min(...results.map((result) => result.median.scores.performance)),
  others: Math.min(...results.flatMap((result) => categories.filter((category) => category !== 'performance').map((category) => result.median.scores[category]))),
  cls: Math.max(...results.map((result) => result.median.cls)),
  tbtMs: Math.max(...results.map((result) => result.median.tbtMs)),
  lcpMs: Math.max(...results.map((result) => result.median.lcpMs)),
};
const report = `<!-- lighthouse:start -->
Measured ${new Date().toISOString().slice(0, 10)} with \`npm run bench:lighthouse\` (Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile defaults: simulated slow 4G, 4× CPU slowdown, Moto G Power screen) in Debian's Chromium, home page \`${values.path}\` as \`npm start\` serves it, first visit (storage cleared). Median of ${runs} runs by performance score; the other runs' scores in brackets.

| shop | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | Speed Index | TTI |
|---|---|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}

Aims: performance at least ${aims.performance} on every shop (lowest median ${worst.performance}: ${met(worst.performance >= aims.performance)}); accessibility, best practices and SEO 100 (lowest ${worst.others}: ${met(worst.others === 100)}); CLS at most ${aims.cls} (highest ${worst.cls.toFixed(3)}: ${met(worst.cls <= aims.cls)}); TBT at most ${aims.tbtMs} ms (highest ${Math.round(worst.tbtMs)} ms: ${met(worst.tbtMs <= aims.tbtMs)}); LCP at most ${seconds(aims.lcpMs)} (highest ${seconds(worst.lcpMs)}: ${met(worst.lcpMs <= aims.lcpMs)}).
<!-- lighthouse:end -->`;
console.log(report);
if (!values['dry-run']) {
  const current = await readFile('BENCHMARKS.md', 'utf8');
  const marked = /<!-- lighthouse:start -->[\s\S]*<!-- lighthouse:end -->/;
  await writeFile('BENCHMARKS.md', marked.test(current) ? current.replace(marked, report) : `${current.trimEnd()}\n\n## Lighthouse mobile (\`npm run bench:lighthouse\`)\n\n${report}\n`);
  console.log('Updated BENCHMARKS.md');
}
