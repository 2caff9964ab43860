import type { IClientOptions, MqttClient } from 'mqtt';
import { BROKER_CONNECT_TIMEOUT_MS, BROKER_RECONNECT_PERIOD_MS } from '../constants.ts';
import { newBrowserClientId } from './client-id.ts';
import { deviceTypeFromUserAgent } from './device-type.ts';
import { CONNECTION_CLOSED, messagingErrorText, NO_CONNECTION_TO_BROKER } from './errors.ts';
import {
  designFieldUpdateSchema,
  notifyMessageSchema,
  orderStatusMessageSchema,
  parseClockStatusMessage,
  parseMessage,
  staffOrdersMessageSchema,
  type ClientInfo,
  type DesignFieldUpdate,
  type NotifyMessage,
  type OrderStatusMessage,
  type ParsedMessage,
  type StaffOrdersMessage,
} from './messages.ts';
import { ORDER_WATCH_USERNAME } from './order-watch.ts';
import {
  clockStatusTopic,
  connectedTopic,
  designFieldUpdateTopic,
  notifyTopic,
  orderStatusTopic,
  type RetailerTopicScope,
} from './topics.ts';
import type { ClockStatus } from '../tenant/hours.ts';

export type MqttConnect = (brokerUrl: string, options: IClientOptions) => MqttClient;

/**
 * Something went wrong in live messaging; the page decides whether to log it. `message` is the
 * spec's messaging error text where one applies.
 */
export interface LiveMessagingError {
  kind: 'connection' | 'subscription' | 'message' | 'callback';
  message: string;
  topic?: string;
}

export interface LiveMessagingOptions {
  brokerUrl: string;
  topicPrefix: string;
  retailerId: number;
  retailerWebsiteId: number | null | undefined;
  onNotify: (notification: NotifyMessage) => void;
  /** A new clock status to apply, or null when the message only asks for a refetch. */
  onClockStatus: (status: ClockStatus | null) => void;
  onDesignUpdate: (update: DesignFieldUpdate) => void;
  onError: (error: LiveMessagingError) => void;
  /** The broker accepted the connection (first time or after an outage). */
  onConnect?: () => void;
  /** mqtt.js `connect`; loaded on demand when absent so pages without live messaging never download it. */
  mqttConnect?: MqttConnect;
}

export type StopLiveMessaging = () => Promise<void>;

const MAX_USER_AGENT_LENGTH = 1000;
const MAX_WINDOW_DIMENSION = 100000;

/**
 * Connects the visitor to the retailer's live topics. Skipped without a retailerWebsiteId.
 * Never throws into the page: every failure, including malformed messages and throwing
 * callbacks, goes to `onError`.
 */
export function startLiveMessaging(options: LiveMessagingOptions): StopLiveMessaging {
  const { retailerWebsiteId } = options;
  if (!retailerWebsiteId) return async () => {};
  const report = safeReporter(options.onError);
  const clientId = newBrowserClientId();
  return connectOnce(
    { brokerUrl: options.brokerUrl, mqttConnect: options.mqttConnect, report, login: { clientId } },
    (client) => followRetailerTopics(client, clientId, options, retailerWebsiteId, report),
  );
}

type Report = (error: LiveMessagingError) => void;

interface Connection {
  brokerUrl: string;
  mqttConnect: MqttConnect | undefined;
  report: Report;
  login: Pick<IClientOptions, 'clientId' | 'username' | 'password'>;
}

/**
 * Loads mqtt.js when no connect function is given (so it is fetched only by a page that
 * connects), opens one clean-session connection, reports each outage once, hands the client to
 * `setUp` for its topics, and returns how to close it. Nothing here throws into the page.
 */
function connectOnce(
  { brokerUrl, mqttConnect, report, login }: Connection,
  setUp: (client: MqttClient) => void,
): StopLiveMessaging {
  let stopped = false;
  let client: MqttClient | undefined;
  const start = (connect: MqttConnect) => {
    if (stopped) return;
    try {
      client = connect(brokerUrl, {
        ...login,
        clean: true,
        connectTimeout: BROKER_CONNECT_TIMEOUT_MS,
        reconnectPeriod: BROKER_RECONNECT_PERIOD_MS,
        // A clean session forgets subscriptions, so every (re)connect subscribes afresh.
        resubscribe: false,
        protocolVersion: 4,
        // mqtt.js's default worker timers compare the page's wall clock with the worker's; once
        // they disagree (a device clock corrected while the page is open) keepalive fires at once
        // and the connection drops every few seconds. Page timers keep one clock.
        timerVariant: 'native',
      });
    } catch (error) {
      report({ kind: 'connection', message: messagingErrorText(error) });
      return;
    }
    reportOutages(client, report, () => stopped);
    setUp(client);
  };
  if (mqttConnect) start(mqttConnect);
  else
    import('mqtt').then(
      (mqtt) => start(mqtt.default.connect),
      (error: unknown) =>
        report({ kind: 'connection', message: `Could not load the MQTT client: ${messagingErrorText(error)}` }),
    );
  return () => {
    stopped = true;
    const closing = client;
    client = undefined;
    return new Promise((resolve) => {
      if (!closing) resolve();
      else closing.end(false, {}, () => resolve());
    });
  };
}

/** One report per outage, not one per reconnect attempt every few seconds; nothing once the page has closed the connection. */
function reportOutages(client: MqttClient, report: Report, isStopped: () => boolean): void {
  let connected = false;
  let outageReported = false;
  client.on('connect', () => {
    connected = true;
    outageReported = false;
  });
  client.on('close', () => {
    if (isStopped() || outageReported) return;
    outageReported = true;
    report({ kind: 'connection', message: connected ? CONNECTION_CLOSED : NO_CONNECTION_TO_BROKER });
    connected = false;
  });
  client.on('error', (error) => {
    if (!isStopped()) report({ kind: 'connection', message: messagingErrorText(error) });
  });
}

function safeReporter(onError: Report): Report {
  return (error) => {
    try {
      onError(error);
    } catch {
      // A failing error handler has nowhere left to report to; the connection must survive it.
    }
  };
}

/** Runs one of the page's callbacks; a throw is reported with the callback's own text, never passed back to mqtt.js. */
function runCallback(report: Report, topic: string | undefined, callback: () => void): void {
  try {
    callback();
  } catch (error) {
    report({
      kind: 'callback',
      ...(topic === undefined ? {} : { topic }),
      message: error instanceof Error ? error.message : String(error),
    });
  }
}

/** Hands a parsed message to its callback, or reports why it was malformed. */
function deliver<T>(report: Report, topic: string, parsed: ParsedMessage<T>, callback: (value: T) => void): void {
  if (!parsed.ok) {
    report({ kind: 'message', topic, message: `Malformed message on ${topic}: ${parsed.reason}` });
    return;
  }
  runCallback(report, topic, () => callback(parsed.value));
}

function followRetailerTopics(
  client: MqttClient,
  clientId: string,
  options: LiveMessagingOptions,
  retailerWebsiteId: number,
  report: Report,
): void {
  const scope: RetailerTopicScope = { topicPrefix: options.topicPrefix, retailerId: options.retailerId };
  const topics = {
    notify: notifyTopic(scope, clientId),
    clock: clockStatusTopic(scope),
    design: designFieldUpdateTopic(scope, retailerWebsiteId),
  };
  const handlers = new Map<string, (payload: Uint8Array) => void>([
    [
      topics.notify,
      (payload) => deliver(report, topics.notify, parseMessage(notifyMessageSchema, payload), options.onNotify),
    ],
    [topics.clock, (payload) => deliver(report, topics.clock, parseClockStatusMessage(payload), options.onClockStatus)],
    [
      topics.design,
      (payload) =>
        deliver(report, topics.design, parseMessage(designFieldUpdateSchema, payload), options.onDesignUpdate),
    ],
  ]);

  client.on('connect', () => {
    if (options.onConnect) runCallback(report, undefined, options.onConnect);
    const subscriptions = Object.values(topics);
    client.subscribe(subscriptions, { qos: 0 }, (error, _granted, suback) => {
      // mqtt.js fails the whole call when the broker refuses any one topic; the SUBACK still says which.
      const codes = suback?.granted ?? [];
      const refused = subscriptions.filter((_topic, index) => isRefusalCode(codes[index]));
      for (const topic of refused) report({ kind: 'subscription', topic, message: `Subscription refused: ${topic}` });
      if (error && refused.length === 0) {
        report({ kind: 'subscription', message: messagingErrorText(error) });
        return;
      }
      // Announced only once subscribed, so a retailer system answering the announcement with a notification reaches the visitor.
      client.publish(connectedTopic(scope), JSON.stringify(clientInfo(clientId)), { qos: 0 }, (publishError) => {
        if (publishError) report({ kind: 'connection', message: messagingErrorText(publishError) });
      });
    });
  });
  client.on('message', (topic, payload) => handlers.get(topic)?.(payload));
}

export interface OrderWatchOptions {
  brokerUrl: string;
  /**
   * How the page proves its right to the order's topic. `watch-key` (aedes): as ORDER_WATCH_USERNAME
   * with the key as password, the broker deriving the topic id from it. `topic-id` (Mosquitto's
   * order-watch listener, which checks no password): with the topic id as username, which that
   * listener's ACL lets read only its own order's topic.
   */
  login: 'watch-key' | 'topic-id';
  topicPrefix: string;
  retailerId: number;
  /** The placed order's watch, as get-order answers it: the key proves the page's right to the topic id. */
  watch: { key: string; topicId: string };
  onStatus: (status: OrderStatusMessage) => void;
  /** Subscribed, first time or after an outage: a status published while the page was not listening is missed, so the page asks again. */
  onSubscribed: () => void;
  onError: (error: LiveMessagingError) => void;
  mqttConnect?: MqttConnect;
}

/**
 * Follows one placed order on its own connection: logs in as an order watch (options.login) and
 * listens to that order's status topic only. Like startLiveMessaging it never throws into the
 * page, retries every 5 s, and loads mqtt.js only when called.
 */
export function watchOrderStatus(options: OrderWatchOptions): StopLiveMessaging {
  const report = safeReporter(options.onError);
  const { key, topicId } = options.watch;
  const topic = orderStatusTopic({ topicPrefix: options.topicPrefix, retailerId: options.retailerId }, topicId);
  // A client id of its own either way: two tabs of one order must not take each other's connection over.
  const clientId = newBrowserClientId();
  const login =
    options.login === 'topic-id'
      ? { clientId, username: topicId }
      : { clientId, username: ORDER_WATCH_USERNAME, password: key };
  return connectOnce({ brokerUrl: options.brokerUrl, mqttConnect: options.mqttConnect, report, login }, (client) =>
    followOneTopic(
      client,
      topic,
      report,
      (payload) => parseMessage(orderStatusMessageSchema, payload),
      options.onStatus,
      options.onSubscribed,
    ),
  );
}

/** Subscribes to one topic on every (re)connect (a clean session forgets it) and hands on what arrives there, parsed. */
function followOneTopic<T>(
  client: MqttClient,
  topic: string,
  report: Report,
  parse: (payload: Uint8Array) => ParsedMessage<T>,
  onMessage: (value: T) => void,
  onSubscribed: () => void,
): void {
  client.on('connect', () => {
    client.subscribe([topic], { qos: 1 }, (error, _granted, suback) => {
      if (isRefusalCode(suback?.granted[0]))
        report({ kind: 'subscription', topic, message: `Subscription refused: ${topic}` });
      else if (error) report({ kind: 'subscription', topic, message: messagingErrorText(error) });
      else runCallback(report, topic, onSubscribed);
    });
  });
  client.on('message', (messageTopic, payload) => {
    if (messageTopic === topic) deliver(report, topic, parse(payload), onMessage);
  });
}

export interface StaffOrdersWatchOptions {
  /** What GET /staff/live answers: the retailer's staff user on the broker and its one topic. */
  live: { brokerUrl: string; username: string; password: string; topic: string };
  onChange: (message: StaffOrdersMessage) => void;
  /** Subscribed, first time or after an outage: the board asks for the orders, as it may have missed a change. */
  onSubscribed: () => void;
  onError: (error: LiveMessagingError) => void;
  mqttConnect?: MqttConnect;
}

/**
 * Follows a retailer's order board for the staff console, on its own connection as the retailer's
 * staff user. Like watchOrderStatus it never throws into the page, retries every 5 s, and loads
 * mqtt.js only when called.
 */
export function watchStaffOrders(options: StaffOrdersWatchOptions): StopLiveMessaging {
  const report = safeReporter(options.onError);
  const { brokerUrl, username, password, topic } = options.live;
  const login = { clientId: newBrowserClientId(), username, password };
  return connectOnce({ brokerUrl, mqttConnect: options.mqttConnect, report, login }, (client) =>
    followOneTopic(
      client,
      topic,
      report,
      (payload) => parseMessage(staffOrdersMessageSchema, payload),
      options.onChange,
      options.onSubscribed,
    ),
  );
}

function isRefusalCode(code: unknown): boolean {
  return typeof code === 'number' && (code & 0x80) !== 0;
}

interface BrowserGlobals {
  innerWidth?: unknown;
  innerHeight?: unknown;
  navigator?: { userAgent?: unknown };
}

function windowDimension(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value)
    ? Math.min(MAX_WINDOW_DIMENSION, Math.max(0, Math.round(value)))
    : 0;
}

/** What the visitor announces on `connected`; outside a browser the window is 0 x 0. */
export function clientInfo(clientId: string, globals: BrowserGlobals = globalThis): ClientInfo {
  const userAgent =
    typeof globals.navigator?.userAgent === 'string' ? globals.navigator.userAgent.slice(0, MAX_USER_AGENT_LENGTH) : '';
  return {
    clientid: clientId,
    deviceType: deviceTypeFromUserAgent(userAgent),
    userAgent,
    windowSize: { width: windowDimension(globals.innerWidth), height: windowDimension(globals.innerHeight) },
  };
}
