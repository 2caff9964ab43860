import { cpSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../../lib/api/contract.ts';
import { FIXTURE_TENANTS, onEachStore, tempDir } from './support/test-support.ts';

const dir = tempDir();
const tenantsDir = join(dir, 'tenants');
const logged: string[] = [];

beforeAll(() => {
  cpSync(join(FIXTURE_TENANTS, 'test-pizza'), join(tenantsDir, 'test-pizza'), { recursive: true });
  cpSync(join(FIXTURE_TENANTS, 'test-pizza'), join(tenantsDir, 'broken-pizza'), { recursive: true });
  writeFileSync(
    join(tenantsDir, 'broken-pizza', 'tenant.json'),
    JSON.stringify({
      hosts: ['order.brokenpizza.example'],
      retailerWebsiteId: 9101,
      apiBaseUrl: 'not a url',
      brokerUrl: 'ws://localhost:9001',
    }),
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

await onEachStore(
  ({ api }) => {
    describe('a tenant that fails to load', () => {
      it('is logged with the file and the JSON path of each problem', () => {
        expect(logged).toContain(
          'api: tenant "broken-pizza" not served: tenants/broken-pizza/tenant.json: $.apiBaseUrl: expected an http:// or https:// URL',
        );
      });

      it.each([
        ['its production host', 'order.brokenpizza.example'],
        ['its local host', 'broken-pizza.localhost:4321'],
      ])('answers as an unknown retailer on %s', async (_name, domain) => {
        const answer = await api.call(apiCalls.getRetailerConfig.path, { domain });
        expect(answer).toMatchObject({ status: 404, body: { success: false } });
        expect((answer.body as { message: string }).message).toContain('Retailer not found');
      });

      it('does not stop the other tenants', async () => {
        expect((await api.call(apiCalls.getRetailerConfig.path, { domain: 'test-pizza.localhost' })).status).toBe(200);
      });

      it('logs one line per request', async () => {
        const before = logged.length;
        await api.call(apiCalls.getTradingHours.path, { domain: 'test-pizza.localhost:4321' });
        expect(logged.slice(before)).toEqual([
          expect.stringMatching(/^GET \/api\/retailer\/get-trading-hours 200 \d+\.\dms test-pizza\.localhost:4321$/),
        ]);
      });
    });
  },
  {
    api: () => {
      // What each store's API logged while starting, not the other's too.
      logged.length = 0;
      return { tenantsDir, log: (line: string) => logged.push(line) };
    },
  },
);
