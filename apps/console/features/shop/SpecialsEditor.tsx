import { useId, useState } from 'react';
import { formatMoney } from '../../../../lib/pricing/money.ts';
import type { PartEditorProps } from '../../../../lib/shop/parts/part.ts';
import {
  specialProblems,
  specialsProblems,
  type SpecialValue,
  type SpecialsValue,
} from '../../../../lib/shop/parts/specials.ts';
import { parsePriceInput, priceInputText } from '../../../../lib/shop/price-input.ts';
import { TEXT_MAX } from '../../../../lib/tenant/primitives.ts';
import { fieldControl, fieldError, fieldLabel } from '../../../../ui/fields.ts';

const control = `${fieldControl} min-h-11 w-full min-w-0`;
const hint = 'text-sm font-normal text-muted-foreground';

const describedBy = (...ids: (string | false | undefined)[]) =>
  ids.filter((id): id is string => typeof id === 'string').join(' ') || undefined;

/** What differs from the shop besides the price, which shows as "Now $…" beside its field. */
function differences(before: SpecialValue, special: SpecialValue): string[] {
  return [
    ...(before.name !== special.name ? ['name'] : []),
    ...(before.description !== special.description ? ['description'] : []),
    ...(before.showInSpecialSelector !== special.showInSpecialSelector
      ? [special.showInSpecialSelector ? 'now listed under Deals' : 'now hidden from Deals']
      : []),
  ];
}

/**
 * The name, description, price and Deals listing of each special. Which dishes fill a special and
 * when it is on are not edited here. A price field keeps what was typed; text that is not a price
 * leaves the draft's price as it was and is reported as a problem until fixed.
 */
export default function SpecialsEditor({ value, published, onChange, disabled }: PartEditorProps<SpecialsValue>) {
  const base = useId();
  const [typed, setTyped] = useState<ReadonlyMap<number, string>>(new Map());
  const publishedById = new Map(published.map((special) => [special.retailerSpecialId, special]));

  const change = (next: SpecialsValue, nextTyped: ReadonlyMap<number, string>) => {
    setTyped(nextTyped);
    onChange(next, specialsProblems(next, nextTyped));
  };
  const patch = (specialId: number, fields: Partial<SpecialValue>, nextTyped = typed) =>
    change(
      value.map((special) => (special.retailerSpecialId === specialId ? { ...special, ...fields } : special)),
      nextTyped,
    );
  const typePrice = (specialId: number, text: string) => {
    const cents = parsePriceInput(text);
    patch(specialId, cents === null ? {} : { priceCents: cents }, new Map(typed).set(specialId, text));
  };
  /** The typed text while it still stands for the draft's price (or is not a price yet); otherwise the draft's price, set elsewhere. */
  const priceText = (special: SpecialValue) => {
    const text = typed.get(special.retailerSpecialId);
    const cents = text === undefined ? undefined : parsePriceInput(text);
    return text !== undefined && (cents === null || cents === special.priceCents)
      ? text
      : priceInputText(special.priceCents);
  };

  if (value.length === 0) return <p className="text-muted-foreground">This shop has no specials.</p>;

  return (
    <div className="grid gap-4">
      <p className="text-muted-foreground">
        Which dishes fill each special, and when it is on, stay as they are; here you change what customers read and
        pay.
      </p>
      <ul className="grid gap-4">
        {value.map((special) => {
          const id = (field: string) => `${base}-${special.retailerSpecialId}-${field}`;
          const before = publishedById.get(special.retailerSpecialId);
          const problems = specialProblems(special, typed.get(special.retailerSpecialId));
          const changed = before ? differences(before, special) : [];
          const priceDiffers = before !== undefined && before.priceCents !== special.priceCents;
          return (
            <li key={special.retailerSpecialId}>
              <fieldset className="min-w-0 rounded-xl border border-border p-4">
                <legend className="max-w-full px-1 font-semibold break-words">
                  {special.name.trim() || before?.name || 'Special with no name'}
                </legend>
                {changed.length > 0 && (
                  <p className="text-sm font-medium">Differs from the shop: {changed.join(', ')}</p>
                )}
                <div className="mt-2 grid gap-3">
                  <div className={fieldLabel}>
                    <label htmlFor={id('name')}>Name</label>
                    <input
                      id={id('name')}
                      className={control}
                      value={special.name}
                      maxLength={TEXT_MAX.name}
                      disabled={disabled}
                      aria-invalid={problems.name ? true : undefined}
                      aria-describedby={describedBy(problems.name !== undefined && id('name-error'))}
                      onChange={(event) => patch(special.retailerSpecialId, { name: event.target.value })}
                    />
                    {problems.name && (
                      <span id={id('name-error')} className={fieldError}>
                        {problems.name}
                      </span>
                    )}
                  </div>
                  <div className={fieldLabel}>
                    <label htmlFor={id('description')}>Description</label>
                    <textarea
                      id={id('description')}
                      className={control}
                      rows={3}
                      value={special.description}
                      maxLength={TEXT_MAX.description}
                      disabled={disabled}
                      onChange={(event) => patch(special.retailerSpecialId, { description: event.target.value })}
                    />
                  </div>
                  <div className={fieldLabel}>
                    <label htmlFor={id('price')}>Price ($)</label>
                    <input
                      id={id('price')}
                      className={`${fieldControl} min-h-11 w-32`}
                      inputMode="decimal"
                      autoComplete="off"
                      value={priceText(special)}
                      disabled={disabled}
                      aria-invalid={problems.price ? true : undefined}
                      aria-describedby={describedBy(
                        problems.price !== undefined && id('price-error'),
                        priceDiffers && id('price-now'),
                      )}
                      onChange={(event) => typePrice(special.retailerSpecialId, event.target.value)}
                    />
                    {problems.price && (
                      <span id={id('price-error')} className={fieldError}>
                        {problems.price}
                      </span>
                    )}
                    {priceDiffers && (
                      <span id={id('price-now')} className={hint}>
                        Now {formatMoney(before.priceCents)}
                      </span>
                    )}
                  </div>
                  <div>
                    <label className="flex min-h-11 items-center gap-3 font-medium">
                      <input
                        type="checkbox"
                        className="size-5 shrink-0 accent-[var(--color-primary)]"
                        checked={special.showInSpecialSelector}
                        disabled={disabled}
                        aria-describedby={id('deals-hint')}
                        onChange={(event) =>
                          patch(special.retailerSpecialId, { showInSpecialSelector: event.target.checked })
                        }
                      />
                      List it under Deals
                    </label>
                    <p id={id('deals-hint')} className={hint}>
                      Customers see it on the home page and in Find a deal. Unticked, it still comes off any order it
                      fits.
                    </p>
                  </div>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
