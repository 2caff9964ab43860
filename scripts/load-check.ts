/**
 * `node scripts/load-check.ts [--requests 2000] [--clients 50]`: create/update-order traffic
 * against a fresh reference API (its own process, a temp database) on loopback. Prints latency
 * percentiles and throughput, then checks every order made is stored with its last cart.
 * Exits 1 when a request failed or an order is missing or wrong.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { apiCalls } from '../src/lib/api/contract.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const FIXTURE_TENANTS = join(root, 'server/api/fixtures/tenants');
const HOST = 'order.testpizza.example';
const RETAILER_ID = 9001;
const UPDATES_PER_ORDER = 3;

const { values } = parseArgs({ options: { requests: { type: 'string', default: '2000' }, clients: { type: 'string', default: '50' } } });
const totalRequests = Number(values.requests);
const clients = Number(values.clients);
if (!Number.isInteger(totalRequests) || totalRequests < 1 || !Number.isInteger(clients) || clients < 1) {
  console.error('load-check: --requests and --clients expect whole numbers of 1 or more');
  process.exit(2);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const small = { retailerProductSizeId: 11, productGroupId: 1, productSizeId: 1, name: 'Small', price: 12, defaultProductPrice: 12 };
const large = { retailerProductSizeId: 12, productGroupId: 1, productSizeId: 2, name: 'Large', price: 18, defaultProductPrice: 18 };

function cartLine(uuid: string, step: number) {
  const isLarge = step % 2 === 1;
  return {
    uuid,
    productId: step % 3 === 2 ? 102 : 101,
    productGroupId: 1,
    productName: step % 3 === 2 ? 'Pepperoni' : 'Margherita',
    size: isLarge ? large : small,
    quantity: 1 + (step % 4),
    historicPrice: isLarge ? 18 : 12,
    timeStamp: 1_900_000_000_000 + step,
    extras: step % 2 === 0 ? [{ ingredientId: 41, name: 'Mozzarella', quantity: 1, price: 2 }] : [],
  };
}

function orderBody(encryptedOrderId: string | null, lines: ReturnType<typeof cartLine>[]) {
  return {
    encryptedOrderId,
    retailerId: RETAILER_ID,
    createDate: '2030-03-05T20:00:00+11:00',
    currentOrderStatusTypeId: 1,
    lastOrderStatusUpdate: '2030-03-05T20:00:00+11:00',
    isPickup: lines.length % 2 === 0,
    historicDeliveryFee: 5.5,
    historicDeliveryWaitTime: 30,
    orderForLater: false,
    orderForLaterRequestDateTime: null,
    orderPlatformSourceId: 1,
    source: 'load-check',
    products: lines,
  };
}

interface OrderRecord {
  encryptedOrderId: string;
  uuids: string[];
}

const latencies: number[] = [];
const failures: string[] = [];
const orders: OrderRecord[] = [];
let sent = 0;
let creates = 0;

async function post(baseUrl: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<unknown> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-retailer-domain': HOST, ...headers },
    body: JSON.stringify(body),
  });
  const json: unknown = await response.json();
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(json)}`);
  return json;
}

/** One customer tab: creates an order, updates it a few times, starts the next, until the shared budget is spent. */
async function runClient(baseUrl: string, client: number): Promise<void> {
  let current: OrderRecord | null = null;
  let updates = 0;
  let step = 0;
  while (sent < totalRequests) {
    sent += 1;
    step += 1;
    const started = performance.now();
    try {
      if (!current || updates === UPDATES_PER_ORDER) {
        const uuids = [`c${client}-s${step}-a`, `c${client}-s${step}-b`];
        const answer = apiCalls.createOrder.response.parse(
          await post(baseUrl, apiCalls.createOrder.path, orderBody(null, uuids.map((uuid, index) => cartLine(uuid, step + index))), { 'idempotency-key': `load-${client}-${step}` }),
        );
        creates += 1;
        current = { encryptedOrderId: answer.encryptedOrderId, uuids };
        orders.push(current);
        updates = 0;
      } else {
        const uuids = [...current.uuids.slice(1), `c${client}-s${step}-u`];
        const answer = apiCalls.updateOrder.response.parse(
          await post(baseUrl, apiCalls.updateOrder.path, orderBody(current.encryptedOrderId, uuids.map((uuid, index) => cartLine(uuid, step + index)))),
        );
        if (!answer.success) throw new Error(`update-order refused: ${answer.message}`);
        current.uuids = uuids;
        updates += 1;
      }
    } catch (error) {
      failures.push((error as Error).message);
    }
    latencies.push(performance.now() - started);
  }
}

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}

async function verify(baseUrl: string, dbPath: string): Promise<{ stored: number; matching: number }> {
  let matching = 0;
  for (const order of orders) {
    const answer = apiCalls.getOrder.response.parse(await post(baseUrl, apiCalls.getOrder.path, { encryptedOrderId: order.encryptedOrderId }));
    const uuids = answer.products.map((product) => product.uuid);
    if (JSON.stringify(uuids) === JSON.stringify(order.uuids)) matching += 1;
    else failures.push(`order ${order.encryptedOrderId} holds ${uuids.join(', ')}, expected ${order.uuids.join(', ')}`);
  }
  const reader = new DatabaseSync(dbPath, { readOnly: true });
  const stored = Number(reader.prepare("SELECT COUNT(*) AS n FROM orders WHERE source = 'load-check'").get()?.['n']);
  reader.close();
  return { stored, matching };
}

const dataDir = mkdtempSync(join(tmpdir(), 'load-check-'));
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const api = spawn(process.execPath, [join(root, 'server/api/main.ts')], {
  cwd: root,
  env: { ...process.env, API_PORT: String(port), DATA_DIR: dataDir, TENANTS_DIR: FIXTURE_TENANTS },
  stdio: ['ignore', 'pipe', 'inherit'],
});
try {
  let output = '';
  api.stdout.setEncoding('utf8');
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: string) => {
      output += chunk;
      if (output.includes('retailer(s) on')) {
        // Keep draining the request log so the server never blocks on a full pipe.
        api.stdout.off('data', onData).resume();
        resolve();
      }
    };
    api.stdout.on('data', onData);
    api.once('exit', (code) => reject(new Error(`the API exited with ${code} before listening:\n${output}`)));
  });

  const started = performance.now();
  await Promise.all(Array.from({ length: clients }, (_, client) => runClient(baseUrl, client)));
  const seconds = (performance.now() - started) / 1000;
  const sorted = [...latencies].sort((a, b) => a - b);
  const trafficFailures = failures.length;

  const { stored, matching } = await verify(baseUrl, join(dataDir, 'api.sqlite'));
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  console.log(`load-check: ${sorted.length} requests (${creates} create, ${sorted.length - creates} update) from ${clients} clients in ${seconds.toFixed(2)} s`);
  console.log(`  throughput  ${(sorted.length / seconds).toFixed(0)} requests/s`);
  console.log(`  latency     p50 ${ms(percentile(sorted, 0.5))}  p95 ${ms(percentile(sorted, 0.95))}  p99 ${ms(percentile(sorted, 0.99))}  max ${ms(sorted.at(-1) ?? Number.NaN)}`);
  console.log(`  errors      ${trafficFailures}`);
  console.log(`  orders      ${orders.length} created, ${stored} in the database, ${matching} read back with their last cart`);
  for (const failure of failures.slice(0, 10)) console.log(`  failure: ${failure}`);
  if (failures.length > 0 || stored !== orders.length || matching !== orders.length) process.exitCode = 1;
} finally {
  if (api.exitCode === null) {
    api.kill('SIGTERM');
    await once(api, 'exit');
  }
  rmSync(dataDir, { recursive: true, force: true });
}
