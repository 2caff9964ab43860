import { describe, expect, it } from 'vitest';
import { loadTenant } from '../tenant/load.ts';
import { DEFAULT_THEME, liveThemeProperty, themeStyle } from './theme.ts';

const bella = await loadTenant('tenants', 'bella-napoli');
const crust = await loadTenant('tenants', 'crust-and-co');

describe('theme', () => {
  it('is the default theme for pages without a retailer: the theme of retailer 111', () => {
    expect(bella.config.retailerId).toBe(111);
    expect(DEFAULT_THEME).toEqual(bella.config.retailerCSS);
  });

  it('writes every theme colour as a CSS variable', () => {
    const style = themeStyle(bella.config.retailerCSS);
    for (const key of ['background', 'foreground', 'primary', 'primary-foreground', 'secondary', 'secondary-foreground']) {
      expect(style).toContain(`--tenant-${key}:${String(bella.config.retailerCSS[key])}`);
    }
  });

  it('uses the foreground on secondary surfaces when a theme has no secondary-foreground (retailer 436)', () => {
    expect(crust.config.retailerId).toBe(436);
    expect(crust.config.retailerCSS['secondary-foreground']).toBeUndefined();
    expect(themeStyle(crust.config.retailerCSS)).toContain(`--tenant-secondary-foreground:${crust.config.retailerCSS.foreground}`);
  });
});

describe('live theme updates', () => {
  it.each([
    ['primary', '#0b6e4f', { property: '--tenant-primary', value: '#0b6e4f' }],
    ['secondary-foreground', '#ABCDEF', { property: '--tenant-secondary-foreground', value: '#ABCDEF' }],
    ['background', '#fff', null],
    ['primary', 'red', null],
    ['primary', 'red;}body{display:none', null],
    ['primary', '#0b6e4f;}body{display:none', null],
    ['primary', 'url(javascript:alert(1))', null],
    ['primary', 255, null],
    ['initial-layout', 3, null],
    ['font', '#000000', null],
    ['--tenant-primary', '#000000', null],
    ['__proto__', '#000000', null],
    ['constructor', '#000000', null],
  ])('%s = %j sets %j', (fieldName, fieldValue, expected) => {
    expect(liveThemeProperty(fieldName, fieldValue)).toEqual(expected);
  });
});
