import { createServer, type AddressInfo } from 'node:net';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import {
  clientInfoSchema,
  parseMessage,
  type ClientInfo,
  type DesignFieldUpdate,
  type NotifyMessage,
} from '../../lib/live/messages.ts';
import {
  clockStatusTopic,
  connectedTopic,
  designFieldUpdateTopic,
  notifyTopic,
  type RetailerTopicScope,
} from '../../lib/live/topics.ts';
import type { ClockStatus } from '../../lib/tenant/hours.ts';
import { startLiveMessaging, type LiveMessagingError, type MqttConnect } from '../../lib/live/live-messaging.ts';

/** Test support shared by the aedes and Mosquitto integration tests: real mqtt.js clients and one visitor journey. */

/** Resolves once connected; rejects with the broker's refusal or the socket error. Never reconnects. */
export function connectMqtt(url: string, options: IClientOptions = {}): Promise<MqttClient> {
  const client = mqtt.connect(url, { reconnectPeriod: 0, connectTimeout: 3000, ...options });
  return new Promise((resolve, reject) => {
    client.once('connect', () => resolve(client));
    client.once('error', (error) => {
      client.end(true);
      reject(error);
    });
    client.once('close', () => reject(new Error('closed before CONNACK')));
  });
}

export async function waitFor(check: () => boolean, what: string, timeoutMs = 4000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The broker's SUBACK code per topic (128 = refused); mqtt.js rejects the whole call when any topic is refused. */
export function subscribeCodes(client: MqttClient, topics: string[]): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    client.subscribe(topics, { qos: 0 }, (error, _granted, suback) => {
      if (!suback) {
        reject(error ?? new Error('no SUBACK'));
        return;
      }
      resolve(Object.fromEntries(topics.map((topic, index) => [topic, suback.granted[index]])));
    });
  });
}

/** Messages a client receives, as text, in arrival order. */
export function recordMessages(client: MqttClient): { topic: string; text: string }[] {
  const received: { topic: string; text: string }[] = [];
  client.on('message', (topic, payload) => received.push({ topic, text: payload.toString('utf8') }));
  return received;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** mqtt.js connect as a page served from `origin` would call it: Node's WebSocket sends no Origin unless told. */
export function connectFromOrigin(origin: string): MqttConnect {
  return (url, options) => mqtt.connect(url, { ...options, wsOptions: { origin } });
}

export interface LiveRecording {
  notifications: NotifyMessage[];
  clockStatuses: (ClockStatus | null)[];
  designUpdates: DesignFieldUpdate[];
  errors: LiveMessagingError[];
}

export function liveRecorder(): LiveRecording & {
  callbacks: Pick<
    Parameters<typeof startLiveMessaging>[0],
    'onNotify' | 'onClockStatus' | 'onDesignUpdate' | 'onError'
  >;
} {
  const recording: LiveRecording = { notifications: [], clockStatuses: [], designUpdates: [], errors: [] };
  return {
    ...recording,
    callbacks: {
      onNotify: (notification) => recording.notifications.push(notification),
      onClockStatus: (status) => recording.clockStatuses.push(status),
      onDesignUpdate: (update) => recording.designUpdates.push(update),
      onError: (error) => recording.errors.push(error),
    },
  };
}

export const journeyClockStatus: ClockStatus = {
  retailerOnline: true,
  liveDeliveryWaitTime: 45,
  livePickupWaitTime: 15,
  closedDateToday: false,
  livePickupOverCapacity: false,
  liveDeliveryOverCapacity: true,
  allowDelivery: true,
};

export interface JourneyResult {
  announced: ClientInfo;
  recording: LiveRecording;
}

/**
 * A visitor opens the storefront; the retailer side (`operator`) sees it announce itself, then
 * sends it valid and malformed notify, clock and design messages in one ordered QoS 1 stream.
 */
export async function runVisitorJourney(input: {
  brokerUrl: string;
  scope: RetailerTopicScope;
  retailerWebsiteId: number;
  operator: MqttClient;
  mqttConnect: MqttConnect;
}): Promise<JourneyResult> {
  const { operator, scope, retailerWebsiteId } = input;
  const seen = recordMessages(operator);
  await operator.subscribeAsync(connectedTopic(scope), { qos: 0 });

  const recorder = liveRecorder();
  const stop = startLiveMessaging({
    brokerUrl: input.brokerUrl,
    topicPrefix: scope.topicPrefix,
    retailerId: scope.retailerId,
    retailerWebsiteId,
    mqttConnect: input.mqttConnect,
    ...recorder.callbacks,
  });
  try {
    await waitFor(
      () => seen.some((message) => message.topic === connectedTopic(scope)),
      'the visitor to announce itself',
    );
    const announcement = seen.find((message) => message.topic === connectedTopic(scope));
    const parsed = parseMessage(clientInfoSchema, announcement?.text ?? '');
    if (!parsed.ok) throw new Error(`visitor announced malformed client info: ${parsed.reason}`);
    const announced = parsed.value;

    const publish = (topic: string, payload: string) => operator.publishAsync(topic, payload, { qos: 1 });
    const visitorNotify = notifyTopic(scope, announced.clientid);
    await publish(visitorNotify, JSON.stringify({ title: 'Order update', message: 'Your pizza is in the oven' }));
    await publish(visitorNotify, JSON.stringify({ title: 'No message' }));
    await publish(clockStatusTopic(scope), JSON.stringify({ refresh: true }));
    await publish(clockStatusTopic(scope), JSON.stringify(journeyClockStatus));
    await publish(clockStatusTopic(scope), JSON.stringify({ retailerOnline: 'yes' }));
    await publish(
      designFieldUpdateTopic(scope, retailerWebsiteId),
      JSON.stringify({ fieldName: 'primary', fieldValue: '#123456' }),
    );
    await publish(designFieldUpdateTopic(scope, retailerWebsiteId), 'not json');
    await publish(visitorNotify, JSON.stringify({ message: 'Ready for pickup' }));

    await waitFor(() => recorder.notifications.length === 2, 'the last notification');
    const { notifications, clockStatuses, designUpdates, errors } = recorder;
    return { announced, recording: { notifications, clockStatuses, designUpdates, errors } };
  } finally {
    await stop();
  }
}
