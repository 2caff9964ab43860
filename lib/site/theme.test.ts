import { describe, expect, it } from 'vitest';
import { retailerCssSchema } from '../tenant/index.ts';
import { loadTenant } from '../tenant/load.ts';
import { luminance } from './contrast.ts';
import {
  contrastProblems,
  darkColours,
  DEFAULT_THEME,
  lightColours,
  liveDesignRefusal,
  liveThemeStyle,
  themeStyle,
  withLiveDesignField,
} from './theme.ts';

const bella = await loadTenant('tenants', 'bella-napoli');
const crust = await loadTenant('tenants', 'crust-and-co');

describe('theme', () => {
  it('is the default theme for pages without a retailer: the theme of retailer 111', () => {
    expect(bella.config.retailerId).toBe(111);
    expect(DEFAULT_THEME).toEqual(bella.config.retailerCSS);
  });

  it('writes every theme colour as a CSS variable', () => {
    const style = themeStyle(bella.config.retailerCSS);
    for (const key of [
      'background',
      'foreground',
      'primary',
      'primary-foreground',
      'secondary',
      'secondary-foreground',
    ]) {
      expect(style).toContain(`--tenant-${key}:${String(bella.config.retailerCSS[key])}`);
    }
  });

  it('uses the foreground on secondary surfaces when a theme has no secondary-foreground (retailer 436)', () => {
    expect(crust.config.retailerId).toBe(436);
    expect(crust.config.retailerCSS['secondary-foreground']).toBeUndefined();
    expect(themeStyle(crust.config.retailerCSS)).toContain(
      `--tenant-secondary-foreground:${crust.config.retailerCSS.foreground}`,
    );
  });
});

describe('live theme updates', () => {
  it.each([
    ['primary', '#0b6e4f', { primary: '#0b6e4f' }],
    ['secondary-foreground', '#ABCDEF', { 'secondary-foreground': '#ABCDEF' }],
    ['dark-primary', '#ff8a80', { 'dark-primary': '#ff8a80' }],
    ['background', '#fff', null],
    ['primary', 'red', null],
    ['primary', 'red;}body{display:none', null],
    ['primary', '#0b6e4f;}body{display:none', null],
    ['primary', 'url(javascript:alert(1))', null],
    ['primary', 255, null],
    ['initial-layout', 3, null],
    ['dark-initial-layout', '#000000', null],
    ['font', '#000000', null],
    ['--tenant-primary', '#000000', null],
    ['__proto__', '#000000', null],
    ['constructor', '#000000', null],
  ])('%s = %j changes %j', (fieldName, fieldValue, expected) => {
    const changed = withLiveDesignField(DEFAULT_THEME, fieldName, fieldValue);
    expect(changed).toEqual(expected === null ? null : { ...DEFAULT_THEME, ...expected });
  });

  it.each([
    ['primary', '#0b6e4f', null],
    ['dark-secondary', '#0b6e4f', null],
    [
      'initial-layout',
      3,
      "initial-layout is not applied live: the layout is built into the pages from the retailer configuration's layout number; change that and rebuild the site",
    ],
    [
      'initial-layout',
      7,
      "initial-layout is not applied live: the layout is built into the pages from the retailer configuration's layout number; change that and rebuild the site",
    ],
    ['primary', 'red', 'primary takes a #rrggbb colour'],
    ['font', '#000000', '"font" is not a theme colour'],
    ['__proto__', '#000000', '"__proto__" is not a theme colour'],
  ])('a live %s = %j is refused because: %s', (fieldName, fieldValue, reason) => {
    expect(liveDesignRefusal(fieldName, fieldValue)).toBe(reason);
  });

  it('leaves the theme it was given as it was', () => {
    const theme = { ...DEFAULT_THEME };
    withLiveDesignField(theme, 'primary', '#0b6e4f');
    expect(theme).toEqual(DEFAULT_THEME);
  });

  it('restyles the light page and derives the dark page again from the changed colours', () => {
    const changed = withLiveDesignField(DEFAULT_THEME, 'primary', '#0b6e4f') ?? DEFAULT_THEME;
    const style = liveThemeStyle(changed);
    const [light = '', dark = ''] = style.split('html.dark,html.dark body');
    expect(light).toContain('--tenant-primary:#0b6e4f !important');
    expect(dark).toContain(`--tenant-primary:${darkColours(changed).primary} !important`);
    expect(darkColours(changed).primary).not.toBe(darkColours(DEFAULT_THEME).primary);
    expect(dark).toContain(`--tenant-background:${darkColours(changed).background} !important`);
  });
});

describe('dark theme', () => {
  it('is written under .dark beside the light :root theme', () => {
    const style = themeStyle(bella.config.retailerCSS);
    expect(style).toMatch(/^:root\{[^}]*color-scheme:light\}\.dark\{[^}]*color-scheme:dark\}$/);
    const dark = darkColours(bella.config.retailerCSS);
    for (const key of [
      'background',
      'foreground',
      'primary',
      'primary-foreground',
      'secondary',
      'secondary-foreground',
    ] as const) {
      expect(style).toContain(`--tenant-${key}:${dark[key]}`);
    }
  });

  it('derives a dark page with a lightened brand colour from a light theme', () => {
    const dark = darkColours(bella.config.retailerCSS);
    expect(luminance(dark.background)).toBeLessThan(0.02);
    expect(dark.foreground).toBe(bella.config.retailerCSS.background);
    expect(luminance(dark.primary)).toBeGreaterThan(luminance(bella.config.retailerCSS.primary));
    expect(contrastProblems(dark)).toEqual([]);
  });

  it('keeps a theme that is dark already (retailer 436)', () => {
    expect(darkColours(crust.config.retailerCSS)).toEqual(lightColours(crust.config.retailerCSS));
  });

  it('takes the retailer’s own dark colours first', () => {
    const dark = darkColours(
      retailerCssSchema.parse({
        ...DEFAULT_THEME,
        'dark-background': '#000000',
        'dark-primary': '#ffcc00',
        'dark-primary-foreground': '#000000',
      }),
    );
    expect(dark).toMatchObject({ background: '#000000', primary: '#ffcc00', 'primary-foreground': '#000000' });
  });

  it('names the pairs that fall short of AA', () => {
    const problems = contrastProblems({ ...lightColours(bella.config.retailerCSS), 'primary-foreground': '#ff8080' });
    expect(problems.map((problem) => problem.message)).toEqual([
      'primary-foreground #ff8080 on primary #b3261e has contrast 2.69:1; WCAG AA needs 4.5:1',
    ]);
  });
});

describe('other websites of the retailer', () => {
  it('scope their theme, light and dark, under data-website after the default', () => {
    const style = themeStyle(bella.config.retailerCSS, [
      { retailerWebsiteId: 1112, css: crust.config.retailerCSS },
      { retailerWebsiteId: 1113, css: null },
    ]);
    expect(style.indexOf('[data-website="1112"]{')).toBeGreaterThan(style.indexOf('.dark{'));
    expect(style).toContain(`[data-website="1112"]{--tenant-background:${crust.config.retailerCSS.background}`);
    expect(style).toContain(
      `[data-website="1112"].dark,[data-website="1112"] .dark{--tenant-background:${darkColours(crust.config.retailerCSS).background}`,
    );
    expect(style).not.toContain('1113');
  });
});
