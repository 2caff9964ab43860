import type { RetailerCss } from '../tenant/index.ts';
import { hexColour } from '../tenant/primitives.ts';

const themeKeys = ['background', 'foreground', 'primary', 'primary-foreground', 'secondary', 'secondary-foreground'] as const;

/** The theme of retailer 111, which the spec makes the default for pages without a retailer. */
export const DEFAULT_THEME: RetailerCss = {
  'initial-layout': 2,
  background: '#fffaf0',
  foreground: '#2b1d16',
  primary: '#b3261e',
  'primary-foreground': '#ffffff',
  secondary: '#f3e3c3',
  'secondary-foreground': '#4a2c17',
};

/**
 * The `:root` rule that carries a retailer's theme into the page. A theme without
 * secondary-foreground (retailer 436) uses its foreground on secondary surfaces.
 */
export function themeStyle(css: RetailerCss): string {
  const values: Record<(typeof themeKeys)[number], string> = {
    background: css.background,
    foreground: css.foreground,
    primary: css.primary,
    'primary-foreground': css['primary-foreground'],
    secondary: css.secondary,
    'secondary-foreground': css['secondary-foreground'] ?? css.foreground,
  };
  const declarations = themeKeys.map((key) => `--tenant-${key}:${values[key]}`).join(';');
  return `:root{${declarations};color-scheme:light}`;
}

export type ThemeKey = (typeof themeKeys)[number];

/**
 * The CSS custom property a live design update may set, or null. Only the theme's own colour
 * fields with a plain #rrggbb value pass, so nothing a message says can reach the page as CSS.
 */
export function liveThemeProperty(fieldName: string, fieldValue: unknown): { property: `--tenant-${ThemeKey}`; value: string } | null {
  const key = themeKeys.find((known) => known === fieldName);
  const colour = hexColour.safeParse(fieldValue);
  return key && colour.success ? { property: `--tenant-${key}`, value: colour.data } : null;
}
