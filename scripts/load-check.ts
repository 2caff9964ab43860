/**
 * `node scripts/load-check.ts [--requests 2000] [--clients 50]`: create/update-order traffic
 * against a fresh reference API (its own process, a temp database) on loopback. Prints latency
 * percentiles and throughput, then checks every order made is stored with its last cart.
 * Exits 1 when a request failed or an order is missing or wrong.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { apiCalls } from '../src/lib/api/contract.ts';
import { cartLine, HOST, orderBody, pizzaSizes } from '../server/api/fixtures/orders.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const FIXTURE_TENANTS = join(root, 'server/api/fixtures/tenants');
const UPDATES_PER_ORDER = 3;

const { values } = parseArgs({ options: { requests: { type: 'string', default: '2000' }, clients: { type: 'string', default: '50' } } });
const totalRequests = Number(values.requests);
const clients = Number(values.clients);
if (!Number.isInteger(totalRequests) || totalRequests < 1 || !Number.isInteger(clients) || clients < 1) {
  console.error('load-check: --requests and --clients expect whole numbers of 1 or more');
  process.exit(2);
}

/** A different cart line for each step, so prices, extras and both order types are exercised. */
function lineFor(uuid: string, step: number) {
  return cartLine(uuid, {
    ...(step % 3 === 2 ? { productId: 102, productName: 'Pepperoni' } : {}),
    ...(step % 2 === 1 ? { size: pizzaSizes.large } : {}),
    quantity: 1 + (step % 4),
    extras: step % 2 === 0 ? [{ ingredientId: 41, name: 'Mozzarella', quantity: 1, price: 2 }] : [],
  });
}

function orderFor(encryptedOrderId: string | null, lines: ReturnType<typeof lineFor>[]) {
  return orderBody(lines, { encryptedOrderId, isPickup: lines.length % 2 === 0, source: 'load-check' });
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
        // Real UUIDs, as the browser makes them: the API refuses anything else.
        const uuids = [randomUUID(), randomUUID()];
        const answer = apiCalls.createOrder.response.parse(
          await post(baseUrl, apiCalls.createOrder.path, orderFor(null, uuids.map((uuid, index) => lineFor(uuid, step + index))), { 'idempotency-key': `load-${client}-${step}` }),
        );
        creates += 1;
        current = { encryptedOrderId: answer.encryptedOrderId, uuids };
        orders.push(current);
        updates = 0;
      } else {
        const uuids = [...current.uuids.slice(1), randomUUID()];
        const answer = apiCalls.updateOrder.response.parse(
          await post(baseUrl, apiCalls.updateOrder.path, orderFor(current.encryptedOrderId, uuids.map((uuid, index) => lineFor(uuid, step + index)))),
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
const api = spawn(process.execPath, [join(root, 'server/api/main.ts')], {
  cwd: root,
  env: { ...process.env, API_PORT: '0', DATA_DIR: dataDir, TENANTS_DIR: FIXTURE_TENANTS },
  stdio: ['ignore', 'pipe', 'inherit'],
});
try {
  let output = '';
  api.stdout.setEncoding('utf8');
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: string) => {
      output += chunk;
      const port = /retailer\(s\) on http:\/\/localhost:(\d+)/.exec(output)?.[1];
      if (port) {
        // Keep draining the request log so the server never blocks on a full pipe.
        api.stdout.off('data', onData).resume();
        resolve(`http://127.0.0.1:${port}`);
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
