import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTenants } from '../tenant/load.ts';
import type { RetailerCss } from '../tenant/index.ts';
import { AA_NORMAL_TEXT, contrastRatio } from './contrast.ts';
import { successColours, successPanelStyle } from './success-colours.ts';
import { darkColours, DEFAULT_THEME, lightColours } from './theme.ts';
import { SAMPLE_SHOPS } from '../tenant/sample-shops.ts';

const tenantsDir = fileURLToPath(new URL('../../tenants', import.meta.url));
/** WCAG 1.4.11: an icon or a border that carries meaning needs 3:1 against what is next to it. */
const NON_TEXT = 3;

let themes: [string, RetailerCss][] = [];
beforeAll(async () => {
  const { tenants } = await loadTenants(tenantsDir);
  themes = [
    ['the default theme', DEFAULT_THEME],
    ...tenants.flatMap((tenant): [string, RetailerCss][] => [
      [tenant.slug, tenant.config.retailerCSS],
      ...tenant.websites.flatMap((website): [string, RetailerCss][] =>
        website.retailerCSS ? [[`${tenant.slug} website ${website.retailerWebsiteId}`, website.retailerCSS]] : [],
      ),
    ]),
  ];
});

describe('the success panel on every sample theme, light and dark', () => {
  it('covers every sample tenant and website', () => {
    expect(themes.map(([name]) => name)).toEqual(
      expect.arrayContaining([...SAMPLE_SHOPS, 'bella-napoli website 1112']),
    );
  });

  it.each(['light', 'dark'] as const)(
    '%s: text and heading read on the panel (AA), the icon and border stand out from panel and page',
    (mode) => {
      const problems = themes.flatMap(([name, css]) => {
        const theme = mode === 'light' ? lightColours(css) : darkColours(css);
        const { surface, accent, text } = successColours(theme);
        const checks: [string, number, number][] = [
          ['text on the panel', contrastRatio(text, surface), AA_NORMAL_TEXT],
          ['heading on the panel', contrastRatio(accent, surface), AA_NORMAL_TEXT],
          ['border against the page', contrastRatio(accent, theme.background), NON_TEXT],
        ];
        return checks
          .filter(([, ratio, needed]) => ratio < needed)
          .map(([what, ratio]) => `${name}: ${what} ${ratio.toFixed(2)}:1`);
      });
      expect(problems).toEqual([]);
    },
  );

  it('reads as green: the panel leans green against the page, the accent is green', () => {
    for (const [, css] of themes) {
      for (const theme of [lightColours(css), darkColours(css)]) {
        const { accent } = successColours(theme);
        const [red, green, blue] = [1, 3, 5].map((start) => Number.parseInt(accent.slice(start, start + 2), 16)) as [
          number,
          number,
          number,
        ];
        expect(green).toBeGreaterThan(red);
        expect(green).toBeGreaterThan(blue);
      }
    }
  });

  it('is what the browser draws: the style mixes the same green with the page colours', () => {
    expect(successPanelStyle).toEqual({
      surface: 'color-mix(in srgb, #15803d 14%, var(--tenant-background))',
      accent: 'color-mix(in srgb, #15803d 65%, var(--tenant-foreground))',
    });
    expect(successColours({ background: '#ffffff', foreground: '#000000' })).toEqual({
      surface: '#deede4',
      accent: '#0e5328',
      text: '#000000',
    });
  });
});
