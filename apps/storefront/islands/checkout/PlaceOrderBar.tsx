import { primaryButton } from '../../../../ui/buttons.ts';

interface Props {
  /** The order's total as checkout words it; a range while the suburb still decides the fee. */
  total: string | null;
  label: string;
  /** The checkout form it submits: the bar sits outside it, at the panel's foot. */
  form: string;
  disabled: boolean;
}

/**
 * "Place order" with the total, along the foot of the checkout panel. The panel scrolls above it
 * (Sheet's footer is outside its scrolling part), so a field being typed in is never under it.
 */
export function PlaceOrderBar({ total, label, form, disabled }: Props) {
  return (
    <div className="flex items-center justify-between gap-3" data-checkout-bar>
      <p className="flex flex-col text-sm">
        <span className="text-muted-foreground">Total</span>
        <strong className="text-lg tabular-nums" data-checkout-bar-total>
          {total ?? '–'}
        </strong>
      </p>
      <button type="submit" form={form} className={primaryButton} disabled={disabled}>
        {label}
      </button>
    </div>
  );
}
