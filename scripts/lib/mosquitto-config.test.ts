import { describe, expect, it } from 'vitest';
import type { RetailerScope } from '../../server/broker/acl.ts';
import {
  DEFAULT_MOSQUITTO_OPTIONS,
  mosquittoConf,
  mosquittoConfigFiles,
  MOSQUITTO_FILES,
  orderWatchAcl,
} from './mosquitto-config.ts';

const scope = (
  slug: string,
  topicPrefix: string,
  retailerId: number,
  retailerWebsiteIds: number[] = [1],
): RetailerScope => ({ slug, topicPrefix, retailerId, retailerWebsiteIds });

/** The rules themselves are replayed on a real Mosquitto in server/broker/mosquitto-acl.test.ts; these pin the text. */
describe('orderWatchAcl', () => {
  const rules = (scopes: RetailerScope[]) =>
    orderWatchAcl(scopes)
      .split('\n')
      .filter((line) => line !== '' && !line.startsWith('#'));

  it.each([
    [
      'one read rule per retailer, the topic id being the username',
      [scope('a', 'storefront', 111), scope('b', 'storefront', 114)],
      ['pattern read storefront/111/order/%u/status', 'pattern read storefront/114/order/%u/status'],
    ],
    [
      'a retailer served under two prefixes gets both',
      [scope('a', 'storefront', 111), scope('a2', 'staging', 111)],
      ['pattern read staging/111/order/%u/status', 'pattern read storefront/111/order/%u/status'],
    ],
    [
      'two tenants of one retailer share its rule',
      [scope('a', 'storefront', 111, [1]), scope('a-catering', 'storefront', 111, [2])],
      ['pattern read storefront/111/order/%u/status'],
    ],
    ['no retailers, no rules: every watch reads nothing', [], []],
  ])('%s', (_name, scopes, expected) => {
    expect(rules(scopes)).toEqual(expected);
  });

  it('has no topic rule, no write rule and no rule on the client id', () => {
    expect(rules([scope('a', 'storefront', 111)]).every((line) => /^pattern read \S+\/%u\/status$/.test(line))).toBe(
      true,
    );
  });
});

describe('mosquittoConf', () => {
  it('gives the order-watch listener WebSockets, no password file and its own ACL', () => {
    const conf = mosquittoConf(DEFAULT_MOSQUITTO_OPTIONS);
    const listener = conf.slice(conf.indexOf('listener 9002 127.0.0.1'), conf.indexOf('listener 1883'));
    expect(listener.split('\n').filter((line) => line !== '' && !line.startsWith('#'))).toEqual([
      'listener 9002 127.0.0.1',
      'protocol websockets',
      'max_connections 10000',
      'max_qos 1',
      'allow_zero_length_clientid false',
      'allow_anonymous true',
      'acl_file /etc/mosquitto/storefronts/order-watch.acl',
    ]);
  });

  it('is written with the three ACLs', () => {
    expect(
      Object.keys(mosquittoConfigFiles([scope('a', 'storefront', 111)], DEFAULT_MOSQUITTO_OPTIONS)).sort(),
    ).toEqual(
      [
        MOSQUITTO_FILES.config,
        MOSQUITTO_FILES.pagesAcl,
        MOSQUITTO_FILES.orderWatchAcl,
        MOSQUITTO_FILES.operatorsAcl,
      ].sort(),
    );
  });
});
