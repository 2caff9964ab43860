import { EventEmitter } from 'node:events';
import type { ClientSubscribeCallback, IClientOptions, ISubscriptionGrant, MqttClient, PacketCallback } from 'mqtt';
import { describe, expect, it } from 'vitest';
import {
  clientInfo,
  startLiveMessaging,
  watchOrderStatus,
  watchStaffOrders,
  type LiveMessagingError,
  type LiveMessagingOptions,
  type OrderWatchOptions,
} from './live-messaging.ts';

/** Stands in for mqtt.js' client with only the surface startLiveMessaging touches; the broker tests use the real one. */
class FakeMqttClient extends EventEmitter {
  subscriptions: { topics: string[]; callback: ClientSubscribeCallback }[] = [];
  published: { topic: string; payload: string; callback: PacketCallback }[] = [];
  ended = false;

  subscribe(topics: string[], _options: unknown, callback: ClientSubscribeCallback): this {
    this.subscriptions.push({ topics, callback });
    return this;
  }

  publish(topic: string, payload: string, _options: unknown, callback: PacketCallback): this {
    this.published.push({ topic, payload, callback });
    return this;
  }

  end(_force: boolean, _options: unknown, callback: () => void): this {
    this.ended = true;
    this.emit('close');
    callback();
    return this;
  }

  /** The broker grants (0) or refuses (128) each topic of the last SUBSCRIBE. */
  suback(codes: ISubscriptionGrant['qos'][]): void {
    const last = this.subscriptions.at(-1);
    if (!last) throw new Error('nothing subscribed');
    const packet = { cmd: 'suback' as const, granted: codes };
    const error = codes.some((code) => code >= 128) ? new Error('Subscribe error: Unspecified error') : null;
    last.callback(
      error,
      last.topics.map((topic, index) => ({ topic, qos: codes[index] ?? 0 })),
      packet,
    );
  }

  deliver(topic: string, payload: string): void {
    this.emit('message', topic, Buffer.from(payload));
  }
}

function setUp(overrides: Partial<LiveMessagingOptions> = {}) {
  const fake = new FakeMqttClient();
  const connections: { url: string; options: IClientOptions }[] = [];
  const seen = {
    notifications: [] as unknown[],
    clockStatuses: [] as unknown[],
    designUpdates: [] as unknown[],
    errors: [] as LiveMessagingError[],
  };
  const stop = startLiveMessaging({
    brokerUrl: 'wss://broker.example:443/mqtt',
    topicPrefix: 'storefront',
    retailerId: 111,
    retailerWebsiteId: 7,
    onNotify: (notification) => seen.notifications.push(notification),
    onClockStatus: (status) => seen.clockStatuses.push(status),
    onDesignUpdate: (update) => seen.designUpdates.push(update),
    onError: (error) => seen.errors.push(error),
    mqttConnect: (url, options) => {
      connections.push({ url, options });
      return fake as unknown as MqttClient;
    },
    ...overrides,
  });
  const clientId = String(connections[0]?.options.clientId);
  const connectAndSubscribe = () => {
    fake.emit('connect');
    fake.suback([0, 0, 0]);
  };
  return { fake, connections, seen, stop, clientId, connectAndSubscribe };
}

describe('startLiveMessaging', () => {
  it.each([[null], [undefined], [0]])('is skipped without a retailerWebsiteId (%s)', async (retailerWebsiteId) => {
    const { connections, stop } = setUp({ retailerWebsiteId });
    expect(connections).toEqual([]);
    await expect(stop()).resolves.toBeUndefined();
  });

  it('connects with a prefixed random client id, a clean session and the spec timings', () => {
    const { connections } = setUp();
    expect(connections).toEqual([
      {
        url: 'wss://broker.example:443/mqtt',
        options: expect.objectContaining({
          clientId: expect.stringMatching(/^sf_[0-9a-f]{16}$/),
          clean: true,
          connectTimeout: 4000,
          reconnectPeriod: 5000,
          timerVariant: 'native',
        }),
      },
    ]);
  });

  it('subscribes to its notify topic, the clock and its design topic, then announces itself', () => {
    const { fake, clientId, connectAndSubscribe } = setUp();
    fake.emit('connect');
    expect(fake.subscriptions.map((subscription) => subscription.topics)).toEqual([
      [`storefront/111/${clientId}/notify`, 'storefront/111/clock/status', 'storefront/111/design/field-update/7'],
    ]);
    expect(fake.published).toEqual([]);
    fake.suback([0, 0, 0]);
    expect(fake.published.map(({ topic, payload }) => ({ topic, info: JSON.parse(payload) }))).toEqual([
      { topic: 'storefront/111/connected', info: clientInfo(clientId) },
    ]);
    fake.emit('close');
    connectAndSubscribe();
    expect(fake.subscriptions).toHaveLength(2);
    expect(fake.published).toHaveLength(2);
  });

  it.each([
    ['a notification', 'notify', '{"message":"Order ready"}', { notifications: [{ message: 'Order ready' }] }],
    ['a clock ping', 'clock', '', { clockStatuses: [null] }],
    [
      'a clock status',
      'clock',
      '{"retailerOnline":false}',
      { clockStatuses: [expect.objectContaining({ retailerOnline: false })] },
    ],
    [
      'a design update',
      'design',
      '{"fieldName":"primary","fieldValue":"#ff0000"}',
      { designUpdates: [{ fieldName: 'primary', fieldValue: '#ff0000' }] },
    ],
  ])('hands %s to its callback', (_name, which, payload, expected) => {
    const { fake, seen, clientId, connectAndSubscribe } = setUp();
    connectAndSubscribe();
    const topic =
      {
        notify: `storefront/111/${clientId}/notify`,
        clock: 'storefront/111/clock/status',
        design: 'storefront/111/design/field-update/7',
      }[which] ?? '';
    fake.deliver(topic, payload);
    expect(seen).toEqual({ notifications: [], clockStatuses: [], designUpdates: [], errors: [], ...expected });
  });

  it.each([
    ['a notification without message', 'notify', '{"title":"Hi"}'],
    ['a notification that is not JSON', 'notify', 'Order ready'],
    ['a clock status of the wrong type', 'clock', '{"retailerOnline":"yes"}'],
    ['a design update without a field name', 'design', '{"fieldValue":"#ff0000"}'],
  ])('rejects %s to onError and calls nothing else', (_name, which, payload) => {
    const { fake, seen, clientId, connectAndSubscribe } = setUp();
    connectAndSubscribe();
    const topic =
      {
        notify: `storefront/111/${clientId}/notify`,
        clock: 'storefront/111/clock/status',
        design: 'storefront/111/design/field-update/7',
      }[which] ?? '';
    expect(() => fake.deliver(topic, payload)).not.toThrow();
    expect(seen).toEqual({
      notifications: [],
      clockStatuses: [],
      designUpdates: [],
      errors: [{ kind: 'message', topic, message: expect.stringContaining(`Malformed message on ${topic}`) }],
    });
  });

  it('keeps a throwing page callback from breaking the connection', () => {
    const errors: LiveMessagingError[] = [];
    const { fake, clientId, connectAndSubscribe } = setUp({
      onNotify: () => {
        throw new Error('toast store exploded');
      },
      onError: (error) => errors.push(error),
    });
    connectAndSubscribe();
    expect(() => fake.deliver(`storefront/111/${clientId}/notify`, '{"message":"a"}')).not.toThrow();
    expect(errors).toEqual([
      { kind: 'callback', topic: `storefront/111/${clientId}/notify`, message: 'toast store exploded' },
    ]);
  });

  it('survives a throwing onError', () => {
    const { fake } = setUp({
      onError: () => {
        throw new Error('logger down');
      },
    });
    expect(() => fake.emit('error', new Error('Keepalive timeout'))).not.toThrow();
  });

  it('reports a refused subscription and still announces itself', () => {
    const { fake, seen, clientId } = setUp();
    fake.emit('connect');
    fake.suback([128, 0, 0]);
    expect(seen.errors).toEqual([
      {
        kind: 'subscription',
        topic: `storefront/111/${clientId}/notify`,
        message: `Subscription refused: storefront/111/${clientId}/notify`,
      },
    ]);
    expect(fake.published).toHaveLength(1);
  });

  it.each([
    ['never connected, retrying', ['close', 'close', 'close'], ['No connection to broker']],
    ['dropped after connecting', ['connect', 'close', 'close'], ['Connection closed']],
    [
      'dropped, back, dropped again',
      ['connect', 'close', 'connect', 'close'],
      ['Connection closed', 'Connection closed'],
    ],
  ])('reports one error per outage: %s', (_name, events, expected) => {
    const { fake, seen } = setUp();
    for (const event of events) fake.emit(event);
    expect(seen.errors).toEqual(expected.map((message) => ({ kind: 'connection', message })));
  });

  it.each([
    ['Keepalive timeout', new Error('Keepalive timeout'), 'Keepalive timeout'],
    [
      'a refused connection',
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9001'), { code: 'ECONNREFUSED' }),
      'No connection to broker',
    ],
    ['a refused CONNACK', new Error('Connection refused: Not authorized'), 'Connection refused: Not authorized'],
  ])('maps the client error %s to the spec text', (_name, error, message) => {
    const { fake, seen } = setUp();
    fake.emit('error', error);
    expect(seen.errors).toEqual([{ kind: 'connection', message }]);
  });

  it('reports a broker URL mqtt.js cannot use instead of throwing', () => {
    const { seen } = setUp({
      mqttConnect: () => {
        throw new Error('Missing protocol');
      },
    });
    expect(seen.errors).toEqual([{ kind: 'connection', message: 'Missing protocol' }]);
  });

  it('stops quietly', async () => {
    const { fake, seen, stop, connectAndSubscribe } = setUp();
    connectAndSubscribe();
    await stop();
    expect(fake.ended).toBe(true);
    expect(seen.errors).toEqual([]);
  });

  it('loads mqtt.js itself when no connect function is given, and reports a URL without protocol', async () => {
    const errors: LiveMessagingError[] = [];
    const stop = startLiveMessaging({
      brokerUrl: 'broker.example/mqtt',
      topicPrefix: 'storefront',
      retailerId: 111,
      retailerWebsiteId: 7,
      onNotify: () => {},
      onClockStatus: () => {},
      onDesignUpdate: () => {},
      onError: (error) => errors.push(error),
    });
    await expect.poll(() => errors).toEqual([{ kind: 'connection', message: 'Missing protocol' }]);
    await stop();
  });
});

describe('watchOrderStatus', () => {
  const KEY = 'q3Zr0-_AbCdEfGhIjKlMnO';
  const TOPIC = 'storefront/111/order/T0p1cId-of-the-order_/status';

  function watch(overrides: Partial<OrderWatchOptions> = {}) {
    const fake = new FakeMqttClient();
    const connections: { url: string; options: IClientOptions }[] = [];
    const seen = { statuses: [] as unknown[], subscribed: 0, errors: [] as LiveMessagingError[] };
    const stop = watchOrderStatus({
      brokerUrl: 'wss://broker.example:443/mqtt',
      login: 'watch-key',
      topicPrefix: 'storefront',
      retailerId: 111,
      watch: { key: KEY, topicId: 'T0p1cId-of-the-order_' },
      onStatus: (status) => seen.statuses.push(status),
      onSubscribed: () => (seen.subscribed += 1),
      onError: (error) => seen.errors.push(error),
      mqttConnect: (url, options) => {
        connections.push({ url, options });
        return fake as unknown as MqttClient;
      },
      ...overrides,
    });
    const connectAndSubscribe = () => {
      fake.emit('connect');
      fake.suback([1]);
    };
    return { fake, connections, seen, stop, connectAndSubscribe };
  }

  it("logs in as an order watch with the order's key, on a clean session of its own", () => {
    const { connections } = watch();
    expect(connections).toEqual([
      {
        url: 'wss://broker.example:443/mqtt',
        options: expect.objectContaining({
          clientId: expect.stringMatching(/^sf_[0-9a-f]{16}$/),
          username: 'order-watch',
          password: KEY,
          clean: true,
          connectTimeout: 4000,
          reconnectPeriod: 5000,
        }),
      },
    ]);
  });

  it("logs in to Mosquitto's order-watch listener with the topic id as username and no key, on a client id of its own", () => {
    const { connections } = watch({ brokerUrl: 'wss://broker.example/order-watch', login: 'topic-id' });
    expect(connections).toEqual([
      {
        url: 'wss://broker.example/order-watch',
        options: expect.objectContaining({
          clientId: expect.stringMatching(/^sf_[0-9a-f]{16}$/),
          username: 'T0p1cId-of-the-order_',
          clean: true,
        }),
      },
    ]);
    expect(connections[0]?.options).not.toHaveProperty('password');
  });

  it('subscribes to the order topic only, on every connect, and says so each time so the page can catch up', () => {
    const { fake, seen, connectAndSubscribe } = watch();
    connectAndSubscribe();
    expect(fake.subscriptions.map((subscription) => subscription.topics)).toEqual([[TOPIC]]);
    expect(seen.subscribed).toBe(1);
    fake.emit('close');
    connectAndSubscribe();
    expect(fake.subscriptions).toHaveLength(2);
    expect(seen.subscribed).toBe(2);
    expect(fake.published).toEqual([]);
  });

  it('hands the status to the page and drops a malformed one or another topic', () => {
    const { fake, seen, connectAndSubscribe } = watch();
    connectAndSubscribe();
    fake.deliver(TOPIC, '{"orderProcessed":"soon"}');
    fake.deliver('storefront/111/clock/status', '{"orderProcessed":true}');
    fake.deliver(TOPIC, '{"orderProcessed":true}');
    expect(seen.statuses).toEqual([{ orderProcessed: true }]);
    expect(seen.errors).toEqual([
      { kind: 'message', topic: TOPIC, message: expect.stringContaining(`Malformed message on ${TOPIC}`) },
    ]);
  });

  it('reports a refused subscription and does not claim to be listening', () => {
    const { fake, seen } = watch();
    fake.emit('connect');
    fake.suback([128]);
    expect(seen.errors).toEqual([{ kind: 'subscription', topic: TOPIC, message: `Subscription refused: ${TOPIC}` }]);
    expect(seen.subscribed).toBe(0);
  });

  it('keeps a throwing page callback from breaking the connection', () => {
    const { fake, seen, connectAndSubscribe } = watch({
      onStatus: () => {
        throw new Error('render failed');
      },
    });
    connectAndSubscribe();
    expect(() => fake.deliver(TOPIC, '{"orderProcessed":true}')).not.toThrow();
    expect(seen.errors).toEqual([{ kind: 'callback', topic: TOPIC, message: 'render failed' }]);
  });

  it('reports one error per outage and stops quietly', async () => {
    const { fake, seen, stop } = watch();
    for (const event of ['close', 'close', 'connect', 'close']) fake.emit(event);
    expect(seen.errors.map((error) => error.message)).toEqual(['No connection to broker', 'Connection closed']);
    await stop();
    expect(fake.ended).toBe(true);
    expect(seen.errors).toHaveLength(2);
  });
});

describe('clientInfo', () => {
  it.each([
    [
      'a phone',
      {
        innerWidth: 390,
        innerHeight: 844,
        navigator: { userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Mobile/15E148' },
      },
      'mobile',
      { width: 390, height: 844 },
    ],
    [
      'a tablet',
      {
        innerWidth: 820.4,
        innerHeight: 1180,
        navigator: { userAgent: 'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X)' },
      },
      'tablet',
      { width: 820, height: 1180 },
    ],
    [
      'a desktop',
      {
        innerWidth: 1920,
        innerHeight: 1080,
        navigator: { userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/124.0' },
      },
      'desktop',
      { width: 1920, height: 1080 },
    ],
    ['no window (Node)', { navigator: { userAgent: 'Node.js/24' } }, 'desktop', { width: 0, height: 0 }],
    ['nothing at all', {}, 'desktop', { width: 0, height: 0 }],
  ])('describes %s', (_name, globals, deviceType, windowSize) => {
    const userAgent = 'navigator' in globals ? globals.navigator.userAgent : '';
    expect(clientInfo('sf_0011223344556677', globals)).toEqual({
      clientid: 'sf_0011223344556677',
      deviceType,
      userAgent,
      windowSize,
    });
  });
});

describe('watchStaffOrders', () => {
  const TOPIC = 'storefront/111/staff/orders';
  const live = { brokerUrl: 'ws://localhost:9001', username: 'staff-111', password: 'hmac-of-staff-111', topic: TOPIC };

  function watch() {
    const fake = new FakeMqttClient();
    const connections: { url: string; options: IClientOptions }[] = [];
    const seen = { changes: [] as unknown[], subscribed: 0, errors: [] as LiveMessagingError[] };
    const stop = watchStaffOrders({
      live,
      onChange: (message) => seen.changes.push(message),
      onSubscribed: () => (seen.subscribed += 1),
      onError: (error) => seen.errors.push(error),
      mqttConnect: (url, options) => {
        connections.push({ url, options });
        return fake as unknown as MqttClient;
      },
    });
    return { fake, connections, seen, stop };
  }

  it("logs in as the retailer's staff user the API named, and subscribes to its topic alone, publishing nothing", () => {
    const { fake, connections, seen } = watch();
    expect(connections).toEqual([
      {
        url: 'ws://localhost:9001',
        options: expect.objectContaining({ username: 'staff-111', password: 'hmac-of-staff-111', clean: true }),
      },
    ]);
    fake.emit('connect');
    fake.suback([1]);
    expect(fake.subscriptions.map((subscription) => subscription.topics)).toEqual([[TOPIC]]);
    expect(seen.subscribed).toBe(1);
    expect(fake.published).toEqual([]);
  });

  it('hands on what changed, and reports a message outside the contract instead', () => {
    const { fake, seen } = watch();
    fake.emit('connect');
    fake.suback([1]);
    fake.deliver(TOPIC, '{"event":"order-placed","orderNumber":1042}');
    fake.deliver(TOPIC, '{"event":"order-placed","orderNumber":1042,"customer":"x"}');
    fake.deliver(TOPIC, '{"event":"order-eaten","orderNumber":1042}');
    expect(seen.changes).toEqual([
      { event: 'order-placed', orderNumber: 1042 },
      { event: 'order-placed', orderNumber: 1042 },
    ]);
    expect(seen.errors).toEqual([
      { kind: 'message', topic: TOPIC, message: expect.stringContaining(`Malformed message on ${TOPIC}`) },
    ]);
  });

  it('says when the broker refuses the topic, so the board keeps polling', () => {
    const { fake, seen } = watch();
    fake.emit('connect');
    fake.suback([128]);
    expect(seen.subscribed).toBe(0);
    expect(seen.errors).toEqual([{ kind: 'subscription', topic: TOPIC, message: `Subscription refused: ${TOPIC}` }]);
  });
});
