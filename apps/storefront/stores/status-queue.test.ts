import { afterEach, describe, expect, it, vi } from 'vitest';
import { orderTypeStatus } from '../../../lib/cart/order-status.ts';
import { restoreStatusQueue } from './status-queue.ts';

const pickup = orderTypeStatus('pickup', new Date(Date.UTC(2026, 10, 25, 8, 1)));
const key = '0b7e3c8a-4a51-4d1e-9c1f-2f1f5d2f7a10';

describe('restoreStatusQueue', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('keeps a saved queue as it was', () => {
    const queue = [{ encryptedOrderId: 'order-1', status: pickup, key }];
    expect(restoreStatusQueue(JSON.stringify(queue))).toEqual(queue);
  });

  it('gives statuses saved before they had keys a key each', () => {
    const [first, second] = restoreStatusQueue(
      JSON.stringify([
        { encryptedOrderId: null, status: pickup },
        { encryptedOrderId: 'order-1', status: pickup },
      ]),
    );
    expect(first?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(second?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(first?.key).not.toBe(second?.key);
  });

  it.each([
    ['not JSON', '{'],
    ['not a list', '{"status":1}'],
    ['a status without its type', JSON.stringify([{ encryptedOrderId: null, status: { notes: 'x' }, key }])],
    ['a key that is no uuid', JSON.stringify([{ encryptedOrderId: null, status: pickup, key: 'x' }])],
  ])('drops a queue that is %s, saying so on the console', (_name, saved) => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(restoreStatusQueue(saved)).toEqual([]);
    expect(logged).toHaveBeenCalledOnce();
  });
});
