import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { BoardOrder, StaffMember } from '../../../../lib/api/staff-contract.ts';
import { BOARD_POLL_MS, boardCards, boardTitle, untakenCount, type BoardCard, type OrderAction } from './board.ts';
import { formatClock, ORDER_TYPE_TEXT, STATE_TEXT } from './format.ts';
import { staffApi } from '../../shell/staff-api.ts';
import type { ChimeState, OrderChime } from '../../shell/order-chime.ts';
import {
  $board,
  $boardSync,
  $doneSearch,
  refreshBoard,
  runDecline,
  runLate,
  runOrderAction,
  searchDone,
  setLive,
  signOut,
} from '../../shell/store.ts';
import { secondaryButton } from '../../../../ui/buttons.ts';
import { followBoard, liveBoardOver } from './board-sync.ts';
import { $soundOn } from './new-order-alert.ts';
import { AlertToggle } from './NewOrderAlert.tsx';
import { OrderCard, type OrderCardProps } from './OrderCard.tsx';
import type { LateMinutes } from '../../../../lib/kitchen/running-late.ts';
import { OrderTicket } from './OrderTicket.tsx';
import { PrinterWarning, ReprintButton } from './PrinterWarning.tsx';

const ROLE_TEXT: Readonly<Record<StaffMember['role'], string>> = { owner: 'Owner', kitchen: 'Kitchen' };
const toolbarButton = `${secondaryButton} min-h-11`;

/** Sound on or off; until the browser lets the page make sound, a tap here (or anywhere) allows it. */
function SoundToggle({ chime, on, onChange }: { chime: OrderChime; on: boolean; onChange: (on: boolean) => void }) {
  const [state, setState] = useState<ChimeState>(chime.state());
  useEffect(() => {
    const unlock = () => void chime.unlock().then(setState);
    document.addEventListener('pointerdown', unlock, { once: true });
    document.addEventListener('keydown', unlock, { once: true });
    return () => {
      document.removeEventListener('pointerdown', unlock);
      document.removeEventListener('keydown', unlock);
    };
  }, [chime]);
  if (state === 'unsupported') return null;
  const locked = state === 'locked';
  return (
    <button
      type="button"
      className={toolbarButton}
      aria-pressed={on && !locked}
      onClick={() => {
        if (locked) void chime.unlock().then(setState);
        onChange(locked ? true : !on);
      }}
    >
      {locked ? 'Tap for sound' : on ? 'Sound on' : 'Sound off'}
    </button>
  );
}

function SyncStatus({ unreadable }: { unreadable: number }) {
  const sync = useStore($boardSync);
  const now = new Date();
  return (
    <div className="mt-1 flex flex-col gap-2 text-sm">
      {/* Two lines whatever the state, so the list below never jumps when the push comes up. */}
      <div className="text-muted-foreground">
        <p className="flex items-center gap-x-2">
          <span
            aria-hidden="true"
            className={`inline-block size-2.5 shrink-0 rounded-full ${sync.live ? 'bg-primary' : 'border border-muted-foreground'}`}
          />
          <span>
            {sync.live
              ? 'Live: new orders show at once.'
              : `Checking for orders every ${BOARD_POLL_MS / 1000} seconds.`}
          </span>
        </p>
        <p>{sync.updatedAt ? `Updated ${formatClock(sync.updatedAt, now)}.` : '\u00a0'}</p>
      </div>
      {sync.problem && (
        <p role="status" className="rounded-lg border border-primary p-3 font-medium">
          Could not refresh the orders: {sync.problem}
        </p>
      )}
      {unreadable > 0 && (
        <p role="status" className="rounded-lg border border-primary p-3 font-medium">
          {unreadable === 1 ? '1 order' : `${unreadable} orders`} could not be shown: the server sent{' '}
          {unreadable === 1 ? 'it' : 'them'} in a form the console does not understand.
        </p>
      )}
    </div>
  );
}

/** Completed orders, folded away: newest first, found by number or name. */
function DoneList({ done, now }: { done: readonly BoardOrder[]; now: Date }) {
  const search = useStore($doneSearch);
  const [typed, setTyped] = useState(search);
  return (
    <details className="mt-8 rounded-2xl border border-border p-4" data-done-list>
      <summary className="flex min-h-11 cursor-pointer items-center text-xl font-bold">Done ({done.length})</summary>
      <form
        className="mt-3 flex flex-wrap gap-2"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          void staffApi().then((client) => searchDone(client, typed));
        }}
      >
        <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
          Order number or name
          <input
            className="min-h-11 rounded-lg border border-border bg-background px-3 text-base"
            value={typed}
            maxLength={100}
            onChange={(event) => setTyped(event.target.value)}
          />
        </label>
        <button type="submit" className={`${toolbarButton} self-end`}>
          Find
        </button>
      </form>
      {done.length === 0 ? (
        <p className="mt-3 text-muted-foreground">
          {search ? `No done order matches “${search}”.` : 'Nothing done yet.'}
        </p>
      ) : (
        <ul className="mt-3 flex flex-col divide-y divide-border" aria-label="Done orders, newest first">
          {done.map((order) => (
            <li
              key={order.encryptedOrderId}
              className="flex flex-wrap justify-between gap-x-3 py-2"
              data-done={order.orderNumber}
            >
              <span className="font-semibold">
                Order {order.orderNumber} · {order.customer.name}
              </span>
              <span className="text-muted-foreground">
                {ORDER_TYPE_TEXT[order.orderType]} · {STATE_TEXT[order.state]} · placed{' '}
                {formatClock(order.placedAt, now)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}

/**
 * The order board: by when to start (ASAP by the time promised, orders for later their preparation time before due), kept current by the broker's push or, without it, by asking every
 * 15 s. `hidden` while another section of the console shows: it keeps listening then.
 */
export default function Board({
  staff,
  chime,
  hidden = false,
}: {
  staff: StaffMember;
  chime: OrderChime;
  hidden?: boolean;
}) {
  const board = useStore($board);
  const soundOn = useStore($soundOn);
  const sound = useRef(soundOn);
  sound.current = soundOn;
  const [printing, setPrinting] = useState<BoardOrder | null>(null);
  const [signingOut, setSigningOut] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const now = new Date();
  const cards = boardCards(board, now);
  const queue = cards.filter((card) => card.dueToStart);
  const later = cards.filter((card) => !card.dueToStart);
  const untaken = untakenCount(board);

  useEffect(() => {
    document.title = boardTitle(untaken);
  }, [untaken]);

  useEffect(() => {
    let stop: (() => void) | undefined;
    let stopped = false;
    void staffApi().then((client) => {
      if (stopped) return;
      stop = followBoard({
        refresh: async () => {
          const arrived = await refreshBoard(client);
          if (arrived.length > 0 && sound.current) chime.play();
        },
        startLive: liveBoardOver(client),
        onLiveChange: setLive,
      });
    });
    return () => {
      stopped = true;
      stop?.();
    };
  }, [chime]);

  useEffect(() => {
    const printed = () => setPrinting(null);
    window.addEventListener('afterprint', printed);
    return () => window.removeEventListener('afterprint', printed);
  }, []);

  const late = async (encryptedOrderId: string, minutes: LateMinutes) =>
    runLate(await staffApi(), encryptedOrderId, minutes);
  const act = (encryptedOrderId: string, action: OrderAction) =>
    void staffApi().then((client) => runOrderAction(client, encryptedOrderId, action));
  const print = (encryptedOrderId: string) => {
    const order = board.orders.find((candidate) => candidate.encryptedOrderId === encryptedOrderId);
    if (!order) return;
    // The ticket must be in the page before the browser lays it out for printing.
    flushSync(() => setPrinting(order));
    window.print();
  };

  const decline = async (encryptedOrderId: string) => {
    const answer = await runDecline(await staffApi(), encryptedOrderId);
    if (answer?.done) setNotice(answer.text);
    return answer && !answer.done ? answer.text : null;
  };
  const actions: CardActions = { onAction: act, onPrint: print, onLate: late, onDecline: decline };

  return (
    <>
      <main
        id={hidden ? undefined : 'main'}
        hidden={hidden}
        className="mx-auto w-full max-w-6xl px-4 pb-12 print:hidden"
      >
        <div className="flex flex-wrap items-center justify-between gap-3 py-3">
          <div className="min-w-0">
            <p className="font-semibold break-words">{staff.retailer.name}</p>
            <p className="text-sm break-words text-muted-foreground">
              {staff.name} · {ROLE_TEXT[staff.role]}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <SoundToggle chime={chime} on={soundOn} onChange={(on) => $soundOn.set(on)} />
            <AlertToggle className={toolbarButton} />
            <button
              type="button"
              className={toolbarButton}
              disabled={signingOut}
              onClick={() => {
                setSigningOut(true);
                void staffApi().then(signOut, () => setSigningOut(false));
              }}
            >
              {signingOut ? 'Signing out…' : 'Sign out'}
            </button>
          </div>
        </div>
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <h1 className="text-3xl font-bold tracking-tight">Orders</h1>
          <p aria-live="polite" className="font-semibold">
            {untaken === 0 ? 'No new orders' : `${untaken} new`}
          </p>
        </div>
        <SyncStatus unreadable={board.unreadable} />
        <p role="status" className={notice ? 'mt-3 rounded-lg border border-border p-3 font-semibold' : 'sr-only'}>
          {notice}
        </p>
        <PrinterWarning />
        {board.moreActive > 0 && (
          <p role="alert" className="mt-3 rounded-lg border-2 border-red-700 p-3 font-semibold">
            {board.moreActive} more active {board.moreActive === 1 ? 'order is' : 'orders are'} not shown: complete some
            to see them.
          </p>
        )}
        {!board.loaded ? (
          <p className="mt-6">Loading the orders…</p>
        ) : cards.length === 0 ? (
          <p className="mt-6 text-muted-foreground">No orders on the go. New ones show here as they come in.</p>
        ) : (
          <>
            <CardList cards={queue} label="Orders, by when to start" now={now} actions={actions} />
            {later.length > 0 && (
              <>
                <h2 className="mt-8 text-xl font-bold">Later ({later.length})</h2>
                <CardList cards={later} label="Orders for later, by start time" now={now} actions={actions} />
              </>
            )}
          </>
        )}
        {board.loaded && <DoneList done={board.done} now={now} />}
      </main>
      {printing && <OrderTicket order={printing} shopName={staff.retailer.name} now={now} />}
    </>
  );
}

type CardActions = Pick<OrderCardProps, 'onAction' | 'onPrint' | 'onLate' | 'onDecline'>;

function CardList({
  cards,
  label,
  now,
  actions,
}: {
  cards: readonly BoardCard[];
  label: string;
  now: Date;
  actions: CardActions;
}) {
  return (
    <ul className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label={label}>
      {cards.map((card) => (
        <li key={card.order.encryptedOrderId} className="min-w-0">
          <OrderCard card={card} now={now} {...actions} />
          <ReprintButton encryptedOrderId={card.order.encryptedOrderId} />
        </li>
      ))}
    </ul>
  );
}
