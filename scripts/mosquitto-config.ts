import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { OPERATOR_USERNAME } from '../server/broker/acl.ts';
import { secretFromEnv } from '../server/secrets.ts';
import { formatProblem, loadTenants } from '../lib/tenant/load.ts';
import {
  DEFAULT_MOSQUITTO_OPTIONS,
  MOSQUITTO_FILES,
  mosquittoConfigFiles,
  parseListen,
  passwordFile,
  servedScopes,
  staffAccounts,
} from './lib/mosquitto-config.ts';

/**
 * `npm run mosquitto-config -- --out /etc/mosquitto/storefronts` writes mosquitto.conf, its three ACLs
 * and its two password files for the active tenants.
 *   --config-dir        where the files will live on the broker machine, default the --out folder
 *   --tenants-dir       default tenants
 *   --broker-url        only the tenants whose tenant.json brokerUrl is this (one broker of a shard)
 *   --pages-listen      the pages' WebSocket listener, [IPv4 address:]port, default 127.0.0.1:9001
 *   --order-watch-listen  confirmation pages' WebSocket listener (tenant.json's orderWatchBrokerUrl), default 127.0.0.1:9002
 *   --operators-listen  the API's and operators' listener, default 127.0.0.1:1883
 *   --max-connections   of each WebSocket listener, default 10000
 *   BROKER_OPERATOR_PASSWORD  the "operator" password (operators.passwd); without it that file is not written
 *   BROKER_STAFF_SECRET       derives each retailer's staff login (pages.passwd); without it there are none
 * Both must be production secrets (16+ characters, not the development default).
 */
const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    'config-dir': { type: 'string' },
    'tenants-dir': { type: 'string', default: 'tenants' },
    'broker-url': { type: 'string' },
    'pages-listen': { type: 'string' },
    'order-watch-listen': { type: 'string' },
    'operators-listen': { type: 'string' },
    'max-connections': { type: 'string' },
  },
});

const productionSecret = (name: string) =>
  process.env[name]?.trim()
    ? secretFromEnv({ ...process.env, NODE_ENV: 'production' }, name, () => undefined)
    : undefined;

try {
  if (!values.out) throw new Error('--out <folder> is required');
  const maxConnections = Number(values['max-connections'] ?? DEFAULT_MOSQUITTO_OPTIONS.maxConnections);
  if (!Number.isInteger(maxConnections) || maxConnections < 1)
    throw new Error(
      `--max-connections must be a positive whole number, got ${JSON.stringify(values['max-connections'])}`,
    );
  const { tenants, failures } = await loadTenants(values['tenants-dir']);
  for (const failure of failures)
    for (const problem of failure.problems) console.warn(`tenant "${failure.slug}" skipped: ${formatProblem(problem)}`);
  const scopes = servedScopes(tenants, values['broker-url']);
  const operatorPassword = productionSecret('BROKER_OPERATOR_PASSWORD');
  const staffSecret = productionSecret('BROKER_STAFF_SECRET');
  const staff = staffSecret === undefined ? [] : staffAccounts(scopes, staffSecret);

  const out = resolve(values.out);
  const options = {
    configDir: resolve(values['config-dir'] ?? out),
    pagesListen:
      values['pages-listen'] === undefined
        ? DEFAULT_MOSQUITTO_OPTIONS.pagesListen
        : parseListen(values['pages-listen']),
    orderWatchListen:
      values['order-watch-listen'] === undefined
        ? DEFAULT_MOSQUITTO_OPTIONS.orderWatchListen
        : parseListen(values['order-watch-listen']),
    operatorsListen:
      values['operators-listen'] === undefined
        ? DEFAULT_MOSQUITTO_OPTIONS.operatorsListen
        : parseListen(values['operators-listen']),
    maxConnections,
  };
  const files: Record<string, string> = {
    ...mosquittoConfigFiles(scopes, options, staff),
    [MOSQUITTO_FILES.pagesPasswords]: passwordFile(
      staff,
      'Logins of the pages listener: one staff console login per retailer',
    ),
  };
  await mkdir(out, { recursive: true });
  for (const [name, text] of Object.entries(files))
    await writeFile(join(out, name), text, { mode: name.endsWith('.passwd') ? 0o600 : 0o644 });
  if (operatorPassword === undefined)
    console.warn(
      `${MOSQUITTO_FILES.operatorsPasswords} not written: set BROKER_OPERATOR_PASSWORD (Mosquitto does not start without the file)`,
    );
  else
    await writeFile(
      join(out, MOSQUITTO_FILES.operatorsPasswords),
      passwordFile([{ username: OPERATOR_USERNAME, password: operatorPassword }], 'Logins of the operators listener'),
      { mode: 0o600 },
    );
  console.log(`mosquitto-config: ${scopes.length} tenant(s), ${staff.length} staff login(s), written to ${out}`);
} catch (error) {
  console.error(`mosquitto-config: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
