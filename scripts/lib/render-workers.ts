import { Worker } from 'node:worker_threads';
import { z } from 'zod';
import { tenantReportSchema, type TenantReport } from './build-report.ts';
import type { PipelineContext } from './tenant-pipeline.ts';

const messageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('progress'), done: z.int() }),
  z.object({ type: z.literal('done'), reports: z.array(tenantReportSchema) }),
]);

/**
 * Rendering is one thread's work per process; with more cores, each worker thread takes every n-th
 * tenant, loads the bundle itself and publishes its tenants. Resolves with every worker's reports.
 */
export async function renderInWorkers(
  slugs: readonly string[],
  context: PipelineContext,
  workers: number,
  progress?: (done: number) => void,
): Promise<TenantReport[]> {
  // sharp's native library must be loaded by the main thread before worker threads load it (sharp's
  // documentation: otherwise it can be unloaded under a thread still using it). A missing sharp
  // fails only the tenants with photos, in their worker.
  await import('sharp').catch(() => undefined);
  const doneBy = new Array<number>(workers).fill(0);
  const shares = Array.from({ length: workers }, (_, worker) => slugs.filter((_, index) => index % workers === worker));
  const results = await Promise.all(
    shares.map(
      (share, worker) =>
        new Promise<TenantReport[]>((resolve, reject) => {
          const thread = new Worker(new URL('./render-worker.ts', import.meta.url), {
            workerData: { ...context, slugs: share },
          });
          thread.on('message', (raw: unknown) => {
            const message = messageSchema.parse(raw);
            if (message.type === 'done') return resolve(message.reports);
            doneBy[worker] = message.done;
            progress?.(doneBy.reduce((sum, done) => sum + done, 0));
          });
          thread.once('error', reject);
          thread.once('exit', (code) =>
            reject(new Error(`render worker ${worker + 1} stopped (exit ${code}) before it finished`)),
          );
        }),
    ),
  );
  return results.flat();
}
