import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, type Page } from '@playwright/test';
import {
  signedEvent,
  startStripeMock,
  stripeObject,
  type StripeMock,
} from '../../server/api/tests/support/stripe-mock.ts';
import { startLiveStack, type LiveStack } from './live-stack.ts';

/** Test keys only: the stand-in refuses anything but `sk_test_…`, and no request leaves this machine. */
const ACCOUNT = { secretKey: 'sk_test_e2epayonline01', webhookSecret: 'whsec_e2epayonlinesecret01' };
/** Where the stand-in's sessions say Stripe's hosted Checkout page is: the journeys' boundary. */
export const STRIPE_CHECKOUT_PAGES = 'https://checkout.stripe.com/**';

export interface PayingStack extends LiveStack {
  stripe: StripeMock;
  /** The session Stripe holds for a Checkout page's address, as the API made it. */
  session(checkoutUrl: string): { id: string; successUrl: string; cancelUrl: string };
  /**
   * Stripe's signed event about that session, delivered to the shop's webhook as Stripe would:
   * `completed` after the customer paid on its page, `expired` once the page ran out unpaid. The
   * same `eventId` again is Stripe's redelivery.
   */
  deliver(
    checkoutUrl: string,
    outcome: 'completed' | 'expired',
    eventId?: string,
  ): Promise<{ status: number; body: unknown; eventId: string }>;
  /** The placed orders on the kitchen's board (the operator's queue of orders not yet taken). */
  board(): Promise<{ encryptedOrderId: string; orderNumber: number; total: number; paymentMethod: string }[]>;
}

/**
 * An API and broker of the journey's own (startLiveStack) whose `slug` takes payment online through
 * the Stripe stand-in of the API's tests, which checks every request the SDK sends against
 * Stripe's published description. Stripe's own page is never drawn: the browser's visit there is
 * answered by a blank stand-in (`usedBy`), and the test plays Stripe's part with its signed events.
 */
export async function startPayingStack(slug: string): Promise<PayingStack> {
  const stripe = await startStripeMock();
  const dir = await mkdtemp(join(tmpdir(), 'storefront-stripe-'));
  const accountsFile = join(dir, 'stripe-accounts.json');
  await writeFile(accountsFile, JSON.stringify({ [slug]: ACCOUNT }));
  const live = await startLiveStack({ apiEnv: { STRIPE_ACCOUNTS_FILE: accountsFile, STRIPE_API_URL: stripe.url } });

  const sessionOf = (checkoutUrl: string) => {
    const id = new URL(checkoutUrl).pathname.split('/').at(-1) ?? '';
    const session = stripe.sessions.get(id);
    if (!session) throw new Error(`the Stripe stand-in made no session ${id}`);
    return session;
  };
  const operatorGet = async (path: string) => {
    const response = await fetch(`${live.apiUrl}${path}`, { headers: { authorization: 'Bearer dev-operator' } });
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    return response.json();
  };

  return {
    ...live,
    stripe,
    session(checkoutUrl) {
      const session = sessionOf(checkoutUrl);
      return {
        id: String(session['id']),
        successUrl: String(session['success_url']),
        cancelUrl: String(session['cancel_url']),
      };
    },
    async deliver(checkoutUrl, outcome, eventId) {
      const session = sessionOf(checkoutUrl);
      const after =
        outcome === 'completed'
          ? {
              ...session,
              status: 'complete',
              payment_status: 'paid',
              payment_intent: `pi_for_${String(session['id'])}`,
            }
          : { ...session, status: 'expired' };
      const event = signedEvent(
        ACCOUNT.webhookSecret,
        `checkout.session.${outcome}`,
        stripeObject('checkout.session', after),
        eventId,
      );
      const response = await fetch(`${live.apiUrl}/payments/stripe/webhook/${slug}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
        body: event.payload,
      });
      return { status: response.status, body: await response.json(), eventId: event.id };
    },
    async board() {
      return operatorGet(`/operator/tenants/${slug}/open-orders`);
    },
    async usedBy(page: Page) {
      await live.usedBy(page);
      await page.route(STRIPE_CHECKOUT_PAGES, (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: '<!doctype html><meta charset="utf-8"><title>Stripe Checkout (stand-in)</title><p>Stripe’s hosted page stands here.</p>',
        }),
      );
    },
    async stop() {
      await live.stop();
      await stripe.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A paying stack of each test's own for `slug`, started before each test of the file (or describe)
 * that calls this and stopped after it, with the test's page using it. Answers the running one.
 */
export function usePayingStack(slug: string): () => PayingStack {
  let stack: PayingStack | undefined;
  test.beforeEach(async ({ page }) => {
    stack = await startPayingStack(slug);
    await stack.usedBy(page);
  });
  test.afterEach(async () => {
    await stack?.stop();
    stack = undefined;
  });
  return () => {
    if (!stack) throw new Error(`no paying stack for ${slug} runs outside a test`);
    return stack;
  };
}
