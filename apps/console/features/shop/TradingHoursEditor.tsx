import { useEffect, useState } from 'react';
import type { PartEditorProps } from '../../../../lib/shop/parts/part.ts';
import {
  dayHoursText,
  MAX_SHIFTS_PER_DAY,
  shiftEndNote,
  type HoursService,
  type TradingHoursValue,
} from '../../../../lib/shop/parts/trading-hours.ts';
import { weekdayNames, weekOrder } from '../../../../lib/time/format.ts';
import { secondaryButton } from '../../../../ui/buttons.ts';
import { InputField } from './InputField.tsx';
import {
  addShift,
  canAddShift,
  canRemoveShift,
  editShift,
  formRows,
  readTime,
  removeShift,
  sameRows,
  serviceLabels,
  services,
  shiftProblems,
  shiftsOfDay,
  timeError,
  toShiftForms,
  type ServiceForm,
  type ShiftForm,
} from '../../../../lib/shop/forms/trading-hours-form.ts';

const button = `${secondaryButton} min-h-11`;

function ServiceFields({
  service,
  fields,
  onChange,
}: {
  service: HoursService;
  fields: ServiceForm;
  onChange: (change: Partial<ServiceForm>) => void;
}) {
  const labels = serviceLabels[service];
  const from = readTime(fields.from);
  const until = readTime(fields.until);
  const note = from !== null && until !== null ? shiftEndNote({ from, until }) : undefined;
  return (
    <div className="grid min-w-0 gap-2">
      <label className="flex min-h-11 items-center gap-3 text-sm font-medium">
        <input
          type="checkbox"
          className="size-5 shrink-0 accent-[var(--color-primary)]"
          checked={fields.closed}
          onChange={(event) => onChange({ closed: event.target.checked })}
        />
        {labels.closed}
      </label>
      {!fields.closed && (
        <div className="grid grid-cols-2 gap-2">
          <InputField
            type="time"
            label={labels.from}
            value={fields.from}
            error={timeError(fields.from)}
            onChange={(text) => onChange({ from: text })}
          />
          <InputField
            type="time"
            label={labels.until}
            value={fields.until}
            error={timeError(fields.until)}
            note={note}
            onChange={(text) => onChange({ until: text })}
          />
        </div>
      )}
    </div>
  );
}

function ShiftFields({
  shift,
  number,
  dayName,
  removable,
  onEdit,
  onRemove,
}: {
  shift: ShiftForm;
  number: number;
  dayName: string;
  removable: boolean;
  onEdit: (service: HoursService, change: Partial<ServiceForm>) => void;
  onRemove: () => void;
}) {
  return (
    <fieldset className="grid min-w-0 gap-3 border-0 border-t border-border px-0 pt-2">
      <legend className="pr-2 text-sm font-semibold">Shift {number}</legend>
      {services.map((service) => (
        <ServiceFields
          key={service}
          service={service}
          fields={shift[service]}
          onChange={(change) => onEdit(service, change)}
        />
      ))}
      {removable && (
        <button type="button" className={`${button} justify-self-start`} onClick={onRemove}>
          Remove shift
          <span className="sr-only">
            {' '}
            {number} on {dayName}
          </span>
        </button>
      )}
    </fieldset>
  );
}

/**
 * The week's opening and delivery hours, one fieldset a day, Monday first as the shop's hours
 * table reads; each row keeps its file day number (0 is Sunday). An end not after its start runs
 * past midnight, as the storefront reads it, and the field says so.
 */
export default function TradingHoursEditor({
  value,
  published,
  onChange,
  disabled,
}: PartEditorProps<TradingHoursValue>) {
  const [form, setForm] = useState(() => toShiftForms(value));

  // A value from outside (a reload, an undo) replaces what is typed; our own echo does not.
  useEffect(() => {
    setForm((current) => (sameRows(formRows(current), value) ? current : toShiftForms(value)));
  }, [value]);

  const update = (next: ShiftForm[]) => {
    setForm(next);
    onChange(formRows(next), shiftProblems(next));
  };
  const rows = formRows(form);

  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        Open hours are when the shop is open and takes pickup orders; delivery hours are when it delivers. A day can
        have up to {MAX_SHIFTS_PER_DAY} shifts. An end at or before the start runs past midnight into the next day.
      </p>
      {weekOrder.map((day) => {
        const shifts = shiftsOfDay(form, day);
        const now = dayHoursText(published, day);
        const name = weekdayNames[day];
        return (
          <fieldset
            key={day}
            disabled={disabled}
            className="grid min-w-0 gap-3 rounded-xl border border-border p-3 sm:p-4"
          >
            <legend className="px-1 text-lg font-semibold">{name}</legend>
            {now !== dayHoursText(rows, day) && <p className="text-sm text-muted-foreground">Now: {now}</p>}
            {shifts.length === 0 && <p className="text-sm">No shifts: closed all day.</p>}
            {shifts.map((shift, index) => (
              <ShiftFields
                key={shift.key}
                shift={shift}
                number={index + 1}
                dayName={name}
                removable={canRemoveShift(form, day)}
                onEdit={(service, change) => update(editShift(form, shift.key, service, change))}
                onRemove={() => update(removeShift(form, shift.key))}
              />
            ))}
            <button
              type="button"
              className={`${button} justify-self-start`}
              disabled={!canAddShift(form, day)}
              onClick={() => update(addShift(form, day))}
            >
              Add a shift<span className="sr-only"> on {name}</span>
            </button>
          </fieldset>
        );
      })}
    </div>
  );
}
