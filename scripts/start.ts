import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { DEFAULT_LISTEN_HOST, displayHost, listenHostFromEnv } from '../server/listen-host.ts';
import { alwaysOpenTenants } from './lib/always-open.ts';
import { buildTenants, formatSummary } from './lib/build-tenants.ts';
import { watchTenants } from './lib/watch-tenants.ts';

/**
 * `npm start`: builds the sample tenants (only what changed), then runs the reference API, the
 * MQTT broker and the host-routing static server together until Ctrl-C, rebuilding a tenant when
 * its files change. All three listen on loopback only (they run with the README's development
 * secrets) unless HOST says otherwise, e.g. HOST=0.0.0.0 to try the shops from a phone on the LAN.
 */
const webPort = process.env['PORT'] ?? '4321';
const apiPort = process.env['API_PORT'] ?? '8787';
const brokerPort = process.env['BROKER_WS_PORT'] ?? '9001';
// Astro's build sets NODE_ENV=production in this process; the local API and broker must run in
// the environment the operator started us in, or they would refuse the development secrets.
const environment = { ...process.env };
const host = listenHostFromEnv(environment);
environment['HOST'] = host;
// The address pages use for the API and broker: localhost on this machine, else the one HOST names.
const servedHost = host === DEFAULT_LISTEN_HOST ? 'localhost' : displayHost(host);

// `--always-open`: outside Melbourne's trading hours every sample shop is closed; this serves a copy that trades all day.
const { values: flags } = parseArgs({ options: { 'always-open': { type: 'boolean', default: false } } });
// TENANTS_DIR: serve another folder of tenants (the e2e stack serves a copy, since publishing from the console rewrites tenant files).
let tenantsDir = environment['TENANTS_DIR'] || 'tenants';
if (flags['always-open']) {
  const source = tenantsDir;
  tenantsDir = '.build/always-open-tenants';
  const slugs = await alwaysOpenTenants(source, tenantsDir);
  environment['TENANTS_DIR'] = tenantsDir;
  console.log(
    `Always open: ${slugs.length} shop(s) trade all day from ${tenantsDir} (edits under tenants/ need a restart).`,
  );
}

const buildOptions = {
  root: process.cwd(),
  tenantsDir,
  outDir: 'dist',
  log: (line: string) => console.log(`[build] ${line}`),
};
const summary = await buildTenants({ ...buildOptions, only: [] });
console.log(formatSummary(summary));
if (summary.built.length + summary.skipped.length === 0) {
  console.error('No tenant could be built; nothing to serve.');
  process.exit(1);
}

const parts: { name: string; args: string[]; env?: Record<string, string> }[] = [
  // The sample staff accounts of the README, for the operators' console; the API refuses them with secrets of its own.
  // The console is served on the web port too (console.localhost), so its origin is allowed on that
  // port, and like the shops' pages it is sent to this local broker.
  {
    name: 'api',
    args: ['server/api/main.ts'],
    env: {
      API_SAMPLE_STAFF: '1',
      CONSOLE_ORIGINS: environment['CONSOLE_ORIGINS'] || `http://console.localhost:${webPort}`,
      CONSOLE_BROKER_URL: environment['CONSOLE_BROKER_URL'] || `ws://${servedHost}:${brokerPort}`,
    },
  },
  { name: 'broker', args: ['server/broker/main.ts'] },
  // The local deployments talk to the local API and broker, whatever tenant.json says; shops with analytics send their hits to the API's sink.
  {
    name: 'web',
    args: [
      'scripts/serve.ts',
      '--port',
      webPort,
      '--quiet',
      '--api-url',
      `http://${servedHost}:${apiPort}`,
      '--broker-url',
      `ws://${servedHost}:${brokerPort}`,
      '--analytics-url',
      `http://${servedHost}:${apiPort}/matomo.php`,
    ],
  },
];

const children: ChildProcess[] = [];
let stopping = false;

function run(name: string, args: string[], env: Record<string, string> = {}): ChildProcess {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...environment, ...env } });
  for (const stream of [child.stdout, child.stderr]) {
    if (stream) createInterface({ input: stream }).on('line', (line) => console.log(`[${name}] ${line}`));
  }
  child.once('exit', (code, signal) => {
    if (stopping) return;
    console.error(`[${name}] stopped (${signal ?? `exit ${code}`}); stopping the others.`);
    void stop(1);
  });
  return child;
}

async function stop(exitCode: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  watcher.close();
  await Promise.all(
    children.map(async (child) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    }),
  );
  process.exit(exitCode);
}

console.log(
  host === DEFAULT_LISTEN_HOST
    ? `Listening on ${host} only: this machine can reach the shops, the network cannot (HOST=0.0.0.0 opens them up, with the development secrets).`
    : `Listening on ${host} (HOST), with the development secrets unless OPERATOR_TOKEN, BROKER_OPERATOR_PASSWORD and BROKER_STAFF_SECRET are set.`,
);
const watcher = watchTenants(buildOptions);
for (const part of parts) children.push(run(part.name, part.args, part.env));
process.once('SIGINT', () => void stop(0));
process.once('SIGTERM', () => void stop(0));
