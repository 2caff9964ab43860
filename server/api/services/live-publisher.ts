import { randomBytes } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { BROKER_CONNECT_TIMEOUT_MS } from '../../../lib/constants.ts';
import { OPERATOR_USERNAME } from '../../broker/acl.ts';

export interface LivePublisher {
  /** Publishes JSON at QoS 1; rejects when the broker cannot be reached or refuses. */
  publish(topic: string, payload: unknown): Promise<void>;
  /**
   * Publishes without keeping the caller waiting (a customer placing an order does not wait for the
   * broker); a failure goes to `failed`. close() lets these finish first.
   */
  publishInBackground(topic: string, payload: unknown, failed: (error: Error) => void): void;
  close(): Promise<void>;
}

export interface LivePublisherOptions {
  brokerUrl: string;
  operatorPassword: string;
}

/**
 * The API's operator connection to the broker, opened on first use and kept. A failed connect
 * is dropped rather than left reconnecting, so the next publish starts clean and an operator
 * sees the failure at once.
 */
export function createLivePublisher({ brokerUrl, operatorPassword }: LivePublisherOptions): LivePublisher {
  let connecting: Promise<MqttClient> | null = null;

  function connect(): Promise<MqttClient> {
    const client = mqtt.connect(brokerUrl, {
      clientId: `api_${randomBytes(6).toString('hex')}`,
      username: OPERATOR_USERNAME,
      password: operatorPassword,
      clean: true,
      connectTimeout: BROKER_CONNECT_TIMEOUT_MS,
      reconnectPeriod: 0,
    });
    return new Promise<MqttClient>((resolve, reject) => {
      const fail = (error: Error) => {
        client.end(true);
        reject(new Error(`broker ${brokerUrl}: ${error.message}`, { cause: error }));
      };
      client.once('connect', () => {
        client.removeAllListeners('error');
        client.on('error', () => client.end(true));
        resolve(client);
      });
      client.once('error', fail);
      client.once('close', () => fail(new Error('connection closed before the broker answered')));
    });
  }

  async function connected(): Promise<MqttClient> {
    const current = connecting;
    if (current) {
      const client = await current.catch(() => null);
      if (client?.connected) return client;
      // Another publish already started a fresh connection while this one waited.
      if (connecting !== current) return connected();
    }
    connecting = connect();
    connecting.catch(() => undefined);
    return connecting;
  }

  async function publish(topic: string, payload: unknown): Promise<void> {
    const client = await connected();
    await client.publishAsync(topic, JSON.stringify(payload), { qos: 1 });
  }

  const inBackground = new Set<Promise<void>>();

  return {
    publish,
    publishInBackground(topic, payload, failed) {
      const sending = publish(topic, payload).catch((error: unknown) =>
        failed(error instanceof Error ? error : new Error(String(error))),
      );
      inBackground.add(sending);
      void sending.finally(() => inBackground.delete(sending));
    },
    async close() {
      await Promise.all(inBackground);
      const pending = connecting;
      connecting = null;
      const client = await pending?.catch(() => null);
      await client?.endAsync();
    },
  };
}
