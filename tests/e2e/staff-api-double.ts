import { Aedes } from 'aedes';
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createWebSocketStream, WebSocketServer } from 'ws';
import { z } from 'zod';
import { MAX_ORDER_LIMIT, signInBodySchema, type BoardOrder, type Staff } from '../../src/lib/console/contract.ts';
import { boardOrder } from '../../src/lib/console/test-fixtures.ts';
import type { StaffOrdersMessage } from '../../src/lib/live/messages.ts';

/**
 * A stand-in for the staff API and its broker, keeping to /work/helpers/STAFF-CONTRACT.md, so the
 * console's journeys run before the real endpoints exist (and can be pointed at them after). Data
 * lives in memory; the broker is a plain aedes over WebSocket that admits each retailer's staff
 * user to its one topic and lets it publish nothing, as the contract's broker rules say.
 */

const SESSION_HOURS = 12;
const WRONG = 'Email or password is wrong.';
/** Failed sign-ins per email and retailer (and per client address) before 429, within the window. */
const FAILURES_PER_ACCOUNT = 5;
const FAILURES_PER_ADDRESS = 20;
const FAILURE_WINDOW_SECONDS = 15 * 60;
const TOPIC_PREFIX = 'storefront';

interface Account {
  staff: Staff;
  password: string;
}

interface Session {
  token: string;
  staff: Staff;
  expiresAt: number;
}

export interface DoubleRetailer {
  slug: string;
  name: string;
  retailerId: number;
}

export interface StaffApiDoubleOptions {
  /** The console's origin(s) CORS admits, as CONSOLE_ORIGINS does. */
  consoleOrigins: string[];
  retailers: DoubleRetailer[];
  now?: () => Date;
}

export interface PlacedOrder extends BoardOrder {
  retailerId: number;
}

export interface StaffApiDouble {
  url: string;
  brokerUrl: string;
  /** Method and path of each request, in order (no bodies, no tokens). */
  requests: string[];
  /** Adds an order (placed now unless given) and tells the retailer's staff topic. */
  placeOrder(retailerId: number, order: Partial<BoardOrder> & Pick<BoardOrder, 'orderNumber'>): PlacedOrder;
  /** The next request matching method and path answers this instead, once. */
  failNext(method: string, path: RegExp, status: number, body?: unknown): void;
  /** Ends every session, as 12 hours passing would. */
  expireSessions(): void;
  close(): Promise<void>;
}

export function sampleAccounts(retailer: DoubleRetailer): Account[] {
  return (['owner', 'kitchen'] as const).map((role, index) => ({
    staff: { staffId: retailer.retailerId * 10 + index, name: role === 'owner' ? 'Rosa Esposito' : 'Marco Bianchi', email: `${role}@${retailer.slug}.test`, role, retailer },
    password: `${retailer.slug}-${role}`,
  }));
}

export function brokerPassword(retailerId: number): string {
  return createHmac('sha256', 'dev-staff-broker-double').update(`staff-${retailerId}`).digest('base64url');
}

const staffTopic = (retailerId: number) => `${TOPIC_PREFIX}/${retailerId}/staff/orders`;
const limitSchema = z.coerce.number().int().min(1).max(MAX_ORDER_LIMIT);

export async function startStaffApiDouble(options: StaffApiDoubleOptions): Promise<StaffApiDouble> {
  const now = options.now ?? (() => new Date());
  const accounts = options.retailers.flatMap(sampleAccounts);
  const sessions = new Map<string, Session>();
  const orders: PlacedOrder[] = [];
  const failures = new Map<string, number[]>();
  const injected: { method: string; path: RegExp; status: number; body: unknown }[] = [];
  const requests: string[] = [];

  /** Broker client id → the retailer whose staff user it logged in as. */
  const brokerUsers = new Map<string, number>();
  const aedes = await Aedes.createBroker({
    authenticate(client, username, password, done) {
      const retailer = options.retailers.find((candidate) => username === `staff-${candidate.retailerId}`);
      if (retailer && password?.toString('utf8') === brokerPassword(retailer.retailerId)) {
        brokerUsers.set(client.id, retailer.retailerId);
        done(null, true);
      } else {
        done(Object.assign(new Error('Bad user name or password'), { returnCode: 4 as const }), false);
      }
    },
    authorizeSubscribe(client, subscription, done) {
      const retailerId = client ? brokerUsers.get(client.id) : undefined;
      done(null, retailerId !== undefined && subscription.topic === staffTopic(retailerId) ? subscription : null);
    },
    authorizePublish(client, _packet, done) {
      done(client ? new Error('staff users publish nothing') : null);
    },
  });
  const brokerServer = createServer((_request, response) => response.writeHead(426).end());
  const sockets = new WebSocketServer({ server: brokerServer });
  sockets.on('connection', (socket, request) => aedes.handle(createWebSocketStream(socket), request));
  const brokerPort = await listen(brokerServer);

  const tell = (retailerId: number, message: StaffOrdersMessage) => aedes.publish({ cmd: 'publish', topic: staffTopic(retailerId), payload: Buffer.from(JSON.stringify(message)), qos: 1, dup: false, retain: false }, () => {});

  function corsHeaders(req: IncomingMessage): Record<string, string> {
    const origin = req.headers.origin;
    if (!origin || !options.consoleOrigins.includes(origin)) return { vary: 'Origin' };
    return { vary: 'Origin', 'access-control-allow-origin': origin, 'access-control-allow-methods': 'GET, POST', 'access-control-allow-headers': 'authorization, content-type', 'access-control-max-age': '600' };
  }

  function send(req: IncomingMessage, res: ServerResponse, status: number, body?: unknown, extra: Record<string, string> = {}): void {
    const headers: Record<string, string> = { ...corsHeaders(req), 'cache-control': 'no-store', ...extra };
    if (body === undefined) {
      res.writeHead(status, headers).end();
      return;
    }
    res.writeHead(status, { ...headers, 'content-type': 'application/json' }).end(JSON.stringify(body));
  }

  function sessionOf(req: IncomingMessage): Session | undefined {
    const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
    const session = token ? sessions.get(token) : undefined;
    if (session && session.expiresAt <= now().getTime()) {
      sessions.delete(session.token);
      return undefined;
    }
    return session;
  }

  /** Failed sign-ins within the window; answers the seconds to wait once over the limit. */
  function tooMany(key: string, limit: number): number | null {
    const since = now().getTime() - FAILURE_WINDOW_SECONDS * 1000;
    const recent = (failures.get(key) ?? []).filter((at) => at > since);
    failures.set(key, recent);
    const oldest = recent[0];
    return recent.length >= limit && oldest !== undefined ? Math.ceil((oldest - since) / 1000) : null;
  }

  async function readJson(req: IncomingMessage): Promise<unknown> {
    let text = '';
    for await (const chunk of req) {
      text += String(chunk);
      if (text.length > 10_000) return undefined;
    }
    try {
      return JSON.parse(text);
    } catch {
      return undefined;
    }
  }

  const boardOrderOf = ({ retailerId: _retailerId, ...order }: PlacedOrder): BoardOrder => order;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://double');
    const method = req.method ?? 'GET';
    if (method === 'OPTIONS') return send(req, res, 204);
    requests.push(`${method} ${url.pathname}`);
    const failure = injected.findIndex((entry) => entry.method === method && entry.path.test(url.pathname));
    if (failure >= 0) {
      const [entry] = injected.splice(failure, 1);
      return send(req, res, entry?.status ?? 500, entry?.body);
    }

    if (method === 'POST' && url.pathname === '/staff/sign-in') {
      const body = signInBodySchema.safeParse(await readJson(req));
      if (!body.success) return send(req, res, 400, { error: 'Expected { retailer, email, password }.' });
      const accountKey = `${body.data.retailer}|${body.data.email}`;
      const addressKey = req.socket.remoteAddress ?? '';
      const wait = tooMany(accountKey, FAILURES_PER_ACCOUNT) ?? tooMany(addressKey, FAILURES_PER_ADDRESS);
      if (wait !== null) return send(req, res, 429, { error: 'Too many sign-in attempts.' }, { 'retry-after': String(wait) });
      const account = accounts.find((candidate) => candidate.staff.retailer.slug === body.data.retailer && candidate.staff.email === body.data.email && candidate.password === body.data.password);
      if (!account) {
        for (const key of [accountKey, addressKey]) failures.set(key, [...(failures.get(key) ?? []), now().getTime()]);
        return send(req, res, 401, { error: WRONG });
      }
      const token = randomBytes(24).toString('base64url');
      const expiresAt = now().getTime() + SESSION_HOURS * 3_600_000;
      sessions.set(token, { token, staff: account.staff, expiresAt });
      return send(req, res, 200, { token, expiresAt: new Date(expiresAt).toISOString(), staff: account.staff });
    }

    const session = sessionOf(req);
    if (!session) return send(req, res, 401, { error: 'Sign in again.' });
    const retailerId = session.staff.retailer.retailerId;

    if (method === 'POST' && url.pathname === '/staff/sign-out') {
      sessions.delete(session.token);
      return send(req, res, 204);
    }
    if (method === 'GET' && url.pathname === '/staff/me') return send(req, res, 200, { staff: session.staff });
    if (method === 'GET' && url.pathname === '/staff/live') {
      return send(req, res, 200, { brokerUrl: `ws://127.0.0.1:${brokerPort}`, username: `staff-${retailerId}`, password: brokerPassword(retailerId), topic: staffTopic(retailerId) });
    }
    if (method === 'GET' && url.pathname === '/staff/audit') {
      if (session.staff.role !== 'owner') return send(req, res, 403, { error: 'Only an owner may read the audit trail.' });
      return send(req, res, 200, { entries: [] });
    }
    if (method === 'GET' && url.pathname === '/staff/orders') {
      const limit = limitSchema.safeParse(url.searchParams.get('limit') ?? '50');
      if (!limit.success) return send(req, res, 400, { error: `limit: expected a whole number from 1 to ${MAX_ORDER_LIMIT}` });
      const since = now().getTime() - 24 * 3_600_000;
      const listed = orders
        .filter((order) => order.retailerId === retailerId && Date.parse(order.placedAt) > since)
        .sort((a, b) => Date.parse(b.placedAt) - Date.parse(a.placedAt))
        .slice(0, limit.data)
        .map(boardOrderOf);
      return send(req, res, 200, { orders: listed });
    }
    const action = /^\/staff\/orders\/([^/]+)\/(take|ready)$/.exec(url.pathname);
    if (method === 'POST' && action) {
      const id = decodeURIComponent(action[1] ?? '');
      // Another retailer's order answers exactly as an unknown one.
      const order = orders.find((candidate) => candidate.encryptedOrderId === id && candidate.retailerId === retailerId);
      if (!order) return send(req, res, 404, { error: 'Order not found.' });
      const next = action[2] === 'take' ? (order.state === 'new' ? 'taken' : order.state) : 'ready';
      if (next !== order.state) {
        order.state = next;
        tell(retailerId, { event: 'order-changed', orderNumber: order.orderNumber });
      }
      return send(req, res, 200, { order: boardOrderOf(order) });
    }
    return send(req, res, 404, { error: 'Not found.' });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => send(req, res, 500, { error: error instanceof Error ? error.message : String(error) }));
  });
  const port = await listen(server);

  return {
    url: `http://127.0.0.1:${port}`,
    brokerUrl: `ws://127.0.0.1:${brokerPort}`,
    requests,
    placeOrder(retailerId, given) {
      const order: PlacedOrder = {
        ...boardOrder(given.orderNumber, 0),
        retailerId,
        encryptedOrderId: `enc-${retailerId}-${given.orderNumber}-${randomBytes(4).toString('hex')}`,
        placedAt: now().toISOString(),
        ...given,
      };
      orders.push(order);
      tell(retailerId, { event: 'order-placed', orderNumber: order.orderNumber });
      return order;
    },
    failNext(method, path, status, body) {
      injected.push({ method, path, status, body });
    },
    expireSessions() {
      sessions.clear();
    },
    async close() {
      await Promise.all([
        new Promise<void>((resolve) => server.close(() => resolve())),
        new Promise<void>((resolve) => {
          for (const socket of sockets.clients) socket.terminate();
          sockets.close(() => brokerServer.close(() => resolve()));
        }),
        new Promise<void>((resolve) => aedes.close(() => resolve())),
      ]);
    },
  };
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}
