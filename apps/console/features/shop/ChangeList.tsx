import type { ShopChange } from '../../../../lib/shop/dish-prices.ts';
import { formatMoney } from '../../../../lib/pricing/money.ts';
import type { PartChange } from '../../../../lib/shop/parts/index.ts';

/** What a publish changes (or changed): dish prices first, then each part's lines under its title. */
export function ChangeList({
  prices,
  parts,
  label,
}: {
  prices: readonly ShopChange[];
  parts: readonly PartChange[];
  label: string;
}) {
  return (
    <ul aria-label={label} className="mt-2 grid gap-1">
      {prices.map((change) => (
        <li key={`${change.productId}:${change.sizeId}`} className="break-words">
          {change.dish}, {change.size}: <s>{formatMoney(change.fromCents)}</s> →{' '}
          <strong>{formatMoney(change.toCents)}</strong>
        </li>
      ))}
      {parts.flatMap((change) =>
        change.lines.map((line, index) => (
          <li key={`${change.part}:${index}`} className="break-words">
            <span className="font-medium">{change.title}:</span> {line}
          </li>
        )),
      )}
    </ul>
  );
}
