import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { isBrowserClientId } from '../../lib/live/client-id.ts';
import { clientInfoSchema, parseMessage } from '../../lib/live/messages.ts';
import { isOrderWatchKey, ORDER_WATCH_USERNAME } from '../../lib/live/order-watch.ts';
import {
  clockStatusTopic,
  connectedTopic,
  designFieldUpdateTopic,
  notifyTopic,
  orderStatusTopic,
  staffOrdersTopic,
} from '../../lib/live/topics.ts';
import { hostIndex, originHost } from '../../lib/tenant/hosts.ts';
import type { Tenant } from '../../lib/tenant/index.ts';

/**
 * Who may do what on the broker. Pure decisions over plain data, so the rules are tested
 * without sockets; broker.ts only wires them into aedes' hooks.
 */

export const OPERATOR_USERNAME = 'operator';

/** The retailer a browser belongs to, known from the page origin it was served from. */
export interface RetailerScope {
  slug: string;
  topicPrefix: string;
  retailerId: number;
  /** Every website of the retailer: the default one of tenant.json, then those of websites.json. */
  retailerWebsiteIds: readonly number[];
}

/**
 * `watchedOrderTopicId`: the order topic a confirmation page proved its right to with the order's
 * watch key. `staff`: a staff console of one retailer, logged in with that retailer's staff password.
 */
export type Visitor =
  | { kind: 'operator' }
  | { kind: 'browser'; clientId: string; scope: RetailerScope; watchedOrderTopicId?: string }
  | { kind: 'staff'; retailerId: number; topic: string };

/** MQTT 3.1.1 CONNACK return codes used for refusals. */
export const IDENTIFIER_REJECTED = 2;
export const BAD_USERNAME_OR_PASSWORD = 4;
export const NOT_AUTHORIZED = 5;
export type RefusalCode = typeof IDENTIFIER_REJECTED | typeof BAD_USERNAME_OR_PASSWORD | typeof NOT_AUTHORIZED;

export type ConnectDecision =
  { allowed: true; visitor: Visitor } | { allowed: false; returnCode: RefusalCode; reason: string };

/** Host name -> retailer. Each active tenant answers on its own hosts and on `<slug>.localhost`. */
export type OriginIndex = ReadonlyMap<string, RetailerScope>;

/** The retailer of a tenant as the broker sees it. */
export function retailerScope(tenant: Tenant): RetailerScope {
  return {
    slug: tenant.slug,
    topicPrefix: tenant.settings.mqttTopicPrefix,
    retailerId: tenant.config.retailerId,
    retailerWebsiteIds: [
      tenant.settings.retailerWebsiteId,
      ...tenant.websites.map((website) => website.retailerWebsiteId),
    ],
  };
}

export function originIndex(tenants: readonly Tenant[]): OriginIndex {
  const scopes = tenants
    .filter((tenant) => tenant.settings.active)
    .map((tenant) => ({ tenant, scope: retailerScope(tenant) }));
  return new Map([...hostIndex(scopes, (entry) => entry.tenant)].map(([host, entry]) => [host, entry.scope]));
}

/**
 * The retailer whose page opened this connection. Browsers always send Origin on a WebSocket
 * upgrade and scripts cannot change it, so it is the one trustworthy fact about a browser client.
 * Any port is accepted: local servers and tests run on changing ports.
 */
export function scopeForOrigin(index: OriginIndex, origin: string | undefined): RetailerScope | undefined {
  const host = originHost(origin);
  return host ? index.get(host.hostname) : undefined;
}

/**
 * Staff consoles log in per retailer: the API hands a signed-in staff member their retailer's
 * username and password (GET /staff/live), derived from BROKER_STAFF_SECRET, which the broker
 * holds too. No list of passwords to keep in step; changing the secret changes them all.
 */
export const STAFF_USERNAME_PREFIX = 'staff-';

export function staffBrokerUsername(retailerId: number): string {
  return `${STAFF_USERNAME_PREFIX}${retailerId}`;
}

/** HMAC-SHA256(BROKER_STAFF_SECRET, "staff-<retailerId>"), base64url. */
export function staffBrokerPassword(staffSecret: string, retailerId: number): string {
  return createHmac('sha256', staffSecret).update(staffBrokerUsername(retailerId)).digest('base64url');
}

/** What the broker needs to admit staff consoles: the secret, and each retailer's staff topic by retailer id. */
export interface StaffAccess {
  secret: string;
  topics: ReadonlyMap<number, string>;
}

/** Every loaded tenant, active or not: the staff of a closed shop still see their board. */
export function staffAccess(tenants: readonly Tenant[], secret: string): StaffAccess {
  return {
    secret,
    topics: new Map(
      tenants.map((tenant) => [
        tenant.config.retailerId,
        staffOrdersTopic({ topicPrefix: tenant.settings.mqttTopicPrefix, retailerId: tenant.config.retailerId }),
      ]),
    ),
  };
}

function staffRetailerOf(username: string | undefined): number | undefined {
  const digits = username?.match(/^staff-([1-9]\d{0,14})$/)?.[1];
  return digits === undefined ? undefined : Number(digits);
}

function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

export interface ConnectRequest {
  clientId: string;
  username: string | undefined;
  password: string | undefined;
  origin: string | undefined;
  /** MQTT's clean-session flag; false asks the broker to keep the client id's subscriptions. */
  clean: boolean;
  /** Who is connected under this client id right now, if anyone. */
  holder: Visitor | undefined;
}

/**
 * The topic id a placed order's status is published under, derived one way from its watch key:
 * the API publishes to it, and the broker lets only a connection that logged in with the key
 * subscribe to it. Knowing the topic (from a log, or an operator's view) is not enough here; on
 * Mosquitto's order-watch listener it is (SECURITY.md, "What the broker trusts").
 */
export function orderWatchTopicId(watchKey: string): string {
  return createHash('sha256').update(`order-watch:${watchKey}`).digest().subarray(0, 16).toString('base64url');
}

/** A staff console: its retailer's password, a clean session, and no taking over anyone else's client id. */
function decideStaffConnect(request: ConnectRequest, retailerId: number, staff: StaffAccess): ConnectDecision {
  const { clientId, username, password, clean, holder } = request;
  const topic = staff.topics.get(retailerId);
  if (
    topic === undefined ||
    password === undefined ||
    !sameSecret(password, staffBrokerPassword(staff.secret, retailerId))
  ) {
    return {
      allowed: false,
      returnCode: BAD_USERNAME_OR_PASSWORD,
      reason: `bad staff credentials (username ${JSON.stringify(username ?? '')})`,
    };
  }
  if (holder && (holder.kind !== 'staff' || holder.retailerId !== retailerId)) {
    return {
      allowed: false,
      returnCode: IDENTIFIER_REJECTED,
      reason: `client id ${JSON.stringify(clientId)} is in use by someone else`,
    };
  }
  if (!clean)
    return {
      allowed: false,
      returnCode: IDENTIFIER_REJECTED,
      reason: 'staff consoles must connect with a clean session',
    };
  return { allowed: true, visitor: { kind: 'staff', retailerId, topic } };
}

export function decideConnect(
  request: ConnectRequest,
  index: OriginIndex,
  operatorPassword: string,
  staff: StaffAccess,
): ConnectDecision {
  const { clientId, username, password, origin, clean, holder } = request;
  const staffRetailerId = staffRetailerOf(username);
  if (staffRetailerId !== undefined) return decideStaffConnect(request, staffRetailerId, staff);
  // Undefined: not an order watch; null: an order watch without a well-formed key.
  const watchKey = username === ORDER_WATCH_USERNAME ? (isOrderWatchKey(password) ? password : null) : undefined;
  if (watchKey === null)
    return {
      allowed: false,
      returnCode: BAD_USERNAME_OR_PASSWORD,
      reason: 'an order watch needs the order’s watch key as its password',
    };
  if (watchKey === undefined && (username !== undefined || password !== undefined)) {
    if (username === OPERATOR_USERNAME && password !== undefined && sameSecret(password, operatorPassword))
      return { allowed: true, visitor: { kind: 'operator' } };
    return {
      allowed: false,
      returnCode: BAD_USERNAME_OR_PASSWORD,
      reason: `bad operator credentials (username ${JSON.stringify(username ?? '')})`,
    };
  }
  const scope = scopeForOrigin(index, origin);
  if (!scope)
    return {
      allowed: false,
      returnCode: NOT_AUTHORIZED,
      reason: origin ? `unknown Origin ${JSON.stringify(origin)}` : 'no Origin and no operator credentials',
    };
  if (!isBrowserClientId(clientId))
    return {
      allowed: false,
      returnCode: IDENTIFIER_REJECTED,
      reason: `client id ${JSON.stringify(clientId)} lacks the storefront prefix or has other characters`,
    };
  // A connection reusing a live client id takes the old one over (MQTT); only the same retailer's page may.
  if (holder && (holder.kind !== 'browser' || holder.scope.slug !== scope.slug)) {
    return {
      allowed: false,
      returnCode: IDENTIFIER_REJECTED,
      reason: `client id ${JSON.stringify(clientId)} is in use by another retailer's visitor`,
    };
  }
  // A kept session would hand its subscriptions (the notify topic) to whoever connects next under the id.
  if (!clean)
    return { allowed: false, returnCode: IDENTIFIER_REJECTED, reason: 'browsers must connect with a clean session' };
  const visitor: Visitor =
    watchKey === undefined
      ? { kind: 'browser', clientId, scope }
      : { kind: 'browser', clientId, scope, watchedOrderTopicId: orderWatchTopicId(watchKey) };
  return { allowed: true, visitor };
}

/**
 * A browser's exact topics: its own notify topic, its retailer's clock, the design updates of each
 * of its retailer's websites (the page's Origin names the retailer, not which of its websites the
 * page shows) and, for a confirmation page that logged in with an order's watch key, that order's status.
 */
export function browserSubscriptions(visitor: Extract<Visitor, { kind: 'browser' }>): string[] {
  const { clientId, scope, watchedOrderTopicId } = visitor;
  const own = [
    notifyTopic(scope, clientId),
    clockStatusTopic(scope),
    ...scope.retailerWebsiteIds.map((websiteId) => designFieldUpdateTopic(scope, websiteId)),
  ];
  return watchedOrderTopicId === undefined ? own : [...own, orderStatusTopic(scope, watchedOrderTopicId)];
}

/** Null when allowed, else why not. Exact matches only, so wildcards never widen a browser's view. */
export function subscribeRefusal(visitor: Visitor, topic: string): string | null {
  if (visitor.kind === 'operator') return null;
  const allowed = visitor.kind === 'staff' ? [visitor.topic] : browserSubscriptions(visitor);
  return allowed.includes(topic) ? null : `may not subscribe to ${topic}`;
}

export interface PublishRequest {
  topic: string;
  payload: string | Uint8Array;
  retain: boolean;
}

/** Null when allowed, else why not. A browser may only announce itself, once per message, under its own id; staff publish nothing. */
export function publishRefusal(visitor: Visitor, { topic, payload, retain }: PublishRequest): string | null {
  if (visitor.kind === 'operator') return null;
  // Staff only listen: what happens to an order goes through the staff API, which checks who may.
  if (visitor.kind === 'staff') return `may not publish to ${topic}`;
  if (topic !== connectedTopic(visitor.scope)) return `may not publish to ${topic}`;
  if (retain) return `may not retain on ${topic}`;
  const info = parseMessage(clientInfoSchema, payload);
  if (!info.ok) return `malformed client info on ${topic}: ${info.reason}`;
  if (info.value.clientid !== visitor.clientId) return `client info names another client (${info.value.clientid})`;
  return null;
}

/** A browser announces itself once per connection; a few spare publishes cover a retry, never a flood. */
export const BROWSER_PUBLISH_BURST = 5;
export const BROWSER_PUBLISH_REFILL_MS = 10_000;

/** A token bucket of one browser connection's publishes: `burst` at once, then one more every `refillMs`. */
export function publishBudget(burst = BROWSER_PUBLISH_BURST, refillMs = BROWSER_PUBLISH_REFILL_MS) {
  let tokens = burst;
  let refilledAt: number | null = null;
  return {
    /** Spends one publish; false once the budget is spent. */
    take(now: number): boolean {
      if (refilledAt !== null) {
        const earned = Math.floor((now - refilledAt) / refillMs);
        if (earned > 0) {
          tokens = Math.min(burst, tokens + earned);
          refilledAt += earned * refillMs;
        }
      }
      if (tokens === 0) return false;
      if (tokens === burst) refilledAt = now;
      tokens -= 1;
      return true;
    },
  };
}
export type PublishBudget = ReturnType<typeof publishBudget>;
