import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { consoleServerConfig, hostFolders, nginxConfig } from './lib/nginx-config.ts';

const { values } = parseArgs({
  options: {
    dist: { type: 'string', default: '/srv/storefronts/dist' },
    'tenants-dir': { type: 'string', default: 'tenants' },
    listen: { type: 'string', default: '80' },
    'console-host': { type: 'string' },
  },
});

/** `node scripts/nginx-config.ts [--dist /srv/storefronts/dist] [--listen 80] [--console-host console.example.com] > storefronts.conf` */
const dist = resolve(values.dist);
const consoleHost = values['console-host'];
process.stdout.write(nginxConfig(dist, await hostFolders(values['tenants-dir']), values.listen) + (consoleHost ? consoleServerConfig(dist, consoleHost, values.listen) : ''));
