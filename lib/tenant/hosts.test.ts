import { describe, expect, it } from 'vitest';
import { hostIndex, hostNameOf, originHost, tenantHostNames } from './hosts.ts';

const luigis = { slug: 'luigis', settings: { hosts: ['luigis.com.au', 'www.luigis.com.au'] } };
const marios = { slug: 'marios', settings: { hosts: ['marios.com.au'] } };

describe('tenant hosts', () => {
  it('answers on its own hosts and on <slug>.localhost', () => {
    expect(tenantHostNames(luigis)).toEqual(['luigis.com.au', 'www.luigis.com.au', 'luigis.localhost']);
  });

  it('indexes many tenants by host', () => {
    const index = hostIndex([luigis, marios], (tenant) => tenant);
    expect(index.get('www.luigis.com.au')).toBe(luigis);
    expect(index.get('marios.localhost')).toBe(marios);
    expect(index.get('luigis')).toBeUndefined();
  });

  it.each([
    ['luigis.com.au', 'luigis.com.au'],
    ['LUIGIS.com.au:443', 'luigis.com.au'],
    ['luigis.com.au.', 'luigis.com.au'],
    [' luigis.localhost:4321 ', 'luigis.localhost'],
    [undefined, ''],
  ])('host header %j names %j', (header, host) => {
    expect(hostNameOf(header)).toBe(host);
  });

  it.each([
    ['https://luigis.com.au', { hostname: 'luigis.com.au', port: '' }],
    ['http://luigis.localhost:4321', { hostname: 'luigis.localhost', port: '4321' }],
    ['ftp://luigis.com.au', undefined],
    ['https://user:pw@luigis.com.au', undefined],
    ['https://luigis.com.au/menu', undefined],
    ['null', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('origin %j is %j', (origin, host) => {
    expect(originHost(origin)).toEqual(host);
  });
});
