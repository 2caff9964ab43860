import { once } from 'node:events';
import { createServer as createHttpServer, type IncomingMessage } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Server } from 'node:net';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import { createWebSocketStream, WebSocketServer } from 'ws';
import { formatProblem, loadTenants } from '../../lib/tenant/load.ts';
import type { Tenant } from '../../lib/tenant/index.ts';
import {
  decideConnect,
  originIndex,
  publishBudget,
  publishRefusal,
  staffAccess,
  subscribeRefusal,
  type PublishBudget,
  type Visitor,
} from './acl.ts';

type TenantSource = { tenantsDir: string; tenants?: never } | { tenants: readonly Tenant[]; tenantsDir?: never };

export type BrokerOptions = TenantSource & {
  /** MQTT over WebSocket; 0 picks a free port. */
  wsPort: number;
  /** Plain MQTT over TCP; left out, no TCP listener. A port already taken is logged and skipped, not fatal. */
  tcpPort?: number;
  /** Interface to listen on; all interfaces when left out. */
  host?: string;
  operatorPassword: string;
  /** BROKER_STAFF_SECRET: each retailer's staff console password is derived from it (acl.ts staffBrokerPassword). */
  staffSecret: string;
  log?: (line: string) => void;
};

export interface RunningBroker {
  wsPort: number;
  /** Null when TCP was not asked for or its port was taken. */
  tcpPort: number | null;
  close(): Promise<void>;
}

async function tenantsFrom(source: TenantSource, log: (line: string) => void): Promise<readonly Tenant[]> {
  if (source.tenants) return source.tenants;
  const { tenants, failures } = await loadTenants(source.tenantsDir);
  for (const failure of failures) {
    for (const problem of failure.problems) log(`broker: tenant "${failure.slug}" skipped: ${formatProblem(problem)}`);
  }
  return tenants;
}

function refusal(returnCode: number, message: string): AuthenticateError {
  return Object.assign(new Error(message), { returnCode });
}

function originOf(request: IncomingMessage | undefined): string | undefined {
  const origin = request?.headers.origin;
  return typeof origin === 'string' ? origin : undefined;
}

async function listen(
  server: Server | ReturnType<typeof createHttpServer>,
  port: number,
  host: string | undefined,
): Promise<number> {
  server.listen(port, host);
  await once(server, 'listening');
  return (server.address() as AddressInfo).port;
}

/**
 * An aedes broker for development and tests, speaking MQTT over WebSocket (what browsers use)
 * and optionally plain TCP (operator tools). Browsers are recognised by their page's Origin and
 * confined to their retailer's topics; staff consoles log in per retailer and may only listen to
 * its staff topic; operators log in and may do anything.
 */
export async function createBroker(options: BrokerOptions): Promise<RunningBroker> {
  const log = options.log ?? ((line: string) => console.log(line));
  const tenants = await tenantsFrom(options, log);
  const index = originIndex(tenants);
  const staff = staffAccess(tenants, options.staffSecret);
  const admitted = tenants.filter((tenant) => tenant.settings.active).map((tenant) => tenant.slug);
  log(`broker: browsers admitted from ${admitted.length} active tenant(s): ${admitted.join(', ') || 'none'}`);
  const visitors = new WeakMap<Client, Visitor>();
  const budgets = new WeakMap<Client, PublishBudget>();
  /** The live connection of each client id, to tell whose id a new connection would take over. */
  const connected = new Map<string, Client>();
  const describe = (client: Client | null) => (client ? `client ${JSON.stringify(client.id)}` : 'the broker');

  const aedes = await Aedes.createBroker({
    authenticate(client, username, password, done) {
      const current = connected.get(client.id);
      const holder = current && current !== client ? visitors.get(current) : undefined;
      const decision = decideConnect(
        {
          clientId: client.id,
          username,
          password: password?.toString('utf8'),
          origin: originOf(client.req),
          clean: client.clean,
          holder,
        },
        index,
        options.operatorPassword,
        staff,
      );
      if (!decision.allowed) {
        log(`broker: refused connection of ${describe(client)}: ${decision.reason}`);
        done(refusal(decision.returnCode, decision.reason), false);
        return;
      }
      visitors.set(client, decision.visitor);
      if (decision.visitor.kind === 'browser') budgets.set(client, publishBudget());
      done(null, true);
    },
    authorizeSubscribe(client, subscription, done) {
      const visitor = visitors.get(client);
      const reason = visitor ? subscribeRefusal(visitor, subscription.topic) : 'not authenticated';
      if (reason === null) {
        done(null, subscription);
        return;
      }
      log(`broker: refused subscription of ${describe(client)}: ${reason}`);
      // A null grant answers SUBACK 0x80 for this topic and keeps the client's other topics.
      done(null, null);
    },
    authorizePublish(client, packet, done) {
      if (!client) {
        done(null);
        return;
      }
      const visitor = visitors.get(client);
      const budget = budgets.get(client);
      const overBudget = budget && !budget.take(Date.now()) ? 'publishes too often' : null;
      const reason = visitor
        ? (overBudget ??
          publishRefusal(visitor, { topic: packet.topic, payload: packet.payload, retain: packet.retain }))
        : 'not authenticated';
      if (reason === null) {
        done(null);
        return;
      }
      log(`broker: refused publish of ${describe(client)}: ${reason}`);
      // MQTT 3.1.1 has no negative PUBACK: the broker drops the message and the connection.
      done(new Error(reason));
    },
  });

  aedes.on('clientReady', (client) => connected.set(client.id, client));
  aedes.on('clientDisconnect', (client) => {
    if (connected.get(client.id) === client) connected.delete(client.id);
  });

  const httpServer = createHttpServer((_request, response) => {
    response.writeHead(426, { 'content-type': 'text/plain' }).end('MQTT over WebSocket only\n');
  });
  const webSockets = new WebSocketServer({ server: httpServer });
  webSockets.on('connection', (socket, request) => {
    const stream = createWebSocketStream(socket);
    stream.on('error', () => socket.terminate());
    aedes.handle(stream, request);
  });

  let tcpServer: Server | null = null;
  const close = async () => {
    for (const socket of webSockets.clients) socket.terminate();
    await Promise.all([
      new Promise<void>((resolve) => aedes.close(() => resolve())),
      new Promise<void>((resolve) => webSockets.close(() => resolve())),
      new Promise<void>((resolve) => {
        httpServer.closeAllConnections();
        httpServer.close(() => resolve());
      }),
      new Promise<void>((resolve) => (tcpServer ? tcpServer.close(() => resolve()) : resolve())),
    ]);
  };

  try {
    const wsPort = await listen(httpServer, options.wsPort, options.host);
    let tcpPort: number | null = null;
    if (options.tcpPort !== undefined) {
      const server = createTcpServer((socket) => aedes.handle(socket));
      try {
        tcpPort = await listen(server, options.tcpPort, options.host);
        tcpServer = server;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
        log(
          `broker: MQTT over TCP disabled: port ${options.tcpPort} is already in use (another broker, such as a system Mosquitto?); set BROKER_TCP_PORT to a free port to enable it`,
        );
      }
    }
    return { wsPort, tcpPort, close };
  } catch (error) {
    await close();
    throw error;
  }
}
