// Uploads each tenant folder this shard built or kept (dist/<slug>/) as its own artifact,
// storefront-<slug>, so a deployment step can fetch exactly one retailer's site.
// Runs inside GitHub Actions with @actions/artifact installed by the workflow step.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DefaultArtifactClient } from '@actions/artifact';

const dist = process.argv[2] ?? 'dist';
const report = JSON.parse(await readFile(join(dist, 'build-report.json'), 'utf8'));
const client = new DefaultArtifactClient();

for (const tenant of report.tenants) {
  if (tenant.status === 'failed') continue;
  const root = join(dist, tenant.slug);
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  // The build's own record (.build.json) is not part of the site.
  const files = entries.filter((entry) => entry.isFile() && !entry.name.startsWith('.')).map((entry) => join(entry.parentPath, entry.name));
  const { size } = await client.uploadArtifact(`storefront-${tenant.slug}`, files, root, { retentionDays: 14 });
  console.log(`storefront-${tenant.slug}: ${files.length} files, ${size} bytes`);
}
