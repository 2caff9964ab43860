/**
 * `npm run api`: the reference retailer API for every tenant in tenants/.
 *   API_PORT                   default 8787
 *   HOST                       interface to listen on, default 127.0.0.1 (loopback only); 0.0.0.0 for every interface
 *   TENANTS_DIR                default ./tenants
 *   DATA_DIR                   folder of the SQLite file, default ./data
 *   DATABASE_URL               postgres://… to keep the data in PostgreSQL instead of the SQLite file
 *   BROKER_URL                 broker for operator publishes, default ws://localhost:$BROKER_WS_PORT (9001)
 *   OPERATOR_TOKEN             bearer token of /operator; required when NODE_ENV=production, else "dev-operator" with a warning
 *   BROKER_OPERATOR_PASSWORD   the broker's "operator" password; as OPERATOR_TOKEN
 *   BROKER_STAFF_SECRET        the staff consoles' broker passwords are derived from it (the broker's must be the same); as OPERATOR_TOKEN
 *   CONSOLE_BROKER_URL         the broker address GET /staff/live hands the console; default each tenant's brokerUrl
 *   CONSOLE_ORIGINS            origins of the operators' console allowed to call /staff/*, comma-separated; default http://console.localhost:4321
 *   API_SAMPLE_STAFF           1: add the sample staff accounts to every tenant (npm start does; refused in production or with secrets of its own)
 *   API_TRUST_PROXY            1 behind a reverse proxy: rate limits key on X-Forwarded-For's last entry
 *   STRIPE_ACCOUNTS_FILE       JSON file of each shop's own Stripe keys, { "<slug>": { "secretKey", "webhookSecret" } }; unset: no online payment
 *   STRIPE_API_URL             a mock of Stripe's API for tests (refused when NODE_ENV=production)
 *   API_CLOCK_START            an ISO instant the API's clock starts at, for journeys at a fixed shop hour (refused when NODE_ENV=production)
 *   NODE_ENV                   production: password reset links are not written to the log
 */
import { listenHostFromEnv } from '../listen-host.ts';
import { createApiServer, DEFAULT_API_PORT } from './server.ts';
import { testClockFromEnv } from './services/test-clock.ts';

function portFrom(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_API_PORT;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`API_PORT must be a port number 0-65535, got ${JSON.stringify(value)}`);
  return port;
}

try {
  const port = portFrom(process.env['API_PORT']);
  const now = testClockFromEnv(process.env);
  const api = await createApiServer({
    tenantsDir: process.env['TENANTS_DIR'] || 'tenants',
    dataDir: process.env['DATA_DIR'] || 'data',
    ...(process.env['DATABASE_URL'] ? { databaseUrl: process.env['DATABASE_URL'] } : {}),
    sampleStaff: process.env['API_SAMPLE_STAFF'] === '1',
    ...(now ? { now } : {}),
    log: (line) => console.log(line),
  });
  const { url } = await api.listen(port, listenHostFromEnv(process.env));
  console.log(`api: ${api.tenants.all.length} retailer(s) on ${url}`);
  for (const { tenant } of api.tenants.all) {
    console.log(
      `api:   ${tenant.slug} (retailer ${tenant.config.retailerId}${tenant.settings.active ? '' : ', inactive'}): x-retailer-domain ${tenant.slug}.localhost`,
    );
  }

  let stopping = false;
  const shutDown = (signal: string) => {
    if (stopping) {
      console.log(`api: ${signal} again, stopping at once`);
      process.exit(1);
    }
    stopping = true;
    console.log(`api: ${signal}, finishing requests under way`);
    api.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`api: unclean shutdown: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutDown('SIGINT'));
  process.on('SIGTERM', () => shutDown('SIGTERM'));
} catch (error) {
  console.error(`api: could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
