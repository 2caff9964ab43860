import { persistentAtom } from '@nanostores/persistent';
import { z } from 'zod';
import { orderStatusSchema, type OrderStatus } from '../lib/cart/schemas.ts';
import { $order, recordOrderStatus } from './order.ts';

const queuedStatusSchema = z.object({ encryptedOrderId: z.string().min(1).nullable(), status: orderStatusSchema });
const queueSchema = z.array(queuedStatusSchema).max(200);

export type QueuedStatus = z.infer<typeof queuedStatusSchema>;

/** Order status records not yet accepted by the server, oldest first, saved so a reload or an outage loses none. */
export const $statusQueue = persistentAtom<QueuedStatus[]>('orderStatusQueue', [], {
  encode: JSON.stringify,
  decode(saved) {
    try {
      return queueSchema.parse(JSON.parse(saved));
    } catch (error) {
      console.error('Queued order statuses could not be restored', error);
      return [];
    }
  },
});

export function queueStatus(encryptedOrderId: string | null, status: OrderStatus): void {
  $statusQueue.set([...$statusQueue.get(), { encryptedOrderId, status }]);
}

/** The oldest status was accepted. */
export function statusSent(sent: QueuedStatus): void {
  const [first, ...rest] = $statusQueue.get();
  // Another tab may have sent it and saved a new queue meanwhile: compare the contents, not the object.
  if (first !== undefined && JSON.stringify(first) === JSON.stringify(sent)) $statusQueue.set(rest);
}

/** Records a status on the order and queues it for the server. */
export function recordStatus(status: OrderStatus): void {
  recordOrderStatus(status);
  queueStatus($order.get().encryptedOrderId, status);
}
