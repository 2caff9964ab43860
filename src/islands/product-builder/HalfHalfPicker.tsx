import { formatMoney } from '../../lib/pricing/money.ts';

interface Props {
  productName: string;
  partners: { productId: number; name: string; sizeIds: number[] }[];
  sizeId: number;
  surchargeCents: number;
  value: number | null;
  onChange: (productId: number | null) => void;
  problem?: string | undefined;
}

/** Whole, or half this product and half another of its group in the same size. */
export function HalfHalfPicker({ productName, partners, sizeId, surchargeCents, value, onChange, problem }: Props) {
  const available = partners.filter((partner) => partner.sizeIds.includes(sizeId));
  return (
    <fieldset className="flex flex-col gap-2" data-field="second-half">
      <legend className="mb-2 font-semibold">Half &amp; half{surchargeCents > 0 ? ` (+${formatMoney(surchargeCents)})` : ''}</legend>
      <label className="flex flex-col gap-1 text-sm">
        <span>Other half</span>
        <select
          className="rounded-lg border border-border bg-background px-3 py-2 text-base"
          value={value ?? ''}
          onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
        >
          <option value="">Whole {productName}</option>
          {available.map((partner) => (
            <option key={partner.productId} value={partner.productId}>
              Half {partner.name}
            </option>
          ))}
        </select>
      </label>
      {problem && (
        <p className="text-sm font-medium text-red-700" role="alert">
          {problem}
        </p>
      )}
    </fieldset>
  );
}
