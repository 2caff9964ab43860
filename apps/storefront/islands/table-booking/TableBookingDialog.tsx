import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState, type SubmitEvent } from 'react';
import { ApiError } from '../../../../lib/api/client.ts';
import { tableBookingBodySchema } from '../../../../lib/api/contract.ts';
import { formatDayAndTimeLabel, formatDayLabel } from '../../../../lib/time/format.ts';
import { retailerDate } from '../../../../lib/time/retailer-clock.ts';
import { TABLE_BOOKING_MAX_PARTY, bookingTimeChoices, tableBookingDays } from '../../../../lib/time/table-booking.ts';
import { retailerApi } from '../../runtime/retailer-api.ts';
import { $now } from '../../stores/clock.ts';
import { closeDialog } from '../../stores/dialogs.ts';
import { $schedule } from '../../stores/ordering-data.ts';
import { needOrderingData } from '../../runtime/page-data.ts';
import { primaryButton } from '../../../../ui/buttons.ts';
import { fieldControl, fieldError, fullWidthControl } from '../../../../ui/fields.ts';
import { FormField } from '../../../../ui/FormField.tsx';
import { Sheet } from '../../../../ui/Sheet.tsx';
import { useFormIssues } from '../../../../ui/use-form-issues.ts';
import { shopZone } from '../../../../lib/time/shop-zone.ts';

const fieldMessages = {
  name: 'Please enter your name.',
  phone: 'Please enter a phone number we can call, e.g. 0400 123 456.',
  partySize: `Please choose 1 to ${TABLE_BOOKING_MAX_PARTY} guests.`,
  dateTime: 'Please choose a time.',
  notes: 'Please keep notes under 1000 characters.',
};

type Sent = { when: string; partySize: number };

/**
 * A table request for a time the shop is open, stored by the retailer API for staff to confirm.
 * Every day of the next 30 is listed, one without a time saying why; times after midnight
 * sit under the evening they belong to.
 */
export default function TableBookingDialog() {
  const schedule = useStore($schedule);
  const now = useStore($now);
  useEffect(() => {
    needOrderingData('TableBookingDialog');
  }, []);
  const days = useMemo(() => (schedule && now ? tableBookingDays(schedule, now) : []), [schedule, now]);
  const today = schedule && now ? retailerDate(now, shopZone(schedule.retailerInfo)) : '';

  const [date, setDate] = useState<string | null>(null);
  const [at, setAt] = useState('');
  const [partySize, setPartySize] = useState(2);
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [notes, setNotes] = useState('');
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<Sent | null>(null);
  const { issues, check } = useFormIssues(fieldMessages);

  const firstOpenDay = days.find((day) => day.times.length > 0);
  const chosenDay = days.find((day) => day.date === date && day.times.length > 0) ?? firstOpenDay;
  const chosenTime = chosenDay?.times.find((time) => time.at.toISOString() === at);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const booking = check(tableBookingBodySchema, {
      name,
      phone,
      partySize,
      notes,
      dateTime: chosenTime?.at.toISOString(),
    });
    if (!booking || !chosenDay || !chosenTime) return;
    setSending(true);
    try {
      await (await retailerApi()).requestTableBooking(booking);
      setSent({ when: formatDayAndTimeLabel(chosenDay.date, chosenTime.label, today), partySize: booking.partySize });
    } catch (error) {
      const refusedTime = error instanceof ApiError && error.body?.issues?.some((issue) => issue.path === 'dateTime');
      setFailure(
        refusedTime
          ? 'That time can no longer be booked. Please choose another.'
          : 'We could not send your request. Please try again.',
      );
    } finally {
      setSending(false);
    }
  };

  if (sent) {
    return (
      <Sheet
        open
        onClose={closeDialog}
        title="Table requested"
        footer={
          <button type="button" className={`${primaryButton} w-full`} onClick={closeDialog}>
            Done
          </button>
        }
      >
        <p role="status" data-booking-sent>
          Thank you, {name.trim()}. We have your request for a table for {sent.partySize}: {sent.when}. We will call{' '}
          {phone.trim()} to confirm it.
        </p>
      </Sheet>
    );
  }

  return (
    <Sheet
      open
      onClose={closeDialog}
      title="Book a table"
      description="Ask for a table and we will call you to confirm."
    >
      {!schedule || !now ? (
        <p className="py-6 text-center text-muted-foreground" role="status">
          Loading opening hours…
        </p>
      ) : !firstOpenDay ? (
        <p className="py-6 text-center">We are not taking table bookings for the next few weeks. Please call us.</p>
      ) : (
        <form
          className="grid gap-4 sm:grid-cols-2"
          onSubmit={(event) => void submit(event)}
          noValidate
          data-table-booking-form
        >
          <FormField label="Day" className="min-w-0">
            {(control) => (
              <select
                {...control}
                className={fullWidthControl}
                value={chosenDay?.date ?? ''}
                onChange={(event) => {
                  setDate(event.target.value);
                  setAt('');
                }}
                data-day-select
              >
                {days.map((day) => (
                  <option key={day.date} value={day.date} disabled={day.reason !== null}>
                    {formatDayLabel(day.date, today)}
                    {day.reason ? ` – ${day.reason.text}` : ''}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField label="Time" error={issues.dateTime} className="min-w-0">
            {(control) => (
              <select
                {...control}
                className={fullWidthControl}
                value={chosenTime ? at : ''}
                onChange={(event) => setAt(event.target.value)}
                data-time-select
              >
                <option value="">Choose a time</option>
                {chosenDay && schedule && now
                  ? bookingTimeChoices(schedule, chosenDay, now).map((choice) => (
                      <option
                        key={choice.at.toISOString()}
                        value={choice.at.toISOString()}
                        disabled={choice.time === null}
                      >
                        {choice.label}
                        {choice.reason ? ` – ${choice.reason}` : ''}
                      </option>
                    ))
                  : null}
              </select>
            )}
          </FormField>
          <FormField label="Guests" error={issues.partySize}>
            {(control) => (
              <select
                {...control}
                className={fieldControl}
                value={partySize}
                onChange={(event) => setPartySize(Number(event.target.value))}
              >
                {Array.from({ length: TABLE_BOOKING_MAX_PARTY }, (_, index) => index + 1).map((size) => (
                  <option key={size} value={size}>
                    {size} {size === 1 ? 'guest' : 'guests'}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField label="Name" error={issues.name}>
            {(control) => (
              <input
                {...control}
                className={fieldControl}
                autoComplete="name"
                value={name}
                onChange={(event) => setName(event.target.value)}
              />
            )}
          </FormField>
          <FormField label="Phone" error={issues.phone}>
            {(control) => (
              <input
                {...control}
                className={fieldControl}
                type="tel"
                autoComplete="tel"
                value={phone}
                onChange={(event) => setPhone(event.target.value)}
              />
            )}
          </FormField>
          <FormField label="Notes (optional)" error={issues.notes} className="sm:col-span-2">
            {(control) => (
              <textarea
                {...control}
                className={fieldControl}
                rows={2}
                value={notes}
                onChange={(event) => setNotes(event.target.value)}
              />
            )}
          </FormField>
          {failure && (
            <p role="alert" className={`${fieldError} sm:col-span-2`}>
              {failure}
            </p>
          )}
          <button type="submit" className={`${primaryButton} sm:col-span-2`} disabled={sending}>
            {sending ? 'Sending…' : 'Request the table'}
          </button>
        </form>
      )}
    </Sheet>
  );
}
