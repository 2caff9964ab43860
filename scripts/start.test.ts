import { request } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stackReady } from '../tests/e2e/global-setup.ts';
import { startProcess, stopProcess } from '../tests/e2e/stack.ts';
import { freePort } from '../tests/e2e/free-port.ts';
import { TRADING_SAMPLE_SHOPS } from '../lib/tenant/sample-shops.ts';

function get(port: number, path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const isListening = (port: number, address = '127.0.0.1') =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, address);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** An address of this machine that other machines on its network reach, if it has one. */
const networkAddress = Object.values(networkInterfaces())
  .flat()
  .find((entry) => entry !== undefined && !entry.internal && entry.family === 'IPv4')?.address;

describe('npm start', () => {
  it('builds, serves every shop with the API and broker, and stops all three on Ctrl-C', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'storefront-start-'));
    const ports = { web: await freePort(), api: await freePort(), broker: await freePort() };
    const stack = await startProcess(['scripts/start.ts'], stackReady, {
      PORT: String(ports.web),
      API_PORT: String(ports.api),
      BROKER_WS_PORT: String(ports.broker),
      BROKER_TCP_PORT: 'off',
      DATA_DIR: dataDir,
      OPERATOR_TOKEN: '',
      BROKER_OPERATOR_PASSWORD: '',
    });
    try {
      // Local runs keep the easy defaults, but say so.
      expect(stack.output()).toContain('[api] api warning: OPERATOR_TOKEN is not set: using the development default');
      expect(stack.output()).toContain(
        '[broker] broker warning: BROKER_OPERATOR_PASSWORD is not set: using the development default',
      );
      for (const slug of TRADING_SAMPLE_SHOPS)
        expect(stack.output()).toContain(`http://${slug}.localhost:${ports.web}/`);
      const page = await get(ports.web, '/', { host: `bella-napoli.localhost:${ports.web}` });
      expect(page.status).toBe(200);
      expect(page.body).toContain('Bella Napoli');
      const runtime = JSON.parse(
        (await get(ports.web, '/runtime-config.json', { host: 'bella-napoli.com.au' })).body,
      ) as { apiBaseUrl: string; brokerUrl: string };
      expect(runtime).toMatchObject({
        apiBaseUrl: `http://localhost:${ports.api}`,
        brokerUrl: `ws://localhost:${ports.broker}`,
      });
      const clock = await get(ports.api, '/api/retailer/get-clock-status', {
        'x-retailer-domain': 'bella-napoli.localhost',
      });
      expect(clock.status).toBe(200);
      expect(JSON.parse(clock.body)).toHaveProperty('retailerOnline');
      expect(await isListening(ports.broker)).toBe(true);
      // With the README's development secrets, none of the three may be reachable from the network unless HOST says so.
      expect(stack.output()).toContain('Listening on 127.0.0.1 only');
      if (networkAddress !== undefined) {
        for (const port of Object.values(ports))
          expect(await isListening(port, networkAddress), `port ${port} on ${networkAddress}`).toBe(false);
      }
    } finally {
      expect(await stopProcess(stack.child)).toBe(0);
      await rm(dataDir, { recursive: true, force: true });
    }
    for (const port of Object.values(ports)) expect(await isListening(port)).toBe(false);
  }, 180_000);
});
