import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTenants } from './load.ts';

/** WCAG 2.x relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [red = 0, green = 0, blue = 0] = [1, 3, 5].map((start) => {
    const channel = Number.parseInt(hex.slice(start, start + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((lighter ?? 0) + 0.05) / ((darker ?? 0) + 0.05);
}

const AA_NORMAL_TEXT = 4.5;

describe('contrastRatio', () => {
  it.each([
    { a: '#000000', b: '#ffffff', ratio: 21 },
    { a: '#ffffff', b: '#000000', ratio: 21 },
    { a: '#777777', b: '#777777', ratio: 1 },
    { a: '#767676', b: '#ffffff', ratio: 4.54 },
    { a: '#777777', b: '#ffffff', ratio: 4.48 },
    { a: '#0000ff', b: '#ffffff', ratio: 8.59 },
  ])('$a on $b is $ratio:1', ({ a, b, ratio }) => {
    expect(contrastRatio(a, b)).toBeCloseTo(ratio, 2);
  });
});

const { tenants } = await loadTenants(join(import.meta.dirname, '..', '..', '..', 'tenants'));

/** The text/surface pairs the storefront draws; a theme without secondary-foreground puts foreground on secondary. */
const pairs = tenants.flatMap(({ slug, config: { retailerCSS: css } }) => [
  { slug, pair: 'foreground on background', text: css.foreground, surface: css.background },
  { slug, pair: 'primary-foreground on primary', text: css['primary-foreground'], surface: css.primary },
  { slug, pair: css['secondary-foreground'] ? 'secondary-foreground on secondary' : 'foreground on secondary', text: css['secondary-foreground'] ?? css.foreground, surface: css.secondary },
]);

describe('sample tenant themes meet WCAG AA', () => {
  it('covers every sample tenant', () => {
    expect(tenants.length).toBeGreaterThanOrEqual(5);
    expect(pairs).toHaveLength(tenants.length * 3);
  });

  it.each(pairs)('$slug: $pair ($text on $surface)', ({ text, surface }) => {
    expect(contrastRatio(text, surface)).toBeGreaterThanOrEqual(AA_NORMAL_TEXT);
  });
});
