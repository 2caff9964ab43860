import { describe, expect, it } from 'vitest';
import { displayHost, listenHostFromEnv } from './listen-host.ts';

describe('listenHostFromEnv', () => {
  it.each([
    ['HOST unset: loopback only', {}, '127.0.0.1'],
    ['HOST empty: loopback only', { HOST: ' ' }, '127.0.0.1'],
    ['HOST=0.0.0.0: every interface, asked for', { HOST: '0.0.0.0' }, '0.0.0.0'],
    ['HOST=::1', { HOST: '::1' }, '::1'],
  ])('%s', (_name, env, host) => {
    expect(listenHostFromEnv(env)).toBe(host);
  });
});

describe('displayHost', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['0.0.0.0', 'localhost'],
    ['::', 'localhost'],
    ['::1', '[::1]'],
  ])('%s is shown as %s', (host, shown) => {
    expect(displayHost(host)).toBe(shown);
  });
});
