import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createAdaptorServer } from '@hono/node-server';
import { formatProblem, loadTenants } from '../../lib/tenant/load.ts';
import { DEFAULT_BROKER_WS_PORT } from '../broker/settings.ts';
import { displayHost } from '../listen-host.ts';
import { isProduction, secretFromEnv, type Env } from '../secrets.ts';
import { createApp } from './app.ts';
import type { ApiDeps } from './deps.ts';
import type { ApiApp } from './env.ts';
import { clockStatusOf } from './services/clock.ts';
import { createClockPush } from './services/clock-push.ts';
import { createLivePublisher } from './services/live-publisher.ts';
import { analyticsRoutes } from './routes/analytics.ts';
import { catalogueRoutes } from './routes/catalogue.ts';
import { customerRoutes } from './routes/customers.ts';
import { cspReportRoutes } from './routes/csp-reports.ts';
import { errorLogRoutes } from './routes/error-logs.ts';
import { mailingListRoutes } from './routes/mailing-list.ts';
import { tableBookingRoutes } from './routes/table-bookings.ts';
import { operatorRoutes } from './routes/operator.ts';
import { orderRoutes } from './routes/orders.ts';
import { paymentRoutes } from './routes/payments.ts';
import { staffRoutes } from './routes/staff.ts';
import { cloudPrntRoutes } from './routes/cloudprnt.ts';
import { createPrintingService, DEFAULT_PRINTING, type PrintingSettings } from './printing/print-jobs.ts';
import { createPrinterStore } from './store/printers.ts';
import { addSampleStaff, sampleStaffRefusal } from './services/sample-staff.ts';
import { paymentSettingsFromEnv, type PaymentSettings } from './services/payment-settings.ts';
import { createPaymentGateway } from './services/stripe-gateway.ts';
import { createRateLimiters, type RateLimitSettings } from './services/rate-limits.ts';
import { createAnalyticsHitStore } from './store/analytics-hits.ts';
import { createClockOverrideStore } from './store/clock-overrides.ts';
import { openStore } from './store/open-store.ts';
import { createIntakeStore } from './store/intake.ts';
import { createRateLimitStore } from './store/rate-limits.ts';
import { storesOver } from './store/stores.ts';
import { startTenantRefresh } from './services/tenant-refresh.ts';
import { tenantFingerprints } from './services/tenant-fingerprint.ts';
import { serveTenants, tenantDirectory, type TenantDirectory } from './services/tenants.ts';

export const DEFAULT_API_PORT = 8787;
export const DATABASE_FILE = 'api.sqlite';
export const DEFAULT_CONSOLE_ORIGINS = ['http://console.localhost:4321'];

/** CONSOLE_ORIGINS: origins of the operators' console, comma-separated. */
export function consoleOriginsFromEnv(env: Env): string[] {
  const listed = (env['CONSOLE_ORIGINS'] ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== '');
  return listed.length > 0 ? listed : DEFAULT_CONSOLE_ORIGINS;
}
/** How long close() lets requests already being answered finish before cutting them off. */
const DRAIN_TIMEOUT_MS = 10_000;

export interface ApiServerOptions {
  tenantsDir: string;
  /** Folder of the SQLite file (`api.sqlite`); ignored when dbPath is given. Default `./data`. */
  dataDir?: string;
  /** The SQLite file itself, or `:memory:`. */
  dbPath?: string;
  /** A PostgreSQL database (postgres://…) to keep the data in instead of SQLite; dataDir and dbPath are then ignored. */
  databaseUrl?: string;
  /** Broker for operator publishes. Default env BROKER_URL, else the local broker on BROKER_WS_PORT (9001). */
  brokerUrl?: string;
  /** Default env OPERATOR_TOKEN: required when NODE_ENV=production, else "dev-operator" with a warning. */
  operatorToken?: string;
  /** Default env BROKER_OPERATOR_PASSWORD, as operatorToken. */
  brokerOperatorPassword?: string;
  /** Default env BROKER_STAFF_SECRET, as operatorToken; the broker must have the same. */
  brokerStaffSecret?: string;
  /** The broker address GET /staff/live hands the console. Default env CONSOLE_BROKER_URL, else each tenant's brokerUrl. */
  consoleBrokerUrl?: string;
  /** Origins of the operators' console allowed by CORS on /staff/*. Default env CONSOLE_ORIGINS (comma-separated), else http://console.localhost:4321. */
  consoleOrigins?: readonly string[];
  /**
   * Add the sample staff accounts (sample-staff.ts) to every tenant: `npm start` asks for it
   * (env API_SAMPLE_STAFF=1). Refused, with a warning, in production or with secrets of its own.
   */
  sampleStaff?: boolean;
  /** Limits of the anonymous calls (DEFAULT_RATE_LIMITS for any left out); their windows live in the database. */
  rateLimits?: Partial<RateLimitSettings>;
  /** Read the client address from X-Forwarded-For (behind a reverse proxy). Default env API_TRUST_PROXY=1. */
  trustProxy?: boolean;
  now?: () => Date;
  /**
   * Write password reset links to the log, the reference API's stand-in for a mailbox (README,
   * "Local retailer stack"). Default: everywhere but NODE_ENV=production, where a log is read by
   * more people than the account's owner.
   */
  logResetLinks?: boolean;
  /** One line per request and start-up problems; false for silence. Default stdout, silent under Vitest. */
  log?: ((line: string) => void) | false;
  /** Each shop's Stripe account and where the SDK sends its requests. Default env STRIPE_ACCOUNTS_FILE and STRIPE_API_URL (payment-settings.ts). */
  payments?: PaymentSettings;
  /** How often to look for shops whose files changed, and for publishes cut off by a crash (TENANT_REFRESH_MS). */
  tenantRefreshMs?: number;
  /** Whether a change the file system reports in a tenant folder starts a look at once (default true). */
  watchTenantFiles?: boolean;
  /** Kitchen printing's timeouts, retries and the TCP ports printers may use (DEFAULT_PRINTING for any left out). */
  printing?: Partial<PrintingSettings>;
}

export interface ApiServer {
  app: ApiApp;
  tenants: TenantDirectory;
  /** Port 0 picks a free port; the answer names the one taken. */
  listen(port?: number, hostname?: string): Promise<{ port: number; url: string }>;
  /** The HTTP server once listen was called, null before: its events tell when a request has arrived. */
  readonly httpServer: Server | null;
  /** Finishes publishes cut off by a crash, reloads each shop whose files differ from what it serves and answers their slugs (it also looks every tenantRefreshMs). */
  refreshTenants(): Promise<string[]>;
  /** Stops taking requests, lets those under way finish their writes, then closes the broker link and the database. */
  close(): Promise<void>;
}

function chooseLog(log: ApiServerOptions['log']): (line: string) => void {
  if (log === false) return () => undefined;
  if (log) return log;
  return process.env['VITEST'] ? () => undefined : (line) => console.log(line);
}

export async function createApiServer(options: ApiServerOptions): Promise<ApiServer> {
  const log = chooseLog(options.log);
  const now = options.now ?? (() => new Date());
  // First, so a production start without its secrets stops before it opens anything.
  const operatorToken =
    options.operatorToken ?? secretFromEnv(process.env, 'OPERATOR_TOKEN', (line) => log(`api warning: ${line}`));
  const brokerOperatorPassword =
    options.brokerOperatorPassword ??
    secretFromEnv(process.env, 'BROKER_OPERATOR_PASSWORD', (line) => log(`api warning: ${line}`));
  const brokerStaffSecret =
    options.brokerStaffSecret ??
    secretFromEnv(process.env, 'BROKER_STAFF_SECRET', (line) => log(`api warning: ${line}`));

  const paymentGateway = createPaymentGateway(options.payments ?? paymentSettingsFromEnv(process.env));

  // Taken before the load: files switched while it reads them then differ, and the first look reloads them.
  const fingerprints = await tenantFingerprints(options.tenantsDir);
  const { tenants, failures } = await loadTenants(options.tenantsDir);
  for (const failure of failures) {
    for (const problem of failure.problems) log(`api: tenant "${failure.slug}" not served: ${formatProblem(problem)}`);
  }
  const { served, problems } = serveTenants(tenants);
  for (const problem of problems) log(`api: tenant "${problem.slug}" not served: ${problem.message}`);
  const directory = tenantDirectory(
    served.map((one) => ({ ...one, filesHash: fingerprints.get(one.tenant.slug) ?? '' })),
  );

  const store = await openStore(
    options.databaseUrl
      ? { databaseUrl: options.databaseUrl }
      : { sqlitePath: options.dbPath ?? join(options.dataDir ?? 'data', DATABASE_FILE) },
  );
  const publisher = createLivePublisher({
    brokerUrl:
      options.brokerUrl ??
      (process.env['BROKER_URL'] || `ws://localhost:${process.env['BROKER_WS_PORT'] || DEFAULT_BROKER_WS_PORT}`),
    operatorPassword: brokerOperatorPassword,
  });
  // Reads the deps it is part of only when a message goes out, long after they are made.
  const clockPush = createClockPush({ publisher, statusOf: (served) => clockStatusOf(deps, served, now()), now, log });
  const deps: ApiDeps = {
    db: store,
    tenants: directory,
    tenantsDir: options.tenantsDir,
    ...storesOver(store),
    intake: createIntakeStore(store),
    clockOverrides: createClockOverrideStore(store),
    analyticsHits: createAnalyticsHitStore(store),
    publisher,
    clockPush,
    printing: createPrintingService(createPrinterStore(store), { ...DEFAULT_PRINTING, ...options.printing }, now, log),
    operatorToken,
    brokerStaffSecret,
    consoleOrigins: options.consoleOrigins ?? consoleOriginsFromEnv(process.env),
    consoleBrokerUrl: options.consoleBrokerUrl ?? (process.env['CONSOLE_BROKER_URL'] || null),
    rateLimits: createRateLimiters(createRateLimitStore(store), options.rateLimits),
    paymentGateway,
    logResetLinks: options.logResetLinks ?? !isProduction(process.env),
    trustProxy: options.trustProxy ?? process.env['API_TRUST_PROXY'] === '1',
    now,
    log,
  };
  const app = createApp(deps, [
    catalogueRoutes,
    customerRoutes,
    orderRoutes,
    paymentRoutes,
    mailingListRoutes,
    errorLogRoutes,
    tableBookingRoutes,
    cspReportRoutes,
    analyticsRoutes,
    operatorRoutes,
    staffRoutes,
    cloudPrntRoutes,
  ]);
  if (options.sampleStaff) {
    const refusal = sampleStaffRefusal(process.env, [operatorToken, brokerOperatorPassword, brokerStaffSecret]);
    if (refusal === null) {
      const added = await addSampleStaff(store, directory.all, now()).catch(async (error: unknown) => {
        await store.destroy();
        throw error;
      });
      log(
        `api staff: sample accounts owner@<slug>.test / <slug>-owner and kitchen@<slug>.test / <slug>-kitchen for each retailer (${added} added)`,
      );
    } else {
      log(`api warning: sample staff accounts not added: ${refusal}`);
    }
  }

  // Endings made before this process started (a pause set through another one, or before a restart).
  for (const { retailerId, at } of await deps.liveStates.endingsAfter(now())) {
    const served = directory.byRetailerId(retailerId);
    if (served) clockPush.publishAt(served, [at]);
  }

  // Tickets an earlier run queued and never sent (it stopped mid-send) go out now.
  void deps.printing.resume().catch((error: unknown) => log(`printing: ${String(error)}`));

  // Shops published through another API process (or whose files changed otherwise) are served here too.
  const tenantRefresh = startTenantRefresh(deps, {
    every: options.tenantRefreshMs,
    watchFiles: options.watchTenantFiles,
  });
  // Before the first request: a publish cut off by a crash is finished, and every shop is served as its files hold it.
  await tenantRefresh.check().catch((error: unknown) => log(`api: could not check the tenant files: ${String(error)}`));

  let server: Server | null = null;
  let inFlight = 0;
  let drained: (() => void) | null = null;
  let closing: Promise<void> | null = null;

  async function shutDown(): Promise<void> {
    if (server) {
      const listening = server;
      const stopped = new Promise<void>((resolve) => listening.close(() => resolve()));
      listening.closeIdleConnections();
      if (inFlight > 0) {
        const timeout = new Promise<void>((resolve) => setTimeout(resolve, DRAIN_TIMEOUT_MS).unref());
        await Promise.race([new Promise<void>((resolve) => (drained = resolve)), timeout]);
      }
      listening.closeAllConnections();
      await stopped;
    }
    await tenantRefresh.stop();
    clockPush.close();
    deps.printing.close();
    await deps.printing.idle();
    await publisher.close();
    await store.destroy();
  }

  return {
    app,
    tenants: directory,
    get httpServer() {
      return server;
    },
    refreshTenants: () => tenantRefresh.check(),
    async listen(port = DEFAULT_API_PORT, hostname) {
      if (server) throw new Error('the API is already listening');
      const created = createAdaptorServer({ fetch: app.fetch }) as Server;
      created.on('request', (_request, response) => {
        inFlight += 1;
        response.once('close', () => {
          inFlight -= 1;
          if (inFlight === 0) drained?.();
        });
      });
      server = created;
      created.listen(port, hostname);
      await once(created, 'listening');
      const { port: taken } = created.address() as AddressInfo;
      return { port: taken, url: `http://${hostname ? displayHost(hostname) : 'localhost'}:${taken}` };
    },
    close() {
      closing ??= shutDown();
      return closing;
    },
  };
}
