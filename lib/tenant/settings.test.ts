import { describe, expect, it } from 'vitest';
import { analyticsTracker, runtimeConfigSchema, tenantSettingsSchema } from './settings.ts';

describe('analyticsTracker', () => {
  it.each([
    [
      'a host without a path',
      { enabled: true, host: 'https://stats.example', siteId: 3 },
      { url: 'https://stats.example/matomo.php', siteId: 3 },
    ],
    [
      'a host with a trailing slash',
      { enabled: true, host: 'https://stats.example/', siteId: 3 },
      { url: 'https://stats.example/matomo.php', siteId: 3 },
    ],
    [
      'a tracker path under the host',
      { enabled: true, host: 'https://stats.example/piwik', siteId: 3 },
      { url: 'https://stats.example/piwik/matomo.php', siteId: 3 },
    ],
    ['enabled without a site id', { enabled: true, host: 'https://stats.example', siteId: null }, null],
    ['a site id but disabled', { enabled: false, host: 'https://stats.example', siteId: 3 }, null],
    ['enabled without a host', { enabled: true, host: null, siteId: 3 }, null],
  ])('%s', (_name, analytics, expected) => {
    expect(analyticsTracker(analytics)).toEqual(expected);
  });
});

describe('runtimeConfigSchema', () => {
  const built = {
    apiBaseUrl: 'https://api.luigis.com.au',
    brokerUrl: 'wss://mqtt.luigis.com.au',
    mqttTopicPrefix: 'storefront',
    buildId: 'one',
  };

  it('reads a file written before analytics moved into it as a shop without analytics', () => {
    expect(runtimeConfigSchema.parse(built).analyticsUrl).toBeNull();
  });

  it('keeps the tracker endpoint of a shop with analytics', () => {
    expect(runtimeConfigSchema.parse({ ...built, analyticsUrl: 'https://stats.example/matomo.php' }).analyticsUrl).toBe(
      'https://stats.example/matomo.php',
    );
  });

  it.each(['javascript:alert(1)', 'stats.example/matomo.php', ''])('refuses the tracker address %j', (analyticsUrl) => {
    expect(runtimeConfigSchema.safeParse({ ...built, analyticsUrl }).success).toBe(false);
  });
});

describe('orderWatchBrokerUrl', () => {
  const built = {
    apiBaseUrl: 'https://api.luigis.com.au',
    brokerUrl: 'wss://mqtt.luigis.com.au',
    mqttTopicPrefix: 'storefront',
    buildId: 'one',
  };
  const tenant = {
    hosts: ['luigis.com.au'],
    retailerWebsiteId: 1,
    apiBaseUrl: 'https://api.luigis.com.au',
    brokerUrl: 'wss://mqtt.luigis.com.au',
  };

  it.each(['wss://mqtt.luigis.com.au/order-watch', 'ws://localhost:9002'])(
    'carries the order-watch listener %j to the page',
    (orderWatchBrokerUrl) => {
      expect(runtimeConfigSchema.parse({ ...built, orderWatchBrokerUrl }).orderWatchBrokerUrl).toBe(
        orderWatchBrokerUrl,
      );
      expect(tenantSettingsSchema.parse({ ...tenant, orderWatchBrokerUrl }).orderWatchBrokerUrl).toBe(
        orderWatchBrokerUrl,
      );
    },
  );

  it('is none when a file has none, as files written before it do', () => {
    expect(runtimeConfigSchema.parse(built).orderWatchBrokerUrl).toBeNull();
    expect(tenantSettingsSchema.parse(tenant).orderWatchBrokerUrl).toBeNull();
  });

  // A page reading a bad value keeps the watch-key login and its poll; the rest of its configuration (the API) still works.
  it.each([
    ['javascript:alert(1)'],
    ['https://mqtt.luigis.com.au'],
    ['mqtt.luigis.com.au:9002'],
    [''],
    [42],
    [{ url: 'wss://x' }],
  ])('reads %j in runtime-config.json as none, and refuses it in tenant.json', (orderWatchBrokerUrl) => {
    const parsed = runtimeConfigSchema.safeParse({ ...built, orderWatchBrokerUrl });
    expect(parsed.success && parsed.data).toEqual({ ...built, orderWatchBrokerUrl: null, analyticsUrl: null });
    expect(tenantSettingsSchema.safeParse({ ...tenant, orderWatchBrokerUrl }).success).toBe(false);
  });
});
