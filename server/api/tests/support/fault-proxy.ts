import { createServer, request, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
// The timers module's own functions, not the globals: tests that fake the page's clock must not freeze the network.
import { setTimeout as wait } from 'node:timers/promises';

/**
 * Test support: a bad network in front of the API. Each request is read whole, then passed on,
 * delayed, lost or failed on its way there or back, or held until the test releases it (a
 * request that arrives long after the client gave up on it).
 */

export type Fault =
  | { kind: 'pass' }
  /** Reaches the API this much later. */
  | { kind: 'delay-request'; ms: number }
  /** Never reaches the API; the client's connection is cut. */
  | { kind: 'drop-request' }
  /** Never reaches the API; the client gets a 503. */
  | { kind: 'fail-request' }
  /** Reaches the API, whose answer comes back this much later. */
  | { kind: 'delay-answer'; ms: number }
  /** Reaches the API; its answer is lost and the client's connection cut. */
  | { kind: 'drop-answer' }
  /** Reaches the API; the client gets a 502 instead of its answer. */
  | { kind: 'fail-answer' }
  /** Reaches the API only when the test calls releaseHeld(). */
  | { kind: 'hold' };

export interface ProxiedRequest {
  method: string;
  path: string;
}

export interface FaultProxy {
  url: string;
  /** How many requests met each fault. */
  counts: Record<Fault['kind'], number>;
  /** Sends every held request on to the API, in the order they came, and waits for the API's answers. */
  releaseHeld(): Promise<void>;
  /** Waits until no request is on its way to or from the API. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

interface Upstream {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function readAll(stream: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

export async function startFaultProxy(target: string, decide: (request: ProxiedRequest) => Fault): Promise<FaultProxy> {
  const targetUrl = new URL(target);
  const counts: FaultProxy['counts'] = {
    pass: 0,
    'delay-request': 0,
    'drop-request': 0,
    'fail-request': 0,
    'delay-answer': 0,
    'drop-answer': 0,
    'fail-answer': 0,
    hold: 0,
  };
  const held: (() => Promise<void>)[] = [];
  const underway = new Set<Promise<unknown>>();

  function forward(req: IncomingMessage, body: Buffer): Promise<Upstream> {
    const sent = new Promise<Upstream>((resolve, reject) => {
      const outgoing = request(
        {
          hostname: targetUrl.hostname,
          port: targetUrl.port,
          path: req.url,
          method: req.method,
          headers: { ...req.headers, host: targetUrl.host, connection: 'close' },
        },
        (answer) => {
          readAll(answer).then(
            (answerBody) => resolve({ status: answer.statusCode ?? 502, headers: answer.headers, body: answerBody }),
            reject,
          );
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
    underway.add(sent);
    void sent.catch(() => undefined).finally(() => underway.delete(sent));
    return sent;
  }

  function answer(res: ServerResponse, upstream: Upstream): void {
    if (res.destroyed) return;
    const headers = { ...upstream.headers };
    delete headers['transfer-encoding'];
    delete headers['connection'];
    res.writeHead(upstream.status, { ...headers, 'content-length': String(upstream.body.length) });
    res.end(upstream.body);
  }

  const failWith = (res: ServerResponse, status: number) => {
    if (res.destroyed) return;
    res.writeHead(status, { 'content-type': 'text/plain' });
    res.end('fault proxy');
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readAll(req);
    const fault = decide({ method: req.method ?? 'GET', path: new URL(req.url ?? '/', 'http://proxy').pathname });
    counts[fault.kind] += 1;
    switch (fault.kind) {
      case 'pass':
        return answer(res, await forward(req, body));
      case 'delay-request':
        await wait(fault.ms);
        return answer(res, await forward(req, body));
      case 'drop-request':
        res.destroy();
        return;
      case 'fail-request':
        return failWith(res, 503);
      case 'delay-answer': {
        const upstream = await forward(req, body);
        await wait(fault.ms);
        return answer(res, upstream);
      }
      case 'drop-answer':
        await forward(req, body);
        res.destroy();
        return;
      case 'fail-answer':
        await forward(req, body);
        return failWith(res, 502);
      case 'hold':
        held.push(async () => answer(res, await forward(req, body)));
        return;
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.destroyed) res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    async releaseHeld() {
      for (const send of held.splice(0)) await send().catch(() => undefined);
    },
    async settled() {
      while (underway.size > 0) await Promise.allSettled([...underway]);
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
