import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { formatProblem, listTenantSlugs } from '../lib/tenant/load.ts';
import { buildTenants, formatSummary } from './lib/build-tenants.ts';
import { formatReportTable, progressLine } from './lib/build-report.ts';
import { shardSchema } from './lib/shard.ts';

const { values } = parseArgs({
  options: {
    tenant: { type: 'string', multiple: true, default: [] },
    'tenants-dir': { type: 'string', default: 'tenants' },
    out: { type: 'string', default: 'dist' },
    force: { type: 'boolean', default: false },
    shard: { type: 'string' },
    workers: { type: 'string' },
    'from-api': { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});

if (values.help) {
  console.log(`Usage: npm run build -- [--tenant <slug>]... [--force] [--shard i/n] [--workers n] [--from-api <url>] [--tenants-dir tenants] [--out dist]

Builds every tenant (or only the --tenant ones) into <out>/<slug>/, one complete static
deployment per retailer, and writes <out>/build-report.json. Tenants whose files and the
storefront code did not change since their last build are skipped; --force rebuilds them.
When only tenant data changed, pages are rendered with the prerender bundle of the last build
of the same code, without Vite. --shard i/n builds the i-th of n disjoint shares of the tenants
(for n CI jobs). --workers n renders in n worker threads (default: one per core for 100+
tenants). --from-api <url> reads each tenant's data from a live retailer API (the calls of the
spec's section 7, checked by the same schemas) instead of the data files; tenant.json, pages/
and public/ still come from the tenants folder; an answer over 4 MB or a call over 20 s fails
that tenant alone (SECURITY.md). Exits non-zero when any tenant failed.`);
  process.exit(0);
}

const shard = values.shard === undefined ? undefined : shardSchema.safeParse(values.shard);
if (shard && !shard.success) {
  console.error(`--shard ${values.shard}: ${shard.error.issues.map((issue) => issue.message).join('; ')}`);
  process.exit(2);
}

let tenantsDir = values['tenants-dir'];
let only = values.tenant;
let fetchFailed = false;
if (values['from-api'] !== undefined) {
  const { fetchTenantsFromApi } = await import('./lib/api-tenants.ts');
  const apiUrl = values['from-api'].replace(/\/+$/, '');
  const slugs = only.length > 0 ? only : await listTenantSlugs(tenantsDir);
  const apiDir = join('.build', 'api-tenants');
  console.log(`Reading ${slugs.length} tenant(s) from ${apiUrl}…`);
  const { fetched, failures } = await fetchTenantsFromApi(apiUrl, tenantsDir, slugs, apiDir);
  for (const failure of failures) {
    console.log(`  ✗ ${failure.slug}: not rebuilt, the API's answers are not usable`);
    for (const problem of failure.problems) console.log(`      ${formatProblem(problem)}`);
  }
  fetchFailed = failures.length > 0;
  if (fetched.length === 0) process.exit(1);
  tenantsDir = apiDir;
  only = fetched;
}

const progress = progressLine(process.stdout.isTTY === true, (text) => process.stdout.write(text));
const summary = await buildTenants({
  root: process.cwd(),
  tenantsDir,
  outDir: values.out,
  only,
  force: values.force,
  ...(shard?.success ? { shard: shard.data } : {}),
  ...(values.workers === undefined ? {} : { workers: Number(values.workers) }),
  log: (line) => console.log(line),
  progress: (done, total) => progress.update(done, total),
});
progress.end();
console.log(formatReportTable(summary.report));
console.log(formatSummary(summary));
if (summary.failures.length > 0 || fetchFailed) process.exitCode = 1;
