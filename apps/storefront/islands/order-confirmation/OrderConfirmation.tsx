import { useEffect, useState } from 'react';
import { PAYMENT_STEPS, type PaymentProgress } from '../../../../lib/cart/online-payment.ts';
import { confirmationAddress, receiptOf } from '../../../../lib/cart/order-receipt.ts';
import type { ConfirmationView } from '../../../../lib/cart/placed-order.ts';
import { primaryButton } from '../../../../ui/buttons.ts';
import { successPanelStyle } from '../../../../lib/site/success-colours.ts';
import { withIslandBoundary } from '../IslandBoundary.tsx';
import { receiptAfterReturn } from '../../runtime/payment-return.ts';
import type { TrackedOrder } from './order-tracking.ts';
import type { ShopZone } from '../../../../lib/time/shop-zone.ts';

interface Props {
  retailerId: number;
  zone: ShopZone;
  shop: { name: string; address: string; phone: string };
}

/** `cancelled`: the customer came back from the payment page unpaid, and the shop closed that page. */
type State = { kind: 'loading' } | { kind: 'cancelled' } | TrackedOrder;

/** The cart the customer paid for is done with once the order is placed: the menu starts a fresh one. */
async function forgetPaidCart(encryptedOrderId: string): Promise<void> {
  const { $order, resetOrder } = await import('../../stores/order.ts');
  if ($order.get().encryptedOrderId === encryptedOrderId) resetOrder();
}

/**
 * Back from the payment page unpaid (Stripe's cancel address): the shop closes that page first, so it
 * cannot be paid afterwards, then the cart is the customer's again. True when it was closed; false
 * when it was paid meanwhile or the shop could not be asked, and the order is followed as usual.
 */
async function cancelledPayment(encryptedOrderId: string): Promise<boolean> {
  try {
    const { retailerApi } = await import('../../runtime/retailer-api.ts');
    const { state } = await (await retailerApi()).cancelPayment(encryptedOrderId);
    return state === 'cancelled';
  } catch {
    return false;
  }
}

/**
 * The placed order, read from the shop by the id in the address so a reload shows it again, and
 * kept current until the kitchen takes it. The customer's details come with the receipt in the
 * address's fragment (or their session); without either the shop withholds them. Everything past this shell (the API client, the
 * schemas, the broker client) loads after the first paint.
 */
function OrderConfirmation({ retailerId, zone, shop }: Props) {
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    const encryptedOrderId = new URLSearchParams(window.location.search).get('id');
    if (!encryptedOrderId) {
      setState({ kind: 'missing' });
      return;
    }
    let stop: (() => void) | undefined;
    let active = true;
    const returned = new URLSearchParams(window.location.search).get('payment');
    const receipt = receiptOf(window.location.hash) ?? receiptAfterReturn(encryptedOrderId);
    const follow = (order: TrackedOrder) => {
      setState(order);
      if (order.kind !== 'shown' || order.payment === null) return;
      void forgetPaidCart(encryptedOrderId);
      // Placed: the page's own address from now on, so a reload or a bookmark keeps the receipt.
      if (returned !== null && receipt !== undefined)
        history.replaceState(history.state, '', confirmationAddress(encryptedOrderId, receipt));
    };
    const startTracking = () =>
      import('./order-tracking.ts').then(
        ({ trackOrder }) => {
          if (active) stop = trackOrder({ encryptedOrderId, receipt, retailerId, shop, zone, onChange: follow });
        },
        () => setState({ kind: 'failed' }),
      );
    if (returned === 'cancelled')
      void cancelledPayment(encryptedOrderId).then((cancelled) => {
        if (!active) return;
        if (cancelled) setState({ kind: 'cancelled' });
        else void startTracking();
      });
    else void startTracking();
    return () => {
      active = false;
      stop?.();
    };
    // Props are the page's build-time data: they never change while it is open.
  }, []);

  const call = shop.phone ? ` on ${shop.phone}` : '';
  if (state.kind === 'loading') return <p role="status">Loading your order…</p>;
  if (state.kind === 'missing')
    return <p role="status">We could not find that order. If you placed it, call us{call} and we will check.</p>;
  if (state.kind === 'failed')
    return <p role="status">We could not reach the shop just now. We will keep trying; your order is safe with us.</p>;
  if (state.kind === 'cancelled')
    return <CartBack title="Payment cancelled" text="Payment cancelled. Your cart is as you left it." />;
  if (state.kind === 'paying')
    return state.payment.step === 'ended' ? (
      <CartBack title={state.payment.title} text={state.payment.text} />
    ) : (
      <AwaitingPayment payment={state.payment} />
    );
  return (
    <div className="flex flex-col gap-4">
      {state.payment &&
        (state.payment.step === 'refunding' || state.payment.step === 'refunded' ? (
          <Refund payment={state.payment} />
        ) : (
          <PaymentSteps payment={state.payment} />
        ))}
      <PlacedOrder view={state.view} live={state.live} call={call} />
    </div>
  );
}

/** An online payment that ended unpaid: nothing reached the kitchen and the cart is the customer's again. */
function CartBack({ title, text }: { title: string; text: string }) {
  return (
    <section
      aria-labelledby="payment-ended-title"
      className="rounded-2xl border-2 border-border p-5"
      data-payment-ended
    >
      <h2 id="payment-ended-title" className="text-sm font-bold uppercase tracking-wide">
        {title}
      </h2>
      <p className="mt-1 text-lg" role="status">
        {text}
      </p>
      <a href="/" className={`${primaryButton} mt-4 inline-flex`}>
        Back to your cart
      </a>
    </section>
  );
}

/** A paid order the kitchen declined: how much comes back, and whether it has yet. */
function Refund({ payment }: { payment: PaymentProgress }) {
  return (
    <section
      aria-labelledby="payment-refund-title"
      className="rounded-2xl border-2 border-border p-5"
      data-payment-step={payment.step}
    >
      <h2 id="payment-refund-title" className="text-sm font-bold uppercase tracking-wide">
        {payment.title} · <span data-payment-amount>{payment.amount}</span>
      </h2>
      <p className="mt-1 text-lg" role="status">
        {payment.text}
      </p>
    </section>
  );
}

/** Awaiting payment → paid → with the kitchen, the current step marked; the amount is what the payment charges. */
function PaymentSteps({ payment }: { payment: PaymentProgress }) {
  const current = PAYMENT_STEPS.findIndex((candidate) => candidate.step === payment.step);
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2" data-payment-step={payment.step}>
      <p>
        <span className="font-semibold">{payment.title}</span> · <span data-payment-amount>{payment.amount}</span>
      </p>
      <ol className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm font-semibold" aria-label="Payment progress">
        {PAYMENT_STEPS.map((candidate, index) => (
          <li
            key={candidate.step}
            className="flex items-center gap-1.5"
            aria-current={index === current ? 'step' : undefined}
          >
            <span
              aria-hidden="true"
              className="size-2.5 rounded-full border-2"
              style={{
                borderColor: successPanelStyle.accent,
                backgroundColor: index <= current ? successPanelStyle.accent : 'transparent',
              }}
            />
            <span className={index <= current ? undefined : 'text-muted-foreground'}>{candidate.label}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** Back from the payment page, before the provider has told the shop: the page changes by itself once it has. */
function AwaitingPayment({ payment }: { payment: PaymentProgress }) {
  return (
    <section
      aria-labelledby="payment-status-title"
      className="flex flex-col gap-3 rounded-2xl border-2 p-5"
      style={{ borderColor: successPanelStyle.accent }}
    >
      <h2 id="payment-status-title" className="text-sm font-bold uppercase tracking-wide">
        {payment.title}
      </h2>
      <p className="text-lg" role="status">
        {payment.text}
      </p>
      <PaymentSteps payment={payment} />
    </section>
  );
}

function StatusPanel({ view, live, call }: { view: ConfirmationView; live: boolean; call: string }) {
  const preparing = view.status === 'preparing';
  // A declined order is over, and not a success: no green, no progress towards a meal.
  const declined = view.stage === 'declined';
  return (
    <section
      aria-labelledby="order-status-title"
      className={`rounded-2xl border-2 p-5 ${declined ? 'border-border' : ''}`}
      style={
        declined ? undefined : { backgroundColor: successPanelStyle.surface, borderColor: successPanelStyle.accent }
      }
      data-order-status={view.status}
      data-kitchen-stage={view.stage}
      data-live={live ? 'on' : 'off'}
    >
      <div className="flex items-start gap-3" role="status">
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="mt-0.5 size-7 shrink-0"
          style={declined ? undefined : { color: successPanelStyle.accent }}
        >
          <circle cx="12" cy="12" r="11" fill="currentColor" />
          {declined ? (
            <path
              fill="none"
              stroke="var(--tenant-background)"
              strokeWidth="2.5"
              strokeLinecap="round"
              d="m8 8 8 8m0-8-8 8"
            />
          ) : preparing ? (
            <path
              fill="var(--tenant-background)"
              d="M12.6 5.5c.4 2.6 3.9 4.2 3.9 8.1a4.5 4.5 0 0 1-9 0c0-2 1-3.3 2.1-4.3.1 1.4.8 2.4 1.8 2.8-.4-2.5.1-4.6 1.2-6.6Z"
            />
          ) : (
            <path
              fill="none"
              stroke="var(--tenant-background)"
              strokeWidth="2.5"
              strokeLinecap="round"
              strokeLinejoin="round"
              d="m7 12.5 3.2 3.2L17 9"
            />
          )}
        </svg>
        <div className="min-w-0">
          <h2
            id="order-status-title"
            className="text-sm font-bold uppercase tracking-wide"
            style={declined ? undefined : { color: successPanelStyle.accent }}
          >
            {view.statusTitle}
          </h2>
          <p className="mt-1 text-lg">{view.statusText}</p>
          {view.late && (
            <p className="mt-1 text-lg font-bold" data-running-late>
              {view.late}
            </p>
          )}
        </div>
      </div>
      <div className="mt-4 flex flex-wrap items-end justify-between gap-x-6 gap-y-3">
        <p>
          <span className="block text-sm">Order number</span>
          <span className="text-3xl font-extrabold tabular-nums" data-order-number>
            {view.orderNumber}
          </span>
          <span className="block text-sm">Quote it if you call us{call}.</span>
        </p>
        <ol
          className={`flex items-center gap-2 text-sm font-semibold ${declined ? 'hidden' : ''}`}
          aria-label="Progress"
        >
          <li className="flex items-center gap-1.5" aria-current={preparing ? undefined : 'step'}>
            <span
              aria-hidden="true"
              className="size-2.5 rounded-full"
              style={{ backgroundColor: successPanelStyle.accent }}
            />
            Received
          </li>
          <li
            aria-hidden="true"
            className="h-0.5 w-6 rounded-full"
            style={{
              backgroundColor: preparing ? successPanelStyle.accent : 'currentColor',
              opacity: preparing ? 1 : 0.3,
            }}
          />
          <li className="flex items-center gap-1.5" aria-current={preparing ? 'step' : undefined}>
            <span
              aria-hidden="true"
              className="size-2.5 rounded-full border-2"
              style={{
                borderColor: successPanelStyle.accent,
                backgroundColor: preparing ? successPanelStyle.accent : 'transparent',
              }}
            />
            {view.secondStep}
          </li>
        </ol>
      </div>
      {/* Always there while waiting, so connecting changes its words without moving the page. */}
      {!preparing && (
        <p className="mt-3 flex items-center gap-2 text-sm">
          <span
            aria-hidden="true"
            className={`size-2 shrink-0 rounded-full ${live ? 'animate-pulse motion-reduce:animate-none' : 'opacity-0'}`}
            style={{ backgroundColor: successPanelStyle.accent }}
          />
          {live
            ? 'Live: this page changes the moment the kitchen takes your order.'
            : 'This page keeps checking with the kitchen for news.'}
        </p>
      )}
    </section>
  );
}

function PlacedOrder({ view, live, call }: { view: ConfirmationView; live: boolean; call: string }) {
  return (
    <div className="flex flex-col gap-6">
      <StatusPanel view={view} live={live} call={call} />
      <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-[10rem_1fr] sm:gap-y-3 [&>dd]:mb-3 sm:[&>dd]:mb-0">
        <dt className="font-semibold">{view.when.label}</dt>
        <dd data-order-when>{view.when.text}</dd>
        {view.place && (
          <>
            <dt className="font-semibold">{view.place.label}</dt>
            <dd className="wrap-anywhere" data-order-place>
              {view.place.lines.map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
              {view.place.instructions && (
                <span className="mt-1 block text-sm text-muted-foreground">
                  Instructions: {view.place.instructions}
                </span>
              )}
            </dd>
          </>
        )}
        {view.notes !== null && (
          <>
            <dt className="font-semibold">Notes for the kitchen</dt>
            <dd className="whitespace-pre-wrap wrap-anywhere" data-order-notes>
              {view.notes}
            </dd>
          </>
        )}
        <dt className="font-semibold">Contact</dt>
        <dd className="wrap-anywhere">
          {view.contact ?? (
            <span data-order-withheld>
              {view.withheld}
              {call && ` If anything needs changing, call us${call}.`}
            </span>
          )}
        </dd>
        <dt className="font-semibold">Payment</dt>
        <dd>{view.payment}</dd>
      </dl>
      <ul className="flex flex-col divide-y divide-border rounded-xl border border-border" aria-label="Your items">
        {view.lines.map((line) => (
          <li key={line.key} className="flex items-start justify-between gap-3 p-3">
            <div className="min-w-0">
              <p className="font-semibold wrap-anywhere">{line.title}</p>
              {line.details && <p className="text-sm text-muted-foreground">{line.details}</p>}
            </div>
            <span className="tabular-nums">{line.price}</span>
          </li>
        ))}
      </ul>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1" aria-label="Order totals">
        {view.totals.map((total) => (
          <div key={total.label} className="contents">
            <dt
              className={
                total.kind === 'total' ? 'text-lg font-bold' : total.kind === 'discount' ? 'text-primary' : undefined
              }
            >
              {total.label}
            </dt>
            <dd
              className={`text-right tabular-nums ${total.kind === 'total' ? 'text-lg font-bold' : total.kind === 'discount' ? 'text-primary' : ''}`}
              data-order-total={total.kind === 'total' ? '' : undefined}
              data-order-tip={total.kind === 'tip' ? '' : undefined}
            >
              {total.amount}
            </dd>
          </div>
        ))}
      </dl>
      {view.tipNote && (
        <p className="text-sm text-muted-foreground" data-tip-note>
          {view.tipNote}
        </p>
      )}
    </div>
  );
}

export default withIslandBoundary(OrderConfirmation, 'OrderConfirmation', 'page');
