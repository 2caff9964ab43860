import { spawn, type ChildProcess } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const API_MAIN = fileURLToPath(new URL('../../server/api/main.ts', import.meta.url));
export const FIXTURE_TENANTS = fileURLToPath(new URL('../../server/api/tests/fixtures/tenants', import.meta.url));
/** How many lines of a process's output are kept to explain a failure. */
const KEPT_LINES = 40;
const START_TIMEOUT_MS = 60_000;
/**
 * Node's on-disk cache of compiled modules, shared by every process started here: the crash tests
 * start a hundred API processes, and a start compiles the whole server (about 1.2 s of CPU without
 * the cache, 0.7 s with it, measured on this 2-core machine under load).
 */
const COMPILE_CACHE = process.env['NODE_COMPILE_CACHE'] ?? join(tmpdir(), 'storefronts-compile-cache');

export interface ApiProcess {
  url: string;
  pid: number;
  /** Requests answered so far, counted from its request log. */
  answered(): number;
  /** Sends `signal` and waits for the process to end. */
  end(signal: NodeJS.Signals): Promise<void>;
}

/**
 * `node server/api/main.ts` in a child process on loopback `port` with `env` added (TENANTS_DIR,
 * DATA_DIR or DATABASE_URL, …); resolves once it listens. Its output is read as it comes, so a busy
 * request log never blocks it, and the last lines explain a start that failed.
 */
export function startApiProcess(port: number, env: Record<string, string>): Promise<ApiProcess> {
  const child: ChildProcess = spawn(process.execPath, [API_MAIN], {
    cwd: root,
    env: { ...process.env, NODE_COMPILE_CACHE: COMPILE_CACHE, API_PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  let answered = 0;
  let partial = '';
  let listening = false;
  let onListening: () => void = () => undefined;
  const read = (chunk: string) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      // The request log: `POST /api/order/place-order 200 3.1ms host`.
      if (/^(GET|POST|OPTIONS|HEAD) \S+ \d{3} /.test(line)) answered += 1;
      else output.push(line);
      if (!listening && line.includes(' retailer(s) on http://')) {
        listening = true;
        onListening();
      }
    }
    output.splice(0, Math.max(0, output.length - KEPT_LINES));
  };
  child.stdout?.setEncoding('utf8').on('data', read);
  child.stderr?.setEncoding('utf8').on('data', read);

  const ended = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const api: ApiProcess = {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    answered: () => answered,
    async end(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await ended;
    },
  };
  return new Promise<ApiProcess>((resolve, reject) => {
    const fail = (why: string) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`API process on port ${port} ${why}:\n${output.join('\n')}`));
    };
    const timer = setTimeout(() => fail(`did not listen within ${START_TIMEOUT_MS / 1000} s`), START_TIMEOUT_MS);
    const onExit = (code: number | null) => fail(`exited with ${code}`);
    onListening = () => {
      clearTimeout(timer);
      child.off('exit', onExit);
      resolve(api);
    };
    child.once('exit', onExit);
  });
}
