import { once } from 'node:events';
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { apiCalls } from '../../../lib/api/contract.ts';
import { cartLine, HOST, lineUuid, onEachStore, orderBody } from './support/test-support.ts';

/** A create-order sent in two chunks; resolves with the answer once `finish` is called and the server replies. */
function chunkedCreate(url: string, body: string) {
  const half = Math.floor(body.length / 2);
  const { hostname, port } = new URL(url);
  let finish = () => undefined as void;
  const answer = new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const sent = request(
      {
        hostname,
        port,
        path: apiCalls.createOrder.path,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-retailer-domain': HOST },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    sent.on('error', reject);
    sent.write(body.slice(0, half));
    finish = () => void sent.end(body.slice(half));
  });
  return { answer, finish: () => finish() };
}

await onEachStore(
  ({ start }) => {
    describe('graceful shutdown', () => {
      it('reads a body sent in chunks without a length', async () => {
        const api = await start();
        const { answer, finish } = chunkedCreate(api.url, JSON.stringify(orderBody([cartLine('chunked-line')])));
        finish();
        expect(await answer).toMatchObject({
          status: 200,
          body: { uuidToOrderProductIds: { [lineUuid('chunked-line')]: expect.any(Number) } },
        });
      });

      it('finishes a write under way before closing the database, and takes no new requests', async () => {
        const api = await start();
        const { url, api: server } = api;
        if (!server.httpServer) throw new Error('the test API is not listening');
        const arrived = once(server.httpServer, 'request');
        const { answer, finish } = chunkedCreate(url, JSON.stringify(orderBody([cartLine('in-flight-line')])));
        // Closing before the server has the request would only refuse it: the case is a request under way.
        await arrived;

        let closed = false;
        const closing = api.close().then(() => (closed = true));
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(closed).toBe(false);
        await expect(
          fetch(`${url}${apiCalls.getTradingHours.path}`, { headers: { 'x-retailer-domain': HOST } }),
        ).rejects.toThrow();

        finish();
        expect(await answer).toMatchObject({ status: 200, body: { encryptedOrderId: expect.any(String) } });
        await closing;
        expect((await api.counts()).orders).toBe(1);
      });
    });
  },
  { api: false },
);
