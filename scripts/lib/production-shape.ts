import { testDatabases, type TestDatabases } from '../../server/api/store/postgres-test-databases.ts';
import { freePort } from '../../tests/e2e/free-port.ts';
import { FIXTURE_TENANTS, startApiProcess, type ApiProcess } from './api-process.ts';
import { apiBalancingConfig } from './nginx-config.ts';
import { NGINX, NO_NGINX, startNginx, type NginxProcess } from './nginx-process.ts';

export { FIXTURE_TENANTS } from './api-process.ts';

export interface ProductionShapeOptions {
  /** API processes behind nginx; default 2. */
  apiProcesses?: number;
  /** Default the API's test fixtures (server/api/tests/fixtures/tenants). */
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
  /** The process ids of the API processes and of nginx's master, for what they cost. */
  pids(): { api: number[]; nginx: number };
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

interface Slot {
  port: number;
  running: ApiProcess | null;
}

/**
 * The production shape on one machine, for tests and the load check: a fresh PostgreSQL database
 * (dropped after), N API processes (`node server/api/main.ts`, each its own port, all on that
 * database, as deploy/nginx/production.conf expects them) and nginx in front with the generated
 * balancing config, in a temp prefix of its own on a free port.
 */
export async function startProductionShape(options: ProductionShapeOptions = {}): Promise<ProductionShape> {
  const count = options.apiProcesses ?? 2;
  if (!Number.isInteger(count) || count < 1)
    throw new Error(`the production shape needs 1 or more API processes, not ${count}`);
  const databases: TestDatabases = await testDatabases();
  if (databases.skipReason) throw new Error(databases.skipReason);
  const slots: Slot[] = [];
  let nginx: NginxProcess | null = null;
  let databaseUrl: string | null = null;

  async function start(slot: Slot, url: string): Promise<void> {
    slot.running = await startApiProcess(slot.port, {
      DATABASE_URL: url,
      TENANTS_DIR: options.tenantsDir ?? FIXTURE_TENANTS,
      API_TRUST_PROXY: '1',
      ...(options.operatorToken ? { OPERATOR_TOKEN: options.operatorToken } : {}),
    });
  }

  async function end(slot: Slot, signal: NodeJS.Signals): Promise<void> {
    const running = slot.running;
    slot.running = null;
    await running?.end(signal);
  }

  async function stop(): Promise<void> {
    await nginx?.stop();
    await Promise.all(slots.map((slot) => end(slot, 'SIGTERM')));
    if (databaseUrl) await databases.drop(databaseUrl);
    await databases.dropAll();
  }

  try {
    const url = await databases.create();
    databaseUrl = url;
    for (let index = 0; index < count; index += 1) slots.push({ port: await freePort(), running: null });
    // The first creates the schema; the others then find it migrated instead of all waiting on the migration lock.
    const [first, ...others] = slots;
    if (first) await start(first, url);
    await Promise.all(others.map((slot) => start(slot, url)));
    nginx = await startNginx((port) =>
      apiBalancingConfig({
        serverNames: ['_'],
        listen: `127.0.0.1:${port}`,
        processes: slots.map((slot) => `127.0.0.1:${slot.port}`),
      }),
    );
    const { port, pid } = nginx;
    const at = (index: number): Slot => {
      const slot = slots[index];
      if (!slot) throw new Error(`no API process ${index}: there are ${slots.length}`);
      return slot;
    };
    return {
      url: `http://127.0.0.1:${port}`,
      apiUrls: slots.map((slot) => `http://127.0.0.1:${slot.port}`),
      databaseUrl: url,
      answered: (index) => at(index).running?.answered() ?? 0,
      pids: () => ({ api: slots.flatMap((slot) => (slot.running ? [slot.running.pid] : [])), nginx: pid }),
      kill: (index) => end(at(index), 'SIGKILL'),
      async restart(index) {
        const slot = at(index);
        await end(slot, 'SIGTERM');
        await start(slot, url);
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
