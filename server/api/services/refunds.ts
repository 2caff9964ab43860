import type { ApiDeps } from '../deps.ts';
import { withStores } from '../store/stores.ts';
import { ApiProblem } from './problems.ts';
import type { ServedTenant } from './tenants.ts';

/**
 * Gives back an order's online payment through Stripe (issue 30), once: the idempotency key is the
 * payment's, so a retry after a lost answer, or the same refund asked by two API processes, is one
 * refund at Stripe, and the first answer recorded is the one kept. Null when the order has no paid,
 * unrefunded online payment.
 */
export async function refundOrderPayment(
  deps: Pick<ApiDeps, 'db' | 'paymentGateway' | 'now' | 'log'>,
  served: ServedTenant,
  orderId: number,
  reason: string,
): Promise<{ refundId: string; cents: number } | null> {
  const { retailerId } = served.tenant.config;
  const payment = await withStores(deps.db, retailerId, ({ payments }) => payments.latestFor(orderId));
  if (!payment || payment.state !== 'paid' || payment.paymentIntentId === null) return null;
  if (payment.refundId !== null) return { refundId: payment.refundId, cents: payment.amountCents };
  let refundId: string;
  try {
    ({ refundId } = await deps.paymentGateway.refund(served.tenant.slug, {
      idempotencyKey: `storefront-${retailerId}-payment-${payment.paymentId}-refund`,
      paymentIntentId: payment.paymentIntentId,
      cents: payment.amountCents,
      paymentId: payment.paymentId,
    }));
  } catch (error) {
    deps.log(`api: ${served.tenant.slug} payment ${payment.paymentId} was not refunded: ${(error as Error).message}`);
    throw new ApiProblem(502, 'The refund could not be made at the payment provider. Please try again.');
  }
  await withStores(deps.db, retailerId, ({ payments }) =>
    payments.recordRefund(payment.paymentId, { refundId, cents: payment.amountCents, reason }, deps.now()),
  );
  const recorded = await withStores(deps.db, retailerId, ({ payments }) =>
    payments.find(retailerId, payment.paymentId),
  );
  return { refundId: recorded?.refundId ?? refundId, cents: payment.amountCents };
}
