import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { hostFolders, nginxConfig } from './lib/nginx-config.ts';

const { values } = parseArgs({
  options: {
    dist: { type: 'string', default: '/srv/storefronts/dist' },
    'tenants-dir': { type: 'string', default: 'tenants' },
    listen: { type: 'string', default: '80' },
  },
});

/** `node scripts/nginx-config.ts [--dist /srv/storefronts/dist] [--listen 80] > storefronts.conf` */
process.stdout.write(nginxConfig(resolve(values.dist), await hostFolders(values['tenants-dir']), values.listen));
