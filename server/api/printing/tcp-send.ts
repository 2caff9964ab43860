import { createConnection } from 'node:net';

/**
 * Sends one job to a network printer's raw port (9100, "JetDirect"): connect, write, close. A
 * printer that does not take the connection or the bytes within `timeoutMs` fails the attempt,
 * so a printer switched off never holds a job, or the API, for long.
 */
export function sendRaw(host: string, port: number, bytes: Uint8Array, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = createConnection({ host, port });
    const fail = (error: Error) => {
      socket.destroy();
      reject(error);
    };
    socket.setTimeout(timeoutMs, () => fail(new Error(`no answer from ${host}:${port} within ${timeoutMs / 1000} s`)));
    socket.once('error', (error: NodeJS.ErrnoException) =>
      fail(new Error(error.code === 'ECONNREFUSED' ? `${host}:${port} refused the connection` : error.message)),
    );
    socket.once('connect', () => {
      socket.end(bytes, () => {
        // Written to the printer: a printer that keeps its side open has the ticket all the same.
        socket.setTimeout(0);
        socket.destroySoon();
        resolve();
      });
    });
  });
}
