import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderStatusMessage } from '../../lib/live/messages.ts';
import { ORDER_WATCH_USERNAME } from '../../lib/live/order-watch.ts';
import {
  clockStatusTopic,
  connectedTopic,
  designFieldUpdateTopic,
  notifyTopic,
  orderStatusTopic,
} from '../../lib/live/topics.ts';
import { watchOrderStatus, type LiveMessagingError } from '../../lib/live/live-messaging.ts';
import { brokerProxyConfig, ORDER_WATCH_PATH } from '../../scripts/lib/nginx-config.ts';
import { NGINX, startNginx, type NginxProcess } from '../../scripts/lib/nginx-process.ts';
import {
  MOSQUITTO_FILES,
  mosquittoConfigFiles,
  pagesAcl,
  passwordFile,
  passwordFileLine,
  staffAccounts,
  staffBrokerPassword,
  staffOrdersTopic,
  type BrokerAccount,
  type MosquittoOptions,
} from '../../scripts/lib/mosquitto-config.ts';
import { createLivePublisher } from '../api/services/live-publisher.ts';
import { OPERATOR_USERNAME, orderWatchTopicId, type RetailerScope } from './acl.ts';
import { mosquittoPresent, startMosquitto, type RunningMosquitto } from './mosquitto-test-support.ts';
import {
  connectMqtt,
  freePort,
  journeyClockStatus,
  recordMessages,
  runVisitorJourney,
  subscribeCodes,
  waitFor,
} from './mqtt-test-support.ts';

/**
 * The generated Mosquitto configuration (scripts/lib/mosquitto-config.ts) on a real Mosquitto:
 * what its ACL enforces, and what aedes enforces that it cannot (SECURITY.md, "What the broker trusts").
 */

const present = mosquittoPresent('Mosquitto ACL test');
const MOSQUITTO_PASSWD = '/usr/bin/mosquitto_passwd';

const bella: RetailerScope = { slug: 'bella', topicPrefix: 'storefront', retailerId: 111, retailerWebsiteIds: [7, 8] };
const mill: RetailerScope = { slug: 'mill', topicPrefix: 'storefront', retailerId: 222, retailerWebsiteIds: [9] };
const OPERATOR_PASSWORD = 'operator-secret-for-the-acl-test';
const STAFF_SECRET = 'staff-secret-for-the-acl-test';
const REFUSED = { code: 5 };

interface Broker {
  dir: string;
  mosquitto: RunningMosquitto;
  pagesUrl: string;
  orderWatchUrl: string;
  operatorsUrl: string;
  options: MosquittoOptions;
}

/** Writes the generated files into a temp folder, with the ACL of the pages' listener replaceable, and starts Mosquitto on them. */
async function startBroker(
  scopes: readonly RetailerScope[],
  staff: readonly BrokerAccount[],
  pagesAclText?: string,
): Promise<Broker> {
  const dir = await mkdtemp(join(tmpdir(), 'storefront-mosquitto-acl-'));
  const options: MosquittoOptions = {
    configDir: dir,
    pagesListen: { port: await freePort(), address: '127.0.0.1' },
    orderWatchListen: { port: await freePort(), address: '127.0.0.1' },
    operatorsListen: { port: await freePort(), address: '127.0.0.1' },
    maxConnections: 50,
  };
  const files = {
    ...mosquittoConfigFiles(scopes, options, staff),
    ...(pagesAclText === undefined ? {} : { [MOSQUITTO_FILES.pagesAcl]: pagesAclText }),
    [MOSQUITTO_FILES.pagesPasswords]: passwordFile(staff, 'staff'),
    [MOSQUITTO_FILES.operatorsPasswords]: passwordFile(
      [{ username: OPERATOR_USERNAME, password: OPERATOR_PASSWORD }],
      'operators',
    ),
  };
  for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
  // Started as root, Mosquitto reads its password and ACL files as the mosquitto user it drops to.
  await chmod(dir, 0o755);
  const mosquitto = await startMosquitto(join(dir, MOSQUITTO_FILES.config));
  return {
    dir,
    mosquitto,
    pagesUrl: `ws://127.0.0.1:${options.pagesListen.port}`,
    orderWatchUrl: `ws://127.0.0.1:${options.orderWatchListen.port}${ORDER_WATCH_PATH}`,
    operatorsUrl: `mqtt://127.0.0.1:${options.operatorsListen.port}`,
    options,
  };
}

async function stopBroker(broker: Broker | undefined): Promise<void> {
  await broker?.mosquitto.stop();
  if (broker) await rm(broker.dir, { recursive: true, force: true });
}

describe.skipIf(!present)('the generated Mosquitto configuration', () => {
  let broker: Broker;
  const clients: MqttClient[] = [];
  const staff = staffAccounts([bella, mill], STAFF_SECRET);

  const connect = async (url: string, options: IClientOptions) => {
    const client = await connectMqtt(url, { protocolVersion: 4, ...options });
    clients.push(client);
    return client;
  };
  const browser = (clientId: string, options: IClientOptions = {}) =>
    connect(broker.pagesUrl, { clientId, ...options });
  const operator = (clientId: string) =>
    connect(broker.operatorsUrl, { clientId, username: OPERATOR_USERNAME, password: OPERATOR_PASSWORD });

  let barriers = 0;
  /**
   * Publishes a message the clients may read after the ones under test and waits until each has it.
   * Mosquitto delivers one publisher's messages in order, so whatever did not arrive before it never will.
   */
  async function settle(
    publisher: MqttClient,
    ...received: { topic: string; text: string }[][]
  ): Promise<{ topic: string; text: string }> {
    barriers += 1;
    const barrier = { topic: clockStatusTopic(bella), text: `barrier ${barriers}` };
    await publisher.publishAsync(barrier.topic, barrier.text, { qos: 1 });
    for (const messages of received)
      await waitFor(() => messages.some((message) => message.text === barrier.text), barrier.text);
    return barrier;
  }

  beforeAll(async () => {
    broker = await startBroker([bella, mill], staff);
  });

  afterAll(async () => {
    await Promise.all(clients.splice(0).map((client) => client.endAsync(true)));
    await stopBroker(broker);
  });

  it('lets a browser read its own notify topic and its retailer’s clock and design topics, and nothing more through wildcards', async () => {
    const retailer = await operator('retailer-reads');
    const visitor = await browser('sf_visitor1');
    const spy = await browser('sf_spy1');
    const visitorGot = recordMessages(visitor);
    const spyGot = recordMessages(spy);
    await visitor.subscribeAsync(
      [notifyTopic(bella, 'sf_visitor1'), clockStatusTopic(bella), designFieldUpdateTopic(bella, 8)],
      { qos: 0 },
    );

    const greedy = [
      notifyTopic(bella, 'sf_visitor1'),
      'storefront/111/+/notify',
      'storefront/+/+/notify',
      'storefront/111/order/+/status',
      staffOrdersTopic(bella),
      '#',
      '$SYS/#',
    ];
    // Mosquitto 2.0 grants every subscription (its ACL file is not consulted on SUBSCRIBE) and filters each delivery instead.
    expect(await subscribeCodes(spy, greedy)).toEqual(Object.fromEntries(greedy.map((topic) => [topic, 0])));

    await retailer.publishAsync(notifyTopic(bella, 'sf_visitor1'), 'for the visitor', { qos: 1 });
    await retailer.publishAsync(
      orderStatusTopic(bella, orderWatchTopicId('AAAAAAAAAAAAAAAAAAAAAA')),
      '{"orderProcessed":true}',
      { qos: 1 },
    );
    await retailer.publishAsync(staffOrdersTopic(bella), 'staff only', { qos: 1 });
    await retailer.publishAsync(designFieldUpdateTopic(bella, 8), 'design', { qos: 1 });
    await retailer.publishAsync(notifyTopic(bella, 'sf_spy1'), 'for the spy', { qos: 1 });
    const barrier = await settle(retailer, spyGot, visitorGot);

    expect(visitorGot).toEqual([
      { topic: notifyTopic(bella, 'sf_visitor1'), text: 'for the visitor' },
      { topic: designFieldUpdateTopic(bella, 8), text: 'design' },
      barrier,
    ]);
    expect(spyGot).toEqual([
      { topic: designFieldUpdateTopic(bella, 8), text: 'design' },
      { topic: notifyTopic(bella, 'sf_spy1'), text: 'for the spy' },
      barrier,
    ]);
  });

  it('gives a client id with + or # no notify topic at all, so it cannot widen the %c pattern', async () => {
    const retailer = await operator('retailer-wild-id');
    const wild = await browser('+');
    const got = recordMessages(wild);
    await wild.subscribeAsync(['storefront/111/+/notify', clockStatusTopic(bella)], { qos: 0 });
    await retailer.publishAsync(notifyTopic(bella, 'sf_visitor1'), 'for the visitor', { qos: 1 });
    expect([await settle(retailer, got)]).toEqual(got);
  });

  it('drops what a browser publishes anywhere but its client info on a connected topic', async () => {
    const retailer = await operator('retailer-watches-all');
    const seen = recordMessages(retailer);
    await retailer.subscribeAsync('#', { qos: 1 });
    const forger = await browser('sf_forger1');
    for (const topic of [
      clockStatusTopic(bella),
      designFieldUpdateTopic(bella, 7),
      notifyTopic(bella, 'sf_visitor1'),
      orderStatusTopic(bella, 'someOrderTopicId'),
      staffOrdersTopic(bella),
      'anything/else',
    ]) {
      await forger.publishAsync(topic, 'forged', { qos: 1 });
    }
    await forger.publishAsync(connectedTopic(bella), 'client info', { qos: 1 });
    await waitFor(() => seen.length > 0, 'the client info');
    expect(seen).toEqual([{ topic: connectedTopic(bella), text: 'client info' }]);
    // MQTT 3.1.1 has no negative PUBACK: Mosquitto acknowledges and discards, and keeps the connection (aedes drops it).
    expect(forger.connected).toBe(true);
  });

  it('lets the operator publish and read anywhere with its password on the loopback listener only; the API’s publisher logs in with it', async () => {
    const reader = await operator('operator-reader');
    const got = recordMessages(reader);
    await reader.subscribeAsync('#', { qos: 1 });
    const writer = await operator('operator-writer');
    await writer.publishAsync('anything/at/all', 'operator', { qos: 1 });
    await waitFor(() => got.length === 1, 'the operator message');
    expect(got).toEqual([{ topic: 'anything/at/all', text: 'operator' }]);

    const visitor = await browser('sf_visitor2');
    const visitorGot = recordMessages(visitor);
    await visitor.subscribeAsync(notifyTopic(bella, 'sf_visitor2'), { qos: 0 });
    const publisher = createLivePublisher({ brokerUrl: broker.operatorsUrl, operatorPassword: OPERATOR_PASSWORD });
    try {
      await publisher.publish(notifyTopic(bella, 'sf_visitor2'), { message: 'Ready for pickup' });
    } finally {
      await publisher.close();
    }
    await waitFor(() => visitorGot.length === 1, 'the API’s notify');
    expect(visitorGot).toEqual([{ topic: notifyTopic(bella, 'sf_visitor2'), text: '{"message":"Ready for pickup"}' }]);

    await expect(
      connectMqtt(broker.operatorsUrl, {
        clientId: 'operator-wrong',
        username: OPERATOR_USERNAME,
        password: 'not-the-password',
      }),
    ).rejects.toMatchObject(REFUSED);
    await expect(connectMqtt(broker.operatorsUrl, { clientId: 'anonymous-on-loopback' })).rejects.toMatchObject(
      REFUSED,
    );
    await expect(
      connectMqtt(broker.pagesUrl, {
        clientId: 'sf_operator',
        username: OPERATOR_USERNAME,
        password: OPERATOR_PASSWORD,
      }),
    ).rejects.toMatchObject(REFUSED);
  });

  it('refuses order watches on the pages’ listener, the aedes login and the topic id alike: they belong on the order-watch listener', async () => {
    await expect(
      connectMqtt(broker.pagesUrl, {
        clientId: 'sf_watch1',
        username: ORDER_WATCH_USERNAME,
        password: 'AAAAAAAAAAAAAAAAAAAAAA',
      }),
    ).rejects.toMatchObject(REFUSED);
    await expect(
      connectMqtt(broker.pagesUrl, { clientId: 'sf_watch1', username: orderWatchTopicId('AAAAAAAAAAAAAAAAAAAAAA') }),
    ).rejects.toMatchObject(REFUSED);
  });

  describe('its order-watch listener', () => {
    const KEY = 'q3Zr0-_AbCdEfGhIjKlMnO';
    const OTHER_KEY = 'Zz9-_yXwVuTsRqPoNmLkJi';
    const own = orderStatusTopic(bella, orderWatchTopicId(KEY));
    const other = orderStatusTopic(bella, orderWatchTopicId(OTHER_KEY));
    const watcher = (clientId: string, username?: string) =>
      connect(broker.orderWatchUrl, { clientId, ...(username === undefined ? {} : { username }) });

    it('brings a confirmation page, logged in with its topic id, what the API publishes when the kitchen takes its order', async () => {
      const statuses: OrderStatusMessage[] = [];
      const errors: LiveMessagingError[] = [];
      let subscribed = 0;
      const stop = watchOrderStatus({
        brokerUrl: broker.orderWatchUrl,
        login: 'topic-id',
        topicPrefix: bella.topicPrefix,
        retailerId: bella.retailerId,
        watch: { key: KEY, topicId: orderWatchTopicId(KEY) },
        onStatus: (status) => statuses.push(status),
        onSubscribed: () => (subscribed += 1),
        onError: (error) => errors.push(error),
        mqttConnect: mqtt.connect,
      });
      const publisher = createLivePublisher({ brokerUrl: broker.operatorsUrl, operatorPassword: OPERATOR_PASSWORD });
      try {
        await waitFor(() => subscribed === 1, 'the order watch to subscribe');
        // What server/api/services/order-taking.ts publishes on Take.
        await publisher.publish(own, { orderProcessed: true });
        await waitFor(() => statuses.length === 1, 'the order status');
        expect(statuses).toEqual([{ orderProcessed: true }]);
        expect(errors).toEqual([]);
      } finally {
        await Promise.all([stop(), publisher.close()]);
      }
    });

    it('lets a watch read its own order’s status and nothing else, whatever it subscribes to; without a username, or as operator or staff, nothing at all', async () => {
      const retailer = await operator('retailer-order-watch');
      const mine = await watcher('sf_watch_mine', orderWatchTopicId(KEY));
      const theirs = await watcher('sf_watch_theirs', orderWatchTopicId(OTHER_KEY));
      const nobody = await watcher('sf_watch_nobody');
      // No password file here: the operator's and staff logins are let in as any username would be, and grant nothing.
      const operatorThere = await connect(broker.orderWatchUrl, {
        clientId: 'sf_watch_operator',
        username: OPERATOR_USERNAME,
        password: OPERATOR_PASSWORD,
      });
      const staffThere = await connect(broker.orderWatchUrl, {
        clientId: 'sf_watch_staff',
        username: 'staff-111',
        password: staffBrokerPassword(STAFF_SECRET, 111),
      });
      const got = {
        mine: recordMessages(mine),
        theirs: recordMessages(theirs),
        nobody: recordMessages(nobody),
        operatorThere: recordMessages(operatorThere),
        staffThere: recordMessages(staffThere),
      };
      const greedy = [
        '#',
        'storefront/+/order/+/status',
        own,
        other,
        staffOrdersTopic(bella),
        clockStatusTopic(bella),
        notifyTopic(bella, 'sf_watch_mine'),
        '$SYS/#',
      ];
      for (const client of [mine, theirs, nobody, operatorThere, staffThere])
        expect(await subscribeCodes(client, greedy)).toEqual(Object.fromEntries(greedy.map((topic) => [topic, 0])));

      for (const topic of [
        staffOrdersTopic(bella),
        clockStatusTopic(bella),
        notifyTopic(bella, 'sf_watch_mine'),
        designFieldUpdateTopic(bella, 7),
        connectedTopic(bella),
      ])
        await retailer.publishAsync(topic, 'not for watches', { qos: 1 });
      await retailer.publishAsync(other, 'their status', { qos: 1 });
      await retailer.publishAsync(own, 'my status', { qos: 1 });
      // Published last, each on the one topic its watch reads: whatever did not arrive before it never will.
      await retailer.publishAsync(own, 'my barrier', { qos: 1 });
      await retailer.publishAsync(other, 'their barrier', { qos: 1 });
      await waitFor(() => got.mine.length === 2 && got.theirs.length === 2, 'the barriers');

      expect(got).toEqual({
        mine: [
          { topic: own, text: 'my status' },
          { topic: own, text: 'my barrier' },
        ],
        theirs: [
          { topic: other, text: 'their status' },
          { topic: other, text: 'their barrier' },
        ],
        nobody: [],
        operatorThere: [],
        staffThere: [],
      });
    });

    it('drops whatever a watch publishes, its own order’s topic included', async () => {
      const retailer = await operator('retailer-sees-watches');
      const seen = recordMessages(retailer);
      await retailer.subscribeAsync('#', { qos: 1 });
      const forger = await watcher('sf_watch_forger', orderWatchTopicId(KEY));
      for (const topic of [
        own,
        other,
        connectedTopic(bella),
        clockStatusTopic(bella),
        notifyTopic(bella, 'sf_visitor1'),
        staffOrdersTopic(bella),
      ])
        await forger.publishAsync(topic, 'forged', { qos: 1 });
      await retailer.publishAsync(own, 'the kitchen', { qos: 1 });
      await waitFor(() => seen.length > 0, 'the operator’s own message');
      expect(seen).toEqual([{ topic: own, text: 'the kitchen' }]);
      expect(forger.connected).toBe(true);
    });

    it.each(['+', '#', 'storefront/111/order/+', `${orderWatchTopicId(KEY)}#`])(
      'denies every rule to the username %j, so no username widens the topic-id rule to other orders',
      async (username) => {
        const retailer = await operator(`retailer-wild-${barriers}`);
        const wild = await watcher(`sf_wild_${barriers}`, username);
        const got = recordMessages(wild);
        await wild.subscribeAsync(['#', own], { qos: 1 });
        const legit = await watcher(`sf_legit_${barriers}`, orderWatchTopicId(KEY));
        const legitGot = recordMessages(legit);
        await legit.subscribeAsync(own, { qos: 1 });
        barriers += 1;
        await retailer.publishAsync(other, 'their status', { qos: 1 });
        await retailer.publishAsync(own, `my status ${barriers}`, { qos: 1 });
        await waitFor(() => legitGot.length === 1, 'the legitimate watch’s status');
        // Mosquitto logs each delivery it denies a dangerous username: both were weighed, and refused.
        const denials = () =>
          broker.mosquitto.output().split(`dangerous username ${JSON.stringify(username)}`).length - 1;
        await waitFor(() => denials() >= 2, 'Mosquitto’s denials');
        expect(got).toEqual([]);
      },
    );

    it('takes no password at all, so the topic id alone is the secret: the watch key is not asked for', async () => {
      const withAnyPassword = await connect(broker.orderWatchUrl, {
        clientId: 'sf_watch_password',
        username: orderWatchTopicId(KEY),
        password: 'not the key',
      });
      expect(withAnyPassword.connected).toBe(true);
    });
  });

  it('lets a retailer’s staff login read that retailer’s staff orders topic and no other retailer’s', async () => {
    const retailer = await operator('retailer-staff');
    const console111 = await connect(broker.pagesUrl, {
      clientId: 'sf_staff111',
      username: 'staff-111',
      password: staffBrokerPassword(STAFF_SECRET, 111),
    });
    const got = recordMessages(console111);
    await console111.subscribeAsync('#', { qos: 0 });
    await retailer.publishAsync(staffOrdersTopic(mill), 'mill orders', { qos: 1 });
    await retailer.publishAsync(staffOrdersTopic(bella), 'bella orders', { qos: 1 });
    // Published after mill's: had mill's been delivered, it would have come first.
    await waitFor(() => got.length > 0, 'the staff orders');
    expect(got).toEqual([{ topic: staffOrdersTopic(bella), text: 'bella orders' }]);
    await expect(
      connectMqtt(broker.pagesUrl, {
        clientId: 'sf_staff_wrong',
        username: 'staff-111',
        password: staffBrokerPassword(STAFF_SECRET, 222),
      }),
    ).rejects.toMatchObject(REFUSED);
  });

  it('runs the storefront’s visitor journey unchanged', async () => {
    const retailer = await operator('retailer-system');
    const { announced, recording } = await runVisitorJourney({
      brokerUrl: broker.pagesUrl,
      scope: bella,
      retailerWebsiteId: 7,
      operator: retailer,
      mqttConnect: mqtt.connect,
    });
    expect(announced.clientid).toMatch(/^sf_[0-9a-f]{16}$/);
    expect(recording.notifications).toEqual([
      { title: 'Order update', message: 'Your pizza is in the oven' },
      { message: 'Ready for pickup' },
    ]);
    expect(recording.clockStatuses).toEqual([null, journeyClockStatus]);
    expect(recording.designUpdates).toEqual([{ fieldName: 'primary', fieldValue: '#123456' }]);
  });

  it('cannot do what aedes does: bind a browser to its retailer, rate its publishes or insist on clean sessions', async () => {
    const retailer = await operator('retailer-limits');
    const seen = recordMessages(retailer);
    await retailer.subscribeAsync(connectedTopic(mill), { qos: 1 });
    const visitor = await browser('sf_visitor3');
    const got = recordMessages(visitor);
    // A bella page (Mosquitto cannot see the Origin) reads mill's clock and announces visitors to mill.
    await visitor.subscribeAsync(clockStatusTopic(mill), { qos: 0 });
    await retailer.publishAsync(clockStatusTopic(mill), 'mill clock', { qos: 1 });
    await waitFor(() => got.length === 1, 'mill’s clock');
    expect(got).toEqual([{ topic: clockStatusTopic(mill), text: 'mill clock' }]);
    // aedes drops a connection past 5 publishes at once; Mosquitto passes all 20.
    for (let index = 0; index < 20; index += 1)
      await visitor.publishAsync(connectedTopic(mill), `announcement ${index}`, { qos: 1 });
    await waitFor(() => seen.length === 20, 'all announcements');
    expect(visitor.connected).toBe(true);
    const kept = await browser('sf_kept1', { clean: false });
    expect(kept.connected).toBe(true);
  });
});

describe.skipIf(!present)('an order status read rule in Mosquitto’s ACL file', () => {
  let broker: Broker | undefined;

  afterAll(async () => {
    await stopBroker(broker);
  });

  it('would hand every order’s status to anyone subscribed to #, which is why the generated ACL has none', async () => {
    broker = await startBroker(
      [bella],
      [],
      `${pagesAcl([bella])}topic read ${bella.topicPrefix}/${bella.retailerId}/order/+/status\n`,
    );
    const retailer = await connectMqtt(broker.operatorsUrl, {
      clientId: 'retailer',
      username: OPERATOR_USERNAME,
      password: OPERATOR_PASSWORD,
    });
    const snoop = await connectMqtt(broker.pagesUrl, { clientId: 'sf_snoop' });
    try {
      const got = recordMessages(snoop);
      await snoop.subscribeAsync('#', { qos: 0 });
      const someoneElsesOrder = orderStatusTopic(bella, orderWatchTopicId('BBBBBBBBBBBBBBBBBBBBBB'));
      await retailer.publishAsync(someoneElsesOrder, '{"orderProcessed":true}', { qos: 1 });
      await waitFor(() => got.length === 1, 'the leaked status');
      expect(got).toEqual([{ topic: someoneElsesOrder, text: '{"orderProcessed":true}' }]);
    } finally {
      await Promise.all([retailer.endAsync(true), snoop.endAsync(true)]);
    }
  });
});

describe.skipIf(!existsSync(MOSQUITTO_PASSWD))('passwordFileLine', () => {
  it('writes the line mosquitto_passwd writes for the same salt', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'storefront-mosquitto-passwd-'));
    try {
      await promisify(execFile)(MOSQUITTO_PASSWD, [
        '-c',
        '-b',
        join(dir, 'passwd'),
        OPERATOR_USERNAME,
        OPERATOR_PASSWORD,
      ]);
      const line = (await readFile(join(dir, 'passwd'), 'utf8')).trim();
      const salt = /^operator:\$7\$101\$([^$]+)\$/.exec(line)?.[1] ?? '';
      expect(passwordFileLine(OPERATOR_USERNAME, OPERATOR_PASSWORD, Buffer.from(salt, 'base64'))).toBe(line);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!present || !NGINX)('the broker host behind nginx (npm run nginx-config -- --broker-host)', () => {
  let broker: Broker;
  let nginx: NginxProcess;
  const clients: MqttClient[] = [];
  const KEY = 'q3Zr0-_AbCdEfGhIjKlMnO';

  beforeAll(async () => {
    broker = await startBroker([bella], []);
    const { pagesListen, orderWatchListen } = broker.options;
    nginx = await startNginx((port) =>
      brokerProxyConfig({
        serverNames: ['broker.example.com'],
        pages: `127.0.0.1:${pagesListen.port}`,
        orderWatch: `127.0.0.1:${orderWatchListen.port}`,
        listen: `127.0.0.1:${port}`,
      }),
    );
  });

  afterAll(async () => {
    await Promise.all(clients.splice(0).map((client) => client.endAsync(true)));
    await nginx?.stop();
    await stopBroker(broker);
  });

  const through = async (path: string, options: IClientOptions) => {
    const client = await connectMqtt(`ws://127.0.0.1:${nginx.port}${path}`, { protocolVersion: 4, ...options });
    clients.push(client);
    return client;
  };

  it(`sends ${ORDER_WATCH_PATH} to the order-watch listener and everything else to the pages’ listener`, async () => {
    const retailer = await connectMqtt(broker.operatorsUrl, {
      clientId: 'retailer-nginx',
      username: OPERATOR_USERNAME,
      password: OPERATOR_PASSWORD,
    });
    clients.push(retailer);
    const watch = await through(ORDER_WATCH_PATH, { clientId: 'sf_watch_nginx', username: orderWatchTopicId(KEY) });
    const visitor = await through('/', { clientId: 'sf_visitor_nginx' });
    const watchGot = recordMessages(watch);
    const visitorGot = recordMessages(visitor);
    await watch.subscribeAsync(orderStatusTopic(bella, orderWatchTopicId(KEY)), { qos: 1 });
    await visitor.subscribeAsync(clockStatusTopic(bella), { qos: 1 });
    await retailer.publishAsync(orderStatusTopic(bella, orderWatchTopicId(KEY)), '{"orderProcessed":true}', { qos: 1 });
    await retailer.publishAsync(clockStatusTopic(bella), 'clock', { qos: 1 });
    await waitFor(() => watchGot.length === 1 && visitorGot.length === 1, 'both messages through nginx');
    expect(watchGot).toEqual([
      { topic: orderStatusTopic(bella, orderWatchTopicId(KEY)), text: '{"orderProcessed":true}' },
    ]);
    expect(visitorGot).toEqual([{ topic: clockStatusTopic(bella), text: 'clock' }]);
    // The pages' listener checks logins against its password file: a topic id is no login there.
    await expect(
      connectMqtt(`ws://127.0.0.1:${nginx.port}/`, {
        clientId: 'sf_watch_wrong_path',
        username: orderWatchTopicId(KEY),
      }),
    ).rejects.toMatchObject(REFUSED);
  });
});
