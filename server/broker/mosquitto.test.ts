import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mosquittoPresent, startMosquitto, type RunningMosquitto } from './mosquitto-test-support.ts';
import { connectMqtt, freePort, journeyClockStatus, runVisitorJourney } from './mqtt-test-support.ts';

/** The storefront must not depend on aedes: the same client runs unchanged against a stock Mosquitto. */

const present = mosquittoPresent('Mosquitto interop test');

const scope = { topicPrefix: 'storefront', retailerId: 111 };
const RETAILER_WEBSITE_ID = 7;

let dir: string;
let mosquitto: RunningMosquitto | undefined;
let wsUrl: string;
const clients: MqttClient[] = [];

describe.skipIf(!present)('startLiveMessaging against Mosquitto with a WebSocket listener', () => {
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'storefront-mosquitto-'));
    const [tcpPort, wsPort] = [await freePort(), await freePort()];
    // Mosquitto 2.0.11 exits with "Unable to start any listening sockets" when every listener speaks WebSockets, hence the TCP one.
    const config = [
      `listener ${tcpPort} 127.0.0.1`,
      `listener ${wsPort}`,
      'protocol websockets',
      'allow_anonymous true',
      '',
    ].join('\n');
    await writeFile(join(dir, 'mosquitto.conf'), config);
    mosquitto = await startMosquitto(join(dir, 'mosquitto.conf'), ['-v']);
    wsUrl = `ws://127.0.0.1:${wsPort}`;
  });

  afterAll(async () => {
    await Promise.all(clients.splice(0).map((client) => client.endAsync(true)));
    await mosquitto?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('subscribes, announces client info and receives notify, clock and design messages; malformed ones only reach onError', async () => {
    const operator = await connectMqtt(wsUrl, { clientId: 'retailer-system' });
    clients.push(operator);
    const { announced, recording } = await runVisitorJourney({
      brokerUrl: wsUrl,
      scope,
      retailerWebsiteId: RETAILER_WEBSITE_ID,
      operator,
      mqttConnect: mqtt.connect,
    });

    expect(announced).toEqual({
      clientid: expect.stringMatching(/^sf_[0-9a-f]{16}$/),
      deviceType: 'desktop',
      userAgent: globalThis.navigator.userAgent,
      windowSize: { width: 0, height: 0 },
    });
    expect(recording.notifications).toEqual([
      { title: 'Order update', message: 'Your pizza is in the oven' },
      { message: 'Ready for pickup' },
    ]);
    expect(recording.clockStatuses).toEqual([null, journeyClockStatus]);
    expect(recording.designUpdates).toEqual([{ fieldName: 'primary', fieldValue: '#123456' }]);
    expect(recording.errors.map(({ kind, topic }) => ({ kind, topic }))).toEqual([
      { kind: 'message', topic: `storefront/111/${announced.clientid}/notify` },
      { kind: 'message', topic: 'storefront/111/clock/status' },
      { kind: 'message', topic: `storefront/111/design/field-update/${RETAILER_WEBSITE_ID}` },
    ]);
  });
});
