import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { HOST } from './fixtures/orders.ts';
import { createApiServer, type ApiServer, type ApiServerOptions } from './server.ts';

export { cartLine, halfHalfLine, HOST, lineUuid, loadedLine, orderBody, RETAILER_ID } from './fixtures/orders.ts';
import { lineUuid } from './fixtures/orders.ts';

/** Contract-test support: a real API over real HTTP on a free port, with its SQLite file in a temp folder. */

export const FIXTURE_TENANTS = fileURLToPath(new URL('./fixtures/tenants', import.meta.url));
export const INACTIVE_HOST = 'order.closedpizza.example';
export const WEBSITE_ID = 9101;
export const OPERATOR_TOKEN = 'test-operator-token';

/** Tuesday 5 March 2030, 20:00 in Melbourne: the fixture retailer is open for pickup and delivery. */
export const OPEN_NOW = new Date('2030-03-05T09:00:00Z');

export interface Answer {
  status: number;
  body: unknown;
  headers: Headers;
}

export interface CallOptions {
  method?: string;
  body?: unknown;
  /** Sent as is, not JSON-encoded. */
  rawBody?: string;
  headers?: Record<string, string>;
  /** The x-retailer-domain header; null leaves it out. */
  domain?: string | null;
}

export interface TestApi {
  api: ApiServer;
  url: string;
  dir: string;
  dbPath: string;
  call(path: string, options?: CallOptions): Promise<Answer>;
  /** Rows per table, read through a connection of its own. */
  counts(): Record<string, number>;
  /** Closes the API; the folder stays for a restart. */
  close(): Promise<void>;
  /** Closes the API and deletes its folder. */
  dispose(): Promise<void>;
}

export const TABLES = ['orders', 'order_products', 'order_statuses', 'customers', 'sessions', 'mailing_list', 'error_logs', 'table_bookings', 'clock_overrides', 'password_resets'] as const;

export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'api-test-'));
}

export async function startTestApi(options: Partial<ApiServerOptions> & { dir?: string } = {}): Promise<TestApi> {
  const dir = options.dir ?? tempDir();
  const dbPath = join(dir, 'api.sqlite');
  const api = await createApiServer({ tenantsDir: FIXTURE_TENANTS, dbPath, now: () => OPEN_NOW, log: false, operatorToken: OPERATOR_TOKEN, ...options });
  const { url } = await api.listen(0, '127.0.0.1');

  async function call(path: string, { method, body, rawBody, headers = {}, domain = HOST }: CallOptions = {}): Promise<Answer> {
    const sent: Record<string, string> = { ...headers };
    if (domain !== null) sent['x-retailer-domain'] = domain;
    const payload = rawBody ?? (body === undefined ? undefined : JSON.stringify(body));
    if (payload !== undefined) sent['content-type'] ??= 'application/json';
    const response = await fetch(`${url}${path}`, { method: method ?? (payload === undefined ? 'GET' : 'POST'), headers: sent, body: payload ?? null });
    const text = await response.text();
    return { status: response.status, body: text === '' ? null : JSON.parse(text), headers: response.headers };
  }

  function counts(): Record<string, number> {
    const reader = new DatabaseSync(dbPath, { readOnly: true });
    try {
      return Object.fromEntries(TABLES.map((table) => [table, Number(reader.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get()?.['n'])]));
    } finally {
      reader.close();
    }
  }

  return {
    api,
    url,
    dir,
    dbPath,
    call,
    counts,
    close: () => api.close(),
    async dispose() {
      await api.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Cart line uuids unique across the tests of a file, which share one database: `uuid('a')`. */
export function uuidSequence(): (name: string) => string {
  let sequence = 0;
  return (name) => lineUuid(`${name}-${(sequence += 1)}`);
}

/** A customer's or anyone's session token as the storefront sends it. */
export const bearer = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}` });

export function operatorHeaders(token = OPERATOR_TOKEN): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}
