import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cloudPrntPollSchema } from '../../../lib/api/printer-contract.ts';
import type { ApiDeps } from '../deps.ts';
import type { ApiApp, ApiEnv } from '../env.ts';
import { encodeDocument } from '../printing/ticket-encoding.ts';
import { ApiProblem, readBody } from '../services/problems.ts';
import { clientAddress, throttle } from '../services/rate-limits.ts';
import { tokenDigest } from '../services/tokens.ts';
import type { KitchenPrinter } from '../store/printers.ts';

/** A poll is a few hundred bytes of status; Star's firmware never sends more than a few KB. */
const MAX_POLL_BYTES = 16 * 1024;
/** The printer's token as the API hands them out (randomToken: 32 bytes, base64url). */
const TOKEN_PATTERN = /^[\w-]{43}$/;

const MEDIA_TYPES: Readonly<Record<KitchenPrinter['language'], string>> = {
  starprnt: 'application/vnd.star.starprnt',
  escpos: 'application/octet-stream',
};

/**
 * Star CloudPRNT (issue 28 item 5): the printer polls `POST /cloudprnt/<token>` every few seconds,
 * fetches a ready job with `GET` and confirms it with `DELETE` (its `code` says whether it printed),
 * so a shop needs no print server and no open port. The token in the path is the printer's only
 * credential: 32 random bytes, kept as a digest, shown to the owner once. Every call is counted per
 * address before the token is looked up, and per printer after.
 */
export function cloudPrntRoutes(app: ApiApp, deps: ApiDeps): void {
  const cloud = new Hono<ApiEnv>();
  cloud.use(
    '*',
    bodyLimit({
      maxSize: MAX_POLL_BYTES,
      onError: (c) =>
        c.json({ error: `Request body larger than ${MAX_POLL_BYTES} bytes` }, 413, { connection: 'close' }),
    }),
  );

  async function printerOf(c: Context<ApiEnv>): Promise<KitchenPrinter> {
    await throttle('printer calls', deps.now(), [
      deps.rateLimits.cloudPrntPerAddress,
      clientAddress(c, deps.trustProxy),
    ]);
    const token = c.req.param('token') ?? '';
    const printer = TOKEN_PATTERN.test(token) ? await deps.printers.byTokenDigest(tokenDigest(token)) : undefined;
    if (!printer || printer.connection !== 'cloudprnt') throw new ApiProblem(401, 'Unknown printer token');
    await throttle('printer calls', deps.now(), [deps.rateLimits.cloudPrntPerPrinter, String(printer.printerId)]);
    return printer;
  }

  /** The job the printer names by its jobToken, or the oldest one waiting. */
  async function jobOf(printer: KitchenPrinter, c: Context<ApiEnv>) {
    const next = await deps.printers.nextQueued(printer.printerId, deps.now());
    const named = c.req.query('token');
    return named === undefined || next === undefined || String(next.jobId) === named ? next : undefined;
  }

  cloud.post('/:token', async (c) => {
    const printer = await printerOf(c);
    await readBody(c, cloudPrntPollSchema);
    await deps.printers.markPolled(printer.printerId, deps.now());
    const job = await deps.printers.nextQueued(printer.printerId, deps.now());
    return c.json(
      job
        ? { jobReady: true, mediaTypes: [MEDIA_TYPES[printer.language]], jobToken: String(job.jobId) }
        : { jobReady: false },
    );
  });

  cloud.get('/:token', async (c) => {
    const printer = await printerOf(c);
    const job = await jobOf(printer, c);
    if (!job) throw new ApiProblem(404, 'No print job waiting');
    const bytes = encodeDocument(job.document, printer.language);
    return c.body(Buffer.from(bytes), 200, {
      'content-type': MEDIA_TYPES[printer.language],
      'cache-control': 'no-store',
    });
  });

  /** Star's `code` is a status such as "200 OK" or "510 Printer offline": 2xx printed, anything else did not. */
  cloud.delete('/:token', async (c) => {
    const printer = await printerOf(c);
    const job = await jobOf(printer, c);
    if (!job) return c.json({ done: true });
    const code = (c.req.query('code') ?? '200').slice(0, 100);
    const printed = code.startsWith('2');
    await deps.printers.finish(
      printer.printerId,
      job.jobId,
      printed ? 'sent' : 'failed',
      printed ? null : `printer said ${code}`,
      deps.now(),
    );
    return c.json({ done: true });
  });

  cloud.onError((error, c) => {
    if (error instanceof ApiProblem) return c.json({ error: error.message }, error.status, error.headers);
    deps.log(`error: ${c.req.method} ${c.req.path}: ${error.stack ?? error.message}`);
    return c.json({ error: 'Internal server error' }, 500);
  });

  app.route('/cloudprnt', cloud);
}
