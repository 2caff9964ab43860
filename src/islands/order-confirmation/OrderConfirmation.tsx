import { useEffect, useState } from 'react';
import type { ApiResponse } from '../../lib/api/contract.ts';
import { paymentMethodLabels } from '../../lib/cart/checkout.ts';
import { describeLine, lineTitle } from '../../lib/cart/describe-line.ts';
import { formatMoney, toCents } from '../../lib/pricing/money.ts';
import { formatDayAndTime } from '../../lib/time/format.ts';
import { retailerApi } from '../../runtime/retailer-api.ts';

interface Props {
  timeZoneDiff: number;
  phone: string;
}

type Order = ApiResponse<'getOrder'>;
type State = { kind: 'loading' } | { kind: 'missing' } | { kind: 'failed' } | { kind: 'shown'; order: Order };

const REFRESH_MS = 15000;

/**
 * The placed order, read from the shop by the id in the address so a reload shows it again;
 * it checks back until the kitchen has taken it and then says it is being prepared.
 */
export default function OrderConfirmation({ timeZoneDiff, phone }: Props) {
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    const id = new URLSearchParams(window.location.search).get('id');
    if (!id) {
      setState({ kind: 'missing' });
      return;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    let active = true;
    const load = async () => {
      try {
        const order = await (await retailerApi()).getOrder(id);
        if (!active) return;
        setState(order.placement ? { kind: 'shown', order } : { kind: 'missing' });
        if (order.placement && !order.orderProcessed) timer = setTimeout(() => void load(), REFRESH_MS);
      } catch {
        if (!active) return;
        setState((current) => (current.kind === 'shown' ? current : { kind: 'failed' }));
        timer = setTimeout(() => void load(), REFRESH_MS);
      }
    };
    void load();
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, []);

  if (state.kind === 'loading') return <p role="status">Loading your order…</p>;
  if (state.kind === 'missing') return <p role="status">We could not find that order. If you placed it, call us{phone ? ` on ${phone}` : ''} and we will check.</p>;
  if (state.kind === 'failed') return <p role="status">We could not reach the shop just now. We will keep trying; your order is safe with us.</p>;

  const { order } = state;
  const placement = order.placement;
  if (!placement) return null;
  const when = placement.orderForLater && placement.orderForLaterRequestDateTime ? formatDayAndTime(new Date(placement.orderForLaterRequestDateTime), new Date(), timeZoneDiff) : 'as soon as possible';
  const service = placement.isPickup ? 'Pickup' : 'Delivery';
  const money = (dollars: number) => formatMoney(toCents(dollars));

  return (
    <div className="flex flex-col gap-6">
      <div className="rounded-2xl bg-secondary p-5 text-secondary-foreground" role="status" data-order-status>
        <p className="text-sm font-semibold uppercase tracking-wide">{order.orderProcessed ? 'Being prepared' : 'Order received'}</p>
        <p className="mt-1 text-lg">
          Thanks, {placement.contact.fullName.split(' ')[0]}! {order.orderProcessed ? 'The kitchen has your order and is preparing it.' : 'The shop will confirm it shortly.'}
        </p>
      </div>
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[10rem_1fr]">
        <dt className="font-semibold">{service}</dt>
        <dd data-order-when>{when}</dd>
        {placement.delivery && (
          <>
            <dt className="font-semibold">Address</dt>
            <dd>
              {placement.delivery.street}, {placement.delivery.suburbName} {placement.delivery.postcode}
            </dd>
          </>
        )}
        <dt className="font-semibold">Payment</dt>
        <dd>{paymentMethodLabels[placement.paymentMethod]}</dd>
      </dl>
      <ul className="flex flex-col divide-y divide-border rounded-xl border border-border" aria-label="Your items">
        {order.products.map((line) => (
          <li key={line.uuid} className="flex items-start justify-between gap-3 p-3">
            <div>
              <p className="font-semibold">
                {line.quantity} × {lineTitle(line)}
              </p>
              <p className="text-sm text-muted-foreground">{describeLine(line).join(' · ')}</p>
            </div>
            <span className="tabular-nums">{formatMoney(toCents(line.historicPrice) * line.quantity)}</span>
          </li>
        ))}
      </ul>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1" aria-label="Order totals">
        <dt>Subtotal</dt>
        <dd className="text-right tabular-nums">{money(placement.subTotal)}</dd>
        {placement.discountTotal > 0 && (
          <>
            <dt className="text-primary">Deals</dt>
            <dd className="text-right text-primary tabular-nums">−{money(placement.discountTotal)}</dd>
          </>
        )}
        {!placement.isPickup && (
          <>
            <dt>Delivery fee</dt>
            <dd className="text-right tabular-nums">{money(placement.deliveryFee)}</dd>
          </>
        )}
        <dt className="text-lg font-bold">Total</dt>
        <dd className="text-right text-lg font-bold tabular-nums" data-order-total>
          {money(placement.total)}
        </dd>
      </dl>
    </div>
  );
}
