import type { HalfSelection, ProductChoices } from '../../../../lib/cart/line-builder.ts';
import { formatMoney } from '../../../../lib/pricing/money.ts';
import { QuantityStepper } from '../../../../ui/QuantityStepper.tsx';
import { ChoiceBadge } from './ChoiceBadge.tsx';

interface Props {
  title: string;
  /** Under the title, e.g. that extras on a half cost half. */
  note?: string | undefined;
  /** Priced as they are charged here: on a half, the half-and-half's extras price. */
  extras: ProductChoices['extras'];
  ingredients: ProductChoices['ingredients'];
  half: Pick<HalfSelection, 'extras' | 'removed'>;
  maxQuantity: number;
  onChange: (half: Pick<HalfSelection, 'extras' | 'removed'>) => void;
}

/** Ingredients to leave off and extras to add, for the whole product or one half. */
export function ExtrasPicker({ title, note, extras, ingredients, half, maxQuantity, onChange }: Props) {
  if (extras.length === 0 && ingredients.length === 0) return null;
  const setExtra = (ingredientId: number, quantity: number) => {
    const next = { ...half.extras };
    if (quantity <= 0) delete next[ingredientId];
    else next[ingredientId] = quantity;
    onChange({ extras: next, removed: half.removed });
  };
  const toggleRemoved = (ingredientId: number) =>
    onChange({
      extras: half.extras,
      removed: half.removed.includes(ingredientId)
        ? half.removed.filter((id) => id !== ingredientId)
        : [...half.removed, ingredientId],
    });

  return (
    <section className="flex flex-col gap-4" aria-label={title}>
      <div className="flex flex-col gap-1">
        <h3 className="flex flex-wrap items-center gap-2 font-semibold">
          {title} <ChoiceBadge required={false} />
        </h3>
        {note && <p className="text-sm text-muted-foreground">{note}</p>}
      </div>
      {ingredients.length > 0 && (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm text-muted-foreground">Leave off</legend>
          <div className="flex flex-wrap gap-2">
            {ingredients.map((ingredient) => (
              <label
                key={ingredient.ingredientId}
                className="flex cursor-pointer items-center gap-2 rounded-full border border-border px-3 py-1.5 text-sm has-[:checked]:border-primary has-[:checked]:bg-muted has-[:checked]:line-through has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary"
              >
                <input
                  type="checkbox"
                  className="accent-[var(--color-primary)]"
                  checked={half.removed.includes(ingredient.ingredientId)}
                  onChange={() => toggleRemoved(ingredient.ingredientId)}
                />
                No {ingredient.name}
                {ingredient.creditCents > 0 && (
                  <span className="text-muted-foreground tabular-nums">−{formatMoney(ingredient.creditCents)}</span>
                )}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {extras.length > 0 && (
        <ul className="flex flex-col divide-y divide-border rounded-xl border border-border" aria-label="Extras">
          {extras.map((extra) => (
            <li
              key={extra.ingredientId}
              className="flex items-center justify-between gap-3 px-3 py-2"
              data-extra={extra.name}
            >
              <span>
                {extra.name}{' '}
                <span className="text-sm text-muted-foreground tabular-nums" data-extra-price>
                  +{formatMoney(extra.unitCents)}
                </span>
              </span>
              <QuantityStepper
                value={half.extras[extra.ingredientId] ?? 0}
                min={0}
                max={maxQuantity}
                label={`Extra ${extra.name}`}
                onChange={(quantity) => setExtra(extra.ingredientId, quantity)}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
