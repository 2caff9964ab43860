import { describe, expect, it } from 'vitest';
import { initialFavicon } from './favicon.ts';

describe('favicon', () => {
  it('shows the initial on the primary colour and escapes markup', () => {
    const svg = initialFavicon('bella', { primary: '#b3261e', 'primary-foreground': '#ffffff' });
    expect(svg).toContain('fill="#b3261e"');
    expect(svg).toContain('>B</text>');
    expect(initialFavicon('<x>', { primary: '#000000', 'primary-foreground': '#ffffff' })).not.toContain('<x');
  });
});
