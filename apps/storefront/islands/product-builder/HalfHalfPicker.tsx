import type { BuilderPrice } from '../../../../lib/cart/line-builder.ts';
import { formatMoney } from '../../../../lib/pricing/money.ts';
import { fieldControl, fieldError } from '../../../../ui/fields.ts';
import { ChoiceBadge } from './ChoiceBadge.tsx';

interface Props {
  productName: string;
  partners: { productId: number; name: string; sizeIds: number[] }[];
  sizeId: number;
  /** The sizes the shop halves, and whether that is fewer than every size of the product. */
  halfHalfSizeIds: number[];
  sizesText: string;
  limitedSizes: boolean;
  /** The shop's rule in words: "half of each pizza's price, plus $2.00". */
  ruleText: string;
  /** What the pizza costs whole and with each listed half, as the add button would show it. */
  prices: { whole: BuilderPrice; halves: Map<number, BuilderPrice> };
  /** Halves the shop has sold out of today: listed, not chosen. */
  soldOutIds: ReadonlySet<number>;
  value: number | null;
  onChange: (productId: number | null) => void;
  problem?: string | undefined;
}

const priceText = (price: BuilderPrice) => `${price.exact ? '' : 'from '}${formatMoney(price.unitCents)}`;

/** Whole, or half this product and half another of its group in the same size, where the shop halves that size. */
export function HalfHalfPicker({
  productName,
  partners,
  sizeId,
  halfHalfSizeIds,
  sizesText,
  limitedSizes,
  ruleText,
  prices,
  soldOutIds,
  value,
  onChange,
  problem,
}: Props) {
  const sizeHalves = halfHalfSizeIds.includes(sizeId);
  // A half chosen before the size changed stays listed, so the customer sees it and can make the pizza whole.
  const listed = partners.filter(
    (partner) => (sizeHalves && partner.sizeIds.includes(sizeId)) || partner.productId === value,
  );
  const hintId = 'second-half-hint';
  const problemId = 'second-half-problem';
  const describedBy = [limitedSizes ? hintId : '', problem ? problemId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset
      className="flex flex-col gap-2 scroll-mt-4"
      data-field="second-half"
      aria-invalid={problem ? true : undefined}
    >
      <legend className="mb-2 flex flex-wrap items-center gap-2 font-semibold">
        Half &amp; half <span className="font-normal">({ruleText})</span> <ChoiceBadge required={false} />
      </legend>
      {limitedSizes && (
        <p id={hintId} className="text-sm text-muted-foreground" data-half-half-sizes>
          {sizeHalves || value !== null ? `Made in ${sizesText}.` : `Choose ${sizesText} to make it half & half.`}
        </p>
      )}
      {listed.length > 0 && (
        <label className="flex flex-col gap-1 text-sm">
          <span>Other half</span>
          <select
            className={fieldControl}
            value={value ?? ''}
            aria-describedby={describedBy}
            aria-invalid={problem ? true : undefined}
            onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
          >
            <option value="">
              Whole {productName} · {priceText(prices.whole)}
            </option>
            {listed.map((partner) => {
              const price = prices.halves.get(partner.productId);
              return (
                <option
                  key={partner.productId}
                  value={partner.productId}
                  disabled={soldOutIds.has(partner.productId) && partner.productId !== value}
                >
                  Half {partner.name}
                  {soldOutIds.has(partner.productId) ? ' · Sold out today' : price ? ` · ${priceText(price)}` : ''}
                </option>
              );
            })}
          </select>
        </label>
      )}
      {problem && (
        <p id={problemId} className={fieldError}>
          {problem}
        </p>
      )}
    </fieldset>
  );
}
