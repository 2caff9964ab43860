import { createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { OPERATOR_USERNAME, retailerScope, type RetailerScope } from '../../server/broker/acl.ts';
import {
  clockStatusTopic,
  connectedTopic,
  designFieldUpdateTopic,
  notifyTopic,
  orderStatusTopic,
  type RetailerTopicScope,
} from '../../lib/live/topics.ts';
import type { Tenant } from '../../lib/tenant/index.ts';

/**
 * The production broker's configuration for Mosquitto 2: what server/broker/acl.ts decides for
 * aedes, as far as Mosquitto's ACL file can say it (SECURITY.md, "What the broker trusts", says
 * where it cannot). Pure text from the tenants' scopes; only password files need secrets.
 */

export const MOSQUITTO_FILES = {
  config: 'mosquitto.conf',
  pagesAcl: 'pages.acl',
  pagesPasswords: 'pages.passwd',
  orderWatchAcl: 'order-watch.acl',
  operatorsAcl: 'operators.acl',
  operatorsPasswords: 'operators.passwd',
} as const;

/** The retailers a broker serves: the active tenants, only those whose tenant.json names this broker when one is given (a shard of tenants). */
export function servedScopes(tenants: readonly Tenant[], brokerUrl?: string): RetailerScope[] {
  return tenants
    .filter((tenant) => tenant.settings.active && (brokerUrl === undefined || tenant.settings.brokerUrl === brokerUrl))
    .map(retailerScope);
}

/** A listener's port and, when given, the one address it binds to. */
export interface Listen {
  port: number;
  address?: string;
}

export interface MosquittoOptions {
  /** Where the files live on the broker machine: mosquitto.conf names its ACL and password files by absolute path. */
  configDir: string;
  /** MQTT over WebSocket for pages, behind the TLS proxy that answers the tenants' wss:// brokerUrl. */
  pagesListen: Listen;
  /** MQTT over WebSocket for confirmation pages following their order, behind the proxy that answers the tenants' orderWatchBrokerUrl. */
  orderWatchListen: Listen;
  /** Plain MQTT for the API's publisher (BROKER_URL=mqtt://…) and operator tools. */
  operatorsListen: Listen;
  /** Connections each WebSocket listener takes at once; keep twice it under the service's open-file limit. */
  maxConnections: number;
}

export const DEFAULT_MOSQUITTO_OPTIONS: MosquittoOptions = {
  configDir: '/etc/mosquitto/storefronts',
  pagesListen: { port: 9001, address: '127.0.0.1' },
  orderWatchListen: { port: 9002, address: '127.0.0.1' },
  operatorsListen: { port: 1883, address: '127.0.0.1' },
  maxConnections: 10_000,
};

/** `9001` (every interface) or `127.0.0.1:9001`. */
export function parseListen(text: string): Listen {
  const match = /^(?:(\d{1,3}(?:\.\d{1,3}){3}):)?(\d{1,5})$/.exec(text.trim());
  const port = Number(match?.[2]);
  if (!match || port < 1 || port > 65535)
    throw new Error(`expected a port or an IPv4 address:port, got ${JSON.stringify(text)}`);
  return match[1] === undefined ? { port } : { port, address: match[1] };
}

/** A login with read rights on the pages' listener, such as a retailer's staff console. */
export interface BrokerAccount {
  username: string;
  password: string;
  read: readonly string[];
}

export const staffUsername = (retailerId: number) => `staff-${retailerId}`;

export function staffOrdersTopic({ topicPrefix, retailerId }: RetailerTopicScope): string {
  return `${topicPrefix}/${retailerId}/staff/orders`;
}

/** A retailer's staff password, derived so nothing per retailer has to be stored: base64url HMAC-SHA256 of the username. */
export function staffBrokerPassword(staffSecret: string, retailerId: number): string {
  return createHmac('sha256', staffSecret).update(staffUsername(retailerId)).digest('base64url');
}

/** One staff login per retailer, reading that retailer's staff orders topic (under each prefix it is served with). */
export function staffAccounts(scopes: readonly RetailerScope[], staffSecret: string): BrokerAccount[] {
  const topics = new Map<number, Set<string>>();
  for (const scope of scopes)
    topics.set(scope.retailerId, (topics.get(scope.retailerId) ?? new Set()).add(staffOrdersTopic(scope)));
  return [...topics]
    .sort(([a], [b]) => a - b)
    .map(([retailerId, read]) => ({
      username: staffUsername(retailerId),
      password: staffBrokerPassword(staffSecret, retailerId),
      read: [...read].sort(),
    }));
}

/** What mosquitto_passwd 2.0 writes: PBKDF2-SHA512, 101 rounds, a 12-byte salt and a 64-byte hash, both base64. */
const PBKDF2_ROUNDS = 101;
const SALT_BYTES = 12;
const HASH_BYTES = 64;

export function passwordFileLine(
  username: string,
  password: string,
  salt: Uint8Array = randomBytes(SALT_BYTES),
): string {
  if (!/^[^:\s#][^:\s]*$/.test(username))
    throw new Error(`a Mosquitto username cannot hold ":", blanks or start with "#": ${JSON.stringify(username)}`);
  if (salt.length !== SALT_BYTES) throw new Error(`Mosquitto accepts only ${SALT_BYTES}-byte salts`);
  const hash = pbkdf2Sync(password, salt, PBKDF2_ROUNDS, HASH_BYTES, 'sha512');
  return `${username}:$7$${PBKDF2_ROUNDS}$${Buffer.from(salt).toString('base64')}$${hash.toString('base64')}`;
}

/** A password file; with no accounts it holds only a comment, so every login is refused there. */
export function passwordFile(accounts: readonly Pick<BrokerAccount, 'username' | 'password'>[], what: string): string {
  return (
    [
      `# ${what}. Generated by \`npm run mosquitto-config\`; mode 640, group mosquitto (see deploy/mosquitto/README.md).`,
      ...accounts.map(({ username, password }) => passwordFileLine(username, password)),
    ].join('\n') + '\n'
  );
}

const PREFACE = '# Generated by `npm run mosquitto-config` from tenants/*/tenant.json; see deploy/mosquitto/README.md.';

function retailers(scopes: readonly RetailerScope[]): { scope: RetailerTopicScope; websiteIds: number[] }[] {
  const byTopics = new Map<string, { scope: RetailerTopicScope; websiteIds: Set<number> }>();
  for (const { topicPrefix, retailerId, retailerWebsiteIds } of scopes) {
    const key = `${topicPrefix}/${retailerId}`;
    const entry = byTopics.get(key) ?? { scope: { topicPrefix, retailerId }, websiteIds: new Set<number>() };
    for (const id of retailerWebsiteIds) entry.websiteIds.add(id);
    byTopics.set(key, entry);
  }
  return [...byTopics.values()]
    .sort((a, b) => a.scope.topicPrefix.localeCompare(b.scope.topicPrefix) || a.scope.retailerId - b.scope.retailerId)
    .map(({ scope, websiteIds }) => ({ scope, websiteIds: [...websiteIds].sort((a, b) => a - b) }));
}

/**
 * The pages' ACL. Mosquitto 2.0 grants every subscription and checks these rules on each message
 * it delivers (and on each publish), so a wildcard subscription still only receives what the
 * rules let this client read: its own notify topic (`%c` is its client id), never another's.
 */
export function pagesAcl(
  scopes: readonly RetailerScope[],
  staff: readonly Pick<BrokerAccount, 'username' | 'read'>[] = [],
): string {
  const list = retailers(scopes);
  const anonymous = list.flatMap(({ scope, websiteIds }) => [
    `topic read ${clockStatusTopic(scope)}`,
    ...websiteIds.map((websiteId) => `topic read ${designFieldUpdateTopic(scope, websiteId)}`),
    `topic write ${connectedTopic(scope)}`,
  ]);
  const own = list.map(({ scope }) => `pattern read ${notifyTopic(scope, '%c')}`);
  const logins = staff.flatMap(({ username, read }) => [
    '',
    `user ${username}`,
    ...read.map((topic) => `topic read ${topic}`),
  ]);
  return [
    PREFACE,
    "# The pages' WebSocket listener. Whatever no rule allows is denied.",
    '',
    "# Browsers (no username): every retailer's clock and design topics, and announcing a visitor on",
    "# its connected topic. Mosquitto cannot see a page's Origin, so it cannot tell which retailer a",
    '# browser came from. No order status topic here (order-watch.acl): see "What the broker trusts" in SECURITY.md.',
    ...anonymous,
    '',
    '# Every client: its own notify topic. Mosquitto denies these to a client id with + or #.',
    ...own,
    ...logins,
    '',
  ].join('\n');
}

/**
 * The order-watch listener's ACL: a connection whose username is an order's topic id reads that
 * order's status (`%u`), and nothing else; nobody publishes. The listener checks no password, so
 * knowing a topic id is enough; the API hands it out only with the order's watch key (get-order).
 * Topic ids are base64url, never + or #, and Mosquitto denies every %u rule to a username with
 * either, so a username cannot widen the rule to other orders.
 */
export function orderWatchAcl(scopes: readonly RetailerScope[]): string {
  return [
    PREFACE,
    "# The order-watch listener: confirmation pages log in with their order's topic id as username.",
    '# Whatever no rule allows is denied: no other topic, no publishing, nothing without a username.',
    ...retailers(scopes).map(({ scope }) => `pattern read ${orderStatusTopic(scope, '%u')}`),
    '',
  ].join('\n');
}

/** Operators may publish and read anything, $SYS included (which # does not match). */
export function operatorsAcl(): string {
  return `${PREFACE}
# The operators' loopback listener: only logins of operators.passwd get here.

user ${OPERATOR_USERNAME}
topic readwrite #
topic read $SYS/#
`;
}

const listenerLine = ({ port, address }: Listen) => `listener ${port}${address === undefined ? '' : ` ${address}`}`;

/** Largest MQTT packet: a visitor's client info is about 1 KB; operators' messages stay well below this. */
export const MAX_PACKET_SIZE = 65_536;

export function mosquittoConf(options: MosquittoOptions): string {
  const file = (name: string) => join(options.configDir, name);
  return `${PREFACE}
# A whole Mosquitto 2 configuration: run \`mosquitto -c ${file(MOSQUITTO_FILES.config)}\`.

# Logins and ACLs are set per listener: the operator's password is never accepted from the internet.
per_listener_settings true

# Nothing is kept on disk: pages use clean sessions and the API retains nothing, so a restart loses
# no state that matters. A kept session someone asks for anyway is forgotten an hour after it left.
persistence false
persistent_client_expiration 1h

max_packet_size ${MAX_PACKET_SIZE}
max_inflight_messages 20
max_queued_messages 100

log_dest stderr
log_type error
log_type warning
log_type notice
log_type information
# Every page view is a connection: not one log line each.
connection_messages false

# Pages: MQTT over WebSocket behind the TLS proxy. Browsers connect without a username; a login
# (staff consoles) must be in pages.passwd, so the operator's is refused here.
${listenerLine(options.pagesListen)}
protocol websockets
max_connections ${options.maxConnections}
max_qos 1
allow_zero_length_clientid false
allow_anonymous true
password_file ${file(MOSQUITTO_FILES.pagesPasswords)}
acl_file ${file(MOSQUITTO_FILES.pagesAcl)}

# Order watches: MQTT over WebSocket behind the TLS proxy, for confirmation pages following their
# order. No password file: any username is let in, and order-watch.acl gives a username that is an
# order's topic id that order's status alone. Nothing is checked here but the ACL.
${listenerLine(options.orderWatchListen)}
protocol websockets
max_connections ${options.maxConnections}
max_qos 1
allow_zero_length_clientid false
allow_anonymous true
acl_file ${file(MOSQUITTO_FILES.orderWatchAcl)}

# The API's publisher and operator tools: password required.
${listenerLine(options.operatorsListen)}
max_connections 64
allow_anonymous false
password_file ${file(MOSQUITTO_FILES.operatorsPasswords)}
acl_file ${file(MOSQUITTO_FILES.operatorsAcl)}
`;
}

/** The files without secrets: the configuration and the three ACLs. */
export function mosquittoConfigFiles(
  scopes: readonly RetailerScope[],
  options: MosquittoOptions,
  staff: readonly BrokerAccount[] = [],
): Record<string, string> {
  return {
    [MOSQUITTO_FILES.config]: mosquittoConf(options),
    [MOSQUITTO_FILES.pagesAcl]: pagesAcl(scopes, staff),
    [MOSQUITTO_FILES.orderWatchAcl]: orderWatchAcl(scopes),
    [MOSQUITTO_FILES.operatorsAcl]: operatorsAcl(),
  };
}
