import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api/client.ts';
import type { ApiBody } from '../../../lib/api/contract.ts';
import { freshOrderState } from '../../../lib/cart/order-state.ts';
import { orderTypeStatus, startStatus } from '../../../lib/cart/order-status.ts';
import { $order } from '../stores/order.ts';
import { $statusQueue, queueStatus } from '../stores/status-queue.ts';
import { startStatusSender } from './status-sender.ts';

type Sent = ApiBody<'createOrderStatus'>;

/** An API that fails the first `failures` calls; with `answersLost`, those reach the server and only their answers are lost. */
function fakeApi(failures: number, { answersLost = false } = {}) {
  const sent: Sent[] = [];
  const keys: (string | undefined)[] = [];
  const recorded = new Map<string, number>();
  let failuresLeft = failures;
  return {
    sent,
    keys,
    recorded,
    api: {
      createOrderStatus: (body: Sent, { idempotencyKey }: { idempotencyKey?: string } = {}) => {
        keys.push(idempotencyKey);
        const lost = failuresLeft > 0;
        if (lost) failuresLeft -= 1;
        if (!lost || answersLost) {
          sent.push(body);
          if (idempotencyKey && !recorded.has(idempotencyKey)) recorded.set(idempotencyKey, recorded.size + 1);
        }
        if (lost) return Promise.reject(new ApiError('timeout', 'no answer'));
        return Promise.resolve({ success: true as const, orderStatusId: recorded.get(idempotencyKey ?? '') ?? 0 });
      },
    },
  };
}

const at = (minute: number) => new Date(Date.UTC(2026, 10, 25, 8, minute));
const events = new EventTarget();

describe('status sender', () => {
  let stop: () => void = () => undefined;
  beforeEach(() => {
    vi.useFakeTimers();
    $order.set(freshOrderState());
    $statusQueue.set([]);
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  it('sends the start status, then order-type changes, in order, each once', async () => {
    const { api, sent } = fakeApi(0);
    stop = startStatusSender(api, events);
    queueStatus(null, startStatus('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)', at(0)));
    queueStatus(null, orderTypeStatus('pickup', at(1)));
    queueStatus('order-1', orderTypeStatus('delivery', at(2)));
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.map((body) => [body.encryptedOrderId, body.orderStatus.orderStatusTypeId])).toEqual([
      [null, 54],
      [null, 55],
      ['order-1', 56],
    ]);
    expect($statusQueue.get()).toEqual([]);
  });

  it('keeps failed statuses queued and sends them in order once the API answers, with the order id known by then', async () => {
    const { api, sent } = fakeApi(2);
    stop = startStatusSender(api, events);
    queueStatus(null, startStatus('Mozilla/5.0 (X11; Linux x86_64)', at(0)));
    queueStatus(null, orderTypeStatus('pickup', at(1)));
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([]);
    expect($statusQueue.get()).toHaveLength(2);
    $order.set({ ...$order.get(), encryptedOrderId: 'order-9' });
    await vi.advanceTimersByTimeAsync(10000);
    await vi.advanceTimersByTimeAsync(10000);
    expect(sent.map((body) => [body.encryptedOrderId, body.orderStatus.orderStatusTypeId])).toEqual([
      ['order-9', 1],
      ['order-9', 55],
    ]);
    expect($statusQueue.get()).toEqual([]);
  });

  it('sends a status whose answer was lost again with the same key, so the server records it once', async () => {
    const { api, keys, recorded } = fakeApi(1, { answersLost: true });
    stop = startStatusSender(api, events);
    queueStatus('order-1', orderTypeStatus('pickup', at(1)));
    queueStatus('order-1', orderTypeStatus('delivery', at(2)));
    await vi.advanceTimersByTimeAsync(10000);
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
    expect(recorded.size).toBe(2);
    expect($statusQueue.get()).toEqual([]);
  });

  /** An API that refuses every status for `orderId` with `status`, and records the rest. */
  function refusingApi(orderId: string, status: number) {
    const sent: Sent[] = [];
    const attempts: Sent[] = [];
    return {
      sent,
      attempts,
      api: {
        createOrderStatus: (body: Sent) => {
          attempts.push(body);
          if (body.encryptedOrderId === orderId)
            return Promise.reject(
              new ApiError('http', 'refused', { status, body: { success: false, message: 'refused' } }),
            );
          sent.push(body);
          return Promise.resolve({ success: true as const, orderStatusId: sent.length });
        },
      },
    };
  }

  it.each([[400], [404], [409]])(
    'drops a status the server refuses for good with %s and sends the next, trying it once',
    async (status) => {
      const { api, sent, attempts } = refusingApi('gone-order', status);
      stop = startStatusSender(api, events);
      queueStatus('gone-order', orderTypeStatus('pickup', at(1)));
      queueStatus('order-1', orderTypeStatus('delivery', at(2)));
      await vi.advanceTimersByTimeAsync(60_000);
      expect(attempts.filter((body) => body.encryptedOrderId === 'gone-order')).toHaveLength(1);
      expect(sent.map((body) => body.encryptedOrderId)).toEqual(['order-1']);
      expect($statusQueue.get()).toEqual([]);
    },
  );

  it('keeps a status refused with 429 and tries again only after two minutes, not every 10 seconds', async () => {
    const { api, attempts } = refusingApi('busy-order', 429);
    stop = startStatusSender(api, events);
    queueStatus('busy-order', orderTypeStatus('pickup', at(1)));
    await vi.advanceTimersByTimeAsync(119_000);
    expect(attempts).toHaveLength(1);
    expect($statusQueue.get()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(attempts).toHaveLength(2);
  });
});
