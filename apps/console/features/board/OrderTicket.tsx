import type { BoardOrder } from '../../../../lib/api/staff-contract.ts';
import { dueText, formatClock, ORDER_TYPE_TEXT, paymentText, promoText, tipText } from './format.ts';
import { formatMoney } from '../../../../lib/pricing/money.ts';
import { OrderLines } from './OrderLines.tsx';

/**
 * The kitchen ticket of one order: in the page only while it prints, and only it prints (the
 * board hides itself in print). Black on white whatever the screen's theme, sized for a narrow
 * ticket printer as much as a sheet of paper.
 */
export function OrderTicket({ order, shopName, now }: { order: BoardOrder; shopName: string; now: Date }) {
  return (
    <section
      aria-label={`Ticket for order ${order.orderNumber}`}
      className="hidden bg-white font-sans text-black print:block"
      data-ticket={order.orderNumber}
    >
      <p className="text-sm">{shopName}</p>
      <h2 className="text-4xl font-black">Order {order.orderNumber}</h2>
      <p className="mt-1 text-xl font-bold">
        {ORDER_TYPE_TEXT[order.orderType]} · {order.dueAt === null ? 'ASAP' : `Due ${dueText(order, now)}`}
      </p>
      {order.runningLateUntil && (
        <p className="text-xl font-bold">Running late: now {formatClock(order.runningLateUntil, now)}</p>
      )}
      <p className="text-sm">Placed {formatClock(order.placedAt, now)}</p>
      <p className="mt-2">
        {order.customer.name}
        {order.customer.phone && ` · ${order.customer.phone}`}
      </p>
      {order.address && <p className="font-semibold">{order.address}</p>}
      <OrderLines
        lines={order.lines}
        className="mt-3 border-y-2 border-dashed border-black py-2 text-lg"
        leftOffClassName="bg-white px-1 font-black text-black uppercase underline"
      />
      {order.notes && (
        <p className="mt-2 border-2 border-black p-2 text-lg font-bold break-words">Note: {order.notes}</p>
      )}
      <p className="mt-2 text-lg font-bold">
        Total {formatMoney(order.totalCents)} · {paymentText(order.paymentMethod)}
      </p>
      {promoText(order) && <p data-promo>{promoText(order)}</p>}
      {tipText(order) && <p className="text-lg font-bold">{tipText(order)}</p>}
    </section>
  );
}
