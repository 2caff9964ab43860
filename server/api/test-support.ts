import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import type { orderPayloadSchema, cartProductSchema } from '../../src/lib/cart/schemas.ts';
import { createApiServer, type ApiServer, type ApiServerOptions } from './server.ts';

/** Contract-test support: a real API over real HTTP on a free port, with its SQLite file in a temp folder. */

export const FIXTURE_TENANTS = fileURLToPath(new URL('./fixtures/tenants', import.meta.url));
export const HOST = 'order.testpizza.example';
export const INACTIVE_HOST = 'order.closedpizza.example';
export const RETAILER_ID = 9001;
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

export const TABLES = ['orders', 'order_products', 'order_statuses', 'customers', 'sessions', 'mailing_list', 'error_logs', 'table_bookings', 'clock_overrides'] as const;

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

type CartLine = z.input<typeof cartProductSchema>;
type OrderBody = z.input<typeof orderPayloadSchema>;

const small = { retailerProductSizeId: 11, productGroupId: 1, productSizeId: 1, name: 'Small', price: 12, defaultProductPrice: 12 };
const large = { retailerProductSizeId: 12, productGroupId: 1, productSizeId: 2, name: 'Large', price: 18, defaultProductPrice: 18 };

/** A cart line of the fixture menu: a small Margherita ($12) unless told otherwise. */
export function cartLine(uuid: string, overrides: Partial<CartLine> = {}): CartLine {
  return { uuid, productId: 101, productGroupId: 1, productName: 'Margherita', size: small, quantity: 1, historicPrice: 12, timeStamp: 1_900_000_000_000, ...overrides };
}

/** Large Margherita with extra mozzarella and a thick crust: 18 + 2 + 1.50. */
export function loadedLine(uuid: string): CartLine {
  return cartLine(uuid, {
    size: large,
    historicPrice: 21.5,
    extras: [{ ingredientId: 41, name: 'Mozzarella', quantity: 1, price: 2 }],
    options: [{ retailerProductOptionId: 31, retailerProductOptionChoiceId: 312, name: 'Thick' }],
  });
}

/** Large half Margherita, half Pepperoni: 18 / 2 + 20 / 2 + 2 surcharge. */
export function halfHalfLine(uuid: string): CartLine {
  return cartLine(uuid, {
    size: large,
    isHalfHalf: true,
    historicPrice: 21,
    secondHalf: { productId: 102, productGroupId: 1, productName: 'Pepperoni', size: large },
  });
}

export function orderBody(products: CartLine[], overrides: Partial<OrderBody> = {}): OrderBody {
  return {
    encryptedOrderId: null,
    retailerId: RETAILER_ID,
    extraOrderNotes: '',
    createDate: '2030-03-05T20:00:00+11:00',
    currentOrderStatusTypeId: 1,
    lastOrderStatusUpdate: '2030-03-05T20:00:00+11:00',
    isPickup: false,
    historicDeliveryFee: 5.5,
    historicDeliveryWaitTime: 30,
    orderForLater: false,
    orderForLaterRequestDateTime: null,
    closedDate: false,
    orderPlatformSourceId: 1,
    source: 'web-storefront',
    products,
    ...overrides,
  };
}

export function operatorHeaders(token = OPERATOR_TOKEN): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}
