import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { crossCheckTenant } from '../../tenant/cross-check.ts';
import { loadTenant } from '../../tenant/load.ts';
import { retailerConfigSchema } from '../../tenant/retailer.ts';
import { colourName, themeContrastProblems, themePart, themeValueSchema, type ThemeValue } from './theme.ts';
import { SAMPLE_SHOPS } from '../../tenant/sample-shops.ts';

const rawConfig = async (slug: string): Promise<unknown> =>
  JSON.parse(await readFile(join('tenants', slug, 'retailer-config.json'), 'utf8'));

const bella: ThemeValue = {
  background: '#fffaf0',
  foreground: '#2b1d16',
  primary: '#b3261e',
  'primary-foreground': '#ffffff',
  secondary: '#f3e3c3',
  'secondary-foreground': '#4a2c17',
  'dark-background': null,
  'dark-foreground': null,
  'dark-primary': null,
  'dark-primary-foreground': null,
  'dark-secondary': null,
  'dark-secondary-foreground': null,
};

describe('theme: describe', () => {
  it.each<[string, Partial<ThemeValue>, Partial<ThemeValue>, string[]]>([
    ['nothing changed', {}, {}, []],
    ['the primary colour', {}, { primary: '#0b6e4f' }, ['Primary colour: #b3261e → #0b6e4f']],
    ['a dark colour of its own', {}, { 'dark-background': '#101010' }, ['Dark background: derived → #101010']],
    [
      'a dark colour derived again',
      { 'dark-primary-foreground': '#000000' },
      {},
      ['Dark text on primary: #000000 → derived'],
    ],
    [
      'text on secondary back to the text colour',
      {},
      { 'secondary-foreground': null },
      ['Text on secondary: #4a2c17 → same as text'],
    ],
    [
      'light before dark, in the theme’s order',
      { 'dark-secondary': '#333333' },
      { 'dark-secondary': '#444444', foreground: '#000000', background: '#ffffff' },
      ['Background: #fffaf0 → #ffffff', 'Text: #2b1d16 → #000000', 'Dark secondary colour: #333333 → #444444'],
    ],
  ])('%s', (_name, from, to, lines) => {
    expect(themePart.describe({ ...bella, ...from }, { ...bella, ...to })).toEqual(lines);
  });

  it('names every colour for an owner', () => {
    expect([
      colourName('primary-foreground'),
      colourName('dark-foreground'),
      colourName('dark-secondary-foreground'),
    ]).toEqual(['Text on primary', 'Dark text', 'Dark text on secondary']);
  });
});

describe('theme: write', () => {
  const raw = {
    retailerId: 1,
    retailerCSS: {
      'initial-layout': 3,
      background: '#FFFAF0',
      foreground: '#2b1d16',
      primary: '#b3261e',
      'primary-foreground': '#ffffff',
      secondary: '#f3e3c3',
      'secondary-foreground': '#4a2c17',
      'dark-secondary': '#333333',
      'font-family': 'Georgia',
    },
    extra: { kept: true },
  };
  const css = raw.retailerCSS;
  const withoutKey = (key: string) => Object.fromEntries(Object.entries(css).filter(([name]) => name !== key));
  const asWritten = { ...bella, 'dark-secondary': '#333333' };

  it.each<[string, Partial<ThemeValue>, unknown]>([
    ['the published value (upper case in the file is the same colour) leaves the file exactly as it was', {}, raw],
    [
      'a colour set in place: layout, unknown keys and key order kept',
      { primary: '#0b6e4f' },
      { ...raw, retailerCSS: { ...css, primary: '#0b6e4f' } },
    ],
    [
      'a new dark colour goes at the end',
      { 'dark-background': '#101010' },
      { ...raw, retailerCSS: { ...css, 'dark-background': '#101010' } },
    ],
    [
      'a dark colour derived again leaves the file',
      { 'dark-secondary': null },
      { ...raw, retailerCSS: withoutKey('dark-secondary') },
    ],
    [
      'text on secondary back to the text colour leaves the file',
      { 'secondary-foreground': null },
      { ...raw, retailerCSS: withoutKey('secondary-foreground') },
    ],
  ])('%s', (_name, change, expected) => {
    const written = themePart.write(raw, { ...asWritten, ...change });
    expect(JSON.stringify(written)).toBe(JSON.stringify(expected));
  });

  it.each<[string, unknown]>([
    ['a list', [raw]],
    ['no theme', { retailerId: 1 }],
    ['a theme that is text', { retailerCSS: '#fff' }],
    ['a theme that is a list', { retailerCSS: [] }],
    ['nothing', undefined],
    ['null', null],
  ])('malformed raw (%s) gives undefined', (_name, malformed) => {
    expect(themePart.write(malformed, bella)).toBeUndefined();
  });
});

describe('theme: sample tenants', () => {
  it.each(SAMPLE_SHOPS)(
    '%s: the published theme writes back unchanged and reads (WCAG AA, light and dark)',
    async (slug) => {
      const tenant = await loadTenant('tenants', slug);
      const raw = await rawConfig(slug);
      const published = themePart.published(tenant);
      expect(themeValueSchema.parse(published)).toEqual(published);
      const written = themePart.write(raw, published);
      expect(JSON.stringify(written)).toBe(JSON.stringify(raw));
      expect(retailerConfigSchema.parse(written)).toEqual(tenant.config);
      expect(themePart.describe(published, published)).toEqual([]);
      expect(themeContrastProblems(published)).toEqual([]);
    },
  );

  it('crust-and-co has no text on secondary of its own: it is the text colour', async () => {
    const published = themePart.published(await loadTenant('tenants', 'crust-and-co'));
    expect(published['secondary-foreground']).toBeNull();
  });

  it('bella-napoli: a low-contrast text on primary is found, in words, as the build finds it', async () => {
    const tenant = await loadTenant('tenants', 'bella-napoli');
    const published = themePart.published(tenant);
    const unreadable = { ...published, 'primary-foreground': '#e07060' };
    expect(themePart.describe(published, unreadable)).toEqual(['Text on primary: #ffffff → #e07060']);
    const problems = themeContrastProblems(unreadable);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^Light theme: the text on primary \(#e07060\) on the primary colour \(#b3261e\) has contrast \d\.\d\d:1; text needs at least 4\.5:1 to read \(WCAG AA\)\.$/,
    );
    const config = retailerConfigSchema.parse(themePart.write(await rawConfig('bella-napoli'), unreadable));
    expect(crossCheckTenant({ ...tenant, config }, 'tenants/bella-napoli').map((problem) => problem.path)).toEqual([
      '$.retailerCSS.primary-foreground',
    ]);
  });

  it('a dark colour of its own that does not read is found in the dark theme', async () => {
    const published = themePart.published(await loadTenant('tenants', 'harbour-pizza'));
    const problems = themeContrastProblems({
      ...published,
      'dark-background': '#101010',
      'dark-foreground': '#303030',
    });
    expect(problems).toEqual([
      expect.stringMatching(/^Dark theme: the text \(#303030\) on the background \(#101010\) has contrast 1\.\d\d:1/),
      expect.stringMatching(
        /^Dark theme: the text on secondary \(#303030, derived\) on the secondary colour \(#\w{6}, derived\) has contrast/,
      ),
    ]);
  });
});

describe('theme: the value a browser sends', () => {
  it('takes colours in either case and keeps them lower-case', () => {
    expect(themeValueSchema.parse({ ...bella, primary: '#0B6E4F' }).primary).toBe('#0b6e4f');
  });

  it.each<[string, unknown]>([
    ['a colour name', { ...bella, primary: 'red' }],
    ['a short colour', { ...bella, primary: '#fff' }],
    ['a light colour left out', { ...bella, background: null }],
    ['CSS smuggled into a colour', { ...bella, 'dark-primary': '#000000;}body{display:none' }],
  ])('refuses %s', (_name, value) => {
    expect(themeValueSchema.safeParse(value).success).toBe(false);
  });
});
