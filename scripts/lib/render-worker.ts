import { parentPort, workerData } from 'node:worker_threads';
import { z } from 'zod';
import { loadPageRenderer } from './page-renderer.ts';
import { renderAndPublish } from './tenant-pipeline.ts';

/** What a render worker is given (see renderInWorkers). */
export const workerInputSchema = z.object({
  slugs: z.array(z.string()),
  cacheDir: z.string(),
  tenantsDir: z.string(),
  outDir: z.string(),
  photoCacheDir: z.string(),
  sources: z.record(z.string(), z.object({ hash: z.string(), filesHash: z.string(), filesStamp: z.string() })),
});

// A worker thread: renders and publishes its share of the tenants with its own copy of the bundle.
if (parentPort) {
  const port = parentPort;
  const input = workerInputSchema.parse(workerData);
  const pages = await loadPageRenderer(input.cacheDir);
  const reports = await renderAndPublish(input.slugs, { ...input, pages }, (done) =>
    port.postMessage({ type: 'progress', done }),
  );
  port.postMessage({ type: 'done', reports });
}
