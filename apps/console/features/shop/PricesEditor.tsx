import type { ShopState } from '../../../../lib/shop/shop-state.ts';
import { formatMoney } from '../../../../lib/pricing/money.ts';
import { priceInputText } from '../../../../lib/shop/price-input.ts';

export interface PricesEditorProps {
  dishes: ShopState['dishes'];
  /** Prices typed since the last save, by `productId:sizeId`. */
  typed: ReadonlyMap<string, string>;
  onType: (key: string, text: string) => void;
}

/** Every size of every dish at its draft price, by menu group; a price that differs from the shop says what the shop charges now. */
export default function PricesEditor({ dishes, typed, onType }: PricesEditorProps) {
  const groups = [...new Set(dishes.map((dish) => dish.group))];
  return groups.map((group) => (
    <section key={group} aria-label={group || 'Dishes'} className="mt-4">
      <h3 className="text-lg font-semibold">{group || 'Dishes'}</h3>
      <ul className="mt-2 grid gap-3">
        {dishes
          .filter((dish) => dish.group === group)
          .map((dish) => (
            <li key={dish.productId} className="rounded-xl border border-border p-3">
              <fieldset className="min-w-0">
                <legend className="font-semibold break-words">{dish.name}</legend>
                <div className="mt-2 flex flex-wrap gap-3">
                  {dish.sizes.map((size) => {
                    const key = `${dish.productId}:${size.sizeId}`;
                    const id = `price-${dish.productId}-${size.sizeId}`;
                    return (
                      <div key={key} className="flex min-w-0 flex-col">
                        <label htmlFor={id} className="text-sm">
                          {size.name} ($)
                        </label>
                        <input
                          id={id}
                          inputMode="decimal"
                          autoComplete="off"
                          className="mt-1 min-h-11 w-28 rounded-lg border border-border bg-background px-3 py-2"
                          value={typed.get(key) ?? priceInputText(size.draftCents)}
                          aria-describedby={size.draftCents !== size.publishedCents ? `${id}-published` : undefined}
                          onChange={(event) => onType(key, event.target.value)}
                        />
                        {size.draftCents !== size.publishedCents && (
                          <span id={`${id}-published`} className="text-sm text-muted-foreground">
                            Now {formatMoney(size.publishedCents)}
                          </span>
                        )}
                      </div>
                    );
                  })}
                </div>
              </fieldset>
            </li>
          ))}
      </ul>
    </section>
  ));
}
