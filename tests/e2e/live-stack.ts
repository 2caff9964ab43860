import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import mqtt, { type MqttClient } from 'mqtt';
import { freePort } from './free-port.ts';
import { startProcess, stopProcess } from './stack.ts';

const run = promisify(execFile);
const OPERATOR_PASSWORD = 'dev-operator';

/**
 * A reference API and broker of the test's own, so live messages (clock closures, recolours)
 * reach only the pages of this test, and the broker can be stopped and started again. Pages
 * are pointed at it by rewriting their `/runtime-config.json`, as the static server's
 * `--api-url`/`--broker-url` would.
 */
export interface LiveStack {
  apiUrl: string;
  brokerUrl: string;
  /** Runs `server/api/operator-cli.ts` against this API; resolves with its output, rejects on a non-zero exit. */
  operator(...args: string[]): Promise<string>;
  /** An operator MQTT connection to this broker, for listening and publishing raw payloads. */
  operatorClient(): Promise<MqttClient>;
  stopBroker(): Promise<void>;
  startBroker(): Promise<void>;
  usedBy(page: Page): Promise<void>;
  stop(): Promise<void>;
}

export async function startLiveStack(): Promise<LiveStack> {
  const dataDir = await mkdtemp(join(tmpdir(), 'storefront-live-'));
  const [apiPort, brokerPort] = [await freePort(), await freePort()];
  const apiUrl = `http://localhost:${apiPort}`;
  const brokerUrl = `ws://localhost:${brokerPort}`;
  const brokerEnv = { BROKER_WS_PORT: String(brokerPort), BROKER_TCP_PORT: 'off', BROKER_OPERATOR_PASSWORD: OPERATOR_PASSWORD };
  const startBrokerProcess = () => startProcess(['server/broker/main.ts'], (output) => output.includes('broker: MQTT over WebSocket'), brokerEnv);
  let broker = await startBrokerProcess();
  const api = await startProcess(['server/api/main.ts'], (output) => output.includes('retailer(s) on'), { API_PORT: String(apiPort), DATA_DIR: dataDir, BROKER_URL: brokerUrl, BROKER_OPERATOR_PASSWORD: OPERATOR_PASSWORD });
  const clients: MqttClient[] = [];

  return {
    apiUrl,
    brokerUrl,
    async operator(...args) {
      const { stdout } = await run(process.execPath, ['server/api/operator-cli.ts', ...args], { env: { ...process.env, API_URL: apiUrl } });
      return stdout;
    },
    async operatorClient() {
      const client = await mqtt.connectAsync(brokerUrl, { username: 'operator', password: OPERATOR_PASSWORD, clientId: `test_${Math.random().toString(16).slice(2, 10)}`, reconnectPeriod: 0 });
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
      await page.route('**/runtime-config.json', async (route) => {
        const response = await route.fetch();
        const config = (await response.json()) as Record<string, unknown>;
        await route.fulfill({ response, json: { ...config, apiBaseUrl: apiUrl, brokerUrl } });
      });
    },
    async stop() {
      await Promise.all(clients.map((client) => client.endAsync(true)));
      await stopProcess(broker.child);
      await stopProcess(api.child);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The client id a page announces on `{prefix}/{retailerId}/connected` once it has subscribed. */
export function nextAnnouncedClientId(listener: MqttClient, retailerId: number): Promise<string> {
  const topic = `storefront/${retailerId}/connected`;
  return new Promise((resolve) => {
    const onMessage = (received: string, payload: Buffer) => {
      if (received !== topic) return;
      listener.off('message', onMessage);
      resolve((JSON.parse(payload.toString()) as { clientid: string }).clientid);
    };
    listener.on('message', onMessage);
    void listener.subscribeAsync(topic);
  });
}
