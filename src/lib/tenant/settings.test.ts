import { describe, expect, it } from 'vitest';
import { analyticsTracker, runtimeConfigSchema } from './settings.ts';

describe('analyticsTracker', () => {
  it.each([
    ['a host without a path', { enabled: true, host: 'https://stats.example', siteId: 3 }, { url: 'https://stats.example/matomo.php', siteId: 3 }],
    ['a host with a trailing slash', { enabled: true, host: 'https://stats.example/', siteId: 3 }, { url: 'https://stats.example/matomo.php', siteId: 3 }],
    ['a tracker path under the host', { enabled: true, host: 'https://stats.example/piwik', siteId: 3 }, { url: 'https://stats.example/piwik/matomo.php', siteId: 3 }],
    ['enabled without a site id', { enabled: true, host: 'https://stats.example', siteId: null }, null],
    ['a site id but disabled', { enabled: false, host: 'https://stats.example', siteId: 3 }, null],
    ['enabled without a host', { enabled: true, host: null, siteId: 3 }, null],
  ])('%s', (_name, analytics, expected) => {
    expect(analyticsTracker(analytics)).toEqual(expected);
  });
});

describe('runtimeConfigSchema', () => {
  const built = { apiBaseUrl: 'https://api.luigis.com.au', brokerUrl: 'wss://mqtt.luigis.com.au', mqttTopicPrefix: 'storefront', buildId: 'one' };

  it('reads a file written before analytics moved into it as a shop without analytics', () => {
    expect(runtimeConfigSchema.parse(built).analyticsUrl).toBeNull();
  });

  it('keeps the tracker endpoint of a shop with analytics', () => {
    expect(runtimeConfigSchema.parse({ ...built, analyticsUrl: 'https://stats.example/matomo.php' }).analyticsUrl).toBe('https://stats.example/matomo.php');
  });

  it.each(['javascript:alert(1)', 'stats.example/matomo.php', ''])('refuses the tracker address %j', (analyticsUrl) => {
    expect(runtimeConfigSchema.safeParse({ ...built, analyticsUrl }).success).toBe(false);
  });
});
