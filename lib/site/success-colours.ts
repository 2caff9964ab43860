import { mix } from './contrast.ts';
import type { ThemeColours } from './theme.ts';

/**
 * The colours of a "done, all good" panel on any retailer's theme, light or dark. Green tints the
 * page's own background and is darkened or lightened by the theme's text colour, so the panel reads
 * as success on a cream page and on a near-black one, and follows dark mode and live theme updates
 * by itself. Mixed in sRGB, so successColours() computes exactly what the browser draws.
 */
const SUCCESS_GREEN = '#15803d';
const SURFACE_GREEN_PERCENT = 14;
const ACCENT_GREEN_PERCENT = 65;

/** For style attributes: the panel's background, and its heading, icon and border. */
export const successPanelStyle = {
  surface: `color-mix(in srgb, ${SUCCESS_GREEN} ${SURFACE_GREEN_PERCENT}%, var(--tenant-background))`,
  accent: `color-mix(in srgb, ${SUCCESS_GREEN} ${ACCENT_GREEN_PERCENT}%, var(--tenant-foreground))`,
} as const;

/** The colours successPanelStyle gives on a theme, as #rrggbb: the panel's text is the theme's foreground. */
export function successColours(theme: Pick<ThemeColours, 'background' | 'foreground'>): {
  surface: string;
  accent: string;
  text: string;
} {
  return {
    surface: mix(SUCCESS_GREEN, theme.background, SURFACE_GREEN_PERCENT / 100),
    accent: mix(SUCCESS_GREEN, theme.foreground, ACCENT_GREEN_PERCENT / 100),
    text: theme.foreground,
  };
}
