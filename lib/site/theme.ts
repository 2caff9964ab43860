import type { RetailerCss } from '../tenant/index.ts';
import { hexColour } from '../tenant/primitives.ts';
import { AA_NORMAL_TEXT, contrastRatio, luminance, mix, withLightness } from './contrast.ts';

export const themeColourKeys = [
  'background',
  'foreground',
  'primary',
  'primary-foreground',
  'secondary',
  'secondary-foreground',
] as const;
export type ThemeColourKey = (typeof themeColourKeys)[number];
export type ThemeColours = Record<ThemeColourKey, string>;

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

/** A theme without secondary-foreground (retailer 436) uses its foreground on secondary surfaces. */
export function lightColours(css: RetailerCss): ThemeColours {
  return {
    background: css.background,
    foreground: css.foreground,
    primary: css.primary,
    'primary-foreground': css['primary-foreground'],
    secondary: css.secondary,
    'secondary-foreground': css['secondary-foreground'] ?? css.foreground,
  };
}

const DARK_BASE = '#121212';
/** A light background this dark already is a dark theme (retailer 436): its dark variant is itself. */
const DARK_ENOUGH_LUMINANCE = 0.05;
/** Derived colours clear AA by this much, so the brand colour still reads on muted cards and at 90% opacity. */
const DERIVED_CONTRAST = AA_NORMAL_TEXT + 1.5;

/**
 * The dark variant: the retailer's `dark-*` colours, the rest derived from the light theme. The
 * page turns near-black tinted with the brand colour, text takes the light background's colour,
 * and the brand colour is lightened (hue and saturation kept) until it reads on the dark page; text on it is then the dark
 * page colour, which reads on it by the same ratio.
 */
export function darkColours(css: RetailerCss): ThemeColours {
  const light = lightColours(css);
  const alreadyDark = luminance(light.background) <= DARK_ENOUGH_LUMINANCE;
  const background = css['dark-background'] ?? (alreadyDark ? light.background : mix(light.primary, DARK_BASE, 0.12));
  const foreground = css['dark-foreground'] ?? (alreadyDark ? light.foreground : light.background);
  let primary = css['dark-primary'] ?? light.primary;
  for (
    let lightness = 0.3;
    !css['dark-primary'] && contrastRatio(primary, background) < DERIVED_CONTRAST && lightness <= 1;
    lightness += 0.02
  )
    primary = withLightness(light.primary, lightness);
  const primaryKept = primary === light.primary;
  return {
    background,
    foreground,
    primary,
    'primary-foreground':
      css['dark-primary-foreground'] ?? (primaryKept && alreadyDark ? light['primary-foreground'] : background),
    secondary: css['dark-secondary'] ?? (alreadyDark ? light.secondary : mix(light.primary, DARK_BASE, 0.3)),
    'secondary-foreground':
      css['dark-secondary-foreground'] ?? (alreadyDark ? light['secondary-foreground'] : foreground),
  };
}

/** The text/surface pairs the storefront draws (primary also as link and accent text on the page). */
export const contrastPairs = [
  ['foreground', 'background'],
  ['primary-foreground', 'primary'],
  ['secondary-foreground', 'secondary'],
  ['primary', 'background'],
] as const satisfies readonly (readonly [ThemeColourKey, ThemeColourKey])[];

export interface ContrastProblem {
  text: ThemeColourKey;
  surface: ThemeColourKey;
  ratio: number;
  /** e.g. "primary-foreground #ffffff on primary #e0a000 has contrast 2.1:1; WCAG AA needs 4.5:1". */
  message: string;
}

/** The pairs of a theme that fall short of WCAG AA for normal text. */
export function contrastProblems(colours: ThemeColours): ContrastProblem[] {
  return contrastPairs.flatMap(([text, surface]) => {
    const ratio = contrastRatio(colours[text], colours[surface]);
    if (ratio >= AA_NORMAL_TEXT) return [];
    return [
      {
        text,
        surface,
        ratio,
        message: `${text} ${colours[text]} on ${surface} ${colours[surface]} has contrast ${ratio.toFixed(2)}:1; WCAG AA needs ${AA_NORMAL_TEXT}:1`,
      },
    ];
  });
}

const declarations = (colours: ThemeColours, priority: string) =>
  themeColourKeys.map((key) => `--tenant-${key}:${colours[key]}${priority}`).join(';');

const rules = (light: string, dark: string, css: RetailerCss, priority = '') =>
  `${light}{${declarations(lightColours(css), priority)};color-scheme:light}${dark}{${declarations(darkColours(css), priority)};color-scheme:dark}`;

/**
 * The rules that carry a retailer's theme into the page: `:root` for the light theme, `.dark`
 * (set on <html> and <body> by the dark-mode script) for the dark one. Another website's theme
 * applies under `data-website` on <html>, which the website script sets; its selectors outrank
 * the default's, so the body's own `.dark` does not bring the default's colours back.
 */
export function themeStyle(
  css: RetailerCss,
  websites: readonly { retailerWebsiteId: number; css: RetailerCss | null }[] = [],
): string {
  const others = websites.flatMap(({ retailerWebsiteId, css: websiteCss }) => {
    if (!websiteCss) return [];
    const scope = `[data-website="${retailerWebsiteId}"]`;
    return [rules(scope, `${scope}.dark,${scope} .dark`, websiteCss)];
  });
  return [rules(':root', '.dark', css), ...others].join('');
}

/** The fields a live design update may set: the theme colours and their dark counterparts. */
const liveFields = [...themeColourKeys, ...themeColourKeys.map((key) => `dark-${key}` as const)];

/**
 * Theme fields that are no colour, and why a page never applies them live. A page's layout is
 * the retailer configuration's layout number (retailerLayout.layout), prerendered into its HTML;
 * the theme's initial-layout does not choose it, so a message cannot change what it shows.
 */
const fieldsNotLive: Readonly<Record<string, string>> = {
  'initial-layout':
    "the layout is built into the pages from the retailer configuration's layout number; change that and rebuild the site",
};

/** Why pages never apply this theme field live, or null for a colour they apply. */
export function designFieldNotLive(fieldName: string): string | null {
  return Object.hasOwn(fieldsNotLive, fieldName)
    ? `${fieldName} is not applied live: ${fieldsNotLive[fieldName]}`
    : null;
}

/** Why a page refuses a live design update, or null when it applies it. */
export function liveDesignRefusal(fieldName: string, fieldValue: unknown): string | null {
  const notLive = designFieldNotLive(fieldName);
  if (notLive !== null) return notLive;
  if (!liveFields.some((known) => known === fieldName))
    return `${JSON.stringify(fieldName.slice(0, 40))} is not a theme colour`;
  if (!hexColour.safeParse(fieldValue).success) return `${fieldName} takes a #rrggbb colour`;
  return null;
}

/**
 * The theme after a live design update, or null when the update is refused (liveDesignRefusal
 * says why). Only the theme's own colour fields (light, or `dark-` for the dark theme) with a
 * plain #rrggbb value pass, so nothing a message says can reach the page as CSS.
 */
export function withLiveDesignField(css: RetailerCss, fieldName: string, fieldValue: unknown): RetailerCss | null {
  const colour = hexColour.safeParse(fieldValue);
  return liveDesignRefusal(fieldName, fieldValue) === null && colour.success
    ? { ...css, [fieldName]: colour.data }
    : null;
}

/**
 * The rules a theme changed by live design updates takes, light and dark alike (the dark one
 * derived again from the changed colours). `!important` lets them win over the page's own theme
 * rules, however specific, without knowing which of those the page has.
 */
export function liveThemeStyle(css: RetailerCss): string {
  return rules('html:not(.dark),html:not(.dark) body', 'html.dark,html.dark body', css, ' !important');
}
