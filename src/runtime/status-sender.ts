import type { ApiClient } from '../lib/api/client.ts';
import { $order } from '../stores/order.ts';
import { $statusQueue, statusSent } from '../stores/status-queue.ts';

const RETRY_MS = 10000;

/**
 * Sends queued order statuses one at a time, oldest first, so they reach the server in the
 * order they happened. A failure leaves the status at the head of the queue for the next try.
 * Statuses recorded before the order existed go with the order's id once it has one.
 */
export function startStatusSender(api: Pick<ApiClient, 'createOrderStatus'>, onlineEvents: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> = window): () => void {
  let sending = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function drain(): Promise<void> {
    if (sending) return;
    sending = true;
    try {
      for (let next = $statusQueue.get()[0]; next !== undefined; next = $statusQueue.get()[0]) {
        await api.createOrderStatus({ encryptedOrderId: next.encryptedOrderId ?? $order.get().encryptedOrderId, orderStatus: next.status }, { idempotencyKey: next.key });
        statusSent(next);
      }
    } catch {
      clearTimeout(timer);
      timer = setTimeout(() => void drain(), RETRY_MS);
    } finally {
      sending = false;
    }
  }

  const unbind = $statusQueue.listen((queue) => {
    if (queue.length > 0) void drain();
  });
  const onOnline = () => void drain();
  onlineEvents.addEventListener('online', onOnline);
  void drain();
  return () => {
    clearTimeout(timer);
    unbind();
    onlineEvents.removeEventListener('online', onOnline);
  };
}
