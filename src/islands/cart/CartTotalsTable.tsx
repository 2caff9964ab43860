import type { OrderType } from '../../lib/cart/schemas.ts';
import { formatMoney } from '../../lib/pricing/money.ts';
import type { CartTotals } from '../../lib/pricing/totals.ts';

interface Props {
  totals: CartTotals;
  orderType: OrderType;
  syncing: boolean;
}

/** Subtotal, each special as a discount, the delivery fee and the total, with what is missing for the minimum order. */
export function CartTotalsTable({ totals, orderType, syncing }: Props) {
  return (
    <div className="flex flex-col gap-3">
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm" aria-label="Order totals">
        <dt>Subtotal</dt>
        <dd className="text-right tabular-nums" data-total="subtotal">{formatMoney(totals.subtotal)}</dd>
        {totals.appliedSpecials.map((special, index) => (
          <div key={`${special.retailerSpecialId}-${index}`} className="contents" data-special-line={special.retailerSpecialId}>
            <dt className="text-primary">{special.name}</dt>
            <dd className="text-right text-primary tabular-nums" data-total="discount">
              −{formatMoney(special.discountCents)}
            </dd>
          </div>
        ))}
        {orderType === 'delivery' && (
          <>
            <dt>Delivery fee</dt>
            <dd className="text-right tabular-nums" data-total="delivery">{formatMoney(totals.deliveryFee)}</dd>
          </>
        )}
        <dt className="pt-1 text-base font-bold">Total</dt>
        <dd className="pt-1 text-right text-base font-bold tabular-nums" data-total="total">
          {formatMoney(totals.total)}
        </dd>
      </dl>
      {!totals.meetsMinimumOrder && (
        <p className="rounded-lg bg-muted px-3 py-2 text-sm font-medium" role="status" data-minimum-order>
          The minimum for {orderType} is {formatMoney(totals.minimumOrderValue)}. Add {formatMoney(totals.shortfall)} more to order.
        </p>
      )}
      <p className="text-xs text-muted-foreground" role="status" aria-live="polite" data-sync-status>
        {syncing ? 'Saving your order…' : 'Your order is saved with the shop.'}
      </p>
    </div>
  );
}
