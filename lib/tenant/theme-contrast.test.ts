import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AA_NORMAL_TEXT, contrastRatio } from '../site/contrast.ts';
import { contrastPairs, darkColours, lightColours } from '../site/theme.ts';
import { loadTenants } from './load.ts';

const { tenants } = await loadTenants(join(import.meta.dirname, '..', '..', 'tenants'));

/** Every text/surface pair the storefront draws, in each sample tenant's light and dark theme. */
const pairs = tenants.flatMap(({ slug, config: { retailerCSS: css } }) =>
  (['light', 'dark'] as const).flatMap((mode) => {
    const colours = mode === 'light' ? lightColours(css) : darkColours(css);
    return contrastPairs.map(([text, surface]) => ({
      slug,
      mode,
      pair: `${text} on ${surface}`,
      text: colours[text],
      surface: colours[surface],
    }));
  }),
);

describe('sample tenant themes meet WCAG AA, light and dark', () => {
  it('covers every sample tenant', () => {
    expect(tenants.length).toBeGreaterThanOrEqual(5);
    expect(pairs).toHaveLength(tenants.length * 2 * contrastPairs.length);
  });

  it.each(pairs)('$slug $mode: $pair ($text on $surface)', ({ text, surface }) => {
    expect(contrastRatio(text, surface)).toBeGreaterThanOrEqual(AA_NORMAL_TEXT);
  });
});
