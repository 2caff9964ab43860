import { useId, useState } from 'react';
import type { BoardCard, OrderAction } from './board.ts';
import type { BoardOrderState } from '../../../../lib/api/staff-contract.ts';
import { urgencyOf, type Urgency } from '../../../../lib/kitchen/kitchen-flow.ts';
import { canRunLate, lateChoices, type LateMinutes } from '../../../../lib/kitchen/running-late.ts';
import {
  ACTION_TEXT,
  declineQuestion,
  dueText,
  formatClock,
  ORDER_TYPE_TEXT,
  paymentText,
  STATE_TEXT,
  promoText,
  tipText,
  urgencyText,
} from './format.ts';
import { OrderLines } from './OrderLines.tsx';
import { formatMoney } from '../../../../lib/pricing/money.ts';
import { primaryButton, secondaryButton } from '../../../../ui/buttons.ts';

const badge: Readonly<Record<BoardOrderState, string>> = {
  new: 'bg-primary text-primary-foreground',
  taken: 'bg-secondary text-secondary-foreground',
  ready: 'border border-border bg-muted text-foreground',
  'out-for-delivery': 'border border-border bg-muted text-foreground',
  collected: 'border border-border bg-background text-muted-foreground',
  delivered: 'border border-border bg-background text-muted-foreground',
  declined: 'border border-border bg-background text-muted-foreground line-through',
};

const touch = 'min-h-11 whitespace-nowrap';

/** Green on time, amber within five minutes, red once late: a kitchen reads the colour across the room, the words say the same. */
const urgencyStyle: Readonly<Record<Urgency, string>> = {
  'on-time': 'bg-green-700 text-white',
  soon: 'bg-amber-300 text-black',
  late: 'bg-red-700 text-white',
};

export interface OrderCardProps {
  card: BoardCard;
  now: Date;
  onAction: (encryptedOrderId: string, action: OrderAction) => void;
  onPrint: (encryptedOrderId: string) => void;
  /** Pushes the promise out; answers why it failed, or null. */
  onLate: (encryptedOrderId: string, minutes: LateMinutes) => Promise<string | null>;
  /** Declines a new order; answers why it failed, or null once it has left the board. */
  onDecline: (encryptedOrderId: string) => Promise<string | null>;
}

/** Decline, asked once more with what it does (the customer told, an online payment refunded): it cannot be undone. */
function Decline({ order, onDecline }: { order: BoardCard['order']; onDecline: () => Promise<string | null> }) {
  const [asking, setAsking] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (!asking)
    return (
      <button type="button" className={`${secondaryButton} ${touch} col-span-2`} onClick={() => setAsking(true)}>
        Decline
      </button>
    );
  const decline = () => {
    setSaving(true);
    setFailure(null);
    void onDecline().then((message) => {
      setSaving(false);
      setFailure(message);
    });
  };
  return (
    <div
      role="group"
      aria-label={`Decline order ${order.orderNumber}`}
      className="col-span-2 flex flex-col gap-2 rounded-lg border-2 border-primary p-3"
    >
      <p className="font-medium">{declineQuestion(order)}</p>
      <div className="grid grid-cols-2 gap-2">
        <button type="button" className={`${primaryButton} ${touch}`} disabled={saving} onClick={decline}>
          {saving ? 'Declining…' : 'Yes, decline'}
        </button>
        <button
          type="button"
          className={`${secondaryButton} ${touch}`}
          disabled={saving}
          onClick={() => setAsking(false)}
        >
          Keep it
        </button>
      </div>
      {failure && (
        <p role="alert" className="text-sm font-medium">
          {failure}
        </p>
      )}
    </div>
  );
}

/** +10, +20, +30 minutes on an order not yet ready: the customer's page says the new time. */
function RunningLate({
  orderNumber,
  onLate,
}: {
  orderNumber: number;
  onLate: (minutes: LateMinutes) => Promise<string | null>;
}) {
  const [saving, setSaving] = useState<LateMinutes | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const push = (minutes: LateMinutes) => {
    setSaving(minutes);
    setFailure(null);
    void onLate(minutes).then((message) => {
      setSaving(null);
      setFailure(message);
    });
  };
  return (
    <div role="group" aria-label={`Running late with order ${orderNumber}`} className="flex flex-col gap-1">
      <p className="text-sm font-semibold">Running late?</p>
      <div className="grid grid-cols-3 gap-2">
        {lateChoices.map((minutes) => (
          <button
            key={minutes}
            type="button"
            className={`${secondaryButton} ${touch}`}
            disabled={saving !== null}
            aria-label={`Running late: ${minutes} minutes more`}
            onClick={() => push(minutes)}
          >
            {saving === minutes ? 'Saving…' : `+${minutes} min`}
          </button>
        ))}
      </div>
      {failure && (
        <p role="alert" className="rounded-lg border border-primary p-2 text-sm font-medium">
          {failure}
        </p>
      )}
    </div>
  );
}

/** One order on the board: what the kitchen needs to make it, its one next step (bump), Undo, and Print ticket. */
export function OrderCard({ card, now, onAction, onPrint, onLate, onDecline }: OrderCardProps) {
  const { order, shownState, pending, failure, startsAt } = card;
  const titleId = useId();
  const { urgency, minutesLeft } = urgencyOf(order, now);
  const act = (action: OrderAction) => onAction(order.encryptedOrderId, action);
  return (
    <article
      aria-labelledby={titleId}
      data-order={order.orderNumber}
      data-state={shownState}
      className={`flex h-full min-w-0 flex-col gap-3 rounded-2xl border bg-background p-4 shadow-sm ${shownState === 'new' ? 'border-2 border-primary' : 'border-border'}`}
    >
      <header className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={titleId} className="text-2xl font-bold tracking-tight">
            Order {order.orderNumber}
          </h2>
          <p className="font-semibold">
            {ORDER_TYPE_TEXT[order.orderType]} ·{' '}
            {order.dueAt === null
              ? `ASAP${order.promisedAt ? `, promised ${formatClock(order.promisedAt, now)}` : ''}`
              : `Due ${dueText(order, now)}`}
          </p>
          {startsAt && <p className="text-sm">Start {formatClock(startsAt, now)}</p>}
          {order.runningLateUntil && (
            <p className="font-semibold" data-running-late>
              Running late: now {formatClock(order.runningLateUntil, now)}
            </p>
          )}
          <p
            className={`mt-1 inline-block rounded-md px-2 py-0.5 text-sm font-semibold ${urgencyStyle[urgency]}`}
            data-urgency={urgency}
          >
            {urgencyText(minutesLeft)}
          </p>
        </div>
        <p className={`shrink-0 rounded-full px-3 py-1 text-sm font-semibold ${badge[shownState]}`}>
          {STATE_TEXT[shownState]}
          {pending && <span> · saving…</span>}
        </p>
      </header>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Customer</dt>
        <dd className="break-words">
          {order.customer.name}
          {order.customer.phone && (
            <>
              {' · '}
              <a
                className="text-primary underline underline-offset-2"
                href={`tel:${order.customer.phone.replace(/[^\d+]/g, '')}`}
              >
                {order.customer.phone}
              </a>
            </>
          )}
        </dd>
        {order.address && (
          <>
            <dt className="text-muted-foreground">Address</dt>
            <dd className="break-words">{order.address}</dd>
          </>
        )}
        <dt className="text-muted-foreground">Placed</dt>
        <dd>{formatClock(order.placedAt, now)}</dd>
        {order.autoAccepted && (
          <>
            <dt className="text-muted-foreground">Accepted</dt>
            <dd data-auto-accepted>By auto-accept, as it arrived</dd>
          </>
        )}
      </dl>
      <OrderLines
        lines={order.lines}
        className="flex flex-col gap-1 border-y border-border py-2"
        leftOffClassName="rounded bg-amber-300 px-1 font-semibold text-black"
      />
      {order.notes && (
        <p className="rounded-lg border-2 border-amber-400 bg-secondary px-3 py-2 font-semibold break-words text-secondary-foreground">
          Note: {order.notes}
        </p>
      )}
      <p className="flex flex-wrap justify-between gap-x-3 font-semibold">
        <span>Total {formatMoney(order.totalCents)}</span>
        <span className="font-normal text-muted-foreground">{paymentText(order.paymentMethod)}</span>
      </p>
      {promoText(order) && <p data-promo>{promoText(order)}</p>}
      {tipText(order) && (
        <p className="font-semibold" data-tip>
          {tipText(order)}
        </p>
      )}
      {failure && (
        <p role="alert" className="rounded-lg border border-primary p-3 text-sm font-medium">
          {failure.message}
        </p>
      )}
      {canRunLate(order.state) && pending === null && (
        <RunningLate
          key={order.runningLateUntil ?? ''}
          orderNumber={order.orderNumber}
          onLate={(minutes) => onLate(order.encryptedOrderId, minutes)}
        />
      )}
      <div className="mt-auto grid grid-cols-2 gap-2">
        {card.bump !== null && (
          <button
            type="button"
            className={`${primaryButton} ${touch} col-span-2 text-lg`}
            disabled={!card.canBump}
            aria-describedby={titleId}
            onClick={() => act('bump')}
          >
            {pending === 'bump' ? ACTION_TEXT.bump.saving : card.bump}
          </button>
        )}
        <button
          type="button"
          className={`${secondaryButton} ${touch}`}
          disabled={card.undoTo === null}
          aria-describedby={titleId}
          aria-label={card.undoTo === null ? 'Undo' : `Undo: back to ${STATE_TEXT[card.undoTo]}`}
          onClick={() => act('undo')}
        >
          {pending === 'undo' ? ACTION_TEXT.undo.saving : 'Undo'}
        </button>
        <button
          type="button"
          className={`${secondaryButton} ${touch}`}
          aria-describedby={titleId}
          onClick={() => onPrint(order.encryptedOrderId)}
        >
          Print ticket
        </button>
        {shownState === 'new' && pending === null && (
          <Decline order={order} onDecline={() => onDecline(order.encryptedOrderId)} />
        )}
      </div>
    </article>
  );
}
