import { describeLine, lineTitle } from '../../../../lib/cart/describe-line.ts';
import type { CartProduct } from '../../../../lib/cart/schemas.ts';
import { formatMoney } from '../../../../lib/pricing/money.ts';

interface Props {
  /** "3 items · $53.50". */
  heading: string;
  products: readonly CartProduct[];
  /** Each line's price as checkout priced it, by uuid; a line missing here shows what it cost when added. */
  lineCents: ReadonlyMap<string, number>;
}

/**
 * The order at the top of checkout on a phone, where the cart is a screen away: folded to its
 * count and total, its lines a tap away. A `<details>`, so it opens without any script of ours.
 */
export function FoldedOrder({ heading, products, lineCents }: Props) {
  return (
    <details className="rounded-xl border border-border text-sm md:hidden" data-checkout-summary>
      <summary className="cursor-pointer px-3 py-2 font-semibold">{heading}</summary>
      <ul className="flex flex-col divide-y divide-border px-3 pb-2">
        {products.map((line) => {
          const words = describeLine(line);
          return (
            <li key={line.uuid} className="flex justify-between gap-3 py-2">
              <span className="wrap-anywhere">
                <span className="font-medium">
                  {line.quantity} × {lineTitle(line)}
                </span>
                {words.length > 0 && <span className="block text-muted-foreground">{words.join(' · ')}</span>}
              </span>
              <span className="tabular-nums">
                {formatMoney(lineCents.get(line.uuid) ?? Math.round(line.historicPrice * 100) * line.quantity)}
              </span>
            </li>
          );
        })}
      </ul>
    </details>
  );
}
