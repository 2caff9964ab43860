import { afterAll, beforeAll, expect, it, onTestFinished } from 'vitest';
import { apiCalls, messages } from '../../../lib/api/contract.ts';
import { NO_PAYMENTS, type PaymentSettings } from '../services/payment-settings.ts';
import { pizzaSizes } from './fixtures/orders.ts';
import { signedEvent, startStripeMock, stripeObject, type StripeMock } from './support/stripe-mock.ts';
import { printerPaths } from '../../../lib/api/printer-contract.ts';
import { staffPaths } from '../../../lib/api/staff-contract.ts';
import {
  addTestStaff,
  bearer,
  cartLine,
  type CheckoutChoices,
  onEachStore,
  orderBody,
  placeTestOrder,
  RETAILER_ID,
  staffToken,
  TEST_CUSTOMER,
  uuidSequence,
  type TestApi,
} from './support/test-support.ts';

/**
 * Issue 30: an order paid online reaches the kitchen only once Stripe's signed event says it is
 * paid, exactly once, whatever is redelivered, replayed, forged or late. Stripe is the stand-in of
 * support/stripe-mock.ts, which checks every request the SDK sends against Stripe's description.
 */

const SLUG = 'test-pizza';
const ACCOUNT = { secretKey: 'sk_test_testpizza0001', webhookSecret: 'whsec_testpizzasecret0001' };
const WEBHOOK = `/payments/stripe/webhook/${SLUG}`;
const uuid = uuidSequence();

let stripe: StripeMock;
beforeAll(async () => {
  stripe = await startStripeMock();
});
afterAll(() => stripe.close());

const paymentsVia = (mock: StripeMock): PaymentSettings => ({
  accounts: new Map([[SLUG, ACCOUNT]]),
  apiUrl: new URL(mock.url),
});

async function openOrder(api: TestApi, label: string, choices: CheckoutChoices = {}) {
  const lines = [cartLine(uuid(label), { size: pizzaSizes.large, quantity: 2 })];
  const created = await api.call(apiCalls.createOrder.path, { body: orderBody(lines) });
  const { encryptedOrderId } = apiCalls.createOrder.response.parse(created.body);
  const checkout = {
    order: orderBody(lines, { encryptedOrderId }),
    contact: TEST_CUSTOMER,
    delivery: { street: '1 Collins St', suburbId: 1, instructions: '' },
    expectedTotal: 37.5,
    ...choices,
  };
  return { encryptedOrderId, lines, checkout };
}

async function payOnline(api: TestApi, label: string, choices: CheckoutChoices = {}) {
  const order = await openOrder(api, label, choices);
  const answer = await api.call(apiCalls.payOnline.path, { body: order.checkout });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const paid = apiCalls.payOnline.response.parse(answer.body);
  const sessionId = paid.checkoutUrl.split('/').at(-1) ?? '';
  return { ...order, ...paid, sessionId };
}

/** The session as Stripe holds it after the customer paid on its page (or let it run out). */
function sessionAfter(sessionId: string, outcome: 'paid' | 'expired') {
  const session = stripe.sessions.get(sessionId);
  if (!session) throw new Error(`no session ${sessionId}`);
  return stripeObject(
    'checkout.session',
    outcome === 'paid'
      ? { ...session, status: 'complete', payment_status: 'paid', payment_intent: `pi_for_${sessionId}` }
      : { ...session, status: 'expired' },
  );
}

async function deliver(api: TestApi, event: { payload: string; signature: string }) {
  return api.call(WEBHOOK, {
    domain: null,
    rawBody: event.payload,
    headers: { 'stripe-signature': event.signature, 'content-type': 'application/json' },
  });
}

const completed = (sessionId: string, id?: string) =>
  signedEvent(ACCOUNT.webhookSecret, 'checkout.session.completed', sessionAfter(sessionId, 'paid'), id);
const expired = (sessionId: string, id?: string) =>
  signedEvent(ACCOUNT.webhookSecret, 'checkout.session.expired', sessionAfter(sessionId, 'expired'), id);

async function orderRow(api: TestApi, encryptedOrderId: string) {
  return api.db
    .selectFrom('orders')
    .select(['order_id', 'placed_at', 'order_number', 'placement_json'])
    .where('encrypted_order_id', '=', encryptedOrderId)
    .executeTakeFirstOrThrow();
}

async function paymentRows(api: TestApi, orderId: number) {
  return api.db.selectFrom('online_payments').selectAll().where('order_id', '=', orderId).orderBy('attempt').execute();
}

await onEachStore(
  ({ api, start }) => {
    beforeAll(() => stripe.forgetIdempotencyKeys());

    it('says online payment is offered only where the API holds the shop’s keys', async () => {
      const offered = await api.call(apiCalls.getPaymentOptions.path);
      expect(apiCalls.getPaymentOptions.response.parse(offered.body)).toEqual({ onlinePayment: true });

      const without = await start({ payments: NO_PAYMENTS });
      expect((await without.call(apiCalls.getPaymentOptions.path)).body).toEqual({ onlinePayment: false });
      const order = await openOrder(without, 'no-keys');
      const refused = await without.call(apiCalls.payOnline.path, { body: order.checkout });
      expect(refused.status).toBe(422);
      // Checkout without keys is what it was: place-order refuses online and takes card as before.
      const online = await without.call(apiCalls.placeOrder.path, {
        body: { ...order.checkout, paymentMethod: 'online' },
      });
      expect(online.status).toBe(422);
      const card = await without.call(apiCalls.placeOrder.path, { body: { ...order.checkout, paymentMethod: 'card' } });
      expect(card.status).toBe(200);
    });

    it('opens a Checkout Session for the server’s total and keeps the order off the board until paid', async () => {
      const before = stripe.requests.length;
      const paid = await payOnline(api, 'pay');
      expect(paid.checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.com\//);
      const [sent] = stripe.requests.slice(before);
      expect(stripe.refused).toEqual([]);
      expect(sent?.path).toBe('/v1/checkout/sessions');
      const lineItems = sent?.body['line_items'] as { price_data: { unit_amount: string; currency: string } }[];
      expect(lineItems.map((line) => Number(line.price_data.unit_amount))).toEqual([3200, 550]);
      expect(lineItems.every((line) => line.price_data.currency === 'aud')).toBe(true);
      expect(sent?.body['success_url']).toBe(
        `https://order.testpizza.example/order/?id=${encodeURIComponent(paid.encryptedOrderId)}&payment=paid`,
      );
      const row = await orderRow(api, paid.encryptedOrderId);
      expect(sent?.idempotencyKey).toBe(`storefront-${RETAILER_ID}-order-${row.order_id}-attempt-1`);
      expect(row.placed_at).toBeNull();
      expect((await paymentRows(api, row.order_id)).map((payment) => payment.state)).toEqual(['awaiting-payment']);

      // The cart on Stripe's page is the one paid for: it cannot change under it.
      const update = await api.call(apiCalls.updateOrder.path, {
        body: orderBody(paid.lines, { encryptedOrderId: paid.encryptedOrderId, revision: 5 }),
      });
      expect(update.body).toMatchObject({ success: false, message: messages.orderAwaitingPayment });
      const place = await api.call(apiCalls.placeOrder.path, { body: { ...paid.checkout, paymentMethod: 'card' } });
      expect(place.status).toBe(409);
      // The page Stripe sends the customer back to follows the payment by the order's id.
      const waiting = apiCalls.getOrder.response.parse(
        (await api.call(apiCalls.getOrder.path, { body: { encryptedOrderId: paid.encryptedOrderId } })).body,
      );
      expect(waiting).toMatchObject({ placement: null, payment: { state: 'awaiting-payment', total: 37.5 } });

      const delivered = await deliver(api, completed(paid.sessionId));
      expect(delivered.status).toBe(200);
      const placed = await orderRow(api, paid.encryptedOrderId);
      expect(placed.placed_at).not.toBeNull();
      expect(placed.order_number).toBeGreaterThan(0);
      expect(JSON.parse(placed.placement_json ?? '{}')).toMatchObject({ paymentMethod: 'online', total: 37.5 });
      const [payment] = await paymentRows(api, placed.order_id);
      expect(payment).toMatchObject({ state: 'paid', payment_intent_id: `pi_for_${paid.sessionId}` });

      // The customer who closed the tab still has the order and its receipt reads it.
      const read = await api.call(apiCalls.getOrder.path, {
        body: { encryptedOrderId: paid.encryptedOrderId, receipt: paid.receipt },
      });
      const answer = apiCalls.getOrder.response.parse(read.body);
      expect(answer.placementDetails?.contact).toEqual(TEST_CUSTOMER);
      expect(answer.payment).toEqual({ state: 'paid', total: 37.5, refunded: false });
      expect(answer.placement?.total).toBe(37.5);
    });

    it('charges the total less a promo code, and gives the code its use back when the payment runs out', async () => {
      // An API of its own: its payment attempts would use up the shared one's per-address limit.
      // Its order ids repeat the shared API's, so Stripe's idempotency keys would too: forgotten before and after.
      stripe.forgetIdempotencyKeys();
      onTestFinished(() => stripe.forgetIdempotencyKeys());
      const api = await start({ payments: paymentsVia(stripe) });
      const probe = await openOrder(api, 'promo-probe');
      const { retailer_id: retailerId } = await api.db
        .selectFrom('orders')
        .select('retailer_id')
        .where('encrypted_order_id', '=', probe.encryptedOrderId)
        .executeTakeFirstOrThrow();
      const terms = { code: 'FREEDEL', saving: { kind: 'freeDelivery' }, maxUses: 1 };
      await api.db
        .insertInto('promo_codes')
        .values({
          retailer_id: retailerId,
          code: 'FREEDEL',
          terms: JSON.stringify(terms),
          updated_at: '2030-03-05T00:00:00Z',
        })
        .execute();
      const before = stripe.requests.length;
      const first = await payOnline(api, 'promo-first', { promoCode: 'freedel', expectedTotal: 32 });
      const [sent] = stripe.requests.slice(before);
      expect(stripe.refused).toEqual([]);
      const lineItems = sent?.body['line_items'] as {
        price_data: { unit_amount: string; product_data: { name: string } };
      }[];
      expect(lineItems.map((line) => [line.price_data.product_data.name, Number(line.price_data.unit_amount)])).toEqual(
        [['Your order (Promo FREEDEL)', 3200]],
      );
      const row = await orderRow(api, first.encryptedOrderId);
      expect(await paymentRows(api, row.order_id)).toMatchObject([{ amount_cents: 3200 }]);

      // Its one use is held while the customer is on Stripe's page, and given back once the page runs out.
      const held = await openOrder(api, 'promo-held', { promoCode: 'FREEDEL', expectedTotal: 32 });
      expect((await api.call(apiCalls.payOnline.path, { body: held.checkout })).body).toMatchObject({
        message: 'This code has been used up.',
      });
      expect((await deliver(api, expired(first.sessionId))).status).toBe(200);
      await payOnline(api, 'promo-again', { promoCode: 'FREEDEL', expectedTotal: 32 });
    });

    it('charges a tip with the order on a line of its own: Stripe is asked for the total and the tip', async () => {
      const before = stripe.requests.length;
      const paid = await payOnline(api, 'tip', { tip: { kind: 'percent', percent: 15 }, expectedTip: 4.8 });
      const [sent] = stripe.requests.slice(before);
      expect(stripe.refused).toEqual([]);
      const lineItems = sent?.body['line_items'] as {
        price_data: { unit_amount: string; product_data: { name: string } };
      }[];
      expect(lineItems.map((line) => [line.price_data.product_data.name, Number(line.price_data.unit_amount)])).toEqual(
        [
          ['Your order', 3200],
          ['Delivery fee', 550],
          ['Tip', 480],
        ],
      );
      const row = await orderRow(api, paid.encryptedOrderId);
      expect(await paymentRows(api, row.order_id)).toMatchObject([{ amount_cents: 4230 }]);
      expect((await deliver(api, completed(paid.sessionId))).status).toBe(200);
      const answer = apiCalls.getOrder.response.parse(
        (await api.call(apiCalls.getOrder.path, { body: { encryptedOrderId: paid.encryptedOrderId } })).body,
      );
      expect(answer.payment).toEqual({ state: 'paid', total: 42.3, refunded: false });
      expect(answer.placement).toMatchObject({ paymentMethod: 'online', total: 37.5, tip: 4.8, tipPercent: 15 });

      // A tip Stripe would be asked for that the server does not compute opens no payment page.
      const tampered = await openOrder(api, 'tip-tampered', {
        tip: { kind: 'percent', percent: 15 },
        expectedTip: 9.6,
      });
      const sessions = stripe.requests.length;
      const refused = await api.call(apiCalls.payOnline.path, { body: tampered.checkout });
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({
        message: 'The tip comes to $4.80, not $9.60. Please check your tip and place the order again.',
      });
      expect(stripe.requests.length).toBe(sessions);
    });

    it('changes nothing twice: a redelivered, replayed, second or late event', async () => {
      const paid = await payOnline(api, 'duplicates');
      const event = completed(paid.sessionId);
      expect((await deliver(api, event)).body).toEqual({ received: true, duplicate: false });
      const first = await orderRow(api, paid.encryptedOrderId);
      const eventsBefore = await api.db.selectFrom('payment_events').selectAll().execute();

      expect((await deliver(api, event)).body).toEqual({ received: true, duplicate: true });
      // Signed again (Stripe's retry signs anew), another completed event of the session, then a late expiry.
      expect((await deliver(api, completed(paid.sessionId, event.id))).body).toMatchObject({ duplicate: true });
      expect((await deliver(api, completed(paid.sessionId))).status).toBe(200);
      expect((await deliver(api, expired(paid.sessionId))).status).toBe(200);

      const after = await orderRow(api, paid.encryptedOrderId);
      expect(after).toEqual(first);
      expect(await paymentRows(api, first.order_id)).toMatchObject([{ state: 'paid' }]);
      const outcomes = (await api.db.selectFrom('payment_events').selectAll().execute())
        .filter((row) => !eventsBefore.some((seen) => seen.event_id === row.event_id))
        .map((row) => row.outcome);
      expect(outcomes).toEqual(['unchanged: paid', 'unchanged: paid']);
    });

    it('never sends an expired checkout to the kitchen, and gives the cart back', async () => {
      const paid = await payOnline(api, 'expires');
      expect((await deliver(api, expired(paid.sessionId))).status).toBe(200);
      const row = await orderRow(api, paid.encryptedOrderId);
      expect(row.placed_at).toBeNull();
      expect(await paymentRows(api, row.order_id)).toMatchObject([{ state: 'expired' }]);

      // Out of order: a completion after the expiry took the payment off changes nothing.
      expect((await deliver(api, completed(paid.sessionId))).status).toBe(200);
      expect((await orderRow(api, paid.encryptedOrderId)).placed_at).toBeNull();

      const update = await api.call(apiCalls.updateOrder.path, {
        body: orderBody(paid.lines, { encryptedOrderId: paid.encryptedOrderId, revision: 7 }),
      });
      expect(update.body).toMatchObject({ success: true });
      // Paying again is a new attempt under a new idempotency key.
      const again = await api.call(apiCalls.payOnline.path, {
        body: { ...paid.checkout, order: { ...paid.checkout.order, revision: 7 } },
      });
      expect(again.status).toBe(200);
      expect(stripe.requests.at(-1)?.idempotencyKey).toBe(`storefront-${RETAILER_ID}-order-${row.order_id}-attempt-2`);
    });

    it('gives the cart back at once when the customer cancels on Stripe’s page', async () => {
      const paid = await payOnline(api, 'cancels');
      const cancel = () => api.call(apiCalls.cancelPayment.path, { body: { encryptedOrderId: paid.encryptedOrderId } });
      expect((await cancel()).body).toEqual({ success: true, state: 'cancelled' });
      expect(stripe.refused).toEqual([]);
      expect(stripe.requests.at(-1)?.path).toBe('/v1/checkout/sessions/{session}/expire');
      expect(stripe.sessions.get(paid.sessionId)?.['status']).toBe('expired');
      const row = await orderRow(api, paid.encryptedOrderId);
      expect(await paymentRows(api, row.order_id)).toMatchObject([{ state: 'expired' }]);
      const read = await api.call(apiCalls.getOrder.path, { body: { encryptedOrderId: paid.encryptedOrderId } });
      expect(apiCalls.getOrder.response.parse(read.body)).toMatchObject({
        placement: null,
        payment: { state: 'expired', total: 37.5 },
      });
      const update = await api.call(apiCalls.updateOrder.path, {
        body: orderBody(paid.lines, { encryptedOrderId: paid.encryptedOrderId, revision: 3 }),
      });
      expect(update.body).toMatchObject({ success: true });
      // Stripe's own expiry event, arriving after, and a second cancel change nothing.
      expect((await deliver(api, expired(paid.sessionId))).status).toBe(200);
      expect((await cancel()).body).toEqual({ success: true, state: 'cancelled' });

      // Paid before the cancel arrived: the payment stands.
      const late = await payOnline(api, 'cancels-late');
      await deliver(api, completed(late.sessionId));
      expect(
        (await api.call(apiCalls.cancelPayment.path, { body: { encryptedOrderId: late.encryptedOrderId } })).body,
      ).toEqual({
        success: true,
        state: 'paid',
      });
    });

    it('gives the cart back when a delayed payment fails', async () => {
      const paid = await payOnline(api, 'async-fails');
      const failed = signedEvent(ACCOUNT.webhookSecret, 'checkout.session.async_payment_failed', {
        ...sessionAfter(paid.sessionId, 'expired'),
        status: 'complete',
        payment_status: 'unpaid',
      });
      expect((await deliver(api, failed)).status).toBe(200);
      const row = await orderRow(api, paid.encryptedOrderId);
      expect(row.placed_at).toBeNull();
      expect(await paymentRows(api, row.order_id)).toMatchObject([{ state: 'failed' }]);
    });

    it('refuses forged, tampered and unsigned events (400) and changes nothing', async () => {
      const paid = await payOnline(api, 'forged');
      const forged = signedEvent(
        'whsec_notthesecret0000',
        'checkout.session.completed',
        sessionAfter(paid.sessionId, 'paid'),
      );
      expect((await deliver(api, forged)).status).toBe(400);
      const genuine = completed(paid.sessionId);
      const tampered = {
        payload: genuine.payload.replace('"livemode":false', '"livemode":true'),
        signature: genuine.signature,
      };
      expect((await deliver(api, tampered)).status).toBe(400);
      const unsigned = await api.call(WEBHOOK, { domain: null, rawBody: genuine.payload });
      expect(unsigned.status).toBe(400);
      expect((await api.call('/payments/stripe/webhook/other-pizza', { domain: null, rawBody: '{}' })).status).toBe(
        404,
      );

      expect((await orderRow(api, paid.encryptedOrderId)).placed_at).toBeNull();
      const recorded = await api.db.selectFrom('payment_events').select('event_id').execute();
      expect(recorded.map((row) => row.event_id)).not.toContain(forged.id);
    });

    it('answers a retried pay-online with the same page, and survives a Stripe outage', async () => {
      const paid = await payOnline(api, 'retry');
      const sent = stripe.requests.length;
      const retried = await api.call(apiCalls.payOnline.path, { body: paid.checkout });
      expect(apiCalls.payOnline.response.parse(retried.body).checkoutUrl).toBe(paid.checkoutUrl);
      expect(stripe.requests.length).toBe(sent);
      // A retry that was shown another total is not sent to pay the open page's.
      const otherTotal = await api.call(apiCalls.payOnline.path, {
        body: { ...paid.checkout, expectedTotal: paid.checkout.expectedTotal + 1 },
      });
      expect(otherTotal.status).toBe(409);
      expect(stripe.requests.length).toBe(sent);

      const order = await openOrder(api, 'outage');
      // The SDK retries twice with the same key; a third failure is the customer's 502.
      stripe.failNext('/v1/checkout/sessions', 3);
      const failed = await api.call(apiCalls.payOnline.path, { body: order.checkout });
      expect(failed.status).toBe(502);
      const keys = stripe.requests.slice(sent).map((request) => request.idempotencyKey);
      expect(new Set(keys).size).toBe(1);
      const recovered = await api.call(apiCalls.payOnline.path, { body: order.checkout });
      expect(recovered.status).toBe(200);
    });

    it('places an order once when two API processes take the same event', async () => {
      const paid = await payOnline(api, 'two-processes');
      const second = await start({ sameDatabaseAs: api, payments: paymentsVia(stripe) });
      const event = completed(paid.sessionId);
      const answers = await Promise.all([deliver(api, event), deliver(second, event), deliver(api, event)]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
      expect(answers.filter((answer) => (answer.body as { duplicate: boolean }).duplicate)).toHaveLength(2);
      const row = await orderRow(api, paid.encryptedOrderId);
      expect(row.order_number).not.toBeNull();
      const events = await api.db.selectFrom('payment_events').selectAll().where('event_id', '=', event.id).execute();
      expect(events).toHaveLength(1);
    });

    it('auto-accepts an order paid online only once paid, and once when two API processes take the event', async () => {
      const own = await start({ payments: paymentsVia(stripe) });
      const second = await start({ sameDatabaseAs: own, payments: paymentsVia(stripe) });
      const chef = { email: 'chef@test-pizza.test', password: 'test-pizza-chef', name: 'Cleo', role: 'owner' } as const;
      await addTestStaff(own, SLUG, chef);
      const headers = bearer(await staffToken(own, SLUG, chef));
      const on = await own.call(printerPaths.kitchenSettings, {
        domain: null,
        headers,
        method: 'PUT',
        body: { autoAccept: true },
      });
      expect(on.status).toBe(200);
      const paid = await payOnline(own, 'auto-accept-online');
      const stageOf = async () =>
        own.db
          .selectFrom('orders')
          .select(['kitchen_stage', 'auto_accepted_at'])
          .where('encrypted_order_id', '=', paid.encryptedOrderId)
          .executeTakeFirstOrThrow();
      // On Stripe's page, not yet paid: nothing for the kitchen, nothing accepted.
      expect(await stageOf()).toEqual({ kitchen_stage: 'new', auto_accepted_at: null });
      const event = completed(paid.sessionId);
      await Promise.all([deliver(own, event), deliver(second, event)]);
      expect(await stageOf()).toMatchObject({ kitchen_stage: 'taken', auto_accepted_at: expect.any(String) });
      const steps = await own.db.selectFrom('order_kitchen_steps').select(['to_stage', 'staff_name']).execute();
      expect(steps).toEqual([{ to_stage: 'taken', staff_name: 'Auto-accept' }]);
    });

    it('refunds a paid order the kitchen declines, once, and records it', async () => {
      const cook = {
        email: 'decliner@test-pizza.test',
        password: 'test-pizza-decliner',
        name: 'Dee',
        role: 'kitchen',
      } as const;
      await addTestStaff(api, SLUG, cook);
      const headers = bearer(await staffToken(api, SLUG, cook));
      const paid = await payOnline(api, 'declined');
      await deliver(api, completed(paid.sessionId));
      const sent = stripe.requests.length;

      const declined = await api.call(staffPaths.decline(paid.encryptedOrderId), { domain: null, headers, body: {} });
      expect(declined.status, JSON.stringify(declined.body)).toBe(200);
      expect(declined.body).toMatchObject({ order: { state: 'declined' }, refund: { cents: 3750 } });
      const refunds = stripe.requests.slice(sent);
      expect(stripe.refused).toEqual([]);
      expect(refunds).toHaveLength(1);
      const { order_id: orderId } = await orderRow(api, paid.encryptedOrderId);
      const [payment] = await paymentRows(api, orderId);
      expect(refunds[0]).toMatchObject({
        path: '/v1/refunds',
        body: { payment_intent: `pi_for_${paid.sessionId}`, amount: '3750' },
        idempotencyKey: `storefront-${RETAILER_ID}-payment-${payment?.payment_id}-refund`,
      });
      expect(payment).toMatchObject({ state: 'paid', refunded_cents: 3750, refund_reason: 'declined by the kitchen' });
      expect(payment?.refund_id).toMatch(/^re_/);
      // The customer's page reads the refund with the order.
      const customerSees = apiCalls.getOrder.response.parse(
        (await api.call(apiCalls.getOrder.path, { body: { encryptedOrderId: paid.encryptedOrderId } })).body,
      );
      expect(customerSees).toMatchObject({
        kitchenStage: 'declined',
        payment: { state: 'paid', total: 37.5, refunded: true },
      });

      // Declining again asks Stripe nothing and keeps the refund recorded.
      const again = await api.call(staffPaths.decline(paid.encryptedOrderId), { domain: null, headers, body: {} });
      expect(again.body).toMatchObject({ refund: { refundId: payment?.refund_id } });
      expect(stripe.requests.length).toBe(sent + 1);

      // An order paid at the door is declined without a refund; one the kitchen accepted cannot be.
      const atTheDoor = await placeTestOrder(api, 'declined-cash');
      const cash = await api.call(staffPaths.decline(atTheDoor.encryptedOrderId), { domain: null, headers, body: {} });
      expect(cash.body).toMatchObject({ order: { state: 'declined' }, refund: null });
      const accepted = await placeTestOrder(api, 'declined-late');
      await api.call(staffPaths.take(accepted.encryptedOrderId), { domain: null, headers, body: {} });
      const late = await api.call(staffPaths.decline(accepted.encryptedOrderId), { domain: null, headers, body: {} });
      expect(late.status).toBe(409);
    });

    it('bounds the webhook: size and rate', async () => {
      const huge = await api.call(WEBHOOK, {
        domain: null,
        rawBody: `{"pad":"${'x'.repeat(70 * 1024)}"}`,
        headers: { 'stripe-signature': 't=1,v1=00' },
      });
      expect(huge.status).toBe(413);

      const limited = await start({
        payments: paymentsVia(stripe),
        rateLimits: {
          paymentEventsPerAddress: { attempts: 3, windowMs: 60_000 },
          payOnlinePerAddress: { attempts: 2, windowMs: 60_000 },
        },
      });
      const statuses = [];
      for (let n = 0; n < 4; n += 1)
        statuses.push(
          (await limited.call(WEBHOOK, { domain: null, rawBody: '{}', headers: { 'stripe-signature': 't=1,v1=00' } }))
            .status,
        );
      expect(statuses).toEqual([400, 400, 400, 429]);
      const order = await openOrder(limited, 'rate');
      const attempts = [];
      for (let n = 0; n < 3; n += 1)
        attempts.push((await limited.call(apiCalls.payOnline.path, { body: order.checkout })).status);
      expect(attempts).toEqual([200, 200, 429]);
    });
  },
  { api: () => ({ payments: paymentsVia(stripe) }) },
);
