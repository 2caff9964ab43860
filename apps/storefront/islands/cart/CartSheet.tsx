import { useStore } from '@nanostores/react';
import { Fragment, useEffect, useRef } from 'react';
import { termsVaryBySuburb } from '../../../../lib/cart/delivery-quote.ts';
import { describeLine, lineTitle } from '../../../../lib/cart/describe-line.ts';
import { orderBoundRefusal } from '../../../../lib/cart/order-bounds.ts';
import { MAX_LINE_QUANTITY } from '../../../../lib/cart/line-builder.ts';
import { promoLabel, promoSaving, type PromoCode } from '../../../../lib/cart/promo.ts';
import { formatMoney } from '../../../../lib/pricing/money.ts';
import { shopZone } from '../../../../lib/time/shop-zone.ts';
import {
  $cartTotals,
  $deliveryQuote,
  $orderTime,
  $removedUnavailable,
  clearRemovedUnavailable,
} from '../../stores/cart.ts';
import { $cartPromo, $promo, applyPromoCode, promoCartOf, removePromoCode } from '../../stores/promo.ts';
import {
  $order,
  $undoableRemoval,
  forgetRemoval,
  removeLine,
  setOrderNotes,
  setQuantity,
  undoRemoval,
} from '../../stores/order.ts';
import { $orderingData } from '../../stores/ordering-data.ts';
import { needOrderingData } from '../../runtime/page-data.ts';
import { closeCart, openCheckout, openProductBuilder } from '../../stores/ui.ts';
import { primaryButton } from '../../../../ui/buttons.ts';
import { OrderTimeSummary } from '../order-time/OrderTimeSummary.tsx';
import { QuantityStepper } from '../../../../ui/QuantityStepper.tsx';
import { Sheet } from '../../../../ui/Sheet.tsx';
import { CartTotalsTable } from './CartTotalsTable.tsx';
import { DeliverySuburbField } from './DeliverySuburbField.tsx';
import { PromoField } from './PromoField.tsx';

/** The cart as a side panel: lines in words with quantity, edit and remove; totals, specials, the minimum order and notes. */
export default function CartSheet() {
  const order = useStore($order);
  const totals = useStore($cartTotals);
  const removedUnavailable = useStore($removedUnavailable);
  const quote = useStore($deliveryQuote);
  const data = useStore($orderingData);
  const removal = useStore($undoableRemoval);
  const promoState = useStore($promo);
  const promo = useStore($cartPromo);
  const orderTime = useStore($orderTime);
  const undoButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    needOrderingData('CartSheet');
    // Undo is offered while the cart that removed the line is open.
    return forgetRemoval;
  }, []);
  // The button tapped is gone with its line: focus goes to what can bring it back.
  useEffect(() => {
    if (removal) undoButton.current?.focus();
  }, [removal]);
  const undo = () => {
    const uuid = removal?.line.uuid;
    undoRemoval();
    requestAnimationFrame(() =>
      document.querySelector<HTMLElement>(`[data-cart-line="${uuid}"] [role=group] button`)?.focus(),
    );
  };
  const undoRow = removal && (
    <li key="undo" className="flex items-center justify-between gap-3 py-3 text-sm" data-cart-removed>
      <p role="status" className="wrap-anywhere">
        Removed {removal.line.quantity > 1 ? `${removal.line.quantity} × ` : ''}
        {lineTitle(removal.line)}
      </p>
      <button
        ref={undoButton}
        type="button"
        className="shrink-0 rounded-md border border-current px-3 py-1.5 font-medium"
        onClick={undo}
      >
        Undo
      </button>
    </li>
  );
  const lineCents = new Map(totals?.lines.map((line) => [line.uuid, line.lineCents]));
  const syncing = order.revision !== order.syncedRevision;
  // Said here, before checkout, in the words place-order would refuse with.
  const tooLarge = totals && data ? orderBoundRefusal(totals, data) : null;
  const savingOf = (terms: PromoCode) =>
    totals && data
      ? promoSaving(terms, promoCartOf(totals, order.orderType, orderTime, shopZone(data.config.retailerInfo)))
      : null;

  return (
    <Sheet
      open
      onClose={closeCart}
      title="Your order"
      placement="side"
      footer={
        totals && quote && order.products.length > 0 ? (
          <div className="flex flex-col gap-3">
            <CartTotalsTable
              totals={totals}
              quote={quote}
              orderType={order.orderType}
              syncing={syncing}
              promo={promo?.ok ? { label: promoLabel(promo.code), cents: promo.cents } : null}
            />
            {tooLarge && (
              <p className="rounded-lg bg-muted px-3 py-2 text-sm font-medium" role="status" data-order-bound>
                {tooLarge}
              </p>
            )}
            <button
              type="button"
              className={`${primaryButton} w-full`}
              onClick={openCheckout}
              disabled={!totals.meetsMinimumOrder || tooLarge !== null}
            >
              Checkout
            </button>
          </div>
        ) : undefined
      }
    >
      <div className="flex flex-col gap-5">
        <OrderTimeSummary />
        {removedUnavailable.length > 0 && (
          <section
            aria-labelledby="removed-unavailable-title"
            className="rounded-xl border border-border bg-muted p-4 text-sm"
            data-removed-unavailable
          >
            <h3 id="removed-unavailable-title" className="font-semibold">
              Removed: not available at your order time
            </h3>
            <ul className="mt-1 list-disc pl-5 wrap-anywhere">
              {removedUnavailable.map((name, index) => (
                <li key={`${index}-${name}`}>{name}</li>
              ))}
            </ul>
            <button
              type="button"
              className="mt-2 font-medium underline underline-offset-4"
              onClick={clearRemovedUnavailable}
            >
              OK, got it
            </button>
          </section>
        )}
        {order.orderType === 'delivery' && data && quote && termsVaryBySuburb(data) && (
          <DeliverySuburbField label="Delivering to" suburbs={data.deliverySuburbs} quote={quote} />
        )}
        {order.products.length === 0 && !undoRow ? (
          <p className="rounded-xl border border-dashed border-border p-6 text-center text-muted-foreground">
            Your cart is empty. Pick something from the menu.
          </p>
        ) : (
          <ul className="flex flex-col divide-y divide-border" aria-label="Items in your cart">
            {order.products.map((line, index) => (
              <Fragment key={line.uuid}>
                {removal?.index === index && undoRow}
                <li className="flex flex-col gap-2 py-3" data-cart-line={line.uuid}>
                  <div className="flex items-start justify-between gap-3">
                    <div>
                      <p className="font-semibold">{lineTitle(line)}</p>
                      <ul className="text-sm text-muted-foreground">
                        {describeLine(line).map((words) => (
                          <li key={words}>{words}</li>
                        ))}
                      </ul>
                    </div>
                    <span className="font-semibold tabular-nums" data-line-price>
                      {formatMoney(lineCents.get(line.uuid) ?? Math.round(line.historicPrice * 100) * line.quantity)}
                    </span>
                  </div>
                  <div className="flex items-center justify-between gap-3">
                    <QuantityStepper
                      value={line.quantity}
                      min={0}
                      max={MAX_LINE_QUANTITY}
                      label={`Quantity of ${lineTitle(line)}`}
                      removeLabel={`Remove ${lineTitle(line)}`}
                      onChange={(quantity) => setQuantity(line.uuid, quantity)}
                    />
                    <div className="flex gap-3 text-sm font-medium">
                      <button
                        type="button"
                        className="underline underline-offset-4"
                        onClick={() => openProductBuilder(line.productId, { editUuid: line.uuid })}
                      >
                        Edit <span className="sr-only">{lineTitle(line)}</span>
                      </button>
                      {/* At one, the stepper's bin is the way to remove. */}
                      {line.quantity > 1 && (
                        <button
                          type="button"
                          className="underline underline-offset-4"
                          onClick={() => removeLine(line.uuid)}
                        >
                          Remove <span className="sr-only">{lineTitle(line)}</span>
                        </button>
                      )}
                    </div>
                  </div>
                </li>
              </Fragment>
            ))}
            {removal && removal.index >= order.products.length && undoRow}
          </ul>
        )}
        {totals && order.products.length > 0 && (
          <PromoField
            applied={promoState.terms?.code ?? null}
            error={promoState.refused ?? (promo && !promo.ok ? promo.message : undefined)}
            checking={promoState.checking}
            onApply={(typed) => void applyPromoCode(typed, savingOf)}
            onRemove={removePromoCode}
          />
        )}
        <label className="flex flex-col gap-1 text-sm font-medium">
          Notes for the kitchen
          <textarea
            className="min-h-20 rounded-lg border border-border bg-background px-3 py-2 font-normal"
            maxLength={1000}
            defaultValue={order.orderNotes}
            onBlur={(event) => event.target.value !== order.orderNotes && setOrderNotes(event.target.value)}
            placeholder="Allergies, buzzer number, extra napkins…"
          />
        </label>
      </div>
    </Sheet>
  );
}
