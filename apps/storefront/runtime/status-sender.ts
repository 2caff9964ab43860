import { ApiError, type ApiClient } from '../../../lib/api/client.ts';
import { $order } from '../stores/order.ts';
import { $statusQueue, statusSent, type QueuedStatus } from '../stores/status-queue.ts';

const RETRY_MS = 10000;
/** After a 429 the server's window runs for minutes; trying every 10 s would only spend it again. */
const RATE_LIMITED_RETRY_MS = 120000;

/**
 * A refusal that sending the same status again cannot change: bad input (400), an order that does
 * not exist (404) or has all the statuses it takes (409), too large (413), unpriceable (422). A 429
 * is not: its limit's window ends.
 */
function refusedForGood(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.kind === 'http' &&
    error.status !== null &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 408 &&
    error.status !== 429
  );
}

/**
 * Sends queued order statuses one at a time, oldest first, so they reach the server in the
 * order they happened. A failure leaves the status at the head of the queue for the next try;
 * a status the server refuses for good is dropped, so it cannot hold up the rest forever.
 * Statuses recorded before the order existed go with the order's id once it has one.
 */
export function startStatusSender(
  api: Pick<ApiClient, 'createOrderStatus'>,
  onlineEvents: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> = window,
): () => void {
  let sending = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function send(next: QueuedStatus): Promise<void> {
    try {
      await api.createOrderStatus(
        { encryptedOrderId: next.encryptedOrderId ?? $order.get().encryptedOrderId, orderStatus: next.status },
        { idempotencyKey: next.key },
      );
    } catch (error) {
      if (!refusedForGood(error)) throw error;
      console.warn('An order status was refused and will not be sent again', error);
    }
    statusSent(next);
  }

  async function drain(): Promise<void> {
    if (sending) return;
    sending = true;
    try {
      for (let next = $statusQueue.get()[0]; next !== undefined; next = $statusQueue.get()[0]) await send(next);
    } catch (error) {
      clearTimeout(timer);
      const rateLimited = error instanceof ApiError && error.status === 429;
      timer = setTimeout(() => void drain(), rateLimited ? RATE_LIMITED_RETRY_MS : RETRY_MS);
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
