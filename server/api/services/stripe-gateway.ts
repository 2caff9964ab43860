import Stripe from 'stripe';
import type { PaymentSettings, StripeAccount } from './payment-settings.ts';

/**
 * The API's one way to Stripe (issue 30): the official SDK with the shop's own key, and its
 * signature check for the webhook. Nothing else in the API names the SDK.
 */

/** A Checkout Session lasts this long; when it runs out the cart comes back to the customer. Stripe's least. */
export const CHECKOUT_MINUTES = 30;

/**
 * Orders on the payment page since this instant hold their room in the kitchen's slots: the
 * checkout's life and five minutes for the provider's word that it ended.
 */
export const paymentHoldSince = (now: Date): Date => new Date(now.getTime() - (CHECKOUT_MINUTES + 5) * 60_000);
/** Stripe signs an event with the time it sent it; an older signature is a replay. The SDK's default. */
const SIGNATURE_TOLERANCE_SECONDS = 300;

export interface CheckoutRequest {
  /** Derived from the order and its attempt, so a retry after a lost answer gets the same session. */
  idempotencyKey: string;
  currency: string;
  lines: readonly { name: string; cents: number }[];
  /** Ours, not Stripe's: the payment row the events name back. */
  paymentId: number;
  retailerId: number;
  successUrl: string;
  cancelUrl: string;
  customerEmail: string;
  expiresAt: Date;
}

export interface RefundRequest {
  idempotencyKey: string;
  paymentIntentId: string;
  cents: number;
  paymentId: number;
}

/** What the webhook reads of an event; the SDK's type is the provider's whole union. */
export type PaymentEvent = Stripe.Event;

export class SignatureRefused extends Error {}

export interface PaymentGateway {
  /** Whether the shop has its own Stripe account configured (STRIPE_ACCOUNTS_FILE). */
  offersOnline(slug: string): boolean;
  createCheckout(slug: string, request: CheckoutRequest): Promise<{ sessionId: string; url: string }>;
  refund(slug: string, request: RefundRequest): Promise<{ refundId: string }>;
  /** Ends an open session; false when Stripe would not (it is complete, paid or being paid). */
  expireCheckout(slug: string, sessionId: string): Promise<boolean>;
  /** The event, only when the shop's webhook secret signed exactly these bytes recently; else SignatureRefused. */
  verifyEvent(slug: string, rawBody: string, signature: string): Promise<PaymentEvent>;
}

export function createPaymentGateway(settings: PaymentSettings): PaymentGateway {
  const clients = new Map<string, Stripe>();
  const { apiUrl } = settings;

  function accountOf(slug: string): StripeAccount {
    const account = settings.accounts.get(slug);
    if (!account) throw new Error(`${slug} has no Stripe account configured`);
    return account;
  }

  function clientOf(slug: string): Stripe {
    let client = clients.get(slug);
    if (!client) {
      client = new Stripe(accountOf(slug).secretKey, {
        // The SDK retries with the same idempotency key, so a retry never charges or refunds twice.
        maxNetworkRetries: 2,
        timeout: 15_000,
        ...(apiUrl
          ? {
              host: apiUrl.hostname,
              port: apiUrl.port === '' ? (apiUrl.protocol === 'https:' ? 443 : 80) : Number(apiUrl.port),
              protocol: apiUrl.protocol === 'https:' ? 'https' : 'http',
            }
          : {}),
      });
      clients.set(slug, client);
    }
    return client;
  }

  return {
    offersOnline: (slug) => settings.accounts.has(slug),

    async createCheckout(slug, request) {
      const reference = { payment_id: String(request.paymentId), retailer_id: String(request.retailerId) };
      const session = await clientOf(slug).checkout.sessions.create(
        {
          mode: 'payment',
          line_items: request.lines.map((line) => ({
            quantity: 1,
            price_data: { currency: request.currency, unit_amount: line.cents, product_data: { name: line.name } },
          })),
          client_reference_id: String(request.paymentId),
          customer_email: request.customerEmail,
          metadata: reference,
          payment_intent_data: { metadata: reference },
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          expires_at: Math.floor(request.expiresAt.getTime() / 1000),
        },
        { idempotencyKey: request.idempotencyKey },
      );
      if (!session.url) throw new Error(`Stripe answered checkout session ${session.id} without a URL`);
      return { sessionId: session.id, url: session.url };
    },

    async refund(slug, request) {
      const refund = await clientOf(slug).refunds.create(
        {
          payment_intent: request.paymentIntentId,
          amount: request.cents,
          metadata: { payment_id: String(request.paymentId) },
        },
        { idempotencyKey: request.idempotencyKey },
      );
      return { refundId: refund.id };
    },

    async expireCheckout(slug, sessionId) {
      try {
        const session = await clientOf(slug).checkout.sessions.expire(sessionId);
        return session.status === 'expired';
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return false;
        throw error;
      }
    },

    async verifyEvent(slug, rawBody, signature) {
      try {
        return await clientOf(slug).webhooks.constructEventAsync(
          rawBody,
          signature,
          accountOf(slug).webhookSecret,
          SIGNATURE_TOLERANCE_SECONDS,
        );
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError)
          throw new SignatureRefused(error.message, { cause: error });
        throw error;
      }
    },
  };
}
