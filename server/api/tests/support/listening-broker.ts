import type { MqttClient } from 'mqtt';
import { createBroker } from '../../../broker/broker.ts';
import { connectMqtt, recordMessages } from '../../../broker/mqtt-test-support.ts';
import { FIXTURE_TENANTS, STAFF_SECRET } from './test-support.ts';

/** The operator password of every test broker a listening broker starts. */
export const BROKER_PASSWORD = 'test-broker-password';

export interface ListeningBroker {
  url: string;
  /** The operator's client, subscribed to the topic asked for. */
  listener: MqttClient;
  /** Everything the listener heard, in order. */
  heard: { topic: string; text: string }[];
  close(): Promise<void>;
}

/**
 * A broker of the fixture tenants on a free port, admitting the test APIs' staff consoles, with an
 * operator client recording what is published on `topic`: what a test of live pushes listens with.
 */
export async function startListeningBroker(topic: string): Promise<ListeningBroker> {
  const broker = await createBroker({
    tenantsDir: FIXTURE_TENANTS,
    wsPort: 0,
    host: '127.0.0.1',
    operatorPassword: BROKER_PASSWORD,
    staffSecret: STAFF_SECRET,
    log: () => undefined,
  });
  const url = `ws://127.0.0.1:${broker.wsPort}`;
  const listener = await connectMqtt(url, { username: 'operator', password: BROKER_PASSWORD });
  const heard = recordMessages(listener);
  await listener.subscribeAsync(topic, { qos: 1 });
  return {
    url,
    listener,
    heard,
    async close() {
      await listener.endAsync(true);
      await broker.close();
    },
  };
}
