import { execFileSync } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startProcess, stopProcess } from '../tests/e2e/stack.ts';
import { buildReportSchema } from './lib/build-report.ts';
import { eachGeneratedTenant, writeTenants } from './generate-tenants.ts';

/**
 * Build benchmark (not a test). For each tenant count: a full build with a fresh Vite build, a full
 * build from the kept render bundle (--force), a build with nothing changed, one changed tenant by
 * the CLI, and one tenant's save to its new builds/latest.json in watch mode. Rewrites the table in
 * BENCHMARKS.md between the build-benchmark markers.
 */
const { values } = parseArgs({
  allowNegative: true,
  options: {
    counts: { type: 'string', default: '200,1000' },
    saves: { type: 'string', default: '5' },
    write: { type: 'boolean', default: true },
  },
});
const counts = values.counts.split(',').map(Number);
const saves = Number(values.saves);
const renderCache = join('.build', 'bench-render-cache');
const env = { ...process.env, STOREFRONT_RENDER_CACHE: renderCache };

interface Run {
  seconds: number;
  peakMiB: number;
  /** CPU seconds the rest of the machine used while the build ran (undefined off Linux). */
  othersCpu: number | undefined;
}

/** CPU seconds the whole machine has been busy since boot, from /proc/stat (USER_HZ is 100 on Linux). */
async function machineBusySeconds(): Promise<number | undefined> {
  const line = (await readFile('/proc/stat', 'utf8').catch(() => '')).split('\n')[0] ?? '';
  const [, user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).map(Number);
  return line.startsWith('cpu ')
    ? ((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0)) / 100
    : undefined;
}

async function build(tenantsDir: string, outDir: string, args: string[] = []): Promise<Run> {
  const busyBefore = await machineBusySeconds();
  const started = performance.now();
  execFileSync(process.execPath, ['scripts/build.ts', '--tenants-dir', tenantsDir, '--out', outDir, ...args], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env,
  });
  const seconds = (performance.now() - started) / 1000;
  const busyAfter = await machineBusySeconds();
  const report = buildReportSchema.parse(JSON.parse(await readFile(join(outDir, 'build-report.json'), 'utf8')));
  const othersCpu =
    busyBefore === undefined || busyAfter === undefined
      ? undefined
      : Math.max(0, busyAfter - busyBefore - report.cpuSeconds);
  return { seconds, peakMiB: report.peakRssMiB, othersCpu };
}

/** The share of the machine's CPU capacity other work took during these runs. */
function othersShare(runs: Run[]): string {
  if (runs.some((run) => run.othersCpu === undefined)) return 'n/a';
  const capacity = runs.reduce((sum, run) => sum + run.seconds, 0) * cpus().length;
  return `${Math.round((runs.reduce((sum, run) => sum + (run.othersCpu ?? 0), 0) / capacity) * 100)} %`;
}

async function editSpecials(tenantsDir: string, slug: string, mark: string): Promise<void> {
  const file = join(tenantsDir, slug, 'specials.json');
  const specials = JSON.parse(await readFile(file, 'utf8')) as { name: string }[];
  if (specials[0]) specials[0].name = `Special ${mark}`;
  await writeFile(file, JSON.stringify(specials));
}

/** Saves a tenant file and times until its builds/latest.json names a new build, as a visitor's page would notice. */
async function saveToLive(tenantsDir: string, outDir: string, slug: string): Promise<number[]> {
  const watcher = await startProcess(
    ['scripts/watch.ts', '--tenants-dir', tenantsDir, '--out', outDir],
    (output) => output.includes('Watching'),
    { STOREFRONT_RENDER_CACHE: renderCache },
  );
  const latest = join(outDir, slug, 'builds', 'latest.json');
  const times: number[] = [];
  try {
    for (let save = 0; save < saves; save += 1) {
      const before = await readFile(latest, 'utf8');
      const started = performance.now();
      await editSpecials(tenantsDir, slug, `watch ${save} ${Date.now()}`);
      for (;;) {
        const now = await readFile(latest, 'utf8').catch(() => before);
        if (now !== before) break;
        if (performance.now() - started > 30_000)
          throw new Error(`no new build of ${slug} 30 s after the save:\n${watcher.output()}`);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      times.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  } finally {
    await stopProcess(watcher.child);
  }
  return times;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const rows: string[] = [];
for (const count of counts) {
  const tenantsDir = join('.build', `bench-tenants-${count}`);
  const outDir = join('.build', `bench-dist-${count}`);
  await rm(tenantsDir, { recursive: true, force: true });
  await rm(outDir, { recursive: true, force: true });
  await writeTenants(eachGeneratedTenant({ count, seed: 1 }), tenantsDir);
  const slug = 'synthetic-002';

  console.log(`${count} tenants: full build with a fresh Vite build…`);
  await rm(renderCache, { recursive: true, force: true });
  const cold = await build(tenantsDir, outDir);
  console.log(`  ${cold.seconds.toFixed(1)} s, peak ${cold.peakMiB} MiB`);
  console.log(`${count} tenants: full build from the kept render bundle (--force)…`);
  const warm = await build(tenantsDir, outDir, ['--force']);
  console.log(`  ${warm.seconds.toFixed(1)} s, peak ${warm.peakMiB} MiB`);
  console.log(`${count} tenants: nothing changed…`);
  const noop = await build(tenantsDir, outDir);
  console.log(`  ${noop.seconds.toFixed(2)} s`);
  console.log(`${count} tenants: one tenant's data changed, CLI build…`);
  await editSpecials(tenantsDir, slug, 'cli');
  const one = await build(tenantsDir, outDir);
  console.log(`  ${one.seconds.toFixed(2)} s`);
  console.log(`${count} tenants: ${saves} saves of one tenant in watch mode…`);
  const live = await saveToLive(tenantsDir, outDir, slug);
  console.log(`  median ${median(live).toFixed(0)} ms, max ${Math.max(...live).toFixed(0)} ms`);

  rows.push(
    `| ${count.toLocaleString('en')} | **${cold.seconds.toFixed(1)} s** (${cold.peakMiB} MiB) | ${warm.seconds.toFixed(1)} s (${warm.peakMiB} MiB) | **${noop.seconds.toFixed(2)} s** | ${one.seconds.toFixed(2)} s | **${median(live).toFixed(0)} ms** / ${Math.max(...live).toFixed(0)} ms | ${othersShare([cold, warm, noop, one])} |`,
  );
  await rm(tenantsDir, { recursive: true, force: true });
  await rm(outDir, { recursive: true, force: true });
}

const cpu = cpus()[0]?.model ?? 'unknown CPU';
const report = `<!-- build-benchmark:start -->
Measured ${new Date().toISOString().slice(0, 10)} with \`npm run bench -- --counts ${values.counts}\` on ${cpus().length} × ${cpu}, Node ${process.version}.
Synthetic tenants have 5 pages each. Times are wall clock of the whole command (process start included);
memory is the build process's peak resident set (worker threads included). The last column is the
share of the machine's CPU capacity that other work (other engineers' builds and tests) took while
these builds ran, from /proc/stat minus the build's own CPU time.

| tenants | full build: Vite + render all (peak memory) | full build from the kept bundle, \`--force\` (peak memory) | nothing changed | one tenant changed, \`npm run build\` | one tenant, save → new \`builds/latest.json\` (watch), median / max of ${saves} | CPU taken by other work |
|---|---|---|---|---|---|---|
${rows.join('\n')}
<!-- build-benchmark:end -->`;

if (values.write) {
  const current = await readFile('BENCHMARKS.md', 'utf8').catch(
    () => '# Benchmarks\n\n## Build\n\n<!-- build-benchmark:start -->\n<!-- build-benchmark:end -->\n',
  );
  await writeFile(
    'BENCHMARKS.md',
    current.replace(/<!-- build-benchmark:start -->[\s\S]*<!-- build-benchmark:end -->/, report),
  );
  console.log('Updated BENCHMARKS.md');
}
console.log(report);
