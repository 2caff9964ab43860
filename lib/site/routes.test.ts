import { describe, expect, it } from 'vitest';
import { loadTenant } from '../tenant/load.ts';
import { htmlPath, inactiveRedirectUrl, payloadPath, tenantRoutes } from './routes.ts';

const bella = await loadTenant('tenants', 'bella-napoli');
const oldMill = await loadTenant('tenants', 'old-mill-pizza');

describe('routes', () => {
  it('lists home, reset-password and every custom page, nested ones included', () => {
    const paths = tenantRoutes(bella).map((route) => route.path);
    expect(paths.slice(0, 2)).toEqual(['/', '/reset-password']);
    expect(paths).toContain('/about/our-story');
    expect(paths).toContain('/about');
  });

  it('gives each of the retailer’s other websites a home of its own', () => {
    expect(tenantRoutes(bella).filter((route) => route.kind === 'home')).toEqual([
      { path: '/', kind: 'home' },
      { path: '/website/1112', kind: 'home', retailerWebsiteId: 1112 },
    ]);
  });

  it('gives an inactive retailer only its redirecting home', () => {
    expect(tenantRoutes(oldMill)).toEqual([{ path: '/', kind: 'home' }]);
    expect(inactiveRedirectUrl(oldMill)).toBe('https://order.example.com/?retid=222');
    expect(inactiveRedirectUrl(bella)).toBeNull();
  });

  it.each([
    ['/', '/_payload.json'],
    ['/about', '/about/_payload.json'],
    ['/about/our-story', '/about/our-story/_payload.json'],
  ])('%s keeps its payload at %s', (route, file) => {
    expect(payloadPath(route)).toBe(file);
  });

  it.each([
    ['/', 'index.html'],
    ['/website/1112', 'website/1112/index.html'],
    ['/about/our-story', 'about/our-story/index.html'],
  ])('%s is served from %s', (route, file) => {
    expect(htmlPath(route)).toBe(file);
  });
});
