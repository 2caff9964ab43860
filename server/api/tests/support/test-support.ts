import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { Kysely, PostgresDialect } from 'kysely';
import { afterAll, beforeAll, describe, onTestFinished } from 'vitest';
import type { z } from 'zod';
import { apiCalls } from '../../../../lib/api/contract.ts';
import { cartLine, HOST, orderBody, pizzaSizes } from '../fixtures/orders.ts';
import { createApiServer, type ApiServer, type ApiServerOptions } from '../../server.ts';
import { postgresPool, sqliteStore, type StoreTarget } from '../../store/open-store.ts';
import { testDatabases, type TestDatabases } from '../../store/postgres-test-databases.ts';
import type { Database } from '../../store/schema.ts';

export { cartLine, halfHalfLine, HOST, lineUuid, loadedLine, orderBody, RETAILER_ID } from '../fixtures/orders.ts';
import { lineUuid } from '../fixtures/orders.ts';

/**
 * Contract-test support: a real API over real HTTP on a free port, with its SQLite file in a temp
 * folder, or on a PostgreSQL database made for it (dropped by dispose).
 */

export const FIXTURE_TENANTS = fileURLToPath(new URL('../fixtures/tenants', import.meta.url));
export const INACTIVE_HOST = 'order.closedpizza.example';
export const WEBSITE_ID = 9101;
export const OPERATOR_TOKEN = 'test-operator-token';
/** BROKER_STAFF_SECRET of every test API; a test broker that admits its staff consoles takes the same. */
export const STAFF_SECRET = 'test-staff-secret';

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

/** The databases the API runs on; a case file runs once per store (apiStores). */
export type TestStore = 'sqlite' | 'postgres';

export interface TestApi {
  api: ApiServer;
  url: string;
  dir: string;
  store: TestStore;
  /** The database the API runs on: its SQLite file or its PostgreSQL database. */
  target: StoreTarget;
  /** The SQLite file; reading it on PostgreSQL throws, so a SQLite-only test cannot pass there by accident. */
  readonly dbPath: string;
  /** The API's database through a connection of the test's own, for what a user cannot see through the API. */
  db: Kysely<Database>;
  call(path: string, options?: CallOptions): Promise<Answer>;
  /** Rows per table, read through the test's own connection. */
  counts(): Promise<Record<string, number>>;
  /** Closes the API; the folder stays for a restart. */
  close(): Promise<void>;
  /** Closes the API and deletes its folder. */
  dispose(): Promise<void>;
}

export const TABLES = [
  'orders',
  'order_products',
  'order_statuses',
  'customers',
  'sessions',
  'mailing_list',
  'error_logs',
  'table_bookings',
  'clock_overrides',
  'password_resets',
  'analytics_hits',
  'analytics_site_counts',
  'staff_accounts',
  'staff_sessions',
  'staff_audit',
  'live_services',
  'sold_out_items',
] as const;

export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'api-test-'));
}

let postgres: Promise<TestDatabases> | null = null;
/** The test run's PostgreSQL server, asked once per test file. */
const postgresDatabases = () => (postgres ??= testDatabases());

/** Each store a case file runs on, with why it is skipped (no PostgreSQL server answered) or null. */
export async function apiStores(): Promise<{ store: TestStore; title: string; skipReason: string | null }[]> {
  const { skipReason } = await postgresDatabases();
  if (skipReason) console.warn(`API tests on PostgreSQL ${skipReason}`);
  return [
    { store: 'sqlite', title: 'on SQLite', skipReason: null },
    { store: 'postgres', title: `on PostgreSQL${skipReason ? ` (${skipReason})` : ''}`, skipReason },
  ];
}

export type TestApiOptions = Partial<ApiServerOptions> & {
  /** Where the SQLite file goes; a temp folder by default. */
  dir?: string;
  store?: TestStore;
  /**
   * Another API process on the database of `other` (its file, or its PostgreSQL database), such as
   * a second process beside it or a restart after `other.close()`. `other` keeps owning the
   * database: its dispose drops it.
   */
  sameDatabaseAs?: TestApi;
};

export async function startTestApi(options: TestApiOptions = {}): Promise<TestApi> {
  const { store: asked = 'sqlite', sameDatabaseAs: owner, dir: chosenDir, ...apiOptions } = options;
  const store = owner?.store ?? asked;
  const dir = chosenDir ?? owner?.dir ?? tempDir();
  const databases = store === 'postgres' && !owner ? await postgresDatabases() : null;
  const target: StoreTarget =
    owner?.target ?? (databases ? { databaseUrl: await databases.create() } : { sqlitePath: join(dir, 'api.sqlite') });
  const api = await createApiServer({
    tenantsDir: FIXTURE_TENANTS,
    ...('databaseUrl' in target ? { databaseUrl: target.databaseUrl } : { dbPath: target.sqlitePath }),
    now: () => OPEN_NOW,
    log: false,
    operatorToken: OPERATOR_TOKEN,
    brokerStaffSecret: STAFF_SECRET,
    // A test looks at the tenant files when it means to (api.refreshTenants()): a look of the timer
    // or of a file change between its steps would answer for it.
    tenantRefreshMs: 60 * 60_000,
    watchTenantFiles: false,
    ...apiOptions,
  });
  const { url } = await api.listen(0, '127.0.0.1');
  const db =
    'databaseUrl' in target
      ? new Kysely<Database>({ dialect: new PostgresDialect({ pool: postgresPool(target.databaseUrl, 2) }) })
      : sqliteStore(new DatabaseSync(target.sqlitePath));

  async function call(
    path: string,
    { method, body, rawBody, headers = {}, domain = HOST }: CallOptions = {},
  ): Promise<Answer> {
    const sent: Record<string, string> = { ...headers };
    if (domain !== null) sent['x-retailer-domain'] = domain;
    const payload = rawBody ?? (body === undefined ? undefined : JSON.stringify(body));
    if (payload !== undefined) sent['content-type'] ??= 'application/json';
    const response = await fetch(`${url}${path}`, {
      method: method ?? (payload === undefined ? 'GET' : 'POST'),
      headers: sent,
      body: payload ?? null,
    });
    const text = await response.text();
    return { status: response.status, body: text === '' ? null : JSON.parse(text), headers: response.headers };
  }

  async function counts(): Promise<Record<string, number>> {
    const rows = await Promise.all(
      TABLES.map((table) =>
        db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow(),
      ),
    );
    return Object.fromEntries(TABLES.map((table, index) => [table, Number(rows[index]?.n)]));
  }

  return {
    api,
    url,
    dir,
    store,
    target,
    get dbPath() {
      if (!('sqlitePath' in target)) throw new Error('this test API runs on PostgreSQL: it has no SQLite file');
      return target.sqlitePath;
    },
    db,
    call,
    counts,
    close: () => api.close(),
    async dispose() {
      await api.close();
      await db.destroy();
      if (databases && 'databaseUrl' in target) await databases.drop(target.databaseUrl);
      // The folder of a database it shares is its owner's to delete.
      if (!owner) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** What the cases of a file get on each store (onEachStore). */
export interface StoreSuite {
  store: TestStore;
  /** The API the cases share: started before the first case on this store, disposed after the last. */
  api: TestApi;
  /**
   * Another API on this store, with a database of its own (or that of `sameDatabaseAs`); disposed
   * when the test that started it ends, so call it inside a test.
   */
  start(options?: Omit<TestApiOptions, 'store'>): Promise<TestApi>;
}

type SharedApiOptions = Omit<TestApiOptions, 'store' | 'sameDatabaseAs'>;

export interface EachStoreOptions {
  /**
   * The shared API's options, or a function answering them for what the file's own beforeAll
   * prepares (a broker, a tenants folder); false when the cases start their own APIs only.
   */
  api?: SharedApiOptions | (() => SharedApiOptions) | false;
}

/**
 * Runs a file's cases once per store (apiStores), each under a describe titled for the store, as
 * Hono runs one case file against every router. The PostgreSQL run is skipped, with the reason in
 * its title, when no PostgreSQL server answers.
 */
export async function onEachStore(cases: (suite: StoreSuite) => void, options: EachStoreOptions = {}): Promise<void> {
  const { api: sharedOptions = {} } = options;
  for (const { store, title, skipReason } of await apiStores()) {
    describe.skipIf(skipReason !== null)(title, () => {
      let shared: TestApi | null = null;
      if (sharedOptions !== false) {
        beforeAll(async () => {
          shared = await startTestApi({
            ...(typeof sharedOptions === 'function' ? sharedOptions() : sharedOptions),
            store,
          });
        });
        afterAll(() => shared?.dispose());
      }
      const current = (): TestApi => {
        if (!shared)
          throw new Error(
            sharedOptions === false
              ? 'onEachStore was told to start no shared API'
              : 'the shared API starts in beforeAll: use it inside a test or hook',
          );
        return shared;
      };
      cases({
        store,
        api: lateBoundApi(current),
        async start(startOptions = {}) {
          const started = await startTestApi({ ...startOptions, store });
          onTestFinished(() => started.dispose());
          return started;
        },
      });
    });
  }
}

/** A TestApi that reads `current()` on each use, so cases can hold it before beforeAll has started the API. */
function lateBoundApi(current: () => TestApi): TestApi {
  return {
    get api() {
      return current().api;
    },
    get url() {
      return current().url;
    },
    get dir() {
      return current().dir;
    },
    get store() {
      return current().store;
    },
    get target() {
      return current().target;
    },
    get dbPath() {
      return current().dbPath;
    },
    get db() {
      return current().db;
    },
    call: (path, callOptions) => current().call(path, callOptions),
    counts: () => current().counts(),
    close: () => current().close(),
    dispose: () => current().dispose(),
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

/** test-pizza's owner and kitchen accounts as the staff tests add them (addTestStaff). */
export const TEST_OWNER: TestStaff = {
  email: 'owner@test-pizza.test',
  password: 'test-pizza-owner',
  name: 'Olive Owner',
  role: 'owner',
};
export const TEST_KITCHEN: TestStaff = {
  email: 'kitchen@test-pizza.test',
  password: 'test-pizza-kitchen',
  name: 'Kit Chen',
  role: 'kitchen',
};
/** other-pizza's owner: staff of another shop, whom test-pizza's calls must not let in. */
export const OTHER_OWNER: TestStaff = {
  email: 'owner@other-pizza.test',
  password: 'other-pizza-owner',
  name: 'Otto Other',
  role: 'owner',
};

export const TEST_CUSTOMER = { fullName: 'Ada Lovelace', phoneNumber: '0400 000 000', email: 'ada@example.com' };

/** What checkout adds to an order's place-order body beyond the cart and the customer: how they pay, and their tip. */
export type CheckoutChoices = Partial<
  Pick<
    z.input<typeof apiCalls.placeOrder.body>,
    'paymentMethod' | 'tip' | 'expectedTip' | 'promoCode' | 'expectedTotal' | 'contact'
  >
>;

export interface PlacedTestOrder {
  encryptedOrderId: string;
  orderNumber: number;
  /** The order topic id its confirmation page would watch. */
  watchTopicId: string | null;
}

/**
 * A pickup of two large Margheritas at test-pizza ($32), now or for `dueAt`, created and sent to
 * place-order as the storefront sends it; answers the order's id and place-order's answer as it is.
 * `label` names its cart line, unique per test API.
 */
export async function sendPizzaPickup(
  target: TestApi,
  label: string,
  dueAt: string | null = null,
  choices: CheckoutChoices = {},
): Promise<{ encryptedOrderId: string; placed: Answer }> {
  const lines = [cartLine(lineUuid(label), { size: pizzaSizes.large, quantity: 2 })];
  const timing = { isPickup: true, orderForLater: dueAt !== null, orderForLaterRequestDateTime: dueAt };
  const created = await target.call(apiCalls.createOrder.path, { body: orderBody(lines, timing) });
  const { encryptedOrderId } = apiCalls.createOrder.response.parse(created.body);
  const placed = await target.call(apiCalls.placeOrder.path, {
    body: {
      order: orderBody(lines, { ...timing, encryptedOrderId }),
      contact: TEST_CUSTOMER,
      delivery: null,
      paymentMethod: 'card',
      expectedTotal: 32,
      ...choices,
    },
  });
  return { encryptedOrderId, placed };
}

/**
 * A customer's order of two large Margheritas at test-pizza, placed through the API as the
 * storefront places it: delivered to 1 Collins St ($37.50 with the special and the fee) or picked up ($32).
 * `label` names its cart line, unique per test API.
 */
export async function placeTestOrder(
  target: TestApi,
  label: string,
  { notes = '', pickup = false, choices = {} }: { notes?: string; pickup?: boolean; choices?: CheckoutChoices } = {},
): Promise<PlacedTestOrder> {
  const lines = [cartLine(lineUuid(label), { size: pizzaSizes.large, quantity: 2 })];
  const created = await target.call(apiCalls.createOrder.path, {
    body: orderBody(lines, { extraOrderNotes: notes, isPickup: pickup }),
  });
  const { encryptedOrderId } = apiCalls.createOrder.response.parse(created.body);
  const answer = await target.call(apiCalls.placeOrder.path, {
    body: {
      order: orderBody(lines, { encryptedOrderId, extraOrderNotes: notes, isPickup: pickup }),
      contact: TEST_CUSTOMER,
      delivery: pickup ? null : { street: '1 Collins St', suburbId: 1, instructions: '' },
      paymentMethod: 'card',
      expectedTotal: pickup ? 32 : 37.5,
      ...choices,
    },
  });
  if (answer.status !== 200) throw new Error(`place-order answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  const { placement } = apiCalls.placeOrder.response.parse(answer.body);
  const watch = apiCalls.getOrder.response.parse(
    (await target.call(apiCalls.getOrder.path, { body: { encryptedOrderId } })).body,
  ).orderWatch;
  return { encryptedOrderId, orderNumber: placement.orderNumber, watchTopicId: watch?.topicId ?? null };
}

export interface TestStaff {
  email: string;
  password: string;
  name: string;
  role: 'owner' | 'kitchen';
}

/** Adds a staff account through the operator API, as `npm run operator -- staff add` does. */
export async function addTestStaff(target: TestApi, slug: string, staff: TestStaff): Promise<void> {
  const answer = await target.call(`/operator/tenants/${slug}/staff`, {
    domain: null,
    headers: operatorHeaders(),
    body: staff,
  });
  if (answer.status !== 201)
    throw new Error(`adding ${staff.email} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
}

/** Signs a staff member in; answers their bearer token. */
export async function staffToken(
  target: TestApi,
  slug: string,
  { email, password }: Pick<TestStaff, 'email' | 'password'>,
): Promise<string> {
  const answer = await target.call('/staff/sign-in', { domain: null, body: { retailer: slug, email, password } });
  if (answer.status !== 200)
    throw new Error(`signing in ${email} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return (answer.body as { token: string }).token;
}
