import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as wait } from 'node:timers/promises';
import { promisify } from 'node:util';
import { freePort } from '../../tests/e2e/free-port.ts';

const run = promisify(execFile);

/** The machine's nginx, or null where none is installed. */
export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path)) ?? null;

export const NO_NGINX = 'skipped: no nginx at /usr/sbin/nginx or /usr/bin/nginx (apt-get install nginx-light)';

export interface NginxProcess {
  /** The loopback port it listens on. */
  port: number;
  /** The master process; its workers are its children. */
  pid: number;
  /** Its own folder: config, pid, error log and temp files. */
  prefix: string;
  /** The error log so far, to explain a failure. */
  errorLog(): Promise<string>;
  /** Stops it and deletes its folder. */
  stop(): Promise<void>;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * An nginx of its own, run by whoever runs this (no root): a temp prefix with its own pid file,
 * error log and temp folders, on a free loopback port. `http` gets the port and returns what goes
 * in the http block (a generated include, listening on `127.0.0.1:<port>`). `nginx -t` checks the
 * config first, so a bad one fails with nginx's own words. Started by root, its workers run as
 * nobody: what it serves must be readable by anyone.
 */
export async function startNginx(http: (port: number) => string): Promise<NginxProcess> {
  if (!NGINX) throw new Error(NO_NGINX);
  const binary = NGINX;
  const prefix = await mkdtemp(join(tmpdir(), 'storefront-nginx-'));
  const port = await freePort();
  const config = join(prefix, 'nginx.conf');
  const mimeTypes = ['/etc/nginx/mime.types'].find((path) => existsSync(path));
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `${kind}_temp_path ${prefix};`);
  await writeFile(
    config,
    [
      `pid ${join(prefix, 'nginx.pid')};`,
      `error_log ${join(prefix, 'error.log')};`,
      'events { worker_connections 1024; }',
      'http {',
      ...(mimeTypes ? [`include ${mimeTypes};`] : []),
      'access_log off;',
      ...temp,
      http(port),
      '}',
      '',
    ].join('\n'),
  );
  const errorLog = () => readFile(join(prefix, 'error.log'), 'utf8').catch(() => '');
  let nginx: ChildProcess | undefined;
  try {
    await run(binary, ['-t', '-q', '-p', prefix, '-c', config]);
    nginx = spawn(binary, ['-p', prefix, '-c', config, '-g', 'daemon off;'], { stdio: 'ignore' });
    const exited = new Promise<never>((_, reject) =>
      nginx?.once('exit', (code) => reject(new Error(`nginx exited with ${code}`))),
    );
    exited.catch(() => undefined);
    for (let tries = 0; !(await accepts(port)); tries += 1) {
      if (tries === 200) throw new Error(`nginx did not listen on ${port}`);
      await Promise.race([wait(25), exited]);
    }
  } catch (error) {
    nginx?.kill('SIGKILL');
    const log = await errorLog();
    await rm(prefix, { recursive: true, force: true });
    throw new Error(`${error instanceof Error ? error.message : String(error)}${log ? `\n${log}` : ''}`, {
      cause: error,
    });
  }
  const running = nginx;
  return {
    port,
    pid: running.pid ?? 0,
    prefix,
    errorLog,
    async stop() {
      if (running.exitCode === null && running.signalCode === null) {
        const exited = new Promise((resolve) => running.once('exit', resolve));
        running.kill('SIGTERM');
        await exited;
      }
      await rm(prefix, { recursive: true, force: true });
    },
  };
}
