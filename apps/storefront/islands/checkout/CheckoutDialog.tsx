import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import {
  acceptedPaymentMethods,
  checkoutContactSchema,
  deliveryAddressSchema,
  paymentChoiceLabels,
  placementTotals,
} from '../../../../lib/cart/checkout.ts';
import { pricingTerms, quotedTotals } from '../../../../lib/cart/delivery-quote.ts';
import { payloadFromState } from '../../../../lib/cart/order-payload.ts';
import { confirmationAddress } from '../../../../lib/cart/order-receipt.ts';
import type { PaymentMethod } from '../../../../lib/cart/payment-methods.ts';
import { promoLabel, promoSaving, type PromoCode } from '../../../../lib/cart/promo.ts';
import { NO_TIP, ownTipChoice, tipFor, tipLabel, type TipChoice } from '../../../../lib/cart/tip.ts';
import { PricingError } from '../../../../lib/pricing/item-price.ts';
import { shopZone } from '../../../../lib/time/shop-zone.ts';
import { formatMoney } from '../../../../lib/pricing/money.ts';
import { $cartSummary, $deliveryQuote } from '../../stores/cart.ts';
import { $now } from '../../stores/clock.ts';
import { $customer } from '../../stores/customer.ts';
import { $paymentOptions } from '../../stores/payment-options.ts';
import { $order, setDeliverySuburb } from '../../stores/order.ts';
import { $promo, applyPromoCode, promoCartOf, removePromoCode } from '../../stores/promo.ts';
import { $orderTimeLabel, $promisedTime } from '../../stores/order-time.ts';
import { $rememberedDetails, forgetDetails, rememberDetails } from '../../stores/remembered-details.ts';
import { $catalogue, $orderingData } from '../../stores/ordering-data.ts';
import { closeCheckout, openCart, openOrderTime } from '../../stores/ui.ts';
import { CartTotalsTable } from '../cart/CartTotalsTable.tsx';
import { DeliverySuburbField } from '../cart/DeliverySuburbField.tsx';
import { secondaryButton } from '../../../../ui/buttons.ts';
import { Sheet } from '../../../../ui/Sheet.tsx';
import { FormField } from '../../../../ui/FormField.tsx';
import { fullWidthControl } from '../../../../ui/fields.ts';
import { FoldedOrder } from './FoldedOrder.tsx';
import { PromoField } from '../cart/PromoField.tsx';
import { TipPicker } from './TipPicker.tsx';
import { PlaceOrderBar } from './PlaceOrderBar.tsx';
import { RememberDetails } from './RememberDetails.tsx';

type Errors = Partial<Record<'fullName' | 'phoneNumber' | 'email' | 'street' | 'suburbId' | 'tip' | 'form', string>>;

/** Contact details, the delivery address, how to pay, and the order recapped, then "Place order". */
export default function CheckoutDialog() {
  const order = useStore($order);
  const data = useStore($orderingData);
  const catalogue = useStore($catalogue);
  const quote = useStore($deliveryQuote);
  const label = useStore($orderTimeLabel);
  const customer = useStore($customer).custInfo;
  const promise = useStore($promisedTime);
  const summary = useStore($cartSummary);
  const onlineOffered = useStore($paymentOptions).data?.onlinePayment === true;
  useStore($now);
  // A guest's details come back only if they agreed to keep them on this device.
  const remembered = useStore($rememberedDetails);
  const guestRemembered = customer ? undefined : remembered;
  const [remember, setRemember] = useState(guestRemembered !== undefined);
  const [forgotten, setForgotten] = useState(false);
  const [contact, setContact] = useState({
    fullName: customer?.fullName ?? guestRemembered?.contact.fullName ?? '',
    phoneNumber: customer?.phoneNumber ?? guestRemembered?.contact.phoneNumber ?? '',
    email: customer?.email ?? guestRemembered?.contact.email ?? '',
  });
  const [street, setStreet] = useState(guestRemembered?.delivery?.street ?? '');
  const formId = useId();
  const [instructions, setInstructions] = useState('');
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod | null>(null);
  const [tipPercent, setTipPercent] = useState<number | null>(null);
  const [ownTip, setOwnTip] = useState<string | null>(null);
  const { terms: promoTerms, refused: promoRefused, checking: promoChecking } = useStore($promo);
  const [errors, setErrors] = useState<Errors>({});
  const [placing, setPlacing] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  // Counts the submits that found problems: each sends focus to the first of them, not the button.
  const [problemsShown, setProblemsShown] = useState(0);
  useEffect(() => {
    if (problemsShown > 0)
      form.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-checkout-error]')?.focus();
  }, [problemsShown]);
  /** A field's error goes once the customer changes that field. */
  const fixing = (field: keyof Errors) =>
    setErrors((current) => {
      if (current[field] === undefined) return current;
      const { [field]: _fixed, ...rest } = current;
      return rest;
    });
  const suburbChosen = quote?.kind === 'suburb';
  useEffect(() => {
    if (suburbChosen) fixing('suburbId');
  }, [suburbChosen]);
  // The remembered suburb, unless the cart already names one (the customer's latest choice).
  const rememberedSuburbId = guestRemembered?.delivery?.suburbId;
  const suburbs = data?.deliverySuburbs;
  useEffect(() => {
    if (
      rememberedSuburbId !== undefined &&
      $order.get().deliverySuburbId === null &&
      suburbs?.some((suburb) => suburb.suburbId === rememberedSuburbId)
    )
      setDeliverySuburb(rememberedSuburbId);
  }, [rememberedSuburbId, suburbs]);

  if (!data || !catalogue || !quote) {
    return (
      <Sheet open onClose={closeCheckout} title="Checkout">
        <p className="py-6 text-center text-muted-foreground" role="status">
          Loading…
        </p>
      </Sheet>
    );
  }

  const isDelivery = order.orderType === 'delivery';
  const methods = acceptedPaymentMethods(data, onlineOffered);
  const method = paymentMethod ?? methods[0] ?? 'card';
  const now = new Date();
  let totals = null;
  let orderAt = now;
  try {
    const payload = payloadFromState(order, { retailerId: data.retailerId, deliveryFeeCents: 0, hours: null }, now);
    totals = placementTotals(payload, data, catalogue, now, isDelivery ? pricingTerms(quote) : null);
    if (payload.orderForLater && payload.orderForLaterRequestDateTime !== null)
      orderAt = new Date(payload.orderForLaterRequestDateTime);
  } catch (error) {
    if (!(error instanceof PricingError)) throw error;
  }
  const tipSettings = data.config.retailerInfo.tips;
  const foodCents = totals ? totals.subtotal - totals.discount : 0;
  const tipChoice: TipChoice | null =
    ownTip !== null ? ownTipChoice(ownTip) : tipPercent === null ? NO_TIP : { kind: 'percent', percent: tipPercent };
  const tip = tipChoice ? tipFor(tipChoice, foodCents, tipSettings) : null;
  const tipCents = tip?.ok ? tip.cents : 0;
  const tipError =
    tipChoice === null ? 'Enter the tip in dollars, like 5 or 4.50.' : tip && !tip.ok ? tip.message : undefined;
  // The shop's own rule on the shop's terms, so the saving shown is the one place-order takes.
  const savingOf = (terms: PromoCode | null) =>
    terms && totals
      ? promoSaving(terms, promoCartOf(totals, order.orderType, orderAt, shopZone(data.config.retailerInfo)))
      : null;
  const promo = savingOf(promoTerms);
  const promoCents = promo?.ok ? promo.cents : 0;
  const promoError = promoRefused ?? (promo && !promo.ok ? promo.message : undefined);
  const quoted = totals ? quotedTotals(totals, quote, order.orderType, tipCents, promoCents) : null;

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next: Errors = {};
    const checkedContact = checkoutContactSchema.safeParse(contact);
    if (!checkedContact.success)
      for (const issue of checkedContact.error.issues) next[issue.path[0] as 'fullName'] ??= issue.message;
    const checkedAddress = isDelivery
      ? deliveryAddressSchema.safeParse({
          street,
          suburbId: quote.kind === 'suburb' ? quote.suburb.suburbId : 0,
          instructions,
        })
      : null;
    if (checkedAddress && !checkedAddress.success)
      for (const issue of checkedAddress.error.issues) next[issue.path[0] as 'street'] ??= issue.message;
    if (tipError) next.tip = tipError;
    if (promo && !promo.ok) next.form = promo.message;
    if (label.closedNow)
      next.form = `${isDelivery ? 'Delivery' : 'Pickup'} is closed right now. Choose a later time to place your order.`;
    else if (!totals) next.form = 'Something in your cart is no longer sold. Please check your cart.';
    else if (!totals.meetsMinimumOrder)
      next.form = `Add ${formatMoney(totals.shortfall)} more to reach the ${order.orderType} minimum of ${formatMoney(totals.minimumOrderValue)}.`;
    setErrors(next);
    if (Object.keys(next).length > 0 || !checkedContact.success) setProblemsShown((count) => count + 1);
    if (Object.keys(next).length > 0 || !checkedContact.success || !totals || !tipChoice) return;
    setPlacing(true);
    const { placeCurrentOrder } = await import('../../runtime/checkout.ts');
    const result = await placeCurrentOrder({
      contact: checkedContact.data,
      delivery: checkedAddress?.success ? checkedAddress.data : null,
      paymentMethod: method,
      expectedTotalCents: totals.total - promoCents,
      promoCode: promo?.ok ? promo.code : null,
      tip: tipChoice,
      expectedTipCents: tipCents,
      deliveryFeeCents: totals.deliveryFee,
    });
    setPlacing(false);
    if (result.ok) {
      if (!customer) {
        // Kept only with the box ticked; unticked, what an earlier visit kept goes too.
        if (remember) rememberDetails(checkedContact.data, checkedAddress?.success ? checkedAddress.data : null);
        else forgetDetails();
      }
      window.location.assign(result.payAt ?? confirmationAddress(result.encryptedOrderId, result.receipt));
    } else {
      setErrors({ form: result.message });
      setProblemsShown((count) => count + 1);
    }
  };

  const backToCart = () => {
    closeCheckout();
    openCart();
  };

  const forget = () => {
    forgetDetails();
    setRemember(false);
    setForgotten(true);
    setContact({ fullName: '', phoneNumber: '', email: '' });
    setStreet('');
  };

  const placeBar = (
    <PlaceOrderBar
      total={quoted?.total ?? null}
      label={
        placing
          ? method === 'online'
            ? 'Opening the payment page…'
            : 'Placing your order…'
          : `Place order${quoted?.final ? ` · ${quoted.total}` : ''}`
      }
      form={formId}
      disabled={placing}
    />
  );

  return (
    <Sheet open onClose={closeCheckout} title="Checkout" placement="side" footer={placeBar}>
      <form ref={form} id={formId} className="flex flex-col gap-5" onSubmit={(event) => void submit(event)} noValidate>
        <FoldedOrder
          heading={`${summary.items} · ${quoted?.total ?? summary.subtotal}`}
          products={order.products}
          lineCents={new Map(totals?.lines.map((line) => [line.uuid, line.lineCents]))}
        />
        <div className="rounded-xl bg-muted p-3 text-sm">
          <p>
            <strong>{isDelivery ? 'Delivery' : 'Pickup'}</strong> · <span data-checkout-time>{label.when}</span>{' '}
            <button type="button" className="font-semibold underline underline-offset-4" onClick={openOrderTime}>
              {label.closedNow ? 'Choose a time' : 'Change'}
            </button>
          </p>
          {promise && (
            <p className="mt-1 font-medium" data-checkout-promise>
              {promise.sentence}
            </p>
          )}
        </div>
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-1 font-semibold">Your details</legend>
          <FormField label="Name" error={errors.fullName}>
            {(control) => (
              <input
                {...control}
                className={fullWidthControl}
                autoComplete="name"
                value={contact.fullName}
                onChange={(event) => {
                  fixing('fullName');
                  setContact({ ...contact, fullName: event.target.value });
                }}
              />
            )}
          </FormField>
          <FormField label="Phone" error={errors.phoneNumber}>
            {(control) => (
              <input
                {...control}
                className={fullWidthControl}
                type="tel"
                autoComplete="tel"
                value={contact.phoneNumber}
                onChange={(event) => {
                  fixing('phoneNumber');
                  setContact({ ...contact, phoneNumber: event.target.value });
                }}
              />
            )}
          </FormField>
          <FormField label="Email" error={errors.email}>
            {(control) => (
              <input
                {...control}
                className={fullWidthControl}
                type="email"
                autoComplete="email"
                value={contact.email}
                onChange={(event) => {
                  fixing('email');
                  setContact({ ...contact, email: event.target.value });
                }}
              />
            )}
          </FormField>
          {!customer && (
            <RememberDetails
              checked={remember}
              onChange={(checked) => {
                setRemember(checked);
                setForgotten(false);
              }}
              kept={guestRemembered !== undefined}
              forgotten={forgotten}
              onForget={forget}
            />
          )}
        </fieldset>
        {isDelivery && (
          <fieldset className="flex flex-col gap-3">
            <legend className="mb-1 font-semibold">Deliver to</legend>
            <FormField label="Street address" error={errors.street}>
              {(control) => (
                <input
                  {...control}
                  className={fullWidthControl}
                  autoComplete="street-address"
                  value={street}
                  onChange={(event) => {
                    fixing('street');
                    setStreet(event.target.value);
                  }}
                />
              )}
            </FormField>
            <DeliverySuburbField label="Suburb" suburbs={data.deliverySuburbs} quote={quote} error={errors.suburbId} />
            <p className="text-sm text-muted-foreground">
              Not in the list? We don&rsquo;t deliver there yet, but you can order for pickup.
            </p>
            <FormField label="Delivery instructions (optional)">
              {(control) => (
                <input
                  {...control}
                  className={fullWidthControl}
                  value={instructions}
                  maxLength={300}
                  onChange={(event) => setInstructions(event.target.value)}
                />
              )}
            </FormField>
          </fieldset>
        )}
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 font-semibold">Payment</legend>
          {methods.map((candidate) => (
            <label key={candidate} className="flex items-center gap-2">
              <input
                type="radio"
                name="payment"
                checked={method === candidate}
                onChange={() => setPaymentMethod(candidate)}
              />
              {paymentChoiceLabels[candidate]}
              {candidate === 'card' && !data.config.retailerPaymentTypes.amexAccepted && (
                <span className="text-sm text-muted-foreground">(no Amex)</span>
              )}
            </label>
          ))}
        </fieldset>
        {tipSettings && (
          <TipPicker
            percentages={tipSettings.percentages}
            foodCents={foodCents}
            choice={tipChoice ?? NO_TIP}
            ownText={ownTip ?? ''}
            ownChosen={ownTip !== null}
            onPercent={(percent) => {
              fixing('tip');
              setOwnTip(null);
              setTipPercent(percent);
            }}
            onOwn={(text) => {
              fixing('tip');
              setOwnTip(text);
            }}
            error={errors.tip ?? (ownTip !== null && ownTip.trim() !== '' ? tipError : undefined)}
            method={method}
          />
        )}
        <PromoField
          applied={promoTerms?.code ?? null}
          error={promoError}
          checking={promoChecking}
          onApply={(typed) => void applyPromoCode(typed, savingOf)}
          onRemove={() => {
            removePromoCode();
            fixing('form');
          }}
        />
        {totals && (
          <CartTotalsTable
            totals={totals}
            quote={quote}
            orderType={order.orderType}
            syncing={order.revision !== order.syncedRevision}
            tip={tipCents > 0 && tip?.ok ? { label: tipLabel(tip.percent), cents: tipCents } : null}
            promo={promo?.ok ? { label: promoLabel(promo.code), cents: promo.cents } : null}
          />
        )}
        {errors.form && (
          <p
            role="alert"
            tabIndex={-1}
            className="rounded-lg border border-red-700 px-3 py-2 text-sm font-medium text-red-700"
            data-checkout-error
          >
            {errors.form}
          </p>
        )}
        <button type="button" className={`${secondaryButton} self-start`} onClick={backToCart}>
          Back to cart
        </button>
      </form>
    </Sheet>
  );
}
