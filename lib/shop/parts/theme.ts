import { z } from 'zod';
import { AA_NORMAL_TEXT } from '../../site/contrast.ts';
import {
  contrastProblems,
  darkColours,
  DEFAULT_THEME,
  lightColours,
  themeColourKeys,
  type ContrastProblem,
  type ThemeColourKey,
  type ThemeColours,
} from '../../site/theme.ts';
import { hexColour } from '../../tenant/primitives.ts';
import type { RetailerCss } from '../../tenant/retailer.ts';
import type { ShopPart } from './part.ts';

export const darkColourKeys = themeColourKeys.map((key) => `dark-${key}` as const);

/** Colours compare and are written lower-case, as the colour picker gives them, so "#B3261E" and "#b3261e" are no change. */
const colour = hexColour.toLowerCase();

/**
 * The theme colours an owner may edit: the six light ones and the dark theme's overrides. Null is
 * the colour the storefront works out itself: text on secondary surfaces takes the text colour, and
 * a dark colour is derived from the light theme (darkColours).
 */
export const themeValueSchema = z.object({
  background: colour,
  foreground: colour,
  primary: colour,
  'primary-foreground': colour,
  secondary: colour,
  'secondary-foreground': colour.nullable(),
  'dark-background': colour.nullable(),
  'dark-foreground': colour.nullable(),
  'dark-primary': colour.nullable(),
  'dark-primary-foreground': colour.nullable(),
  'dark-secondary': colour.nullable(),
  'dark-secondary-foreground': colour.nullable(),
});

export type ThemeValue = z.infer<typeof themeValueSchema>;
export type ThemeValueKey = keyof ThemeValue;

/** Every key of the value in the order the editor and the change lines show them. */
export const themeValueKeys: readonly ThemeValueKey[] = [...themeColourKeys, ...darkColourKeys];

const colourNames: Record<ThemeColourKey, string> = {
  background: 'Background',
  foreground: 'Text',
  primary: 'Primary colour',
  'primary-foreground': 'Text on primary',
  secondary: 'Secondary colour',
  'secondary-foreground': 'Text on secondary',
};

const lightKey = (key: ThemeValueKey): ThemeColourKey =>
  key.startsWith('dark-') ? (key.slice('dark-'.length) as ThemeColourKey) : (key as ThemeColourKey);

/** "Primary colour", "Dark text on primary". */
export function colourName(key: ThemeValueKey): string {
  const name = colourNames[lightKey(key)];
  return key.startsWith('dark-') ? `Dark ${name.charAt(0).toLowerCase()}${name.slice(1)}` : name;
}

/** What a null colour is, in words. */
export const unsetText = (key: ThemeValueKey) => (key === 'secondary-foreground' ? 'same as text' : 'derived');

/** The value as the retailer CSS the storefront's theme functions read; the layout is no colour and does not matter here. */
export function themeCss(value: ThemeValue): RetailerCss {
  const css: RetailerCss = {
    'initial-layout': DEFAULT_THEME['initial-layout'],
    background: value.background,
    foreground: value.foreground,
    primary: value.primary,
    'primary-foreground': value['primary-foreground'],
    secondary: value.secondary,
  };
  for (const key of themeValueKeys) {
    const set = value[key];
    if (set !== null) css[key] = set;
  }
  return css;
}

/** The colours the storefront draws with this value, light and dark. */
export const themeColours = (value: ThemeValue): { light: ThemeColours; dark: ThemeColours } => {
  const css = themeCss(value);
  return { light: lightColours(css), dark: darkColours(css) };
};

/** "the text on secondary (#303030, derived)": a colour with what it is when the owner left it unset, so they know which field to set. */
function colourInWords(value: ThemeValue, key: ThemeValueKey, colours: ThemeColours): string {
  const name = colourNames[lightKey(key)].toLowerCase();
  const shown = colours[lightKey(key)];
  return `the ${name} (${value[key] === null ? `${shown}, ${unsetText(key)}` : shown})`;
}

function problemText(
  value: ThemeValue,
  mode: 'light' | 'dark',
  problem: ContrastProblem,
  colours: ThemeColours,
): string {
  const key = (name: ThemeColourKey): ThemeValueKey => (mode === 'dark' ? `dark-${name}` : name);
  const words = `${colourInWords(value, key(problem.text), colours)} on ${colourInWords(value, key(problem.surface), colours)}`;
  return `${mode === 'dark' ? 'Dark' : 'Light'} theme: ${words} has contrast ${problem.ratio.toFixed(2)}:1; text needs at least ${AA_NORMAL_TEXT}:1 to read (WCAG AA).`;
}

/**
 * Each text colour of the value that does not read on its surface, light theme then dark, in an
 * owner's words. The build refuses such a theme (cross-check.ts), so the console refuses to save it.
 */
export function themeContrastProblems(value: ThemeValue): string[] {
  const { light, dark } = themeColours(value);
  return [
    ...contrastProblems(light).map((problem) => problemText(value, 'light', problem, light)),
    ...contrastProblems(dark).map((problem) => problemText(value, 'dark', problem, dark)),
  ];
}

const asColour = (value: unknown): string | null => {
  const parsed = colour.safeParse(value);
  return parsed.success ? parsed.data : null;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const themePart: ShopPart<ThemeValue> = {
  title: 'Theme colours',
  file: 'config',
  schema: themeValueSchema,

  published(tenant) {
    const css = tenant.config.retailerCSS;
    const entries = themeValueKeys.map((key) => [key, asColour(css[key])] as const);
    return themeValueSchema.parse(Object.fromEntries(entries));
  },

  describe(from, to) {
    return themeValueKeys.flatMap((key) => {
      const [before, after] = [from[key], to[key]];
      if (before === after) return [];
      return [`${colourName(key)}: ${before ?? unsetText(key)} → ${after ?? unsetText(key)}`];
    });
  },

  write(raw, value) {
    // Checked, not parsed: parsing puts known keys first, and the file keeps its own order.
    if (!isRecord(raw) || !isRecord(raw.retailerCSS)) return undefined;
    const css = raw.retailerCSS;
    let next: Record<string, unknown> = css;
    for (const key of themeValueKeys) {
      const wanted = value[key];
      if (asColour(css[key]) === wanted && (wanted !== null || !(key in css))) continue;
      if (wanted === null) next = Object.fromEntries(Object.entries(next).filter(([name]) => name !== key));
      else next = { ...next, [key]: wanted };
    }
    return next === css ? raw : { ...raw, retailerCSS: next };
  },
};
