/**
 * `npm run load-check -- [--requests 2000] [--clients 50] [--shape sqlite|postgres] [--api-processes 2] [--shops 1]`:
 * order traffic on loopback, each client making an order, updating it three times and placing it,
 * then the next, at one of `--shops` copies of the fixture shop (client i at shop i mod shops). `--shape sqlite` (the default) is one API process on a fresh SQLite file;
 * `--shape postgres` is the production shape on one machine: `--api-processes` API processes (2
 * unless told) behind nginx on a fresh PostgreSQL database (scripts/lib/production-shape.ts).
 * Prints throughput and latency percentiles of create, update and place-order apiece, and the CPU
 * each part took; then reads every order back and checks it holds its last cart and, placed, its
 * total. Exits 1 when a request failed or an order is missing or wrong.
 */
import { randomUUID } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { setTimeout as wait } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { z } from 'zod';
import { apiCalls } from '../lib/api/contract.ts';
import { placementTotals } from '../lib/cart/checkout.ts';
import { toDollars } from '../lib/pricing/money.ts';
import { loadTenants } from '../lib/tenant/load.ts';
import { cartLine, HOST, orderBody, pizzaSizes } from '../server/api/tests/fixtures/orders.ts';
import { DATABASE_FILE } from '../server/api/server.ts';
import { postgresPool, sqliteStore } from '../server/api/store/open-store.ts';
import type { Database } from '../server/api/store/schema.ts';
import { serveTenants, tenantDirectory } from '../server/api/services/tenants.ts';
import { freePort } from '../tests/e2e/free-port.ts';
import { alwaysOpenTenants } from './lib/always-open.ts';
import { FIXTURE_TENANTS, startApiProcess } from './lib/api-process.ts';
import { childrenOf, cpuMeter, machineBusySeconds } from './lib/process-cpu.ts';
import { startProductionShape } from './lib/production-shape.ts';

const UPDATES_PER_ORDER = 3;
/** The fixture tenant the load check's shops are copies of. */
const FIXTURE_SHOP = 'test-pizza';
const SOURCE = 'load-check';
const contact = { fullName: 'Load Check', phoneNumber: '0400 000 000', email: 'load@example.com' };

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '2000' },
    clients: { type: 'string', default: '50' },
    shape: { type: 'string', default: 'sqlite' },
    'api-processes': { type: 'string' },
    shops: { type: 'string', default: '1' },
  },
});
const totalRequests = Number(values.requests);
const clients = Number(values.clients);
const shape = values.shape;
const apiProcesses = Number(values['api-processes'] ?? (shape === 'postgres' ? 2 : 1));
const shopCount = Number(values.shops);
function refuse(message: string): never {
  console.error(`load-check: ${message}`);
  process.exit(2);
}
if (!Number.isInteger(totalRequests) || totalRequests < 1 || !Number.isInteger(clients) || clients < 1)
  refuse('--requests and --clients expect whole numbers of 1 or more');
if (shape !== 'sqlite' && shape !== 'postgres') refuse(`--shape is sqlite or postgres, not ${shape}`);
if (!Number.isInteger(apiProcesses) || apiProcesses < 1) refuse('--api-processes expects a whole number of 1 or more');
if (!Number.isInteger(shopCount) || shopCount < 1 || shopCount > 100)
  refuse('--shops expects a whole number from 1 to 100');
if (shape === 'sqlite' && apiProcesses !== 1)
  refuse('--shape sqlite is one API process (one writer on one file); --shape postgres runs several');

type CallKind = 'create' | 'update' | 'place';
const CALL_NAMES: Record<CallKind, string> = { create: 'create-order', update: 'update-order', place: 'place-order' };

/** A different cart line for each step, so prices, extras and both sizes are exercised. */
function lineFor(uuid: string, step: number) {
  return cartLine(uuid, {
    ...(step % 3 === 2 ? { productId: 102, productName: 'Pepperoni' } : {}),
    ...(step % 2 === 1 ? { size: pizzaSizes.large } : {}),
    quantity: 1 + (step % 4),
    extras: step % 2 === 0 ? [{ ingredientId: 41, name: 'Mozzarella', quantity: 1, price: 2 }] : [],
  });
}

type Line = ReturnType<typeof lineFor>;

/** One copy of the fixture shop: the host its calls name and its prices. */
interface Shop {
  host: string;
  retailerId: number;
  /** The total the shop charges for these lines, picked up now. */
  totalOf(lines: Line[]): number;
}

/** Pickup: two lines always meet its minimum, and the totals need no delivery suburb. */
const orderFor = (shop: Pick<Shop, 'retailerId'>, encryptedOrderId: string | null, lines: Line[]) =>
  orderBody(lines, { encryptedOrderId, retailerId: shop.retailerId, isPickup: true, source: SOURCE });

/**
 * The fixture shop and `count - 1` copies of it under other retailer ids and hosts, each trading
 * all day (the API runs on the real clock): writes of different shops never wait for one another.
 */
async function loadShops(tenantsDir: string, count: number): Promise<Shop[]> {
  await alwaysOpenTenants(FIXTURE_TENANTS, tenantsDir);
  const hosts = [HOST];
  for (let copy = 1; copy < count; copy += 1) {
    const folder = join(tenantsDir, `load-check-${copy}`);
    await cp(join(tenantsDir, FIXTURE_SHOP), folder, { recursive: true });
    const edit = async (file: string, change: (json: Record<string, unknown>) => void) => {
      const json = z.record(z.string(), z.unknown()).parse(JSON.parse(await readFile(join(folder, file), 'utf8')));
      change(json);
      await writeFile(join(folder, file), JSON.stringify(json));
    };
    const host = `shop-${copy}.load-check.example`;
    const websiteId = 60_000 + copy * 10;
    hosts.push(host);
    await edit('retailer-config.json', (config) =>
      Object.assign(config, { retailerId: 50_000 + copy, retailerWebsiteId: websiteId }),
    );
    await edit('tenant.json', (settings) => Object.assign(settings, { hosts: [host], retailerWebsiteId: websiteId }));
    await writeFile(join(folder, 'websites.json'), '[]');
  }
  const directory = tenantDirectory(serveTenants((await loadTenants(tenantsDir)).tenants).served);
  return hosts.map((host) => {
    const served = directory.byDomain(host);
    if (!served) refuse(`the load check's tenants serve no ${host}`);
    const shop = { host, retailerId: served.tenant.config.retailerId };
    return {
      ...shop,
      totalOf: (lines: Line[]) =>
        placementTotals(
          apiCalls.createOrder.body.parse(orderFor(shop, null, lines)),
          served.tenant,
          served.catalogue,
          new Date(),
          null,
        ).total,
    };
  });
}

interface OrderRecord {
  shop: Shop;
  encryptedOrderId: string;
  lines: Line[];
  updates: number;
  /** The total place-order was sent with, once placed. */
  placedTotalCents: number | null;
}

/** What the load runs against: where to send it, the processes that serve it, the database behind it. */
interface Target {
  description: string;
  url: string;
  /** The processes whose CPU is reported, by part. */
  processes(): Record<string, readonly number[]>;
  /** Notes processes that appeared since: PostgreSQL's backends, opened as the pools grow. */
  refresh(): Promise<void>;
  /** Starts watching what the writes wait for; the function it answers stops and says what it saw. */
  watchWaits(): () => Promise<string | null>;
  openDatabase(): Kysely<Database>;
  stop(): Promise<void>;
}

async function sqliteTarget(tenantsDir: string): Promise<Target> {
  const dataDir = await mkdtemp(join(tmpdir(), 'load-check-'));
  const api = await startApiProcess(await freePort(), { DATA_DIR: dataDir, TENANTS_DIR: tenantsDir });
  return {
    description: 'one API process on SQLite',
    url: api.url,
    processes: () => ({ 'API process (SQLite in it)': [api.pid] }),
    refresh: () => Promise.resolve(),
    // One process, one connection: its writes queue in the process, where nothing outside can see them.
    watchWaits: () => () => Promise.resolve(null),
    openDatabase: () => sqliteStore(new DatabaseSync(join(dataDir, DATABASE_FILE), { readOnly: true })),
    async stop() {
      await api.end('SIGTERM');
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function postgresTarget(tenantsDir: string): Promise<Target> {
  const production = await startProductionShape({ apiProcesses, tenantsDir });
  const database = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: postgresPool(production.databaseUrl, 1) }),
  });
  // The backends serving the API's connections, found again before each reading: the pools open them as load grows.
  let backends: number[] = [];
  const findBackends = async () => {
    const rows = await sql<{
      pid: number;
    }>`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`.execute(
      database,
    );
    backends = [...new Set([...backends, ...rows.rows.map((row) => row.pid)])];
  };
  return {
    description: `${apiProcesses} API process${apiProcesses === 1 ? '' : 'es'} behind nginx on PostgreSQL`,
    url: production.url,
    processes: () => {
      const { api, nginx } = production.pids();
      return { 'API processes': api, PostgreSQL: backends, nginx: [nginx, ...childrenOf(nginx)] };
    },
    openDatabase: () => database,
    refresh: findBackends,
    watchWaits() {
      // The retailer's advisory lock (store/transaction.ts) orders its write transactions across every process.
      let watching = true;
      let samples = 0;
      let held = 0;
      let waiting = 0;
      const sampling = (async () => {
        while (watching) {
          const { rows } = await sql<{
            held: number;
            waiting: number;
          }>`SELECT count(*) FILTER (WHERE granted)::int AS held, count(*) FILTER (WHERE NOT granted)::int AS waiting
            FROM pg_locks WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`.execute(
            database,
          );
          samples += 1;
          if ((rows[0]?.held ?? 0) > 0) held += 1;
          waiting += rows[0]?.waiting ?? 0;
          await wait(10);
        }
      })();
      return async () => {
        watching = false;
        await sampling;
        const share = samples === 0 ? 0 : (100 * held) / samples;
        return `a shop's write lock was held in ${share.toFixed(0)} % of ${samples} looks, with ${(samples === 0 ? 0 : waiting / samples).toFixed(1)} transactions waiting for one on average`;
      };
    },
    async stop() {
      await database.destroy();
      await production.stop();
    },
  };
}

const latencies: Record<CallKind, number[]> = { create: [], update: [], place: [] };
const failures: string[] = [];
const orders: OrderRecord[] = [];
let sent = 0;

async function post(
  baseUrl: string,
  shop: Shop,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<unknown> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-retailer-domain': shop.host, ...headers },
    body: JSON.stringify(body),
  });
  const json: unknown = await response.json();
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(json)}`);
  return json;
}

/** One customer tab: makes an order, updates it, places it, starts the next, until the shared budget is spent. */
async function runClient(baseUrl: string, client: number, shop: Shop): Promise<void> {
  let current: OrderRecord | null = null;
  let step = 0;
  while (sent < totalRequests) {
    sent += 1;
    step += 1;
    const kind: CallKind = current === null ? 'create' : current.updates < UPDATES_PER_ORDER ? 'update' : 'place';
    const started = performance.now();
    try {
      if (current === null) {
        // Real UUIDs, as the browser makes them: the API refuses anything else.
        const lines = [randomUUID(), randomUUID()].map((uuid, index) => lineFor(uuid, step + index));
        const answer = apiCalls.createOrder.response.parse(
          await post(baseUrl, shop, apiCalls.createOrder.path, orderFor(shop, null, lines), {
            'idempotency-key': `load-${client}-${step}`,
          }),
        );
        current = { shop, encryptedOrderId: answer.encryptedOrderId, lines, updates: 0, placedTotalCents: null };
        orders.push(current);
      } else if (kind === 'update') {
        const lines = [...current.lines.slice(1).map((line) => line.uuid), randomUUID()].map((uuid, index) =>
          lineFor(uuid, step + index),
        );
        const answer = apiCalls.updateOrder.response.parse(
          await post(baseUrl, shop, apiCalls.updateOrder.path, orderFor(shop, current.encryptedOrderId, lines)),
        );
        if (!answer.success) throw new Error(`update-order refused: ${answer.message}`);
        current.lines = lines;
        current.updates += 1;
      } else {
        const order = current;
        current = null;
        const totalCents = shop.totalOf(order.lines);
        const body = {
          order: orderFor(shop, order.encryptedOrderId, order.lines),
          contact,
          delivery: null,
          paymentMethod: 'cash',
          expectedTotal: toDollars(totalCents),
        };
        apiCalls.placeOrder.response.parse(await post(baseUrl, shop, apiCalls.placeOrder.path, body));
        order.placedTotalCents = totalCents;
      }
    } catch (error) {
      failures.push(`${CALL_NAMES[kind]}: ${(error as Error).message}`);
    }
    latencies[kind].push(performance.now() - started);
  }
}

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}

async function verify(
  baseUrl: string,
  database: Kysely<Database>,
): Promise<{ stored: number; placedStored: number; matching: number }> {
  let matching = 0;
  for (const order of orders) {
    const answer = apiCalls.getOrder.response.parse(
      await post(baseUrl, order.shop, apiCalls.getOrder.path, { encryptedOrderId: order.encryptedOrderId }),
    );
    const uuids = answer.products.map((product) => product.uuid).join(', ');
    const expected = order.lines.map((line) => line.uuid).join(', ');
    const total = answer.placement === null ? null : Math.round(answer.placement.total * 100);
    if (uuids === expected && total === order.placedTotalCents) matching += 1;
    else
      failures.push(
        `order ${order.encryptedOrderId} holds ${uuids} placed at ${total}, expected ${expected} placed at ${order.placedTotalCents}`,
      );
  }
  const count = async (placed: boolean) => {
    let query = database
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('source', '=', SOURCE);
    if (placed) query = query.where('placed_at', 'is not', null);
    return Number((await query.executeTakeFirstOrThrow()).n);
  };
  return { stored: await count(false), placedStored: await count(true), matching };
}

const tenantsDir = await mkdtemp(join(tmpdir(), 'load-check-tenants-'));
const shops = await loadShops(tenantsDir, shopCount);

let target: Target | null = null;
try {
  target = shape === 'postgres' ? await postgresTarget(tenantsDir) : await sqliteTarget(tenantsDir);
  const { url } = target;
  const running = target;
  const meter = cpuMeter(() => ({ ...running.processes(), 'load generator': [process.pid] }));
  await running.refresh();
  meter.start();
  const busyBefore = machineBusySeconds();
  const stopWatching = running.watchWaits();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, (_, client) => {
      const shop = shops[client % shops.length];
      return shop ? runClient(url, client, shop) : Promise.resolve();
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const waits = await stopWatching();
  await running.refresh();
  const cpu = meter.took();
  const busy = machineBusySeconds() - busyBefore;
  const trafficFailures = failures.length;

  const database = target.openDatabase();
  const { stored, placedStored, matching } = await verify(url, database);
  if (shape === 'sqlite') await database.destroy();

  const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(9);
  const all = Object.values(latencies).flat();
  const placed = orders.filter((order) => order.placedTotalCents !== null).length;
  console.log(
    `load-check: ${target.description}, ${all.length} requests from ${clients} clients at ${shops.length} shop${shops.length === 1 ? '' : 's'} in ${seconds.toFixed(2)} s (${(all.length / seconds).toFixed(0)} requests/s)`,
  );
  console.log(
    `  ${'call'.padEnd(13)} ${'requests'.padStart(8)} ${'per s'.padStart(6)} ${'p50'.padStart(9)} ${'p95'.padStart(9)} ${'p99'.padStart(9)} ${'max'.padStart(9)}`,
  );
  for (const [kind, times] of [...Object.entries(latencies), ['all', all]] as const) {
    const sorted = [...times].sort((a, b) => a - b);
    const name = kind in CALL_NAMES ? CALL_NAMES[kind as CallKind] : kind;
    console.log(
      `  ${name.padEnd(13)} ${String(sorted.length).padStart(8)} ${(sorted.length / seconds).toFixed(0).padStart(6)} ${ms(percentile(sorted, 0.5))} ${ms(percentile(sorted, 0.95))} ${ms(percentile(sorted, 0.99))} ${ms(sorted.at(-1) ?? Number.NaN)}`,
    );
  }
  const parts = Object.entries(cpu).map(([name, used]) => `${name} ${used.toFixed(2)} s`);
  const theirs = Object.values(cpu).reduce((sum, used) => sum + used, 0);
  console.log(
    `  CPU           ${parts.join(', ')}; other work ${Math.max(0, busy - theirs).toFixed(2)} s (machine busy ${busy.toFixed(2)} s of ${seconds.toFixed(2)} s wall)`,
  );
  if (waits) console.log(`  waits         ${waits}`);
  console.log(`  errors        ${trafficFailures}`);
  console.log(
    `  orders        ${orders.length} created, ${stored} in the database, ${placed} placed (${placedStored} in the database), ${matching} read back with their last cart and total`,
  );
  for (const failure of failures.slice(0, 10)) console.log(`  failure: ${failure}`);
  if (failures.length > 0 || stored !== orders.length || placedStored !== placed || matching !== orders.length)
    process.exitCode = 1;
} finally {
  await target?.stop();
  await rm(tenantsDir, { recursive: true, force: true });
}
