import { describe, expect, it } from 'vitest';
import type { KitchenStage } from '../kitchen/kitchen-flow.ts';
import { paymentProgress, type OrderPayment, type PaymentStep } from './online-payment.ts';

describe('paymentProgress', () => {
  it.each<[string, OrderPayment | null, KitchenStage, PaymentStep | null, string | null]>([
    ['paid at the door: nothing to show', null, 'new', null, null],
    [
      'on the provider page',
      { state: 'awaiting-payment', total: 37.5, refunded: false },
      'new',
      'awaiting-payment',
      '$37.50',
    ],
    ['paid, the kitchen not yet taken it', { state: 'paid', total: 37.5, refunded: false }, 'new', 'paid', '$37.50'],
    ['paid and cooking', { state: 'paid', total: 37.5, refunded: false }, 'taken', 'with-kitchen', '$37.50'],
    ['paid and delivered', { state: 'paid', total: 12, refunded: false }, 'delivered', 'with-kitchen', '$12.00'],
    ['the page ran out', { state: 'expired', total: 37.5, refunded: false }, 'new', 'ended', '$37.50'],
    ['a bank debit failed later', { state: 'failed', total: 37.5, refunded: false }, 'new', 'ended', '$37.50'],
    [
      'paid, declined, the refund not yet made',
      { state: 'paid', total: 37.5, refunded: false },
      'declined',
      'refunding',
      '$37.50',
    ],
    ['paid, declined and refunded', { state: 'paid', total: 37.5, refunded: true }, 'declined', 'refunded', '$37.50'],
  ])('%s', (_case, payment, kitchenStage, step, amount) => {
    const progress = paymentProgress({ payment, kitchenStage });
    expect(progress?.step ?? null).toBe(step);
    expect(progress?.amount ?? null).toBe(amount);
  });

  it('tells a refunded customer how much came back, and where', () => {
    expect(
      paymentProgress({ payment: { state: 'paid', total: 41.9, refunded: true }, kitchenStage: 'declined' })?.text,
    ).toBe(
      'The shop could not take your order, and your payment of $41.90 was refunded to the card you paid with. Your bank may take 5 to 10 business days to show it.',
    );
  });

  it('tells an ended payment that the cart is back and the kitchen has nothing', () => {
    expect(
      paymentProgress({ payment: { state: 'expired', total: 20, refunded: false }, kitchenStage: 'new' })?.text,
    ).toBe('Your payment did not go through and nothing was sent to the kitchen. Your cart is as you left it.');
  });
});
