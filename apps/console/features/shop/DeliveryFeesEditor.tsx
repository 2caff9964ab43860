import { useId, useState } from 'react';
import {
  feeText,
  minimumText,
  STANDARD_FEE,
  STANDARD_MINIMUM,
  type DeliveryFeesValue,
  type DeliveryZoneFees,
} from '../../../../lib/shop/parts/delivery-fees.ts';
import type { PartEditorProps } from '../../../../lib/shop/parts/part.ts';
import { parsePriceInput, priceInputText } from '../../../../lib/shop/price-input.ts';
import { fieldControl, fieldError } from '../../../../ui/fields.ts';

type Field = 'deliveryFeeCents' | 'minOrderCents';

const fields: readonly {
  field: Field;
  label: string;
  noun: string;
  standard: string;
  words: (cents: number | null) => string;
}[] = [
  {
    field: 'deliveryFeeCents',
    label: 'Delivery fee ($)',
    noun: 'delivery fee',
    standard: STANDARD_FEE,
    words: feeText,
  },
  {
    field: 'minOrderCents',
    label: 'Minimum order ($)',
    noun: 'minimum order',
    standard: STANDARD_MINIMUM,
    words: minimumText,
  },
];

/** Empty is the shop's standard amount; 'invalid' is text that is no amount yet. */
function readAmount(text: string): number | null | 'invalid' {
  if (text.trim() === '') return null;
  return parsePriceInput(text) ?? 'invalid';
}

const fieldKey = (zoneId: number, field: Field) => `${zoneId}:${field}`;

const withAmount = (zone: DeliveryZoneFees, field: Field, cents: number | null): DeliveryZoneFees =>
  field === 'deliveryFeeCents' ? { ...zone, deliveryFeeCents: cents } : { ...zone, minOrderCents: cents };

/**
 * Typed text stays as typed while it is no amount or is the draft's amount ("6.5" is not rewritten
 * to "6.50" under the owner's fingers); once the draft holds another amount (reset from outside),
 * the draft shows.
 */
function shownText(typed: string | undefined, cents: number | null): string {
  if (typed !== undefined) {
    const read = readAmount(typed);
    if (read === 'invalid' || read === cents) return typed;
  }
  return cents === null ? '' : priceInputText(cents);
}

function problemsOf(value: DeliveryFeesValue, typed: ReadonlyMap<string, string>): string[] {
  return value.flatMap((zone) =>
    fields.flatMap(({ field, noun, standard }) => {
      const text = typed.get(fieldKey(zone.zoneId, field));
      return text !== undefined && readAmount(text) === 'invalid'
        ? [
            `${zone.name}, ${noun}: "${text}" is not an amount. Type dollars and cents, like 6.50, or leave it empty for ${standard}.`,
          ]
        : [];
    }),
  );
}

const isColour = (colour: string) => /^#[0-9a-f]{6}$/i.test(colour);

/** Each delivery zone's fee and minimum order; empty leaves the zone to the shop's standard ones, as the cart charges them. */
export default function DeliveryFeesEditor({
  value,
  published,
  onChange,
  disabled,
}: PartEditorProps<DeliveryFeesValue>) {
  const [typed, setTyped] = useState<ReadonlyMap<string, string>>(new Map());
  const idBase = useId();

  if (value.length === 0) {
    return (
      <p className="text-muted-foreground">
        This shop has no delivery zones: it delivers by suburb, at its standard delivery fee and minimum order.
      </p>
    );
  }

  const publishedById = new Map(published.map((zone) => [zone.zoneId, zone]));

  function type(zone: DeliveryZoneFees, field: Field, text: string) {
    const nextTyped = new Map(typed).set(fieldKey(zone.zoneId, field), text);
    setTyped(nextTyped);
    const read = readAmount(text);
    const next =
      read === 'invalid'
        ? value
        : value.map((candidate) => (candidate.zoneId === zone.zoneId ? withAmount(candidate, field, read) : candidate));
    onChange(next, problemsOf(next, nextTyped));
  }

  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">
        A zone's own fee and minimum order apply to the suburbs in it. Leave a field empty for the shop's standard one.
      </p>
      {value.map((zone) => {
        const before = publishedById.get(zone.zoneId);
        return (
          <fieldset key={zone.zoneId} className="min-w-0 rounded-xl border border-border p-4">
            <legend className="flex max-w-full items-center gap-2 px-1 font-semibold">
              {isColour(zone.colour) && (
                <span
                  aria-hidden="true"
                  className="inline-block size-4 shrink-0 rounded-full border border-border"
                  style={{ backgroundColor: zone.colour }}
                />
              )}
              <span className="min-w-0 break-words">{zone.name}</span>
            </legend>
            <div className="grid gap-3 sm:grid-cols-2">
              {fields.map(({ field, label, standard, words }) => {
                const id = `${idBase}-${zone.zoneId}-${field}`;
                const text = shownText(typed.get(fieldKey(zone.zoneId, field)), zone[field]);
                const invalid = readAmount(text) === 'invalid';
                const changed = before !== undefined && before[field] !== zone[field];
                const described = [`${id}-hint`, changed ? `${id}-now` : null, invalid ? `${id}-error` : null]
                  .filter((part) => part !== null)
                  .join(' ');
                return (
                  <div key={field} className="flex min-w-0 flex-col gap-1">
                    <label htmlFor={id} className="text-sm font-medium">
                      {label}
                    </label>
                    <input
                      id={id}
                      inputMode="decimal"
                      autoComplete="off"
                      className={`${fieldControl} min-h-11 w-full max-w-40`}
                      value={text}
                      placeholder="Standard"
                      disabled={disabled}
                      aria-invalid={invalid}
                      aria-describedby={described}
                      onChange={(event) => type(zone, field, event.target.value)}
                    />
                    <span id={`${id}-hint`} className="text-sm text-muted-foreground">
                      Empty: {standard}
                    </span>
                    {changed && (
                      <span id={`${id}-now`} className="text-sm text-muted-foreground">
                        Now {words(before[field])}
                      </span>
                    )}
                    {invalid && (
                      <p id={`${id}-error`} className={fieldError}>
                        Not an amount: type dollars and cents, like 6.50.
                      </p>
                    )}
                  </div>
                );
              })}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}
