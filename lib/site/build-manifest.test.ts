import { describe, expect, it } from 'vitest';
import { buildChangesRoute, buildMetaSchema, routeOfPath, type BuildMeta } from './build-manifest.ts';

const meta = (id: string, routes: Record<string, string>, notFound = 'nf1'): BuildMeta => ({
  id,
  timestamp: 1,
  retailerId: 111,
  routes: Object.entries(routes).map(([path, hash]) => ({
    path,
    payload: `${path === '/' ? '' : path}/_payload.json`,
    hash,
  })),
  notFound: { file: '/404.html', hash: notFound },
});

const page = meta('a', { '/': 'h1', '/about': 'a1', '/reset-password': 'r1' });

describe('whether a newer build changes what the open page shows', () => {
  it.each([
    ['the same build', page, '/', false],
    [
      'a build that changed only another page',
      meta('b', { '/': 'h1', '/about': 'a2', '/reset-password': 'r1' }),
      '/',
      false,
    ],
    [
      'a build that added another page',
      meta('b', { '/': 'h1', '/about': 'a1', '/reset-password': 'r1', '/news': 'n1' }),
      '/',
      false,
    ],
    [
      'a build that changed only the not-found page',
      meta('b', { '/': 'h1', '/about': 'a1', '/reset-password': 'r1' }, 'nf2'),
      '/about',
      false,
    ],
    ['a build that changed this page', meta('b', { '/': 'h2', '/about': 'a1', '/reset-password': 'r1' }), '/', true],
    [
      'a build that no longer has this page (it is not found now)',
      meta('b', { '/': 'h1', '/reset-password': 'r1' }),
      '/about',
      true,
    ],
    [
      'a build that changed the not-found page, seen on it',
      meta('b', { '/': 'h1', '/about': 'a1', '/reset-password': 'r1' }, 'nf2'),
      '/menu',
      true,
    ],
    [
      'a build that changed only a page, seen on the not-found page',
      meta('b', { '/': 'h2', '/about': 'a1', '/reset-password': 'r1' }),
      '/menu',
      false,
    ],
    [
      'a build that has the page a not-found address asked for',
      meta('b', { '/': 'h1', '/about': 'a1', '/reset-password': 'r1', '/menu': 'm1' }),
      '/menu',
      true,
    ],
    [
      'a build whose not-found page is the old page (hashes alike, rule changed)',
      meta('b', { '/': 'h1', '/reset-password': 'r1' }, 'a1'),
      '/about',
      true,
    ],
    ['a build whose manifest could not be read', null, '/', true],
  ] as const)('%s: reload %s', (_name, next, route, expected) => {
    expect(buildChangesRoute(page, next, route)).toBe(expected);
  });

  it('reloads on any newer build when the page does not know its own build', () => {
    expect(buildChangesRoute(null, page, '/')).toBe(true);
  });

  it.each([
    ['/', '/'],
    ['/index.html', '/'],
    ['/about', '/about'],
    ['/about/', '/about'],
    ['/about/our-story/index.html', '/about/our-story'],
    ['/caf%C3%A9', '/café'],
    ['/%E0%A4%A', '/%E0%A4%A'],
  ])('the address %s is the route %s', (pathname, route) => {
    expect(routeOfPath(pathname)).toBe(route);
  });

  it('refuses a manifest without fingerprints (one written before they existed)', () => {
    expect(
      buildMetaSchema.safeParse({
        id: 'a',
        timestamp: 1,
        retailerId: 111,
        routes: [{ path: '/', payload: '/_payload.json' }],
        notFound: '/404.html',
      }).success,
    ).toBe(false);
  });
});
