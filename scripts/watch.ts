import { parseArgs } from 'node:util';
import { buildTenants, formatSummary } from './lib/build-tenants.ts';
import { watchTenants } from './lib/watch-tenants.ts';

const { values } = parseArgs({
  options: {
    'tenants-dir': { type: 'string', default: 'tenants' },
    out: { type: 'string', default: 'dist' },
  },
});

/** `npm run watch`: builds what changed, then rebuilds a tenant within a second of each save until Ctrl-C. */
const options = {
  root: process.cwd(),
  tenantsDir: values['tenants-dir'],
  outDir: values.out,
  log: (line: string) => console.log(line),
};
console.log(formatSummary(await buildTenants({ ...options, only: [] })));
const watcher = watchTenants(options);
console.log(`Watching ${options.tenantsDir}/ and the storefront code; Ctrl-C stops.`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    watcher.close();
    process.exit(0);
  });
}
