import { fileURLToPath } from 'node:url';
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { newBrowserClientId } from '../../lib/live/client-id.ts';
import type { OrderStatusMessage } from '../../lib/live/messages.ts';
import { startLiveMessaging, watchOrderStatus, type LiveMessagingError } from '../../lib/live/live-messaging.ts';
import { BROWSER_PUBLISH_BURST, orderWatchTopicId, staffBrokerPassword } from './acl.ts';
import { createBroker, type RunningBroker } from './broker.ts';
import {
  connectFromOrigin,
  connectMqtt,
  journeyClockStatus,
  liveRecorder,
  recordMessages,
  runVisitorJourney,
  subscribeCodes,
  waitFor,
} from './mqtt-test-support.ts';

const tenantsDir = fileURLToPath(new URL('./fixtures/tenants', import.meta.url));
const OPERATOR_PASSWORD = 'test-operator';
const STAFF_SECRET = 'test-staff-secret';
const ALPHA_ORIGIN = 'http://alpha.localhost:4321';
const alpha = { topicPrefix: 'storefront', retailerId: 501, retailerWebsiteId: 601 };
const beta = { topicPrefix: 'beta-live', retailerId: 502, retailerWebsiteId: 602 };

let broker: RunningBroker;
let url: string;
const logs: string[] = [];
const clients: MqttClient[] = [];

const track = async (connecting: Promise<MqttClient>) => {
  const client = await connecting;
  clients.push(client);
  return client;
};
const browser = (origin: string | undefined, clientId = newBrowserClientId()) =>
  track(connectMqtt(url, { clientId, ...(origin ? { wsOptions: { origin } } : {}) }));
const operator = () => track(connectMqtt(url, { username: 'operator', password: OPERATOR_PASSWORD }));
const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

beforeAll(async () => {
  broker = await createBroker({
    tenantsDir,
    wsPort: 0,
    tcpPort: 0,
    host: '127.0.0.1',
    operatorPassword: OPERATOR_PASSWORD,
    staffSecret: STAFF_SECRET,
    log: (line) => logs.push(line),
  });
  url = `ws://127.0.0.1:${broker.wsPort}`;
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.endAsync(true)));
});

afterAll(async () => {
  await broker.close();
});

describe('who may connect', () => {
  it.each([
    ['a page of a known tenant', () => browser(ALPHA_ORIGIN)],
    ['a page on a production host', () => browser('https://www.beta-burgers.example')],
    ['an operator over WebSocket', () => operator()],
    [
      'an operator over TCP',
      () =>
        track(connectMqtt(`mqtt://127.0.0.1:${broker.tcpPort}`, { username: 'operator', password: OPERATOR_PASSWORD })),
    ],
  ])('%s is let in', async (_name, connect) => {
    const client = await connect();
    expect(client.connected).toBe(true);
  });

  it.each([
    ['no Origin (not a browser, no credentials)', () => browser(undefined), /Not authorized/],
    ['an unknown Origin', () => browser('https://phishing.example'), /Not authorized/],
    [
      'a tenant page whose client id lacks the prefix',
      () => browser(ALPHA_ORIGIN, 'mqttjs_12345678'),
      /Identifier rejected/,
    ],
    [
      'a wrong operator password',
      () => connectMqtt(url, { username: 'operator', password: 'guess' }),
      /Bad username or password/,
    ],
    [
      'a browser over TCP',
      () => connectMqtt(`mqtt://127.0.0.1:${broker.tcpPort}`, { clientId: newBrowserClientId() }),
      /Not authorized/,
    ],
  ])('%s is refused, and the refusal logged', async (_name, connect, refusal) => {
    const logged = logs.length;
    await expect(connect()).rejects.toThrow(refusal);
    expect(logs.slice(logged).join('\n')).toContain('refused connection');
  });
});

describe('what a browser may subscribe to', () => {
  it("its own topics, each of its retailer's websites' design updates included, are granted; a foreign retailer or website, another visitor and wildcards are refused", async () => {
    const clientId = newBrowserClientId();
    const client = await browser(ALPHA_ORIGIN, clientId);
    const logged = logs.length;
    const codes = await subscribeCodes(client, [
      `storefront/501/${clientId}/notify`,
      'storefront/501/clock/status',
      'storefront/501/design/field-update/601',
      'storefront/501/design/field-update/611',
      'storefront/501/design/field-update/602',
      'beta-live/502/clock/status',
      'storefront/501/sf_ffffffffffffffff/notify',
      'storefront/501/+/notify',
      '#',
    ]);
    expect(codes).toEqual({
      [`storefront/501/${clientId}/notify`]: 0,
      'storefront/501/clock/status': 0,
      'storefront/501/design/field-update/601': 0,
      'storefront/501/design/field-update/611': 0,
      'storefront/501/design/field-update/602': 128,
      'beta-live/502/clock/status': 128,
      'storefront/501/sf_ffffffffffffffff/notify': 128,
      'storefront/501/+/notify': 128,
      '#': 128,
    });
    expect(logs.slice(logged).filter((line) => line.includes('refused subscription'))).toHaveLength(5);
  });

  it('never receives what is published on a refused topic', async () => {
    const client = await browser(ALPHA_ORIGIN);
    const received = recordMessages(client);
    await subscribeCodes(client, ['beta-live/502/clock/status', 'storefront/501/+/notify']);
    const retailer = await operator();
    await retailer.publishAsync('beta-live/502/clock/status', JSON.stringify({ refresh: true }), { qos: 1 });
    await retailer.publishAsync('storefront/501/sf_ffffffffffffffff/notify', JSON.stringify({ message: 'not yours' }), {
      qos: 1,
    });
    await settle();
    expect(received).toEqual([]);
  });
});

describe('what a browser may publish', () => {
  const info = (clientid: string) =>
    JSON.stringify({ clientid, deviceType: 'desktop', userAgent: 'test', windowSize: { width: 1024, height: 768 } });

  it("its own client info reaches its retailer's connected topic", async () => {
    const clientId = newBrowserClientId();
    const retailer = await operator();
    const seen = recordMessages(retailer);
    await retailer.subscribeAsync('storefront/501/connected', { qos: 0 });
    const client = await browser(ALPHA_ORIGIN, clientId);
    await client.publishAsync('storefront/501/connected', info(clientId), { qos: 1 });
    await waitFor(() => seen.length === 1, 'the client info');
    expect(seen).toEqual([{ topic: 'storefront/501/connected', text: info(clientId) }]);
  });

  it.each([
    ["a foreign retailer's connected topic", 'beta-live/502/connected', (clientId: string) => info(clientId)],
    [
      "another visitor's notify topic",
      'storefront/501/sf_ffffffffffffffff/notify',
      () => JSON.stringify({ message: 'spoofed' }),
    ],
    ['the clock status topic', 'storefront/501/clock/status', () => JSON.stringify({ refresh: true })],
    ['client info naming someone else', 'storefront/501/connected', () => info('sf_ffffffffffffffff')],
    ['malformed client info', 'storefront/501/connected', () => '{"clientid":1}'],
  ])('%s is refused: dropped, the connection closed and the refusal logged', async (_name, topic, payload) => {
    const clientId = newBrowserClientId();
    const retailer = await operator();
    const seen = recordMessages(retailer);
    await retailer.subscribeAsync('#', { qos: 0 });
    const client = await browser(ALPHA_ORIGIN, clientId);
    const logged = logs.length;
    client.publish(topic, payload(clientId), { qos: 0 });
    await waitFor(() => !client.connected, 'the broker to drop the publisher');
    await settle();
    expect(seen.filter((message) => message.topic === topic)).toEqual([]);
    expect(logs.slice(logged).join('\n')).toContain('refused publish');
  });
});

describe('a client id is bound to its retailer', () => {
  it("a page of another retailer reusing a visitor's client id is refused; the visitor stays connected and keeps its notify topic", async () => {
    const clientId = newBrowserClientId();
    const visitor = await browser(ALPHA_ORIGIN, clientId);
    const received = recordMessages(visitor);
    await subscribeCodes(visitor, [`storefront/501/${clientId}/notify`]);
    const logged = logs.length;

    await expect(browser('https://beta-burgers.example', clientId)).rejects.toThrow(/Identifier rejected/);
    expect(logs.slice(logged).join('\n')).toContain("in use by another retailer's visitor");

    const retailer = await operator();
    await retailer.publishAsync(`storefront/501/${clientId}/notify`, JSON.stringify({ message: 'still yours' }), {
      qos: 1,
    });
    await waitFor(() => received.length === 1, 'the notification');
    expect(visitor.connected).toBe(true);
    expect(received).toEqual([
      { topic: `storefront/501/${clientId}/notify`, text: JSON.stringify({ message: 'still yours' }) },
    ]);
  });

  it('a browser asking for a kept session is refused', async () => {
    await expect(
      track(connectMqtt(url, { clientId: newBrowserClientId(), clean: false, wsOptions: { origin: ALPHA_ORIGIN } })),
    ).rejects.toThrow(/Identifier rejected/);
  });
});

describe('browser publications are rate-limited', () => {
  it(`of 2,000 client-info publications sent at once, ${BROWSER_PUBLISH_BURST} get through and the connection is dropped`, async () => {
    const clientId = newBrowserClientId();
    const retailer = await operator();
    const seen = recordMessages(retailer);
    await retailer.subscribeAsync('storefront/501/connected', { qos: 0 });
    const client = await browser(ALPHA_ORIGIN, clientId);
    const logged = logs.length;
    const payload = JSON.stringify({
      clientid: clientId,
      deviceType: 'desktop',
      userAgent: 'flood',
      windowSize: { width: 1, height: 1 },
    });
    for (let index = 0; index < 2000; index += 1) client.publish('storefront/501/connected', payload, { qos: 0 });
    await waitFor(() => !client.connected, 'the broker to drop the flooding client');
    await settle();
    expect(seen.length).toBe(BROWSER_PUBLISH_BURST);
    expect(logs.slice(logged).join('\n')).toContain('publishes too often');
  });
});

describe('operators', () => {
  it.each([
    [
      'a notification to one visitor',
      'storefront/501/sf_0123456789abcdef/notify',
      JSON.stringify({ message: 'hello' }),
    ],
    ["a foreign retailer's clock status", 'beta-live/502/clock/status', JSON.stringify(journeyClockStatus)],
    [
      'a design update',
      'beta-live/502/design/field-update/602',
      JSON.stringify({ fieldName: 'primary', fieldValue: '#000000' }),
    ],
    ['anything anywhere', 'ops/anything', 'free text'],
  ])('may publish %s', async (_name, topic, payload) => {
    const listener = await operator();
    const seen = recordMessages(listener);
    await listener.subscribeAsync(topic, { qos: 0 });
    const retailer = await operator();
    await retailer.publishAsync(topic, payload, { qos: 1 });
    await waitFor(() => seen.length === 1, `the message on ${topic}`);
    expect(seen).toEqual([{ topic, text: payload }]);
  });
});

describe('startLiveMessaging through the broker', () => {
  it.each([
    ['alpha', ALPHA_ORIGIN, alpha],
    ['alpha (its other website, from websites.json)', ALPHA_ORIGIN, { ...alpha, retailerWebsiteId: 611 }],
    ['beta', 'https://beta-burgers.example', beta],
  ])(
    'a %s visitor announces itself and gets notify, clock and design messages; malformed ones only reach onError',
    async (_name, origin, tenant) => {
      const { announced, recording } = await runVisitorJourney({
        brokerUrl: url,
        scope: tenant,
        retailerWebsiteId: tenant.retailerWebsiteId,
        operator: await operator(),
        mqttConnect: connectFromOrigin(origin),
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
        { kind: 'message', topic: `${tenant.topicPrefix}/${tenant.retailerId}/${announced.clientid}/notify` },
        { kind: 'message', topic: `${tenant.topicPrefix}/${tenant.retailerId}/clock/status` },
        {
          kind: 'message',
          topic: `${tenant.topicPrefix}/${tenant.retailerId}/design/field-update/${tenant.retailerWebsiteId}`,
        },
      ]);
    },
  );

  it('a page from an unknown origin gets no messages and hears why', async () => {
    const recorder = liveRecorder();
    const stop = startLiveMessaging({
      brokerUrl: url,
      ...alpha,
      mqttConnect: connectFromOrigin('https://phishing.example'),
      ...recorder.callbacks,
    });
    try {
      await waitFor(() => recorder.errors.length >= 2, 'the refusal to be reported');
      expect(recorder.errors.slice(0, 2)).toEqual([
        { kind: 'connection', message: 'Connection refused: Not authorized' },
        { kind: 'connection', message: 'No connection to broker' },
      ]);
    } finally {
      await stop();
    }
  });
});

describe('a confirmation page follows its own order, and only its own', () => {
  const KEY = 'q3Zr0-_AbCdEfGhIjKlMnO';
  const OTHER_KEY = 'Zz9-_yXwVuTsRqPoNmLkJi';
  const topic = `storefront/501/order/${orderWatchTopicId(KEY)}/status`;
  const watcher = (key: string, origin = ALPHA_ORIGIN) =>
    track(
      connectMqtt(url, {
        clientId: newBrowserClientId(),
        username: 'order-watch',
        password: key,
        wsOptions: { origin },
      }),
    );

  it('gets the status the retailer publishes on its order topic', async () => {
    const statuses: OrderStatusMessage[] = [];
    const errors: LiveMessagingError[] = [];
    let subscribed = 0;
    const stop = watchOrderStatus({
      brokerUrl: url,
      login: 'watch-key',
      topicPrefix: 'storefront',
      retailerId: 501,
      watch: { key: KEY, topicId: orderWatchTopicId(KEY) },
      onStatus: (status) => statuses.push(status),
      onSubscribed: () => (subscribed += 1),
      onError: (error) => errors.push(error),
      mqttConnect: connectFromOrigin(ALPHA_ORIGIN),
    });
    try {
      await waitFor(() => subscribed === 1, 'the order watch to subscribe');
      await (await operator()).publishAsync(topic, JSON.stringify({ orderProcessed: true }), { qos: 1 });
      await waitFor(() => statuses.length === 1, 'the order status');
      expect(statuses).toEqual([{ orderProcessed: true }]);
      expect(errors).toEqual([]);
    } finally {
      await stop();
    }
  });

  it("another customer's page is refused the order topic, by its own key, without one, or by wildcard, and hears nothing", async () => {
    const other = await watcher(OTHER_KEY);
    const plain = await browser(ALPHA_ORIGIN);
    const otherReceived = recordMessages(other);
    const plainReceived = recordMessages(plain);
    const logged = logs.length;
    expect(
      await subscribeCodes(other, [topic, 'storefront/501/order/+/status', `storefront/501/order/${KEY}/status`]),
    ).toEqual({
      [topic]: 128,
      'storefront/501/order/+/status': 128,
      [`storefront/501/order/${KEY}/status`]: 128,
    });
    expect(await subscribeCodes(plain, [topic, 'storefront/501/order/#'])).toEqual({
      [topic]: 128,
      'storefront/501/order/#': 128,
    });
    expect(logs.slice(logged).filter((line) => line.includes('refused subscription'))).toHaveLength(5);
    await (await operator()).publishAsync(topic, JSON.stringify({ orderProcessed: true }), { qos: 1 });
    await settle();
    expect([...otherReceived, ...plainReceived]).toEqual([]);
  });

  it.each([
    ['a malformed key', () => watcher('not-a-key'), /Bad username or password/],
    ['an unknown Origin', () => watcher(KEY, 'https://phishing.example'), /Not authorized/],
  ])('an order watch with %s is refused', async (_name, connect, refusal) => {
    await expect(connect()).rejects.toThrow(refusal);
  });

  it('the watching page may not publish on its order topic', async () => {
    const page = await watcher(KEY);
    const listener = await operator();
    const seen = recordMessages(listener);
    await listener.subscribeAsync(topic, { qos: 0 });
    page.publish(topic, JSON.stringify({ orderProcessed: true }), { qos: 0 });
    await waitFor(() => !page.connected, 'the broker to drop the publisher');
    await settle();
    expect(seen).toEqual([]);
  });
});

describe('a staff console listens to its retailer’s staff topic, and only that', () => {
  const alphaTopic = 'storefront/501/staff/orders';
  const betaTopic = 'beta-live/502/staff/orders';
  const staffConsole = (retailerId: number, password = staffBrokerPassword(STAFF_SECRET, retailerId)) =>
    track(
      connectMqtt(url, {
        clientId: `console_${retailerId}_${Math.random().toString(16).slice(2, 10)}`,
        username: `staff-${retailerId}`,
        password,
        wsOptions: { origin: 'http://console.localhost:4321' },
      }),
    );

  it('logs in with the password derived from the staff secret and hears what the API publishes there', async () => {
    const alphaStaff = await staffConsole(501);
    const received = recordMessages(alphaStaff);
    expect(await subscribeCodes(alphaStaff, [alphaTopic])).toEqual({ [alphaTopic]: 0 });
    await (
      await operator()
    ).publishAsync(alphaTopic, JSON.stringify({ event: 'order-placed', orderNumber: 7 }), { qos: 1 });
    await waitFor(() => received.length === 1, 'the staff message');
    expect(received).toEqual([{ topic: alphaTopic, text: '{"event":"order-placed","orderNumber":7}' }]);
  });

  it.each([
    ['a wrong password', () => staffConsole(501, 'guess')],
    ["another retailer's password", () => staffConsole(501, staffBrokerPassword(STAFF_SECRET, 502))],
    ['a password made with another secret', () => staffConsole(501, staffBrokerPassword('dev-operator', 501))],
  ])('is refused with %s', async (_name, connect) => {
    await expect(connect()).rejects.toThrow(/Bad username or password/);
  });

  it("is refused another retailer's staff topic, wildcards and the visitors' topics, and hears nothing there", async () => {
    const alphaStaff = await staffConsole(501);
    const received = recordMessages(alphaStaff);
    expect(
      await subscribeCodes(alphaStaff, [
        betaTopic,
        'storefront/501/#',
        '+/+/staff/orders',
        'storefront/501/clock/status',
      ]),
    ).toEqual({
      [betaTopic]: 128,
      'storefront/501/#': 128,
      '+/+/staff/orders': 128,
      'storefront/501/clock/status': 128,
    });
    await (
      await operator()
    ).publishAsync(betaTopic, JSON.stringify({ event: 'order-placed', orderNumber: 1 }), { qos: 1 });
    await settle();
    expect(received).toEqual([]);
  });

  it('may not publish, not even on its own topic: the message is dropped and so is the connection', async () => {
    const alphaStaff = await staffConsole(501);
    const listener = await operator();
    const seen = recordMessages(listener);
    await listener.subscribeAsync(alphaTopic, { qos: 0 });
    alphaStaff.publish(alphaTopic, JSON.stringify({ event: 'order-placed', orderNumber: 99 }), { qos: 0 });
    await waitFor(() => !alphaStaff.connected, 'the broker to drop the publisher');
    await settle();
    expect(seen).toEqual([]);
  });

  it('pages and order watchers of the retailer are refused its staff topic', async () => {
    const page = await browser(ALPHA_ORIGIN);
    const watch = await track(
      connectMqtt(url, {
        clientId: newBrowserClientId(),
        username: 'order-watch',
        password: 'q3Zr0-_AbCdEfGhIjKlMnO',
        wsOptions: { origin: ALPHA_ORIGIN },
      }),
    );
    expect(await subscribeCodes(page, [alphaTopic])).toEqual({ [alphaTopic]: 128 });
    expect(await subscribeCodes(watch, [alphaTopic])).toEqual({ [alphaTopic]: 128 });
  });
});
