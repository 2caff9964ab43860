import { describe, expect, it } from 'vitest';
import { brokerSettingsFromEnv } from './settings.ts';

describe('brokerSettingsFromEnv', () => {
  it.each([
    ['defaults', {}, { wsPort: 9001, tcpPort: 1883, operatorPassword: 'dev-operator', staffSecret: 'dev-operator' }],
    [
      'chosen ports and secrets',
      {
        BROKER_WS_PORT: '19001',
        BROKER_TCP_PORT: '11883',
        BROKER_OPERATOR_PASSWORD: 'pw',
        BROKER_STAFF_SECRET: 'staff',
      },
      { wsPort: 19001, tcpPort: 11883, operatorPassword: 'pw', staffSecret: 'staff' },
    ],
    [
      'TCP switched off',
      { BROKER_TCP_PORT: 'off' },
      { wsPort: 9001, operatorPassword: 'dev-operator', staffSecret: 'dev-operator' },
    ],
    [
      'free ports',
      { BROKER_WS_PORT: '0', BROKER_TCP_PORT: '0' },
      { wsPort: 0, tcpPort: 0, operatorPassword: 'dev-operator', staffSecret: 'dev-operator' },
    ],
    [
      'an empty password keeps the default',
      { BROKER_OPERATOR_PASSWORD: '' },
      { wsPort: 9001, tcpPort: 1883, operatorPassword: 'dev-operator', staffSecret: 'dev-operator' },
    ],
  ])('%s', (_name, env, expected) => {
    expect(brokerSettingsFromEnv(env)).toEqual(expected);
  });

  it.each([
    ['BROKER_WS_PORT', 'ninety'],
    ['BROKER_WS_PORT', '70000'],
    ['BROKER_TCP_PORT', '-1'],
    ['BROKER_TCP_PORT', '1883.5'],
  ])('refuses %s=%s', (name, value) => {
    expect(() => brokerSettingsFromEnv({ [name]: value })).toThrow(name);
  });

  it('refuses to start in production without BROKER_OPERATOR_PASSWORD', () => {
    expect(() => brokerSettingsFromEnv({ NODE_ENV: 'production' })).toThrow(
      'BROKER_OPERATOR_PASSWORD must be set when NODE_ENV=production',
    );
  });

  it('refuses to start in production without BROKER_STAFF_SECRET', () => {
    expect(() =>
      brokerSettingsFromEnv({ NODE_ENV: 'production', BROKER_OPERATOR_PASSWORD: 'Jx8vQ2mLp7RtZ4wN9cKs' }),
    ).toThrow('BROKER_STAFF_SECRET must be set when NODE_ENV=production');
  });

  it('warns when it falls back to the development secrets', () => {
    const warnings: string[] = [];
    brokerSettingsFromEnv({}, (line) => warnings.push(line));
    expect(warnings).toEqual([
      expect.stringContaining('broker warning: BROKER_OPERATOR_PASSWORD is not set'),
      expect.stringContaining('broker warning: BROKER_STAFF_SECRET is not set'),
    ]);
  });
});
