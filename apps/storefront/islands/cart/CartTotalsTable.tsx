import { quotedTotals, type DeliveryQuote } from '../../../../lib/cart/delivery-quote.ts';
import type { OrderType } from '../../../../lib/cart/schemas.ts';
import { formatMoney } from '../../../../lib/pricing/money.ts';
import type { CartTotals } from '../../../../lib/pricing/totals.ts';

interface Props {
  /** Priced with the terms of `quote`. */
  totals: CartTotals;
  quote: DeliveryQuote;
  orderType: OrderType;
  syncing: boolean;
  /** The customer's tip at checkout, a line of its own and in the total; none in the cart. */
  tip?: { label: string; cents: number } | null;
  /** The promo code applied (in the cart or at checkout) and what it takes off, a line of its own and out of the total. */
  promo?: { label: string; cents: number } | null;
}

/**
 * Subtotal, each special as a discount, the delivery fee and the total, with what is missing for
 * the minimum order. While the suburb still decides the fee, the fee and total are ranges and say so.
 */
export function CartTotalsTable({ totals, quote, orderType, syncing, tip = null, promo = null }: Props) {
  const quoted = quotedTotals(totals, quote, orderType, tip?.cents ?? 0, promo?.cents ?? 0);
  return (
    <div className="flex flex-col gap-3">
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm" aria-label="Order totals">
        <dt>Subtotal</dt>
        <dd className="text-right tabular-nums" data-total="subtotal">
          {formatMoney(totals.subtotal)}
        </dd>
        {totals.appliedSpecials.map((special, index) => (
          <div
            key={`${special.retailerSpecialId}-${index}`}
            className="contents"
            data-special-line={special.retailerSpecialId}
          >
            <dt className="text-primary">{special.name}</dt>
            <dd className="text-right text-primary tabular-nums" data-total="discount">
              −{formatMoney(special.discountCents)}
            </dd>
          </div>
        ))}
        {orderType === 'delivery' && (
          <>
            <dt>Delivery fee</dt>
            <dd className="text-right tabular-nums" data-total="delivery">
              {quoted.deliveryFee}
            </dd>
          </>
        )}
        {promo && (
          <>
            <dt className="text-primary">{promo.label}</dt>
            <dd className="text-right text-primary tabular-nums" data-total="promo">
              −{formatMoney(promo.cents)}
            </dd>
          </>
        )}
        {tip && (
          <>
            <dt>{tip.label}</dt>
            <dd className="text-right tabular-nums" data-total="tip">
              {formatMoney(tip.cents)}
            </dd>
          </>
        )}
        <dt className="pt-1 text-base font-bold">Total</dt>
        <dd className="pt-1 text-right text-base font-bold tabular-nums" data-total="total">
          {quoted.total}
        </dd>
      </dl>
      {totals.unmetDeals.map((deal) => (
        <p
          key={`${deal.retailerSpecialId}-${deal.dealId}`}
          className="rounded-lg bg-muted px-3 py-2 text-sm font-medium"
          role="status"
          data-unmet-deal={deal.retailerSpecialId}
        >
          {deal.name ?? 'A deal you chose'} does not apply to this order as it stands (its time, service or items
          changed): its items are charged at their usual price.
        </p>
      ))}
      {!quoted.final && (
        <p className="text-sm font-medium" data-total-pending>
          Choose your suburb to see the final total.
        </p>
      )}
      {quoted.minimumNote && (
        <p className="rounded-lg bg-muted px-3 py-2 text-sm font-medium" role="status" data-minimum-order>
          {quoted.minimumNote}
        </p>
      )}
      <p className="text-xs text-muted-foreground" role="status" aria-live="polite" data-sync-status>
        {syncing ? 'Saving your order…' : 'Your order is saved with the shop.'}
      </p>
    </div>
  );
}
