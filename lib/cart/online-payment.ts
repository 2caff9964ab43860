import type { KitchenStage } from '../kitchen/kitchen-flow.ts';
import { formatMoney, toCents } from '../pricing/money.ts';

// No zod here: the order page's first paint draws the payment's steps, and the schemas load after it.

/**
 * An order paid online (issue 30) as its customer follows it: awaiting payment on the provider's
 * page, paid (and so placed), then with the kitchen; or ended unpaid, when the cart comes back and
 * nothing reaches the kitchen. Only the provider's signed event moves a payment, never the page.
 */
export const onlinePaymentStates = ['awaiting-payment', 'paid', 'expired', 'failed'] as const;

/** The order's newest online payment attempt as get-order answers it (orderAnswerSchema's `payment`). */
export interface OrderPayment {
  state: (typeof onlinePaymentStates)[number];
  /** What it charges, in dollars. */
  total: number;
  /** Given back through the provider (the kitchen declined the order), as the server recorded it. */
  refunded: boolean;
}

/** `refunding` and `refunded`: a paid order the kitchen declined, its money on the way back or given back. */
export type PaymentStep = 'awaiting-payment' | 'paid' | 'with-kitchen' | 'ended' | 'refunding' | 'refunded';

export interface PaymentProgress {
  step: PaymentStep;
  title: string;
  text: string;
  /** What the payment charges: the server's total, as the cart showed it. */
  amount: string;
}

/** The steps an online payment shows as it moves, in order; `ended` replaces them all. */
export const PAYMENT_STEPS = [
  { step: 'awaiting-payment', label: 'Awaiting payment' },
  { step: 'paid', label: 'Paid' },
  { step: 'with-kitchen', label: 'With the kitchen' },
] as const satisfies readonly { step: PaymentStep; label: string }[];

/** Where an order's online payment stands for its page; null for an order never paid online. */
export function paymentProgress(order: {
  payment: OrderPayment | null;
  kitchenStage: KitchenStage;
}): PaymentProgress | null {
  const { payment } = order;
  if (!payment) return null;
  const amount = formatMoney(toCents(payment.total));
  switch (payment.state) {
    case 'awaiting-payment':
      return {
        step: 'awaiting-payment',
        title: 'Awaiting payment',
        text: 'We are waiting for your payment to be confirmed. This page changes as soon as it is.',
        amount,
      };
    case 'expired':
    case 'failed':
      return {
        step: 'ended',
        title: 'Payment not completed',
        text: 'Your payment did not go through and nothing was sent to the kitchen. Your cart is as you left it.',
        amount,
      };
    case 'paid':
      if (payment.refunded)
        return {
          step: 'refunded',
          title: 'Refunded',
          text: `The shop could not take your order, and your payment of ${amount} was refunded to the card you paid with. Your bank may take 5 to 10 business days to show it.`,
          amount,
        };
      if (order.kitchenStage === 'declined')
        return {
          step: 'refunding',
          title: 'Refund on its way',
          text: `The shop could not take your order, and your payment of ${amount} is being refunded. This page changes as soon as it is.`,
          amount,
        };
      // A paid order reaches the kitchen's board at once; it is theirs once they take it.
      return order.kitchenStage === 'new'
        ? { step: 'paid', title: 'Paid', text: 'Your payment went through and the kitchen has your order.', amount }
        : { step: 'with-kitchen', title: 'Paid', text: 'Your payment went through.', amount };
  }
}
