import { useEffect, useState } from 'react';
import {
  CLOSED_DATES_MAX,
  closesWholeLastDay,
  entryText,
  formatDateRange,
  matchClosedDates,
  type ClosedDatesValue,
} from '../../../../lib/shop/parts/closed-dates.ts';
import type { PartEditorProps } from '../../../../lib/shop/parts/part.ts';
import type { ClosedDate } from '../../../../lib/tenant/hours.ts';
import { TEXT_MAX } from '../../../../lib/tenant/primitives.ts';
import { secondaryButton } from '../../../../ui/buttons.ts';
import {
  addClosedDate,
  canAddClosedDate,
  closedDateProblems,
  editClosedDate,
  fieldErrors,
  formEntries,
  removeClosedDate,
  sameEntries,
  toClosedDateForms,
  type ClosedDateFields,
  type ClosedDateForm,
} from '../../../../lib/shop/forms/closed-dates-form.ts';
import { InputField } from './InputField.tsx';
import { readTime } from '../../../../lib/shop/forms/trading-hours-form.ts';

const button = `${secondaryButton} min-h-11`;

/** What the last day's end time does on the storefront: the end time itself is still closed. */
function untilNote(timeEnd: string): string | undefined {
  const time = readTime(timeEnd);
  if (time === null) return undefined;
  return closesWholeLastDay(time) ? 'Closed all of the last day' : `Open again after ${time} on the last day`;
}

function EntryFields({
  row,
  number,
  now,
  onEdit,
  onRemove,
}: {
  row: ClosedDateForm;
  number: number;
  now: string | undefined;
  onEdit: (change: Partial<ClosedDateFields>) => void;
  onRemove: () => void;
}) {
  const errors = fieldErrors(row);
  const title = row.entry ? formatDateRange(row.entry.dateStart, row.entry.dateEnd) : 'New closed dates';
  return (
    <fieldset className="grid min-w-0 gap-3 rounded-xl border border-border p-4">
      <legend className="px-1 font-semibold break-words">
        {number}. {title}
      </legend>
      {now && <p className="text-sm break-words text-muted-foreground">{now}</p>}
      <div className="grid gap-2 sm:grid-cols-2">
        <InputField
          type="date"
          label="From"
          value={row.dateStart}
          error={errors.dateStart}
          onChange={(text) => onEdit({ dateStart: text })}
        />
        <InputField
          type="date"
          label="To"
          min={row.dateStart || undefined}
          value={row.dateEnd}
          error={errors.dateEnd}
          onChange={(text) => onEdit({ dateEnd: text })}
        />
      </div>
      <InputField
        type="time"
        label="Closed until (time on the last day)"
        value={row.timeEnd}
        error={errors.timeEnd}
        note={untilNote(row.timeEnd)}
        onChange={(text) => onEdit({ timeEnd: text })}
      />
      <label className="flex min-h-11 items-center gap-3 text-sm font-medium">
        <input
          type="checkbox"
          className="size-5 shrink-0 accent-[var(--color-primary)]"
          checked={row.justDeliveryDisabled}
          onChange={(event) => onEdit({ justDeliveryDisabled: event.target.checked })}
        />
        Delivery only (pickup stays open)
      </label>
      <InputField
        type="text"
        label="Reason (customers see it)"
        maxLength={TEXT_MAX.line}
        autoComplete="off"
        value={row.reason}
        onChange={(text) => onEdit({ reason: text })}
      />
      <button type="button" className={`${button} justify-self-start`} onClick={onRemove}>
        Remove<span className="sr-only"> closed dates {number}</span>
      </button>
    </fieldset>
  );
}

/** How an entry differs from the shop: what the shop has now, or that it is new. */
function nowNotes(
  form: readonly ClosedDateForm[],
  published: readonly ClosedDate[],
): { notes: Map<number, string>; removed: ClosedDate[] } {
  const entries = formEntries(form);
  const match = matchClosedDates(published, entries);
  const publishedOf = new Map(match.pairs.map(([fromIndex, toIndex]) => [toIndex, published[fromIndex]]));
  const notes = new Map<number, string>();
  form
    .filter((row) => row.entry !== null)
    .forEach((row, index) => {
      const before = publishedOf.get(index);
      if (!before) notes.set(row.key, 'New: not on the shop yet');
      else if (row.entry && !sameEntries([before], [row.entry])) notes.set(row.key, `Now: ${entryText(before)}`);
    });
  return { notes, removed: match.removed.flatMap((index) => published[index] ?? []) };
}

/**
 * Dates the shop is closed, or closed for delivery only, each from its first day's midnight to its
 * last day's end time, as the storefront reads them. An entry whose dates are not filled in or
 * end before they start stays out of the value and is reported as a problem.
 */
export default function ClosedDatesEditor({ value, published, onChange, disabled }: PartEditorProps<ClosedDatesValue>) {
  const [form, setForm] = useState(() => toClosedDateForms(value));

  // A value from outside (a reload, an undo) replaces what is typed; our own echo does not.
  useEffect(() => {
    setForm((current) => (sameEntries(formEntries(current), value) ? current : toClosedDateForms(value)));
  }, [value]);

  const update = (next: ClosedDateForm[]) => {
    setForm(next);
    onChange(formEntries(next), closedDateProblems(next));
  };
  const { notes, removed } = nowNotes(form, published);

  return (
    <fieldset disabled={disabled} className="grid min-w-0 gap-4">
      <legend className="sr-only">Closed dates</legend>
      <p className="text-sm text-muted-foreground">
        Days the shop does not take orders, from the first day's midnight to the end time on the last day (that minute
        included). Up to {CLOSED_DATES_MAX} entries.
      </p>
      {form.length === 0 && <p>No closed dates: the shop follows its trading hours every day.</p>}
      {form.length > 0 && (
        <ol className="grid gap-3">
          {form.map((row, index) => (
            <li key={row.key}>
              <EntryFields
                row={row}
                number={index + 1}
                now={notes.get(row.key)}
                onEdit={(change) => update(editClosedDate(form, row.key, change))}
                onRemove={() => update(removeClosedDate(form, row.key))}
              />
            </li>
          ))}
        </ol>
      )}
      {removed.length > 0 && (
        <div className="text-sm">
          <h3 className="font-semibold">Removed when you publish</h3>
          <ul className="mt-1 grid gap-1 text-muted-foreground">
            {removed.map((entry, index) => (
              <li key={index} className="break-words">
                {entryText(entry)}
              </li>
            ))}
          </ul>
        </div>
      )}
      <button
        type="button"
        className={`${button} justify-self-start`}
        disabled={!canAddClosedDate(form)}
        onClick={() => update(addClosedDate(form))}
      >
        Add closed dates
      </button>
    </fieldset>
  );
}
