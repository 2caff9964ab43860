// Uploads each tenant folder this shard built or kept (dist/<slug>/) as its own artifact,
// storefront-<slug>, so a deployment step can fetch exactly one retailer's site. With --console it
// uploads the staff console (dist/_console/, one site for every retailer's staff) as staff-console
// instead: every shard builds the same console, so one shard uploads it.
// Runs inside GitHub Actions with @actions/artifact installed by the workflow step.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DefaultArtifactClient } from '@actions/artifact';

const dist = process.argv[2] ?? 'dist';
const client = new DefaultArtifactClient();

async function uploadFolder(name, root) {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  // The build's own records (.build.json, .code) are not part of the site.
  const files = entries.filter((entry) => entry.isFile() && !entry.name.startsWith('.')).map((entry) => join(entry.parentPath, entry.name));
  const { size } = await client.uploadArtifact(name, files, root, { retentionDays: 14 });
  console.log(`${name}: ${files.length} files, ${size} bytes`);
}

if (process.argv.includes('--console')) {
  await uploadFolder('staff-console', join(dist, '_console'));
} else {
  const report = JSON.parse(await readFile(join(dist, 'build-report.json'), 'utf8'));
  for (const tenant of report.tenants) {
    if (tenant.status !== 'failed') await uploadFolder(`storefront-${tenant.slug}`, join(dist, tenant.slug));
  }
}
