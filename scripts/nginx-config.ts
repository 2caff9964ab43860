import { parseArgs } from 'node:util';
import { join, resolve } from 'node:path';
import {
  consoleServerConfig,
  hostApis,
  hostFolders,
  nginxConfig,
  tenantBrokerRouteProblems,
} from './lib/nginx-config.ts';
import { deployedShopHashes, NGINX_POLICY_FILE, writeNginxPolicy } from './lib/nginx-policy.ts';

const { values } = parseArgs({
  options: {
    dist: { type: 'string', default: '/srv/storefronts/dist' },
    'tenants-dir': { type: 'string', default: 'tenants' },
    listen: { type: 'string', default: '80' },
    'api-host': { type: 'string', multiple: true, default: [] },
    'api-process': { type: 'string', multiple: true, default: [] },
    'console-host': { type: 'string' },
    'broker-host': { type: 'string', multiple: true, default: [] },
    'broker-pages': { type: 'string' },
    'broker-order-watch': { type: 'string' },
    'write-policy': { type: 'boolean', default: false },
  },
});

// The build writes this file itself; sites deployed from CI's artifacts come without it.
if (values['write-policy']) {
  const dist = resolve(values.dist);
  const changed = await writeNginxPolicy(dist, await deployedShopHashes(dist));
  console.error(`nginx-config: ${join(dist, NGINX_POLICY_FILE)} ${changed ? 'written: reload nginx' : 'unchanged'}`);
  process.exit(0);
}

const apiHosts = values['api-host'];
const apiProcesses = values['api-process'];
if ((apiHosts.length === 0) !== (apiProcesses.length === 0)) {
  console.error(
    'nginx-config: --api-host and --api-process come together: the API host names and the address of each API process',
  );
  process.exit(2);
}
const brokerHosts = values['broker-host'];
if (brokerHosts.length === 0 && (values['broker-pages'] !== undefined || values['broker-order-watch'] !== undefined)) {
  console.error(
    'nginx-config: --broker-pages and --broker-order-watch need --broker-host, the host name of the tenants’ brokerUrl',
  );
  process.exit(2);
}

/**
 * `node scripts/nginx-config.ts --write-policy [--dist …]` writes <dist>/content-security-policy.conf, which
 * the config includes, from the pages deployed there (the build writes it too).
 * `node scripts/nginx-config.ts [--dist /srv/storefronts/dist] [--listen 80] [--console-host console.example.com]
 *    [--api-host api.example.com --api-process 127.0.0.1:8787 --api-process 127.0.0.1:8788]
 *    [--broker-host broker.example.com [--broker-pages 127.0.0.1:9001] [--broker-order-watch 127.0.0.1:9002]] > storefronts.conf`
 * With --broker-host, nginx passes that host's WebSocket upgrades on to Mosquitto: /order-watch to
 * its order-watch listener, the rest to its pages' listener (deploy/mosquitto/README.md).
 */
const dist = resolve(values.dist);
const consoleHost = values['console-host'];
const broker =
  brokerHosts.length === 0
    ? undefined
    : {
        serverNames: brokerHosts,
        ...(values['broker-pages'] === undefined ? {} : { pages: values['broker-pages'] }),
        ...(values['broker-order-watch'] === undefined ? {} : { orderWatch: values['broker-order-watch'] }),
      };
try {
  const config =
    nginxConfig(dist, await hostFolders(values['tenants-dir']), await hostApis(values['tenants-dir']), {
      listen: values.listen,
      ...(apiProcesses.length > 0 ? { api: { serverNames: apiHosts, processes: apiProcesses } } : {}),
      ...(broker ? { broker } : {}),
    }) + (consoleHost ? consoleServerConfig(dist, consoleHost, values.listen) : '');
  if (broker)
    for (const problem of await tenantBrokerRouteProblems(values['tenants-dir'], brokerHosts))
      console.warn(`nginx-config: ${problem}`);
  process.stdout.write(config);
} catch (error) {
  console.error(`nginx-config: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
}
