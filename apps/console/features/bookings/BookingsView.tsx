import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import type { BookingDecision, StaffBooking } from '../../../../lib/api/staff-contract.ts';
import { bookingCalls, type BookingCalls } from './bookings-client.ts';
import { BOOKING_STATUS_TEXT, DECISION_TEXT, decisionText, partyText } from './bookings.ts';
import { formatClock } from '../board/format.ts';
import { staffApi } from '../../shell/staff-api.ts';
import { $bookings, decideBooking, refreshBookings } from './store.ts';
import { primaryButton, secondaryButton } from '../../../../ui/buttons.ts';
import { SectionView } from '../../shell/SectionView.tsx';

/** Bookings are answered ahead of time, not to the second: a look every minute while the view is open is enough. */
const BOOKINGS_POLL_MS = 60_000;
const touch = 'min-h-11 whitespace-nowrap';

const calls = (): Promise<BookingCalls> => staffApi().then(bookingCalls);

const badge: Readonly<Record<StaffBooking['status'], string>> = {
  new: 'bg-primary text-primary-foreground',
  confirmed: 'bg-secondary text-secondary-foreground',
  declined: 'border border-border bg-muted text-foreground',
};

interface BookingCardProps {
  booking: StaffBooking;
  pending: BookingDecision | undefined;
  failure: string | undefined;
  now: Date;
  onDecide: (bookingId: number, decision: BookingDecision) => void;
}

/** One booking: when, how many, who, and Confirm or Decline while it is new. Declining asks once more: it cannot be undone. */
function BookingCard({ booking, pending, failure, now, onDecide }: BookingCardProps) {
  const titleId = useId();
  const [askingDecline, setAskingDecline] = useState(false);
  const decided = decisionText(booking, now);
  const shownStatus = pending
    ? BOOKING_STATUS_TEXT[pending === 'confirm' ? 'confirmed' : 'declined']
    : BOOKING_STATUS_TEXT[booking.status];
  return (
    <article
      aria-labelledby={titleId}
      data-booking={booking.bookingId}
      data-status={booking.status}
      className={`flex h-full min-w-0 flex-col gap-3 rounded-2xl border bg-background p-4 shadow-sm ${booking.status === 'new' ? 'border-2 border-primary' : 'border-border'}`}
    >
      <header className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={titleId} className="text-xl font-bold tracking-tight break-words">
            {formatClock(booking.dateTime, now)}
          </h2>
          <p className="font-semibold break-words">
            {partyText(booking.partySize)} · {booking.name}
          </p>
        </div>
        <p className={`shrink-0 rounded-full px-3 py-1 text-sm font-semibold ${badge[booking.status]}`}>
          {shownStatus}
          {pending && <span> · saving…</span>}
        </p>
      </header>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Phone</dt>
        <dd className="break-words">
          <a className="text-primary underline underline-offset-2" href={`tel:${booking.phone.replace(/[^\d+]/g, '')}`}>
            {booking.phone}
          </a>
        </dd>
        <dt className="text-muted-foreground">Requested</dt>
        <dd>{formatClock(booking.requestedAt, now)}</dd>
      </dl>
      {booking.notes && (
        <p className="rounded-lg bg-secondary px-3 py-2 break-words text-secondary-foreground">Note: {booking.notes}</p>
      )}
      {decided && <p className="text-sm font-medium">{decided}</p>}
      {failure && (
        <p role="alert" className="rounded-lg border border-primary p-3 text-sm font-medium">
          {failure}
        </p>
      )}
      {booking.status === 'new' && (
        <div className="mt-auto grid grid-cols-2 gap-2">
          {askingDecline ? (
            <>
              <p className="col-span-2 font-medium">Decline this booking? The answer cannot be changed afterwards.</p>
              <button
                type="button"
                className={`${primaryButton} ${touch}`}
                aria-describedby={titleId}
                disabled={pending !== undefined}
                onClick={() => onDecide(booking.bookingId, 'decline')}
              >
                {pending === 'decline' ? DECISION_TEXT.decline.saving : 'Yes, decline'}
              </button>
              <button
                type="button"
                className={`${secondaryButton} ${touch}`}
                aria-describedby={titleId}
                disabled={pending !== undefined}
                onClick={() => setAskingDecline(false)}
              >
                Keep it
              </button>
            </>
          ) : (
            <>
              <button
                type="button"
                className={`${primaryButton} ${touch}`}
                aria-describedby={titleId}
                disabled={pending !== undefined}
                onClick={() => onDecide(booking.bookingId, 'confirm')}
              >
                {pending === 'confirm' ? DECISION_TEXT.confirm.saving : DECISION_TEXT.confirm.label}
              </button>
              <button
                type="button"
                className={`${secondaryButton} ${touch}`}
                aria-describedby={titleId}
                disabled={pending !== undefined}
                onClick={() => setAskingDecline(true)}
              >
                {DECISION_TEXT.decline.label}
              </button>
            </>
          )}
        </div>
      )}
    </article>
  );
}

/** The shop's upcoming table bookings, soonest first, to confirm or decline. */
export default function BookingsView() {
  const state = useStore($bookings);
  const now = new Date();
  const refresh = () => calls().then(refreshBookings, () => undefined);

  useEffect(() => {
    void refresh();
    const timer = setInterval(() => void refresh(), BOOKINGS_POLL_MS);
    return () => clearInterval(timer);
  }, []);

  const decide = (bookingId: number, decision: BookingDecision) =>
    void calls().then((bookings) => decideBooking(bookings, bookingId, decision));
  const waiting = state.bookings.filter((booking) => booking.status === 'new').length;

  return (
    <SectionView
      title="Table bookings"
      width="board"
      onRefresh={refresh}
      summary={waiting === 0 ? 'No bookings waiting for an answer' : `${waiting} waiting for an answer`}
      problem={state.problem}
      loaded={state.loaded}
      loadingText="Loading the bookings…"
      emptyText={
        state.bookings.length === 0 ? "No upcoming bookings. Requests from the shop's website show here." : null
      }
    >
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Upcoming bookings, soonest first">
        {state.bookings.map((booking) => (
          <li key={booking.bookingId} className="min-w-0">
            <BookingCard
              booking={booking}
              pending={state.pending[booking.bookingId]}
              failure={state.failures[booking.bookingId]}
              now={now}
              onDecide={decide}
            />
          </li>
        ))}
      </ul>
    </SectionView>
  );
}
