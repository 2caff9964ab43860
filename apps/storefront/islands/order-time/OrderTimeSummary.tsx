import { useStore } from '@nanostores/react';
import type { OrderType } from '../../../../lib/cart/schemas.ts';
import { $orderTimeLabel, $promisedTime, chooseOrderType } from '../../stores/order-time.ts';
import { openOrderTime } from '../../stores/ui.ts';
import { ServiceSwitch } from './ServiceSwitch.tsx';

/** Delivery or pickup and when, with a way to change both; used inside the cart, where the time stands alone and so starts with a capital. */
export function OrderTimeSummary() {
  const label = useStore($orderTimeLabel);
  const promise = useStore($promisedTime);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-muted p-3">
      <ServiceSwitch value={label.orderType} onChange={(orderType: OrderType) => chooseOrderType(orderType)} />
      <p className="text-sm">
        <span className="sr-only">Order time: </span>
        <span data-order-time>{label.when.replace(/^[a-z]/, (first) => first.toUpperCase())}</span>{' '}
        <button type="button" className="font-semibold underline underline-offset-4" onClick={openOrderTime}>
          Change time
        </button>
      </p>
      {promise && (
        <p className="w-full text-sm font-medium" data-order-promise>
          {promise.sentence}
        </p>
      )}
    </div>
  );
}
