import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import mqtt, { type MqttClient } from 'mqtt';
import { CONSOLE_CONFIG_FILE } from '../../apps/console/shell/config.ts';
import { consoleUrl } from './urls.ts';
import { freePort } from './free-port.ts';
import { startProcess, stopProcess } from './stack.ts';

const run = promisify(execFile);
const OPERATOR_PASSWORD = 'dev-operator';

/**
 * A reference API and broker of the test's own, so live messages (clock closures, recolours)
 * reach only the pages of this test, and the broker can be stopped and started again. Pages
 * are pointed at it by rewriting their `/runtime-config.json`, as the static server's
 * `--api-url`/`--broker-url`/`--analytics-url` would.
 */
export interface LiveStack {
  apiUrl: string;
  brokerUrl: string;
  /** Runs `server/api/operator/operator-cli.ts` against this API; resolves with its output, rejects on a non-zero exit. */
  operator(...args: string[]): Promise<string>;
  /** An operator MQTT connection to this broker, for listening and publishing raw payloads. */
  operatorClient(): Promise<MqttClient>;
  stopBroker(): Promise<void>;
  startBroker(): Promise<void>;
  usedBy(page: Page): Promise<void>;
  stop(): Promise<void>;
}

/** `apiEnv`: more of the API's environment, such as a shop's Stripe account (tests/e2e/paying-stack.ts). */
export async function startLiveStack(options: { apiEnv?: NodeJS.ProcessEnv } = {}): Promise<LiveStack> {
  const dataDir = await mkdtemp(join(tmpdir(), 'storefront-live-'));
  const [apiPort, brokerPort] = [await freePort(), await freePort()];
  const apiUrl = `http://localhost:${apiPort}`;
  const brokerUrl = `ws://localhost:${brokerPort}`;
  const brokerEnv = {
    BROKER_WS_PORT: String(brokerPort),
    BROKER_TCP_PORT: 'off',
    BROKER_OPERATOR_PASSWORD: OPERATOR_PASSWORD,
  };
  const startBrokerProcess = () =>
    startProcess(['server/broker/main.ts'], (output) => output.includes('broker: MQTT over WebSocket'), brokerEnv);
  let broker = await startBrokerProcess();
  const api = await startProcess(['server/api/main.ts'], (output) => output.includes('retailer(s) on'), {
    API_PORT: String(apiPort),
    DATA_DIR: dataDir,
    BROKER_URL: brokerUrl,
    BROKER_OPERATOR_PASSWORD: OPERATOR_PASSWORD,
    // The e2e stack's console may be pointed at this API (usedBy), signed in with the sample staff.
    CONSOLE_ORIGINS: new URL(consoleUrl()).origin,
    API_SAMPLE_STAFF: '1',
    ...options.apiEnv,
  });
  const clients: MqttClient[] = [];

  return {
    apiUrl,
    brokerUrl,
    async operator(...args) {
      const { stdout } = await run(process.execPath, ['server/api/operator/operator-cli.ts', ...args], {
        env: { ...process.env, API_URL: apiUrl },
      });
      return stdout;
    },
    async operatorClient() {
      const client = await mqtt.connectAsync(brokerUrl, {
        username: 'operator',
        password: OPERATOR_PASSWORD,
        clientId: `test_${Math.random().toString(16).slice(2, 10)}`,
        reconnectPeriod: 0,
      });
      clients.push(client);
      return client;
    },
    async stopBroker() {
      await stopProcess(broker.child);
    },
    async startBroker() {
      broker = await startBrokerProcess();
    },
    async usedBy(page) {
      // The deployment's own file, read from disk: Node cannot resolve `<slug>.localhost` to fetch it.
      await page.route('**/runtime-config.json', async (route) => {
        const slug = new URL(route.request().url()).hostname.split('.')[0] ?? '';
        const config = JSON.parse(await readFile(join('dist', slug, 'runtime-config.json'), 'utf8')) as Record<
          string,
          unknown
        >;
        const analytics = config['analyticsUrl'] ? { analyticsUrl: `${apiUrl}/matomo.php` } : {};
        await route.fulfill({
          json: { ...config, apiBaseUrl: apiUrl, brokerUrl, ...analytics },
          headers: { 'cache-control': 'no-cache' },
        });
      });
      // And the console's, so a console page signs in to this API (kitchen-tablet.ts).
      await page.route(`**/${CONSOLE_CONFIG_FILE}`, (route) =>
        route.fulfill({ json: { apiBaseUrl: apiUrl }, headers: { 'cache-control': 'no-cache' } }),
      );
    },
    async stop() {
      await Promise.all(clients.map((client) => client.endAsync(true)));
      await stopProcess(broker.child);
      await stopProcess(api.child);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Records the client ids pages announce on `{prefix}/{retailerId}/connected` once subscribed, in order. */
export async function recordAnnouncedClientIds(listener: MqttClient, retailerId: number): Promise<string[]> {
  const topic = `storefront/${retailerId}/connected`;
  const ids: string[] = [];
  listener.on('message', (received, payload) => {
    if (received === topic) ids.push((JSON.parse(payload.toString()) as { clientid: string }).clientid);
  });
  await listener.subscribeAsync(topic);
  return ids;
}
