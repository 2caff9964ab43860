import { parseArgs } from 'node:util';
import { buildTenants, formatSummary } from './lib/build-tenants.ts';

const { values } = parseArgs({
  options: {
    tenant: { type: 'string', multiple: true, default: [] },
    'tenants-dir': { type: 'string', default: 'tenants' },
    out: { type: 'string', default: 'dist' },
    incremental: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});

if (values.help) {
  console.log(`Usage: npm run build -- [--tenant <slug>]... [--incremental] [--tenants-dir tenants] [--out dist]

Builds every tenant (or only the --tenant ones) into <out>/<slug>/, one complete static
deployment per retailer. --incremental skips tenants whose files and the storefront code did
not change since their last build. Exits non-zero when any tenant failed validation.`);
  process.exit(0);
}

const summary = await buildTenants({
  root: process.cwd(),
  tenantsDir: values['tenants-dir'],
  outDir: values.out,
  only: values.tenant,
  incremental: values.incremental,
  log: (line) => console.log(line),
});
console.log(formatSummary(summary));
if (summary.failures.length > 0) process.exitCode = 1;
