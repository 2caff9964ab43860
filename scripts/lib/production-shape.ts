import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { testDatabases, type TestDatabases } from '../../server/api/store/postgres-test-databases.ts';
import { freePort } from '../../tests/e2e/free-port.ts';
import { apiBalancingConfig } from './nginx-config.ts';
import { NGINX, NO_NGINX, startNginx, type NginxProcess } from './nginx-process.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const API_MAIN = fileURLToPath(new URL('../../server/api/main.ts', import.meta.url));
export const FIXTURE_TENANTS = fileURLToPath(new URL('../../server/api/fixtures/tenants', import.meta.url));
/** How many lines of a process's output are kept to explain a failure. */
const KEPT_LINES = 40;
const START_TIMEOUT_MS = 60_000;

export interface ProductionShapeOptions {
  /** API processes behind nginx; default 2. */
  apiProcesses?: number;
  /** Default the API's test fixtures (server/api/fixtures/tenants). */
  tenantsDir?: string;
  /** The operator token of every process. */
  operatorToken?: string;
}

export interface ProductionShape {
  /** nginx, in front of every API process. */
  url: string;
  /** Each API process directly. */
  apiUrls: readonly string[];
  /** The PostgreSQL database they share, dropped by stop(). */
  databaseUrl: string;
  /** Requests each API process has answered since it (re)started, from its request log. */
  answered(index: number): number;
  /** SIGKILL: the process dies mid-request, as a crash or the OOM killer would end it. */
  kill(index: number): Promise<void>;
  /** Starts the process again on its port; resolves once it listens. */
  restart(index: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Why the production shape cannot run here (no nginx, no PostgreSQL answering), or null. Checked
 * before a test file declares its tests, so a skip names its reason.
 */
export async function productionShapeSkipReason(): Promise<string | null> {
  if (!NGINX) return NO_NGINX;
  const databases = await testDatabases();
  await databases.dropAll();
  return databases.skipReason;
}

interface ApiProcess {
  port: number;
  child: ChildProcess | null;
  answered: number;
  output: string[];
}

/**
 * The production shape on one machine, for tests and the load check: a fresh PostgreSQL database
 * (dropped after), N API processes (`node server/api/main.ts`, each its own port, all on that
 * database, as deploy/nginx/production.conf expects them) and nginx in front with the generated
 * balancing config, in a temp prefix of its own on a free port.
 */
export async function startProductionShape(options: ProductionShapeOptions = {}): Promise<ProductionShape> {
  const count = options.apiProcesses ?? 2;
  if (!Number.isInteger(count) || count < 1) throw new Error(`the production shape needs 1 or more API processes, not ${count}`);
  const databases: TestDatabases = await testDatabases();
  if (databases.skipReason) throw new Error(databases.skipReason);
  const processes: ApiProcess[] = [];
  let nginx: NginxProcess | null = null;
  let databaseUrl: string | null = null;

  function start(api: ApiProcess, url: string): Promise<void> {
    const child = spawn(process.execPath, [API_MAIN], {
      cwd: root,
      env: {
        ...process.env,
        API_PORT: String(api.port),
        HOST: '127.0.0.1',
        DATABASE_URL: url,
        TENANTS_DIR: options.tenantsDir ?? FIXTURE_TENANTS,
        API_TRUST_PROXY: '1',
        ...(options.operatorToken ? { OPERATOR_TOKEN: options.operatorToken } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    api.child = child;
    api.answered = 0;
    api.output = [];
    let partial = '';
    const keep = (chunk: string) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        // The request log: `POST /api/order/place-order 200 3.1ms host`.
        if (/^(GET|POST|OPTIONS|HEAD) \S+ \d{3} /.test(line)) api.answered += 1;
        else api.output.push(line);
      }
      api.output.splice(0, Math.max(0, api.output.length - KEPT_LINES));
    };
    child.stdout?.setEncoding('utf8').on('data', keep);
    child.stderr?.setEncoding('utf8').on('data', keep);
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => fail(`did not listen within ${START_TIMEOUT_MS / 1000} s`), START_TIMEOUT_MS);
      const fail = (why: string) => {
        clearTimeout(timer);
        child.kill('SIGKILL');
        reject(new Error(`API process on port ${api.port} ${why}:\n${api.output.join('\n')}`));
      };
      const onData = () => {
        if (!api.output.some((line) => line.includes(` retailer(s) on http://`))) return;
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        child.off('exit', onExit);
        resolve();
      };
      const onExit = (code: number | null) => fail(`exited with ${code}`);
      child.stdout?.on('data', onData);
      child.once('exit', onExit);
    });
  }

  async function end(api: ApiProcess, signal: NodeJS.Signals): Promise<void> {
    const child = api.child;
    api.child = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  }

  async function stop(): Promise<void> {
    await nginx?.stop();
    await Promise.all(processes.map((api) => end(api, 'SIGTERM')));
    if (databaseUrl) await databases.drop(databaseUrl);
    await databases.dropAll();
  }

  try {
    const url = await databases.create();
    databaseUrl = url;
    for (let index = 0; index < count; index += 1) processes.push({ port: await freePort(), child: null, answered: 0, output: [] });
    // The first creates the schema; the others then find it migrated instead of all waiting on the migration lock.
    const [first, ...others] = processes;
    if (first) await start(first, url);
    await Promise.all(others.map((api) => start(api, url)));
    nginx = await startNginx((port) => apiBalancingConfig({ serverNames: ['_'], listen: `127.0.0.1:${port}`, processes: processes.map((api) => `127.0.0.1:${api.port}`) }));
    const nginxUrl = `http://127.0.0.1:${nginx.port}`;
    const at = (index: number): ApiProcess => {
      const api = processes[index];
      if (!api) throw new Error(`no API process ${index}: there are ${processes.length}`);
      return api;
    };
    return {
      url: nginxUrl,
      apiUrls: processes.map((api) => `http://127.0.0.1:${api.port}`),
      databaseUrl: url,
      answered: (index) => at(index).answered,
      kill: (index) => end(at(index), 'SIGKILL'),
      async restart(index) {
        const api = at(index);
        await end(api, 'SIGTERM');
        await start(api, url);
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
