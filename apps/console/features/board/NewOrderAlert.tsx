import { useStore } from '@nanostores/react';
import { Dialog } from 'radix-ui';
import { useEffect } from 'react';
import { primaryButton, secondaryButton } from '../../../../ui/buttons.ts';
import type { OrderChime } from '../../shell/order-chime.ts';
import { $board } from '../../shell/store.ts';
import { alertMoneyParts, autoAcceptedText, dueText, ORDER_TYPE_TEXT } from './format.ts';
import {
  $alertOn,
  $newOrderAlert,
  $soundOn,
  acknowledgeNewOrders,
  ALERT_REPEAT_MS,
  alertHeading,
  setAlertOn,
} from './new-order-alert.ts';

/** The board's switch for this device's alert. */
export function AlertToggle({ className }: { className: string }) {
  const on = useStore($alertOn);
  return (
    <button type="button" className={className} aria-pressed={on} onClick={() => setAlertOn(!on)}>
      {on ? 'Alert on' : 'Alert off'}
    </button>
  );
}

/**
 * A new order raised over the whole console, whichever view is open, chiming again every few
 * seconds until someone acknowledges it: a kitchen on the Live or Bookings view must not miss one.
 */
export function NewOrderAlert({ chime }: { chime: OrderChime }) {
  const orders = useStore($newOrderAlert);
  const soundOn = useStore($soundOn);
  const alertOn = useStore($alertOn);
  const { preparationMinutes } = useStore($board);
  const open = alertOn && orders.length > 0;

  useEffect(() => {
    if (!open || !soundOn) return;
    const timer = setInterval(() => chime.play(), ALERT_REPEAT_MS);
    return () => clearInterval(timer);
  }, [open, soundOn, chime]);

  const now = new Date();
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && acknowledgeNewOrders()}>
      <Dialog.Portal>
        <Dialog.Content
          role="alertdialog"
          data-new-order-alert
          className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-6 overflow-y-auto bg-primary p-6 text-primary-foreground outline-none print:hidden"
        >
          <Dialog.Title className="text-center text-5xl font-extrabold tracking-tight">
            {alertHeading(orders)}
          </Dialog.Title>
          <Dialog.Description asChild>
            <ul className="flex w-full max-w-md flex-col gap-3">
              {orders.map((order) => (
                <li key={order.encryptedOrderId} className="rounded-xl bg-background p-4 text-foreground">
                  <p className="text-2xl font-bold">#{order.orderNumber}</p>
                  {order.autoAccepted ? (
                    <p className="font-semibold">{autoAcceptedText(order, preparationMinutes, now)}</p>
                  ) : null}
                  <p className="text-lg">
                    {ORDER_TYPE_TEXT[order.orderType]} · {dueText(order, now)}
                  </p>
                  <p className="flex flex-wrap gap-x-2 text-lg font-semibold" data-alert-money>
                    {alertMoneyParts(order).map((part, index, parts) => (
                      <span key={part} className="whitespace-nowrap">
                        {part}
                        {index < parts.length - 1 ? ' ·' : ''}
                      </span>
                    ))}
                  </p>
                  <p className="break-words text-muted-foreground">{order.customer.name}</p>
                </li>
              ))}
            </ul>
          </Dialog.Description>
          <div className="flex w-full max-w-md flex-col gap-3">
            <button
              type="button"
              className={`${secondaryButton} min-h-14 text-lg text-foreground`}
              onClick={() => {
                acknowledgeNewOrders();
                location.hash = '#orders';
              }}
            >
              {orders.length === 1 ? 'Show the order' : 'Show the orders'}
            </button>
            <Dialog.Close className={`${primaryButton} min-h-14 border-2 border-primary-foreground text-lg`}>
              Got it
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
