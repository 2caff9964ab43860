import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api/client.ts';
import { messages, type ApiBody } from '../../../lib/api/contract.ts';
import { buildCartLine, type LineSelection } from '../../../lib/cart/line-builder.ts';
import { freshOrderState } from '../../../lib/cart/order-state.ts';

type OrderPayload = ApiBody<'createOrder'>;
import { MARGHERITA, PEPPERONI, SMALL, testCatalogue } from '../../../lib/pricing/test-menu.ts';
import { $order, addToCart, removeLine, resetOrder } from '../stores/order.ts';
import { $toasts } from '../stores/toasts.ts';
import { startOrderSync } from './order-sync.ts';

const catalogue = testCatalogue();
const line = (productId: number) =>
  buildCartLine(catalogue, {
    productId,
    retailerProductSizeId: SMALL,
    options: {},
    extras: {},
    removed: [],
    secondHalf: null,
    quantity: 1,
  } satisfies LineSelection).line;

interface Call {
  kind: 'create' | 'update';
  payload: OrderPayload;
  key: string | undefined;
}

function fakeApi(answers: Array<'ok' | 'offline' | 'bad-request' | 'processed' | 'stale' | 'awaiting-payment'> = []) {
  const calls: Call[] = [];
  const cancelled: string[] = [];
  const answer = <T>(kind: Call['kind'], payload: OrderPayload, key: string | undefined, ok: () => T): Promise<T> => {
    calls.push({ kind, payload, key });
    const next = answers.shift() ?? 'ok';
    if (next === 'offline') return Promise.reject(new ApiError('network', 'unreachable'));
    if (next === 'stale')
      return Promise.reject(
        new ApiError('http', messages.staleOrder, {
          status: 409,
          body: { success: false, message: messages.staleOrder },
        }),
      );
    if (next === 'bad-request')
      return Promise.reject(
        new ApiError('http', 'products.0.uuid: invalid', {
          status: 400,
          body: { success: false, message: 'products.0.uuid: invalid' },
        }),
      );
    if (next === 'processed' || next === 'awaiting-payment')
      return Promise.resolve({
        success: false,
        message: next === 'processed' ? messages.orderProcessed : messages.orderAwaitingPayment,
        uuidToOrderProductIds: {},
      } as T);
    return Promise.resolve(ok());
  };
  const ids = (payload: OrderPayload) =>
    Object.fromEntries(payload.products.map((product, index) => [product.uuid, 500 + index]));
  return {
    calls,
    cancelled,
    api: {
      cancelPayment: (encryptedOrderId: string) => {
        cancelled.push(encryptedOrderId);
        return Promise.resolve({ success: true as const, state: 'cancelled' as const });
      },
      createOrder: (payload: OrderPayload, options: { idempotencyKey?: string } = {}) =>
        answer('create', payload, options.idempotencyKey, () => ({
          encryptedOrderId: 'order-1',
          uuidToOrderProductIds: ids(payload),
        })),
      updateOrder: (payload: OrderPayload) =>
        answer('update', payload, undefined, () => ({
          success: true,
          message: 'Order updated',
          uuidToOrderProductIds: ids(payload),
        })),
    },
  };
}

const events = new EventTarget();

describe('order sync', () => {
  let stop: () => void = () => undefined;
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-06-10T02:00:00Z') });
    $order.set(freshOrderState());
    $toasts.set([]);
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  it('sends one create-order a second after the last of several quick changes, then updates', async () => {
    const { api, calls } = fakeApi();
    stop = startOrderSync(api, 111, events);
    addToCart(line(MARGHERITA));
    await vi.advanceTimersByTimeAsync(600);
    addToCart(line(PEPPERONI));
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map((call) => [call.kind, call.payload.products.length])).toEqual([['create', 2]]);
    expect(calls[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect($order.get()).toMatchObject({ encryptedOrderId: 'order-1', createKey: null });
    expect($order.get().products.map((product) => product.orderProductId)).toEqual([500, 501]);

    removeLine($order.get().products[0]?.uuid ?? '');
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls.map((call) => [call.kind, call.payload.encryptedOrderId, call.payload.products.length])).toEqual([
      ['create', null, 2],
      ['update', 'order-1', 1],
    ]);
  });

  it('keeps the cart through an outage, says so once, and retries with the same key until one order holds every line', async () => {
    const { api, calls } = fakeApi(['offline', 'offline']);
    stop = startOrderSync(api, 111, events);
    addToCart(line(MARGHERITA));
    await vi.advanceTimersByTimeAsync(1000);
    addToCart(line(PEPPERONI));
    await vi.advanceTimersByTimeAsync(2000);
    expect($toasts.get().map((toast) => toast.title)).toEqual(['Error creating order']);
    expect($order.get().products).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(5000);
    const creates = calls.filter((call) => call.kind === 'create');
    expect(creates.length).toBeGreaterThanOrEqual(3);
    expect(new Set(creates.map((call) => call.key)).size).toBe(1);
    expect(creates.at(-1)?.payload.products).toHaveLength(2);
    expect($order.get()).toMatchObject({ encryptedOrderId: 'order-1', syncedRevision: $order.get().revision });
  });

  it('retries at once when the browser comes back online', async () => {
    const { api, calls } = fakeApi(['offline']);
    stop = startOrderSync(api, 111, events);
    addToCart(line(MARGHERITA));
    await vi.advanceTimersByTimeAsync(1000);
    events.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(2);
    expect($order.get().encryptedOrderId).toBe('order-1');
  });

  it('tells the customer an order the kitchen already took cannot change, and stops sending', async () => {
    const { api, calls } = fakeApi(['ok', 'processed']);
    stop = startOrderSync(api, 111, events);
    addToCart(line(MARGHERITA));
    await vi.advanceTimersByTimeAsync(1000);
    addToCart(line(PEPPERONI));
    await vi.advanceTimersByTimeAsync(30000);
    expect(calls.map((call) => call.kind)).toEqual(['create', 'update']);
    expect($toasts.get()[0]).toMatchObject({
      title: 'Error updating order',
      description: messages.orderProcessed,
      variant: 'destructive',
    });
  });

  it('a cart changed while its payment page is still open (the customer came Back): ends that page and sends the cart', async () => {
    const { api, calls, cancelled } = fakeApi(['ok', 'awaiting-payment']);
    stop = startOrderSync(api, 111, events);
    addToCart(line(MARGHERITA));
    await vi.advanceTimersByTimeAsync(1000);
    addToCart(line(PEPPERONI));
    await vi.advanceTimersByTimeAsync(1000);
    expect(cancelled).toEqual(['order-1']);
    expect($toasts.get().map((toast) => toast.description)).toEqual([
      'Payment cancelled. Your cart is as you left it.',
    ]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls.map((call) => [call.kind, call.payload.products.length])).toEqual([
      ['create', 1],
      ['update', 2],
      ['update', 2],
    ]);
    expect($order.get().syncedRevision).toBe($order.get().revision);
  });

  it('does not loop on a request the server refuses as invalid', async () => {
    const { api, calls } = fakeApi(['bad-request']);
    stop = startOrderSync(api, 111, events);
    addToCart(line(MARGHERITA));
    await vi.advanceTimersByTimeAsync(60000);
    expect(calls).toHaveLength(1);
    expect($toasts.get()[0]).toMatchObject({ title: 'Error creating order', description: 'products.0.uuid: invalid' });
    expect($order.get().products).toHaveLength(1);
  });

  it('sends what an earlier visit left unsent as soon as it starts', async () => {
    addToCart(line(MARGHERITA));
    const { api, calls } = fakeApi();
    stop = startOrderSync(api, 111, events);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.map((call) => call.kind)).toEqual(['create']);
  });

  it('sends the revision of the cart with every write', async () => {
    const { api, calls } = fakeApi();
    stop = startOrderSync(api, 111, events);
    addToCart(line(MARGHERITA));
    await vi.advanceTimersByTimeAsync(1000);
    addToCart(line(PEPPERONI));
    removeLine($order.get().products[0]?.uuid ?? '');
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls.map((call) => [call.kind, call.payload.revision])).toEqual([
      ['create', 1],
      ['update', 3],
    ]);
  });

  it('takes "a newer change is already saved" as settled for that revision: no toast, and the newer cart is still sent', async () => {
    const { api, calls } = fakeApi(['ok', 'stale']);
    stop = startOrderSync(api, 111, events);
    addToCart(line(MARGHERITA));
    await vi.advanceTimersByTimeAsync(1000);
    addToCart(line(PEPPERONI));
    await vi.advanceTimersByTimeAsync(1000);
    expect($toasts.get()).toEqual([]);
    expect($order.get().syncedRevision).toBe($order.get().revision);
    addToCart(line(MARGHERITA));
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls.map((call) => [call.kind, call.payload.revision])).toEqual([
      ['create', 1],
      ['update', 2],
      ['update', 3],
    ]);
  });

  it('drops an answer that arrives after the cart was placed and a fresh one started', async () => {
    let answerCreate: (value: {
      encryptedOrderId: string;
      uuidToOrderProductIds: Record<string, number>;
    }) => void = () => undefined;
    const api = {
      createOrder: () =>
        new Promise<{ encryptedOrderId: string; uuidToOrderProductIds: Record<string, number> }>(
          (resolve) => (answerCreate = resolve),
        ),
      updateOrder: () => Promise.reject(new ApiError('network', 'unreachable')),
      cancelPayment: () => Promise.reject(new ApiError('network', 'unreachable')),
    };
    stop = startOrderSync(api, 111, events);
    addToCart(line(MARGHERITA));
    await vi.advanceTimersByTimeAsync(1000);
    resetOrder();
    answerCreate({ encryptedOrderId: 'placed-order', uuidToOrderProductIds: {} });
    await vi.advanceTimersByTimeAsync(0);
    expect($order.get()).toMatchObject({ encryptedOrderId: null, revision: 0, syncedRevision: 0 });
  });
});
