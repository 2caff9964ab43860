import { persistentAtom } from '@nanostores/persistent';
import { z } from 'zod';
import { orderStatusSchema, type OrderStatus } from '../../../lib/cart/schemas.ts';
import { $order, recordOrderStatus } from './order.ts';

const queuedStatusSchema = z.object({
  encryptedOrderId: z.string().min(1).nullable(),
  status: orderStatusSchema,
  /** Sent as the Idempotency-Key, so a status whose answer was lost is recorded once however often it is sent. */
  key: z.uuid().default(() => crypto.randomUUID()),
});
const queueSchema = z.array(queuedStatusSchema).max(200);

export type QueuedStatus = z.infer<typeof queuedStatusSchema>;

/** Order status records not yet accepted by the server, oldest first, saved so a reload or an outage loses none. */
export const $statusQueue = persistentAtom<QueuedStatus[]>('orderStatusQueue', [], {
  encode: JSON.stringify,
  decode: restoreStatusQueue,
});

/** The saved queue, checked; a queue saved before statuses had keys gets them, a broken one is dropped. */
export function restoreStatusQueue(saved: string): QueuedStatus[] {
  try {
    return queueSchema.parse(JSON.parse(saved));
  } catch (error) {
    console.error('Queued order statuses could not be restored', error);
    return [];
  }
}

export function queueStatus(encryptedOrderId: string | null, status: OrderStatus): void {
  $statusQueue.set([...$statusQueue.get(), { encryptedOrderId, status, key: crypto.randomUUID() }]);
}

/** The oldest status was accepted. */
export function statusSent(sent: QueuedStatus): void {
  const [first, ...rest] = $statusQueue.get();
  // Another tab may have sent it and saved a new queue meanwhile: compare keys, not objects.
  if (first !== undefined && first.key === sent.key) $statusQueue.set(rest);
}

/** Records a status on the order and queues it for the server. */
export function recordStatus(status: OrderStatus): void {
  recordOrderStatus(status);
  queueStatus($order.get().encryptedOrderId, status);
}
