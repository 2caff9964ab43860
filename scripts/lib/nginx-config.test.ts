import { describe, expect, it } from 'vitest';
import { brokerProxyConfig, brokerRouteProblems, ORDER_WATCH_PATH } from './nginx-config.ts';

/** nginx itself runs this config in server/broker/mosquitto-acl.test.ts (the broker host behind nginx). */
describe('brokerProxyConfig', () => {
  it('sends the order-watch path to the order-watch listener and the rest to the pages’ listener, Mosquitto’s default ports unless told', () => {
    const config = brokerProxyConfig({ serverNames: ['broker.example.com'] });
    expect(config).toContain('server_name broker.example.com;');
    expect(config).toMatch(/location \/ \{\n\s+proxy_pass http:\/\/127\.0\.0\.1:9001;/);
    expect(config).toMatch(
      new RegExp(`location = ${ORDER_WATCH_PATH} \\{\\n\\s+proxy_pass http://127\\.0\\.0\\.1:9002;`),
    );
    expect(config).toContain('proxy_set_header Upgrade $http_upgrade;');
    expect(
      brokerProxyConfig({
        serverNames: ['a.example', 'b.example'],
        pages: '10.0.0.2:9101',
        orderWatch: '10.0.0.2:9102',
        listen: '8080',
      }),
    ).toMatch(/listen 8080;\n\s+server_name a\.example b\.example;[\s\S]+10\.0\.0\.2:9101;[\s\S]+10\.0\.0\.2:9102;/);
  });

  it.each([
    ['no host name', { serverNames: [] }],
    ['a host name that is nginx syntax', { serverNames: ['broker.example.com; include /etc/passwd'] }],
    ['a pages address that is nginx syntax', { serverNames: ['broker.example.com'], pages: '127.0.0.1:9001; }' }],
    ['an order-watch address without a port', { serverNames: ['broker.example.com'], orderWatch: '127.0.0.1' }],
  ])('refuses %s', (_name, options) => {
    expect(() => brokerProxyConfig(options)).toThrow();
  });
});

describe('brokerRouteProblems', () => {
  const tenant = (slug: string, brokerUrl: string, orderWatchBrokerUrl: string | null) => ({
    slug,
    settings: { brokerUrl, orderWatchBrokerUrl },
  });

  it.each([
    [
      'a tenant on the broker host with the order-watch path',
      [tenant('a', 'wss://broker.example.com', 'wss://broker.example.com/order-watch')],
      [],
    ],
    ['a tenant without order watches', [tenant('a', 'wss://broker.example.com', null)], []],
    ['a tenant of another broker', [tenant('a', 'wss://other.example.com', 'wss://other.example.com/watch')], []],
    ['an invalid tenant.json (reported by the build)', [{ slug: 'a', settings: undefined }], []],
    [
      'an order-watch URL on the broker host at another path',
      [
        tenant('a', 'wss://broker.example.com', 'wss://broker.example.com/watch'),
        tenant('b', 'wss://broker.example.com', 'wss://broker.example.com'),
      ],
      [
        expect.stringMatching(
          /^tenant "a": orderWatchBrokerUrl wss:\/\/broker\.example\.com\/watch is not \/order-watch/,
        ),
        expect.stringMatching(/^tenant "b": orderWatchBrokerUrl/),
      ],
    ],
    [
      'a pages broker URL at the order-watch path',
      [tenant('a', 'wss://broker.example.com/order-watch', null)],
      [expect.stringMatching(/^tenant "a": brokerUrl .* is the order-watch path/)],
    ],
  ])('%s', (_name, tenants, expected) => {
    expect(brokerRouteProblems(tenants, ['broker.example.com'])).toEqual(expected);
  });
});
