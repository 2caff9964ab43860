import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMqtt, freePort, journeyClockStatus, runVisitorJourney } from './mqtt-test-support.ts';

/** The storefront must not depend on aedes: the same client runs unchanged against a stock Mosquitto. */

const MOSQUITTO = '/usr/sbin/mosquitto';
const present = existsSync(MOSQUITTO);
if (!present) console.warn(`Mosquitto interop test skipped: ${MOSQUITTO} not found (Debian package "mosquitto").`);

const scope = { topicPrefix: 'storefront', retailerId: 111 };
const RETAILER_WEBSITE_ID = 7;

let dir: string;
let mosquitto: ChildProcess | undefined;
let wsUrl: string;
const clients: MqttClient[] = [];

function started(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`mosquitto did not start:\n${output}`)), 5000);
    const watch = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (/mosquitto version \S+ running/.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', watch);
    child.stderr?.on('data', watch);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`mosquitto exited with ${code}:\n${output}`));
    });
  });
}

describe.skipIf(!present)('startLiveMessaging against Mosquitto with a WebSocket listener', () => {
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'storefront-mosquitto-'));
    const [tcpPort, wsPort] = [await freePort(), await freePort()];
    // Mosquitto 2.0.11 exits with "Unable to start any listening sockets" when every listener speaks WebSockets, hence the TCP one.
    const config = [`listener ${tcpPort} 127.0.0.1`, `listener ${wsPort}`, 'protocol websockets', 'allow_anonymous true', ''].join('\n');
    await writeFile(join(dir, 'mosquitto.conf'), config);
    mosquitto = spawn(MOSQUITTO, ['-c', join(dir, 'mosquitto.conf'), '-v'], { stdio: ['ignore', 'pipe', 'pipe'] });
    await started(mosquitto);
    wsUrl = `ws://127.0.0.1:${wsPort}`;
  });

  afterAll(async () => {
    await Promise.all(clients.splice(0).map((client) => client.endAsync(true)));
    if (mosquitto && mosquitto.exitCode === null) {
      const exited = new Promise((resolve) => mosquitto?.once('exit', resolve));
      mosquitto.kill('SIGTERM');
      await exited;
    }
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('subscribes, announces client info and receives notify, clock and design messages; malformed ones only reach onError', async () => {
    const operator = await connectMqtt(wsUrl, { clientId: 'retailer-system' });
    clients.push(operator);
    const { announced, recording } = await runVisitorJourney({ brokerUrl: wsUrl, scope, retailerWebsiteId: RETAILER_WEBSITE_ID, operator, mqttConnect: mqtt.connect });

    expect(announced).toEqual({ clientid: expect.stringMatching(/^sf_[0-9a-f]{16}$/), deviceType: 'desktop', userAgent: globalThis.navigator.userAgent, windowSize: { width: 0, height: 0 } });
    expect(recording.notifications).toEqual([{ title: 'Order update', message: 'Your pizza is in the oven' }, { message: 'Ready for pickup' }]);
    expect(recording.clockStatuses).toEqual([null, journeyClockStatus]);
    expect(recording.designUpdates).toEqual([{ fieldName: 'primary', fieldValue: '#123456' }]);
    expect(recording.errors.map(({ kind, topic }) => ({ kind, topic }))).toEqual([
      { kind: 'message', topic: `storefront/111/${announced.clientid}/notify` },
      { kind: 'message', topic: 'storefront/111/clock/status' },
      { kind: 'message', topic: `storefront/111/design/field-update/${RETAILER_WEBSITE_ID}` },
    ]);
  });
});
