import { z } from 'zod';

const problemSchema = z.object({ file: z.string(), path: z.string(), message: z.string() });

export const tenantReportSchema = z.object({
  slug: z.string(),
  status: z.enum(['built', 'skipped', 'failed']),
  pages: z.int().nonnegative(),
  bytes: z.int().nonnegative(),
  gzipBytes: z.int().nonnegative(),
  contentHash: z.string(),
  /** Rendering and assembling this tenant; 0 when skipped. */
  ms: z.number().nonnegative(),
  buildId: z.string().optional(),
  problems: z.array(problemSchema),
});
export type TenantReport = z.infer<typeof tenantReportSchema>;

/** `dist/build-report.json`. */
export const buildReportSchema = z.object({
  startedAt: z.string(),
  ms: z.number().nonnegative(),
  codeHash: z.string(),
  /** How pages were rendered: with a fresh Vite build, or from the kept render bundle of an earlier one. */
  renderer: z.enum(['vite-build', 'cached-bundle', 'none']),
  shard: z.string().optional(),
  /** Largest resident memory of the build process so far. */
  peakRssMiB: z.number().nonnegative(),
  /** CPU time of the build process, all threads (user and system). */
  cpuSeconds: z.number().nonnegative(),
  tenants: z.array(tenantReportSchema),
});
export type BuildReport = z.infer<typeof buildReportSchema>;

/** What a deployment folder remembers of its own build (`<slug>/.build.json`), so a skip can still be reported. */
export const buildRecordSchema = tenantReportSchema
  .pick({ pages: true, bytes: true, gzipBytes: true, contentHash: true })
  .extend({
    hash: z.string(),
    buildId: z.string(),
    filesHash: z.string(),
    filesStamp: z.string(),
    /** The `'sha256-…'` sources of its pages' inline scripts, for nginx's policy (content-security-policy.conf). */
    scriptHashes: z.array(z.string()),
  });
export type BuildRecord = z.infer<typeof buildRecordSchema>;

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/** A short table: every built or failed tenant up to `rows`, then a count of the rest. */
export function formatReportTable(report: BuildReport, rows = 12): string {
  const order = { failed: 0, built: 1, skipped: 2 } as const;
  const listed = [...report.tenants].sort((a, b) => order[a.status] - order[b.status] || a.slug.localeCompare(b.slug));
  const shown = listed.slice(0, rows);
  const width = Math.max(6, ...shown.map((tenant) => tenant.slug.length));
  const lines = [`${'tenant'.padEnd(width)}  status   pages        size        gzip      time`];
  for (const tenant of shown) {
    lines.push(
      `${tenant.slug.padEnd(width)}  ${tenant.status.padEnd(7)}  ${String(tenant.pages).padStart(5)}  ${kib(tenant.bytes).padStart(10)}  ${kib(tenant.gzipBytes).padStart(10)}  ${`${Math.round(tenant.ms)} ms`.padStart(8)}`,
    );
  }
  if (listed.length > shown.length) lines.push(`… ${listed.length - shown.length} more in build-report.json`);
  return lines.join('\n');
}

/** One line that rewrites itself on a terminal and prints now and then in a log. */
export function progressLine(
  isTerminal: boolean,
  write: (text: string) => void,
): { update(done: number, total: number): void; end(): void } {
  let lastPrinted = 0;
  let shown = false;
  return {
    update(done, total) {
      const text = `  rendering ${done}/${total} tenant(s) (${Math.floor((done / Math.max(total, 1)) * 100)}%)`;
      if (isTerminal) {
        write(`\r${text}`);
        shown = true;
      } else if (Date.now() - lastPrinted > 2000 || done === total) {
        lastPrinted = Date.now();
        write(`${text}\n`);
      }
    },
    end() {
      if (shown) write('\n');
      shown = false;
    },
  };
}
