import { createHmac } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTenants } from '../../lib/tenant/load.ts';
import {
  BAD_USERNAME_OR_PASSWORD,
  IDENTIFIER_REJECTED,
  NOT_AUTHORIZED,
  BROWSER_PUBLISH_BURST,
  BROWSER_PUBLISH_REFILL_MS,
  decideConnect,
  orderWatchTopicId,
  originIndex,
  publishBudget,
  publishRefusal,
  scopeForOrigin,
  staffAccess,
  staffBrokerPassword,
  subscribeRefusal,
  type StaffAccess,
  type ConnectRequest,
  type OriginIndex,
  type Visitor,
} from './acl.ts';

const tenantsDir = fileURLToPath(new URL('./fixtures/tenants', import.meta.url));
const PASSWORD = 'secret-operator';
const STAFF_SECRET = 'secret-staff';
const CLIENT = 'sf_00aa11bb22cc33dd';

let index: OriginIndex;
let staff: StaffAccess;
beforeAll(async () => {
  const { tenants } = await loadTenants(tenantsDir);
  index = originIndex(tenants);
  staff = staffAccess(tenants, STAFF_SECRET);
});

describe('scopeForOrigin', () => {
  it.each([
    ['a production host', 'https://alpha-pizza.example', 'alpha'],
    ['another host of the tenant', 'https://www.alpha-pizza.example', 'alpha'],
    ['the local host name with a port', 'http://alpha.localhost:4321', 'alpha'],
    ['the local host name on a test port', 'http://beta.localhost:53122', 'beta'],
    ['the other tenant', 'https://beta-burgers.example', 'beta'],
    ['an unknown host', 'https://evil.example', undefined],
    ['a look-alike sub-domain', 'https://alpha-pizza.example.evil.example', undefined],
    ['a non-web scheme', 'file://alpha-pizza.example', undefined],
    ['the opaque null origin', 'null', undefined],
    ['no origin', undefined, undefined],
  ])('%s', (_name, origin, slug) => {
    expect(scopeForOrigin(index, origin)?.slug).toBe(slug);
  });

  it('knows retailer, prefix and websites of the tenant, those of websites.json too', () => {
    expect(scopeForOrigin(index, 'https://alpha-pizza.example')).toEqual({
      slug: 'alpha',
      topicPrefix: 'storefront',
      retailerId: 501,
      retailerWebsiteIds: [601, 611],
    });
    expect(scopeForOrigin(index, 'http://beta.localhost:4321')).toEqual({
      slug: 'beta',
      topicPrefix: 'beta-live',
      retailerId: 502,
      retailerWebsiteIds: [602],
    });
  });
});

describe('decideConnect', () => {
  const decide = (request: Omit<ConnectRequest, 'clean' | 'holder'> & Partial<ConnectRequest>) =>
    decideConnect({ clean: true, holder: undefined, ...request }, index, PASSWORD, staff);
  const alphaPage = {
    clientId: CLIENT,
    username: undefined,
    password: undefined,
    origin: 'https://alpha-pizza.example',
  };
  const visitorOf = (slug: string, retailerId: number): Visitor => ({
    kind: 'browser',
    clientId: CLIENT,
    scope: { slug, topicPrefix: 'storefront', retailerId, retailerWebsiteIds: [601, 611] },
  });

  it.each([
    [
      'a browser from its tenant page',
      { clientId: CLIENT, username: undefined, password: undefined, origin: 'https://alpha-pizza.example' },
      'browser',
    ],
    [
      'the operator',
      { clientId: 'reference-api', username: 'operator', password: PASSWORD, origin: undefined },
      'operator',
    ],
    [
      'the operator from a page',
      { clientId: 'console', username: 'operator', password: PASSWORD, origin: 'https://alpha-pizza.example' },
      'operator',
    ],
  ])('allows %s', (_name, request, kind) => {
    const decision = decide(request);
    expect(decision.allowed && decision.visitor.kind).toBe(kind);
  });

  it.each([
    [
      'no origin and no credentials',
      { clientId: CLIENT, username: undefined, password: undefined, origin: undefined },
      NOT_AUTHORIZED,
    ],
    [
      'an unknown origin',
      { clientId: CLIENT, username: undefined, password: undefined, origin: 'https://evil.example' },
      NOT_AUTHORIZED,
    ],
    [
      'a browser without the client id prefix',
      { clientId: 'mqttjs_1234abcd', username: undefined, password: undefined, origin: 'https://alpha-pizza.example' },
      IDENTIFIER_REJECTED,
    ],
    [
      'a browser client id with a wildcard',
      { clientId: 'sf_+', username: undefined, password: undefined, origin: 'https://alpha-pizza.example' },
      IDENTIFIER_REJECTED,
    ],
    [
      'a wrong operator password',
      { clientId: 'x', username: 'operator', password: 'guess', origin: undefined },
      BAD_USERNAME_OR_PASSWORD,
    ],
    [
      'the operator without password',
      { clientId: 'x', username: 'operator', password: undefined, origin: undefined },
      BAD_USERNAME_OR_PASSWORD,
    ],
    [
      'another user name',
      { clientId: CLIENT, username: 'admin', password: PASSWORD, origin: 'https://alpha-pizza.example' },
      BAD_USERNAME_OR_PASSWORD,
    ],
  ])('refuses %s', (_name, request, returnCode) => {
    const decision = decide(request);
    expect(decision.allowed ? 'allowed' : decision.returnCode).toBe(returnCode);
  });

  it("refuses a page of another retailer taking over a visitor's live client id", () => {
    const decision = decide({ ...alphaPage, holder: visitorOf('beta', 502) });
    expect(decision).toMatchObject({
      allowed: false,
      returnCode: IDENTIFIER_REJECTED,
      reason: expect.stringContaining("another retailer's visitor"),
    });
  });

  it("refuses a browser taking over an operator's client id", () => {
    expect(decide({ ...alphaPage, holder: { kind: 'operator' } })).toMatchObject({
      allowed: false,
      returnCode: IDENTIFIER_REJECTED,
    });
  });

  it('lets the same retailer’s page reconnect under its client id (a reload, a network change)', () => {
    expect(decide({ ...alphaPage, holder: visitorOf('alpha', 501) })).toMatchObject({ allowed: true });
  });

  it('refuses a browser asking for a kept session, which would inherit the id’s subscriptions', () => {
    expect(decide({ ...alphaPage, clean: false })).toMatchObject({
      allowed: false,
      returnCode: IDENTIFIER_REJECTED,
      reason: expect.stringContaining('clean session'),
    });
  });
});

describe('an order watch: a confirmation page logs in with its order’s watch key', () => {
  const KEY = 'q3Zr0-_AbCdEfGhIjKlMnO';
  const watch = (overrides: Partial<ConnectRequest> = {}) =>
    decideConnect(
      {
        clientId: CLIENT,
        username: 'order-watch',
        password: KEY,
        origin: 'https://alpha-pizza.example',
        clean: true,
        holder: undefined,
        ...overrides,
      },
      index,
      PASSWORD,
      staff,
    );

  it('is a browser of the page’s retailer, allowed the order topic derived from the key', () => {
    expect(watch()).toEqual({
      allowed: true,
      visitor: {
        kind: 'browser',
        clientId: CLIENT,
        scope: { slug: 'alpha', topicPrefix: 'storefront', retailerId: 501, retailerWebsiteIds: [601, 611] },
        watchedOrderTopicId: orderWatchTopicId(KEY),
      },
    });
  });

  it.each([
    ['no key', { password: undefined }, BAD_USERNAME_OR_PASSWORD],
    ['a key of the wrong shape', { password: 'short' }, BAD_USERNAME_OR_PASSWORD],
    ['a key with a topic wildcard', { password: 'q3Zr0-_AbCdEfGhIjKlMn#' }, BAD_USERNAME_OR_PASSWORD],
    ['the operator password', { password: PASSWORD }, BAD_USERNAME_OR_PASSWORD],
    ['no Origin (not a page)', { origin: undefined }, NOT_AUTHORIZED],
    ['an unknown Origin', { origin: 'https://evil.example' }, NOT_AUTHORIZED],
    ['a client id without the storefront prefix', { clientId: 'mqttjs_1' }, IDENTIFIER_REJECTED],
    ['a kept session', { clean: false }, IDENTIFIER_REJECTED],
    // Mosquitto's order-watch listener takes the topic id alone; aedes asks for the key behind it.
    [
      'the topic id as username and no key',
      { username: orderWatchTopicId(KEY), password: undefined },
      BAD_USERNAME_OR_PASSWORD,
    ],
  ])('is refused with %s', (_name, overrides, returnCode) => {
    const decision = watch(overrides);
    expect(decision.allowed ? 'allowed' : decision.returnCode).toBe(returnCode);
  });

  it('derives a topic id that is neither the key nor the same for two keys', () => {
    const topicId = orderWatchTopicId(KEY);
    expect(topicId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(topicId).not.toBe(KEY);
    expect(orderWatchTopicId(KEY)).toBe(topicId);
    expect(orderWatchTopicId('Q3Zr0-_AbCdEfGhIjKlMnO')).not.toBe(topicId);
  });

  describe('subscribing', () => {
    const watcher = () => {
      const decision = watch();
      if (!decision.allowed) throw new Error(decision.reason);
      return decision.visitor;
    };
    const own = `storefront/501/order/${orderWatchTopicId(KEY)}/status`;
    const another = `storefront/501/order/${orderWatchTopicId('AAAAAAAAAAAAAAAAAAAAAA')}/status`;

    it.each([
      ['its own order', own, true],
      ['its own notify topic too', `storefront/501/${CLIENT}/notify`, true],
      ['another order of the retailer', another, false],
      ['the topic named by the key itself', `storefront/501/order/${KEY}/status`, false],
      ['every order by wildcard', 'storefront/501/order/+/status', false],
      ['everything under order', 'storefront/501/order/#', false],
      ['its order id on a foreign retailer', `storefront/502/order/${orderWatchTopicId(KEY)}/status`, false],
    ])('%s: %s', (_name, topic, allowed) => {
      expect(subscribeRefusal(watcher(), topic) === null).toBe(allowed);
    });

    it('a page without the key may not subscribe to the order', () => {
      expect(
        subscribeRefusal(
          {
            kind: 'browser',
            clientId: CLIENT,
            scope: { slug: 'alpha', topicPrefix: 'storefront', retailerId: 501, retailerWebsiteIds: [601, 611] },
          },
          own,
        ),
      ).toBe(`may not subscribe to ${own}`);
    });

    it('publishing on its own order topic is refused', () => {
      expect(publishRefusal(watcher(), { topic: own, payload: '{"orderProcessed":true}', retain: false })).toBe(
        `may not publish to ${own}`,
      );
    });
  });
});

describe('a staff console: logs in per retailer with the password derived from BROKER_STAFF_SECRET', () => {
  const alphaPassword = () => staffBrokerPassword(STAFF_SECRET, 501);
  const staffLogin = (overrides: Partial<ConnectRequest> = {}) =>
    decideConnect(
      {
        clientId: 'console_1',
        username: 'staff-501',
        password: alphaPassword(),
        origin: 'http://console.localhost:4321',
        clean: true,
        holder: undefined,
        ...overrides,
      },
      index,
      PASSWORD,
      staff,
    );
  const alphaStaff = (): Visitor => {
    const decision = staffLogin();
    if (!decision.allowed) throw new Error(decision.reason);
    return decision.visitor;
  };

  it('is HMAC-SHA256 of the username under the secret, base64url', () => {
    expect(alphaPassword()).toBe(createHmac('sha256', STAFF_SECRET).update('staff-501').digest('base64url'));
    expect(alphaPassword()).not.toBe(staffBrokerPassword(STAFF_SECRET, 502));
    expect(alphaPassword()).not.toBe(staffBrokerPassword('another-secret', 501));
  });

  it.each([
    ['from the console page', {}],
    ['without an Origin (a tool)', { origin: undefined }],
    [
      "reconnecting under its own retailer's staff client id",
      { holder: { kind: 'staff', retailerId: 501, topic: 'storefront/501/staff/orders' } as Visitor },
    ],
  ])('is let in %s, for its retailer’s staff topic', (_name, overrides) => {
    expect(staffLogin(overrides)).toEqual({
      allowed: true,
      visitor: { kind: 'staff', retailerId: 501, topic: 'storefront/501/staff/orders' },
    });
  });

  it('of a retailer with another topic prefix gets that prefix', () => {
    expect(staffLogin({ username: 'staff-502', password: staffBrokerPassword(STAFF_SECRET, 502) })).toMatchObject({
      allowed: true,
      visitor: { topic: 'beta-live/502/staff/orders' },
    });
  });

  it.each([
    ['no password', { password: undefined }, BAD_USERNAME_OR_PASSWORD],
    ['a wrong password', { password: 'guess' }, BAD_USERNAME_OR_PASSWORD],
    ["another retailer's password", { password: staffBrokerPassword(STAFF_SECRET, 502) }, BAD_USERNAME_OR_PASSWORD],
    [
      'a password made with another secret',
      { password: staffBrokerPassword('dev-operator', 501) },
      BAD_USERNAME_OR_PASSWORD,
    ],
    ['the operator password', { password: PASSWORD }, BAD_USERNAME_OR_PASSWORD],
    [
      'a retailer no tenant has',
      { username: 'staff-999', password: staffBrokerPassword(STAFF_SECRET, 999) },
      BAD_USERNAME_OR_PASSWORD,
    ],
    ['a retailer id with a leading zero', { username: 'staff-0501' }, BAD_USERNAME_OR_PASSWORD],
    ['a kept session', { clean: false }, IDENTIFIER_REJECTED],
    [
      "a visitor's live client id",
      {
        holder: {
          kind: 'browser',
          clientId: CLIENT,
          scope: { slug: 'alpha', topicPrefix: 'storefront', retailerId: 501, retailerWebsiteIds: [601] },
        } as Visitor,
      },
      IDENTIFIER_REJECTED,
    ],
    [
      "another retailer's staff client id",
      { holder: { kind: 'staff', retailerId: 502, topic: 'beta-live/502/staff/orders' } as Visitor },
      IDENTIFIER_REJECTED,
    ],
    ["the operator's client id", { holder: { kind: 'operator' } as Visitor }, IDENTIFIER_REJECTED],
  ])('is refused with %s', (_name, overrides, returnCode) => {
    const decision = staffLogin(overrides);
    expect(decision.allowed ? 'allowed' : decision.returnCode).toBe(returnCode);
  });

  it("keeps a browser from taking over a staff console's client id", () => {
    const decision = decideConnect(
      {
        clientId: CLIENT,
        username: undefined,
        password: undefined,
        origin: 'https://alpha-pizza.example',
        clean: true,
        holder: alphaStaff(),
      },
      index,
      PASSWORD,
      staff,
    );
    expect(decision).toMatchObject({ allowed: false, returnCode: IDENTIFIER_REJECTED });
  });

  it.each([
    ['its retailer’s staff topic', 'storefront/501/staff/orders', true],
    ["another retailer's staff topic", 'beta-live/502/staff/orders', false],
    ['its staff topic on a foreign retailer id', 'storefront/502/staff/orders', false],
    ['everything of its retailer by wildcard', 'storefront/501/#', false],
    ['every staff topic by wildcard', '+/+/staff/orders', false],
    ['its retailer’s clock', 'storefront/501/clock/status', false],
    ['a visitor’s notify topic', `storefront/501/${CLIENT}/notify`, false],
    ['an order’s status', `storefront/501/order/${orderWatchTopicId('q3Zr0-_AbCdEfGhIjKlMnO')}/status`, false],
  ])('subscribing to %s: %s', (_name, topic, allowed) => {
    expect(subscribeRefusal(alphaStaff(), topic) === null).toBe(allowed);
  });

  it.each([
    ['on its staff topic', 'storefront/501/staff/orders'],
    ['client info', 'storefront/501/connected'],
    ['a clock status', 'storefront/501/clock/status'],
  ])('may not publish %s', (_name, topic) => {
    expect(
      publishRefusal(alphaStaff(), { topic, payload: '{"event":"order-placed","orderNumber":1}', retain: false }),
    ).toBe(`may not publish to ${topic}`);
  });

  it.each([
    [
      'a page of the retailer',
      {
        kind: 'browser',
        clientId: CLIENT,
        scope: { slug: 'alpha', topicPrefix: 'storefront', retailerId: 501, retailerWebsiteIds: [601, 611] },
      },
    ],
    [
      'an order watcher of the retailer',
      {
        kind: 'browser',
        clientId: CLIENT,
        scope: { slug: 'alpha', topicPrefix: 'storefront', retailerId: 501, retailerWebsiteIds: [601, 611] },
        watchedOrderTopicId: orderWatchTopicId('q3Zr0-_AbCdEfGhIjKlMnO'),
      },
    ],
  ] satisfies [string, Visitor][])('%s may not subscribe to the staff topic', (_name, visitor) => {
    expect(subscribeRefusal(visitor, 'storefront/501/staff/orders')).toBe(
      'may not subscribe to storefront/501/staff/orders',
    );
  });
});

describe('publishBudget', () => {
  it(`allows ${BROWSER_PUBLISH_BURST} publishes at once, then one per ${BROWSER_PUBLISH_REFILL_MS / 1000} s`, () => {
    const budget = publishBudget();
    const burst = Array.from({ length: 2000 }, () => budget.take(0));
    expect(burst.filter(Boolean)).toHaveLength(BROWSER_PUBLISH_BURST);
    expect(budget.take(BROWSER_PUBLISH_REFILL_MS - 1)).toBe(false);
    expect(budget.take(BROWSER_PUBLISH_REFILL_MS)).toBe(true);
    expect(budget.take(BROWSER_PUBLISH_REFILL_MS)).toBe(false);
    expect(Array.from({ length: 10 }, () => budget.take(BROWSER_PUBLISH_REFILL_MS * 100)).filter(Boolean)).toHaveLength(
      BROWSER_PUBLISH_BURST,
    );
  });
});

describe('browser topic rights', () => {
  const alphaBrowser = (): Visitor => ({
    kind: 'browser',
    clientId: CLIENT,
    scope: { slug: 'alpha', topicPrefix: 'storefront', retailerId: 501, retailerWebsiteIds: [601, 611] },
  });
  const operator: Visitor = { kind: 'operator' };
  const info = (clientid: string) =>
    JSON.stringify({ clientid, deviceType: 'mobile', userAgent: 'UA', windowSize: { width: 390, height: 844 } });

  it.each([
    ['its own notify topic', `storefront/501/${CLIENT}/notify`, true],
    ['its retailer clock', 'storefront/501/clock/status', true],
    ['its default website design updates', 'storefront/501/design/field-update/601', true],
    [
      'the design updates of its retailer’s other website (websites.json)',
      'storefront/501/design/field-update/611',
      true,
    ],
    ["another retailer's website on its own retailer id", 'storefront/501/design/field-update/602', false],
    ['its other website on a foreign retailer', 'storefront/502/design/field-update/611', false],
    ['every website by wildcard', 'storefront/501/design/field-update/+', false],
    ["another visitor's notify topic", 'storefront/501/sf_ffffffffffffffff/notify', false],
    ['every notify topic by wildcard', 'storefront/501/+/notify', false],
    ['the whole retailer by wildcard', 'storefront/501/#', false],
    ['another website of the retailer', 'storefront/501/design/field-update/999', false],
    ["a foreign retailer's clock", 'storefront/502/clock/status', false],
    ['the connected topic', 'storefront/501/connected', false],
    ['broker internals', '$SYS/#', false],
  ])('subscribing to %s: %s', (_name, topic, allowed) => {
    expect(subscribeRefusal(alphaBrowser(), topic) === null).toBe(allowed);
  });

  it.each([
    ['its client info', { topic: 'storefront/501/connected', payload: info(CLIENT), retain: false }, true],
    [
      'client info as bytes',
      { topic: 'storefront/501/connected', payload: new TextEncoder().encode(info(CLIENT)), retain: false },
      true,
    ],
    [
      'client info of another client',
      { topic: 'storefront/501/connected', payload: info('sf_ffffffffffffffff'), retain: false },
      false,
    ],
    ['retained client info', { topic: 'storefront/501/connected', payload: info(CLIENT), retain: true }, false],
    ['malformed client info', { topic: 'storefront/501/connected', payload: '{"clientid":"x"}', retain: false }, false],
    ['on a foreign retailer', { topic: 'storefront/502/connected', payload: info(CLIENT), retain: false }, false],
    ['a notification', { topic: `storefront/501/${CLIENT}/notify`, payload: '{"message":"hi"}', retain: false }, false],
    ['a clock status', { topic: 'storefront/501/clock/status', payload: '', retain: false }, false],
  ])('publishing %s: %s', (_name, request, allowed) => {
    expect(publishRefusal(alphaBrowser(), request) === null).toBe(allowed);
  });

  it.each([
    ['subscribe anywhere', subscribeRefusal(operator, '#')],
    [
      'publish anywhere',
      publishRefusal(operator, { topic: 'storefront/502/clock/status', payload: 'anything', retain: true }),
    ],
  ])('an operator may %s', (_name, refusal) => {
    expect(refusal).toBeNull();
  });
});
