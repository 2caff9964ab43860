import { execFileSync } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { generateTenants, writeTenants } from './generate-tenants.ts';

/**
 * Build benchmark (not a test): N synthetic tenants in one build, one tenant alone, and a few
 * tenants built one Astro build each (the design this project avoids), extrapolated to N.
 * Writes the figures into BENCHMARKS.md between the build-benchmark markers.
 */
const { values } = parseArgs({
  allowNegative: true,
  options: {
    count: { type: 'string', default: '200' },
    separate: { type: 'string', default: '3' },
    write: { type: 'boolean', default: true },
  },
});
const count = Number(values.count);
const separate = Number(values.separate);
const tenantsDir = '.build/bench-tenants';
const outDir = '.build/bench-dist';

function timed(args: string[]): number {
  const started = performance.now();
  execFileSync(process.execPath, ['scripts/build.ts', '--tenants-dir', tenantsDir, '--out', outDir, ...args], { stdio: ['ignore', 'ignore', 'inherit'] });
  return (performance.now() - started) / 1000;
}

await rm(tenantsDir, { recursive: true, force: true });
await rm(outDir, { recursive: true, force: true });
const tenants = generateTenants({ count, seed: 1 });
await writeTenants(tenants, tenantsDir);
const slugs = tenants.map((tenant) => tenant.slug);

console.log(`Building ${count} synthetic tenants in one build…`);
const all = timed([]);
const pages = JSON.parse(await readFile(`${outDir}/${slugs[0]}/builds/latest.json`, 'utf8')) as { id: string };
const meta = JSON.parse(await readFile(`${outDir}/${slugs[0]}/builds/meta/${pages.id}.json`, 'utf8')) as { routes: unknown[] };
console.log(`  ${all.toFixed(1)} s (${meta.routes.length + 1} pages per tenant)`);

console.log('Rebuilding one tenant…');
const one = timed(['--tenant', slugs[1] ?? '']);
console.log(`  ${one.toFixed(1)} s`);

console.log('Unchanged rebuild of all with --incremental…');
const noop = timed(['--incremental']);
console.log(`  ${noop.toFixed(1)} s`);

console.log(`Building ${separate} tenants one Astro build each…`);
const separateTimes = slugs.slice(2, 2 + separate).map((slug) => timed(['--tenant', slug]));
const perTenant = separateTimes.reduce((sum, time) => sum + time, 0) / separateTimes.length;
console.log(`  ${perTenant.toFixed(1)} s each, about ${((perTenant * count) / 60).toFixed(1)} min for ${count}`);

const cpu = cpus()[0]?.model ?? 'unknown CPU';
const report = `<!-- build-benchmark:start -->
Measured ${new Date().toISOString().slice(0, 10)} with \`npm run bench\` on ${cpus().length} × ${cpu}, Node ${process.version}.

| build | wall time |
|---|---|
| ${count} synthetic tenants (${meta.routes.length + 1} pages each), one build | **${all.toFixed(1)} s** |
| one tenant (\`--tenant\`) | **${one.toFixed(1)} s** |
| all ${count}, unchanged, \`--incremental\` | ${noop.toFixed(1)} s |
| one Astro build per tenant (measured on ${separate}, extrapolated to ${count}) | ${perTenant.toFixed(1)} s each, about ${((perTenant * count) / 60).toFixed(1)} min |
<!-- build-benchmark:end -->`;

if (values.write) {
  const current = await readFile('BENCHMARKS.md', 'utf8').catch(() => '# Benchmarks\n\n## Build\n\n<!-- build-benchmark:start -->\n<!-- build-benchmark:end -->\n');
  await writeFile('BENCHMARKS.md', current.replace(/<!-- build-benchmark:start -->[\s\S]*<!-- build-benchmark:end -->/, report));
  console.log('Updated BENCHMARKS.md');
}
