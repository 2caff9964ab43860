import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderAnswer, Placement } from '../../../../lib/cart/placement.ts';
import {
  ORDER_POLL_MS,
  orderWatchBroker,
  PAYMENT_POLL_MS,
  trackOrder,
  type TrackedOrder,
  type WatchHandlers,
} from './order-tracking.ts';

const placement: Placement = {
  orderNumber: 7,
  placedAt: '2026-11-27T09:30:00.000Z',
  dueAt: '2026-11-27T10:00:00.000Z',
  isPickup: true,
  orderForLater: false,
  orderForLaterRequestDateTime: null,
  contact: { fullName: 'Grace Hopper', phoneNumber: '0400 111 222', email: 'grace@example.com' },
  delivery: null,
  paymentMethod: 'cash',
  orderNotes: 'No onions',
  subTotal: 20,
  discountTotal: 0,
  deals: [],
  deliveryFee: 0,
  total: 20,
  tip: 0,
  tipPercent: null,
  promoCode: null,
  promoSaving: 0,
};
const orderWatch = { key: 'q3Zr0-_AbCdEfGhIjKlMnO', topicId: 'T0p1cId-of-the-order_A' };
const received = (): OrderAnswer => ({
  orderProcessed: false,
  kitchenStage: 'new',
  runningLateUntil: null,
  loggedInCustId: null,
  historicDeliveryFee: 0,
  discountTotal: 0,
  products: [],
  placement,
  placementDetails: placement,
  orderWatch,
  payment: null,
});
const taken = (): OrderAnswer => ({ ...received(), orderProcessed: true, kitchenStage: 'taken' });
const atStage = (kitchenStage: OrderAnswer['kitchenStage']): OrderAnswer => ({
  ...taken(),
  kitchenStage,
  orderWatch: kitchenStage === 'collected' ? null : orderWatch,
});

/** A stand-in API whose answers the test sets, counting the calls. */
function fakeApi(first: OrderAnswer | Error) {
  let next: OrderAnswer | Error = first;
  const api = {
    calls: 0,
    receipts: [] as (string | undefined)[],
    answer(value: OrderAnswer | Error) {
      next = value;
    },
    fetchOrder: async (_encryptedOrderId: string, receipt: string | undefined) => {
      api.calls += 1;
      api.receipts.push(receipt);
      if (next instanceof Error) throw next;
      return next;
    },
  };
  return api;
}

/** A stand-in broker watch: the test plays the broker's part through its handlers. */
function fakeWatch() {
  const watch = { started: [] as unknown[], stopped: 0, handlers: null as WatchHandlers | null };
  return {
    watch,
    startWatch: async (given: unknown, handlers: WatchHandlers) => {
      watch.started.push(given);
      watch.handlers = handlers;
      return async () => {
        watch.stopped += 1;
      };
    },
  };
}

function track(api: ReturnType<typeof fakeApi>, broker = fakeWatch(), receipt?: string) {
  const shown: TrackedOrder[] = [];
  const stop = trackOrder({
    encryptedOrderId: 'order-1',
    receipt,
    retailerId: 111,
    shop: { name: 'Bella Napoli', address: '312 Lygon Street' },
    zone: 0,
    onChange: (order) => shown.push(order),
    fetchOrder: api.fetchOrder,
    startWatch: broker.startWatch,
    now: () => new Date('2026-11-27T09:31:00Z'),
  });
  const last = () => shown.at(-1);
  const status = () => {
    const order = last();
    return order?.kind === 'shown' ? `${order.view.statusTitle}${order.live ? ' (live)' : ''}` : order?.kind;
  };
  return { shown, stop, last, status, broker: broker.watch };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('location', { pathname: '/order/', href: 'http://bella-napoli.localhost/order/?id=order-1' });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('trackOrder', () => {
  it("asks with the page's receipt every time, and shows the details the shop returns or says they are withheld", async () => {
    const api = fakeApi({ ...received(), placementDetails: null });
    const tracked = track(api, fakeWatch(), 'the-receipt-of-order-1');
    await vi.advanceTimersByTimeAsync(0);
    const withheld = tracked.last();
    expect(withheld?.kind === 'shown' && withheld.view).toMatchObject({
      contact: null,
      notes: null,
      withheld: expect.stringContaining('its address holds the key'),
    });
    api.answer(received());
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS);
    const shown = tracked.last();
    expect(shown?.kind === 'shown' && shown.view).toMatchObject({
      contact: 'Grace Hopper · 0400 111 222',
      notes: 'No onions',
      withheld: null,
    });
    expect(api.receipts).toEqual(['the-receipt-of-order-1', 'the-receipt-of-order-1']);
    tracked.stop();
  });

  it('without the broker, asks again every 15 s through each step until the order is collected, then stops asking', async () => {
    const api = fakeApi(received());
    const tracked = track(api);
    await vi.advanceTimersByTimeAsync(0);
    expect(tracked.status()).toBe('Order received');
    expect(tracked.broker.started).toEqual([orderWatch]);
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS - 1);
    expect(api.calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(api.calls).toBe(2);
    api.answer(taken());
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS);
    expect(tracked.status()).toBe('Being prepared');
    api.answer(atStage('ready'));
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS);
    expect(tracked.status()).toBe('Ready for pickup');
    expect(tracked.broker.stopped).toBe(0);
    api.answer(atStage('collected'));
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS);
    expect(tracked.status()).toBe('Collected');
    expect(tracked.broker.stopped).toBe(1);
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS * 10);
    expect(api.calls).toBe(5);
  });

  it('with the broker, shows the change the moment the message arrives, long before the next poll', async () => {
    const api = fakeApi(received());
    const tracked = track(api);
    await vi.advanceTimersByTimeAsync(0);
    tracked.broker.handlers?.onSubscribed();
    await vi.advanceTimersByTimeAsync(0);
    expect(tracked.status()).toBe('Order received (live)');
    const callsBefore = api.calls;

    tracked.broker.handlers?.onStatus({ orderProcessed: true, kitchenStage: 'taken' });
    expect(tracked.status()).toBe('Being prepared (live)');
    tracked.broker.handlers?.onStatus({ orderProcessed: true, kitchenStage: 'ready' });
    expect(tracked.status()).toBe('Ready for pickup (live)');
    // An undo of a mis-tap reaches the page the same way.
    tracked.broker.handlers?.onStatus({ orderProcessed: true, kitchenStage: 'taken' });
    expect(tracked.status()).toBe('Being prepared (live)');
    tracked.broker.handlers?.onStatus({ orderProcessed: true, kitchenStage: 'ready' });
    tracked.broker.handlers?.onStatus({ orderProcessed: true, kitchenStage: 'collected' });
    expect(tracked.status()).toBe('Collected');
    expect(api.calls).toBe(callsBefore);
    await vi.advanceTimersByTimeAsync(0);
    expect(tracked.broker.stopped).toBe(1);
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS * 4);
    expect(api.calls).toBe(callsBefore);
  });

  it('once subscribed, asks once more, so a kitchen quicker than the broker connection is not missed', async () => {
    const api = fakeApi(received());
    const tracked = track(api);
    await vi.advanceTimersByTimeAsync(0);
    api.answer(taken());
    tracked.broker.handlers?.onSubscribed();
    await vi.advanceTimersByTimeAsync(0);
    expect(api.calls).toBe(2);
    expect(tracked.status()).toBe('Being prepared (live)');
  });

  it('a poll answered before the live message cannot take the status back', async () => {
    const api = fakeApi(received());
    const tracked = track(api);
    await vi.advanceTimersByTimeAsync(0);
    tracked.broker.handlers?.onStatus({ orderProcessed: true });
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS);
    expect(
      tracked.shown
        .filter((order) => order.kind === 'shown')
        .map((order) => order.kind === 'shown' && order.view.status),
    ).toEqual(['received', 'preparing', 'preparing']);
  });

  it('says when the live link drops, and keeps polling', async () => {
    const api = fakeApi(received());
    const tracked = track(api);
    await vi.advanceTimersByTimeAsync(0);
    tracked.broker.handlers?.onSubscribed();
    await vi.advanceTimersByTimeAsync(0);
    tracked.broker.handlers?.onError({ kind: 'connection', message: 'Connection closed' });
    expect(tracked.status()).toBe('Order received');
    const callsBefore = api.calls;
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS);
    expect(api.calls).toBe(callsBefore + 1);
  });

  it('does not open the broker for an order already collected, nor ask again', async () => {
    const broker = fakeWatch();
    const api = fakeApi(atStage('collected'));
    const tracked = track(api, broker);
    await vi.advanceTimersByTimeAsync(0);
    expect(tracked.status()).toBe('Collected');
    expect(broker.watch.started).toEqual([]);
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS * 4);
    expect(api.calls).toBe(1);
  });

  it('an order paid online: awaiting payment, asked every 3 s, then paid, then with the kitchen', async () => {
    const online = { ...placement, paymentMethod: 'online' as const };
    const paying: OrderAnswer = {
      ...received(),
      placement: null,
      placementDetails: null,
      orderWatch: null,
      payment: { state: 'awaiting-payment', total: 20, refunded: false },
    };
    const api = fakeApi(paying);
    const tracked = track(api);
    await vi.advanceTimersByTimeAsync(0);
    expect(tracked.last()).toMatchObject({ kind: 'paying', payment: { step: 'awaiting-payment', amount: '$20.00' } });
    await vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS);
    expect(api.calls).toBe(2);
    expect(tracked.broker.started).toEqual([]);
    api.answer({
      ...received(),
      placement: online,
      placementDetails: online,
      payment: { state: 'paid', total: 20, refunded: false },
    });
    await vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS);
    expect(tracked.last()).toMatchObject({ kind: 'shown', payment: { step: 'paid', amount: '$20.00' } });
    expect(tracked.broker.started).toEqual([orderWatch]);
    tracked.broker.handlers?.onStatus({ orderProcessed: true, kitchenStage: 'taken' });
    expect(tracked.last()).toMatchObject({ kind: 'shown', payment: { step: 'with-kitchen' } });
    // Placed, it is followed as any order is: the next poll is the usual one.
    const calls = api.calls;
    await vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS);
    expect(api.calls).toBe(calls);
    tracked.stop();
  });

  it('a paid order the kitchen declines: asked at once on the word, followed until the refund is recorded, then left', async () => {
    const online = { ...placement, paymentMethod: 'online' as const };
    const paid = (kitchenStage: OrderAnswer['kitchenStage'], refunded: boolean): OrderAnswer => ({
      ...received(),
      kitchenStage,
      placement: online,
      placementDetails: online,
      payment: { state: 'paid', total: 20, refunded },
    });
    const api = fakeApi(paid('new', false));
    const tracked = track(api);
    await vi.advanceTimersByTimeAsync(0);
    expect(tracked.last()).toMatchObject({ kind: 'shown', payment: { step: 'paid' } });
    // The refund did not go through at the first try: the page says it is on its way and keeps asking.
    api.answer(paid('declined', false));
    const calls = api.calls;
    tracked.broker.handlers?.onStatus({ orderProcessed: false, kitchenStage: 'declined' });
    expect(tracked.last()).toMatchObject({ kind: 'shown', payment: { step: 'refunding', amount: '$20.00' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(api.calls).toBe(calls + 1);
    api.answer(paid('declined', true));
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS);
    expect(tracked.last()).toMatchObject({ kind: 'shown', payment: { step: 'refunded', amount: '$20.00' } });
    const settled = api.calls;
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS * 4);
    expect(api.calls).toBe(settled);
    tracked.stop();
  });

  it('an online payment that ended unpaid says so and stops asking', async () => {
    const api = fakeApi({ ...received(), placement: null, payment: { state: 'expired', total: 20, refunded: false } });
    const tracked = track(api);
    await vi.advanceTimersByTimeAsync(0);
    expect(tracked.last()).toMatchObject({ kind: 'paying', payment: { step: 'ended' } });
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS * 4);
    expect(api.calls).toBe(1);
  });

  it.each([
    ['an order never placed', { ...received(), placement: null }],
    ['an id the shop does not know', Object.assign(new Error('Order not found'), { status: 404 })],
  ])('%s is missing', async (_name, answer) => {
    const tracked = track(fakeApi(answer));
    await vi.advanceTimersByTimeAsync(0);
    expect(tracked.last()).toEqual({ kind: 'missing' });
  });

  it('an unreachable shop: says so, keeps trying, and shows the order when it answers', async () => {
    const api = fakeApi(Object.assign(new Error('Failed to fetch'), { status: null }));
    const tracked = track(api);
    await vi.advanceTimersByTimeAsync(0);
    expect(tracked.last()).toEqual({ kind: 'failed' });
    api.answer(received());
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS);
    expect(tracked.status()).toBe('Order received');
  });

  it('a failed poll keeps the order on screen', async () => {
    const api = fakeApi(received());
    const tracked = track(api);
    await vi.advanceTimersByTimeAsync(0);
    api.answer(new Error('Failed to fetch'));
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS);
    expect(tracked.status()).toBe('Order received');
    expect(tracked.shown.some((order) => order.kind === 'failed')).toBe(false);
  });

  it('stops asking and closes the watch when the page goes', async () => {
    const api = fakeApi(received());
    const tracked = track(api);
    await vi.advanceTimersByTimeAsync(0);
    tracked.stop();
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS * 3);
    expect(api.calls).toBe(1);
    expect(tracked.broker.stopped).toBe(1);
    const shownBefore = tracked.shown.length;
    tracked.broker.handlers?.onStatus({ orderProcessed: true });
    expect(tracked.shown).toHaveLength(shownBefore);
  });
});

describe('orderWatchBroker', () => {
  it.each([
    [
      'the shop’s broker with the watch key, without an order-watch listener',
      null,
      { brokerUrl: 'wss://broker.example', login: 'watch-key' },
    ],
    [
      'Mosquitto’s order-watch listener with the topic id, with one',
      'wss://broker.example/order-watch',
      { brokerUrl: 'wss://broker.example/order-watch', login: 'topic-id' },
    ],
  ])('%s', (_name, orderWatchBrokerUrl, expected) => {
    expect(orderWatchBroker({ brokerUrl: 'wss://broker.example', orderWatchBrokerUrl })).toEqual(expected);
  });
});
