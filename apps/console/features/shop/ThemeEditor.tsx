import { useId, useState } from 'react';
import type { ThemeColours } from '../../../../lib/site/theme.ts';
import type { PartEditorProps } from '../../../../lib/shop/parts/part.ts';
import {
  colourName,
  darkColourKeys,
  themeColours,
  themeContrastProblems,
  unsetText,
  type ThemeValue,
  type ThemeValueKey,
} from '../../../../lib/shop/parts/theme.ts';
import { themeColourKeys } from '../../../../lib/site/theme.ts';
import { secondaryButton } from '../../../../ui/buttons.ts';
import { fieldControl, fieldError } from '../../../../ui/fields.ts';

const isNullable = (key: ThemeValueKey) => key === 'secondary-foreground' || key.startsWith('dark-');

/** "#B3261E", "b3261e" and " #b3261e " are one colour; empty is "work it out" where the storefront can. */
function readColour(key: ThemeValueKey, text: string): string | null | 'invalid' {
  const trimmed = text.trim();
  if (trimmed === '' && isNullable(key)) return null;
  const match = /^#?([0-9a-f]{6})$/i.exec(trimmed);
  return match ? `#${(match[1] ?? '').toLowerCase()}` : 'invalid';
}

/** Typed text stays while it is no colour or is the draft's; a draft changed from outside (or by the picker) shows instead. */
function shownText(key: ThemeValueKey, typed: string | undefined, value: string | null, drawn: string): string {
  if (typed !== undefined) {
    const read = readColour(key, typed);
    if (read === 'invalid' || read === value) return typed;
  }
  return value ?? drawn;
}

function typingProblems(typed: ReadonlyMap<ThemeValueKey, string>): string[] {
  return [...typed].flatMap(([key, text]) =>
    readColour(key, text) === 'invalid'
      ? [`${colourName(key)}: "${text}" is not a colour. Type it as #rrggbb, like #b3261e.`]
      : [],
  );
}

/** Only the colours the storefront can work out may be unset; the light ones always have a colour. */
const withColour = (value: ThemeValue, key: ThemeValueKey, colour: string | null): ThemeValue =>
  colour === null && !isNullable(key) ? value : { ...value, [key]: colour };

/** A sample of the storefront in these colours. Inline styles on its own block: the console's own colours never change. */
function ThemePreview({ caption, colours }: { caption: string; colours: ThemeColours }) {
  return (
    <figure className="min-w-0 overflow-hidden rounded-xl border border-border">
      <figcaption className="px-3 py-2 text-sm font-medium">{caption}</figcaption>
      <div className="grid gap-3 p-4" style={{ backgroundColor: colours.background, color: colours.foreground }}>
        <p className="font-semibold">Margherita</p>
        <p className="text-sm">
          Tomato, mozzarella and basil.{' '}
          <span className="font-semibold underline" style={{ color: colours.primary }}>
            See the menu
          </span>
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <span
            className="rounded-full px-5 py-2.5 font-semibold"
            style={{ backgroundColor: colours.primary, color: colours['primary-foreground'] }}
          >
            Add to order
          </span>
          <span
            className="rounded-full px-3 py-1 text-sm font-medium"
            style={{ backgroundColor: colours.secondary, color: colours['secondary-foreground'] }}
          >
            Vegetarian
          </span>
        </div>
      </div>
    </figure>
  );
}

interface ColourFieldProps {
  colourKey: ThemeValueKey;
  value: string | null;
  published: string | null;
  drawn: string;
  typed: string | undefined;
  disabled: boolean;
  onPick: (colour: string | null) => void;
  onType: (text: string) => void;
}

/** One colour: a picker and its #rrggbb code, kept in step; an unset colour shows the one the storefront works out. */
function ColourField({ colourKey, value, published, drawn, typed, disabled, onPick, onType }: ColourFieldProps) {
  const id = useId();
  const text = shownText(colourKey, typed, value, drawn);
  const invalid = readColour(colourKey, text) === 'invalid';
  const changed = value !== published;
  const unset =
    value === null
      ? colourKey === 'secondary-foreground'
        ? 'Same as the text colour.'
        : 'Derived from the light theme.'
      : null;
  const state = [unset, changed ? `Now ${published ?? unsetText(colourKey)}.` : null]
    .filter((part) => part !== null)
    .join(' ');
  const described =
    [state ? `${id}-state` : null, invalid ? `${id}-error` : null].filter((part) => part !== null).join(' ') ||
    undefined;
  return (
    <fieldset className="min-w-0">
      <legend className="font-medium">{colourName(colourKey)}</legend>
      <div className="mt-1 flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-pick`} className="text-sm">
            Pick
          </label>
          <input
            id={`${id}-pick`}
            type="color"
            className="h-11 w-14 cursor-pointer rounded-lg border border-border bg-background p-1"
            value={value ?? drawn}
            disabled={disabled}
            aria-describedby={state ? `${id}-state` : undefined}
            onChange={(event) => onPick(event.target.value)}
          />
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={`${id}-code`} className="text-sm">
            Code
          </label>
          <input
            id={`${id}-code`}
            autoComplete="off"
            spellCheck={false}
            className={`${fieldControl} min-h-11 w-32 font-mono`}
            value={text}
            placeholder={isNullable(colourKey) ? drawn : '#rrggbb'}
            disabled={disabled}
            aria-invalid={invalid}
            aria-describedby={described}
            onChange={(event) => onType(event.target.value)}
          />
        </div>
        {value !== null && isNullable(colourKey) && (
          <button
            type="button"
            className={`${secondaryButton} min-h-11`}
            disabled={disabled}
            onClick={() => onPick(null)}
          >
            {colourKey === 'secondary-foreground' ? 'Use the text colour' : 'Derive it'}
          </button>
        )}
      </div>
      {state && (
        <p id={`${id}-state`} className="mt-1 text-sm text-muted-foreground">
          {state}
        </p>
      )}
      {invalid && (
        <p id={`${id}-error`} className={fieldError}>
          Not a colour: type it as #rrggbb.
        </p>
      )}
    </fieldset>
  );
}

/**
 * The shop's colours, light and dark, with a preview of each and the contrast check the build
 * makes: a theme whose text does not read is reported as problems, so it is never saved.
 */
export default function ThemeEditor({ value, published, onChange, disabled }: PartEditorProps<ThemeValue>) {
  const [typed, setTyped] = useState<ReadonlyMap<ThemeValueKey, string>>(new Map());
  const { light, dark } = themeColours(value);
  const contrast = themeContrastProblems(value);

  function report(next: ThemeValue, nextTyped: ReadonlyMap<ThemeValueKey, string>) {
    setTyped(nextTyped);
    onChange(next, [...typingProblems(nextTyped), ...themeContrastProblems(next)]);
  }

  const pick = (key: ThemeValueKey) => (colour: string | null) => {
    const nextTyped = new Map(typed);
    nextTyped.delete(key);
    report(withColour(value, key, colour), nextTyped);
  };

  const type = (key: ThemeValueKey) => (text: string) => {
    const read = readColour(key, text);
    report(read === 'invalid' ? value : withColour(value, key, read), new Map(typed).set(key, text));
  };

  const field = (key: ThemeValueKey, drawn: string) => (
    <ColourField
      key={key}
      colourKey={key}
      value={value[key]}
      published={published[key]}
      drawn={drawn}
      typed={typed.get(key)}
      disabled={disabled}
      onPick={pick(key)}
      onType={type(key)}
    />
  );

  return (
    <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,20rem)]">
      <div className="grid min-w-0 gap-3 md:order-last md:sticky md:top-4 md:self-start">
        <ThemePreview caption="Light theme" colours={light} />
        <ThemePreview caption="Dark theme" colours={dark} />
        <div
          aria-live="polite"
          className={`rounded-xl border p-3 text-sm ${contrast.length > 0 ? 'border-primary' : 'border-border'}`}
        >
          {contrast.length === 0 ? (
            <p>Every text colour reads on its background (WCAG AA, light and dark).</p>
          ) : (
            <>
              <h3 className="font-semibold">Hard to read, so it cannot be saved:</h3>
              <ul className="mt-1 grid list-disc gap-1 pl-5">
                {contrast.map((problem) => (
                  <li key={problem} className="break-words">
                    {problem}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      </div>
      <div className="grid min-w-0 gap-4">
        <fieldset className="min-w-0 rounded-xl border border-border p-4">
          <legend className="px-1 font-semibold">Light theme</legend>
          <div className="grid gap-4 sm:grid-cols-2">{themeColourKeys.map((key) => field(key, light[key]))}</div>
        </fieldset>
        <fieldset className="min-w-0 rounded-xl border border-border p-4">
          <legend className="px-1 font-semibold">Dark theme</legend>
          <p className="text-sm text-muted-foreground">
            Visitors whose phone is set to dark mode see these. A colour you leave unset is worked out from the light
            theme so that it reads.
          </p>
          <div className="mt-3 grid gap-4 sm:grid-cols-2">
            {darkColourKeys.map((key, index) => field(key, dark[themeColourKeys[index] ?? 'background']))}
          </div>
        </fieldset>
      </div>
    </div>
  );
}
