import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { consoleServerConfig, hostFolders, nginxConfig } from './lib/nginx-config.ts';

const { values } = parseArgs({
  options: {
    dist: { type: 'string', default: '/srv/storefronts/dist' },
    'tenants-dir': { type: 'string', default: 'tenants' },
    listen: { type: 'string', default: '80' },
    'api-host': { type: 'string', multiple: true, default: [] },
    'api-process': { type: 'string', multiple: true, default: [] },
    'console-host': { type: 'string' },
  },
});

const apiHosts = values['api-host'];
const apiProcesses = values['api-process'];
if ((apiHosts.length === 0) !== (apiProcesses.length === 0)) {
  console.error('nginx-config: --api-host and --api-process come together: the API host names and the address of each API process');
  process.exit(2);
}

/**
 * `node scripts/nginx-config.ts [--dist /srv/storefronts/dist] [--listen 80] [--console-host console.example.com]
 *    [--api-host api.example.com --api-process 127.0.0.1:8787 --api-process 127.0.0.1:8788] > storefronts.conf`
 */
const dist = resolve(values.dist);
const consoleHost = values['console-host'];
process.stdout.write(
  nginxConfig(dist, await hostFolders(values['tenants-dir']), {
    listen: values.listen,
    ...(apiProcesses.length > 0 ? { api: { serverNames: apiHosts, processes: apiProcesses } } : {}),
  }) + (consoleHost ? consoleServerConfig(dist, consoleHost, values.listen) : ''),
);
