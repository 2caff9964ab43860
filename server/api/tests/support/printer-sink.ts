import { once } from 'node:events';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { decodeEscPos, type PrintedJob } from './escpos-decoder.ts';

/** The API's printing settings in tests: short waits, and any port, since the sink listens where the system puts it. */
export const TEST_PRINTING = { tcpTimeoutMs: 1000, retryDelaysMs: [30, 30], tcpPorts: { min: 1024, max: 65_535 } };

interface Sink {
  port: number;
  jobs: Buffer[];
  /** The next job received, read as the printer would print it. */
  next(): Promise<PrintedJob>;
  close(): Promise<void>;
}

/** A printer's raw port on 127.0.0.1: each connection is one job. */
export async function startSink(): Promise<Sink> {
  const jobs: Buffer[] = [];
  const waiting: ((job: Buffer) => void)[] = [];
  const server: Server = createServer((socket) => {
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(Buffer.from(chunk)));
    socket.on('end', () => {
      const job = Buffer.concat(chunks);
      const waiter = waiting.shift();
      if (waiter) waiter(job);
      else jobs.push(job);
      socket.end();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as AddressInfo).port,
    jobs,
    async next() {
      const job =
        jobs.shift() ??
        (await new Promise<Buffer>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error('the printer received nothing within 5 s')), 5000);
          waiting.push((received) => {
            clearTimeout(timer);
            resolve(received);
          });
        }));
      return decodeEscPos(job);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
