import type { TradingHourEntry } from '../../tenant/index.ts';
import { timeOfDay } from '../../tenant/primitives.ts';
import { weekdayNames } from '../../time/format.ts';
import {
  MAX_SHIFTS_PER_DAY,
  serviceFields,
  TRADING_HOURS_MAX_ROWS,
  type HoursService,
} from '../parts/trading-hours.ts';

/** One service of one shift as the form holds it: the times as typed, kept while closed so unticking brings them back. */
export interface ServiceForm {
  closed: boolean;
  from: string;
  until: string;
}

/**
 * One shift (a row of the file) in the editor. `entry` is the row the value holds: it follows the
 * fields only while every shown time reads as a time, so a half-typed time never reaches the value.
 */
export interface ShiftForm {
  key: number;
  entry: TradingHourEntry;
  open: ServiceForm;
  delivery: ServiceForm;
}

/** The times a new shift, or a service opened on a closed shift, starts with. */
const NEW_SPAN = { from: '17:00', until: '21:00' } as const;
export const services: readonly HoursService[] = ['open', 'delivery'];
export const serviceLabels: Record<HoursService, { from: string; until: string; closed: string }> = {
  open: { from: 'Open from', until: 'Open until', closed: 'Closed' },
  delivery: { from: 'Delivery from', until: 'Delivery until', closed: 'No delivery' },
};

/** What a time input gives as HH:mm (browsers may add seconds); null when empty or not a time. */
export function readTime(text: string): string | null {
  const hhmm = /^\d\d:\d\d(:\d\d(\.\d+)?)?$/.test(text) ? text.slice(0, 5) : text;
  return timeOfDay.safeParse(hhmm).success ? hhmm : null;
}

function serviceForm(entry: TradingHourEntry, service: HoursService): ServiceForm {
  const from = entry[serviceFields[service].start];
  const until = entry[serviceFields[service].end];
  return { closed: from === null || until === null, from: from ?? NEW_SPAN.from, until: until ?? NEW_SPAN.until };
}

export function toShiftForms(rows: readonly TradingHourEntry[]): ShiftForm[] {
  return rows.map((entry, key) => ({
    key,
    entry,
    open: serviceForm(entry, 'open'),
    delivery: serviceForm(entry, 'delivery'),
  }));
}

export const formRows = (form: readonly ShiftForm[]): TradingHourEntry[] => form.map((shift) => shift.entry);

const rowFields = ['day', 'openingTimeStart', 'openingTimeEnd', 'deliveryTimeStart', 'deliveryTimeEnd'] as const;

/** Same rows field by field: a value that came back through the server may order its keys differently. */
export function sameRows(a: readonly TradingHourEntry[], b: readonly TradingHourEntry[]): boolean {
  return a.length === b.length && a.every((row, index) => rowFields.every((field) => row[field] === b[index]?.[field]));
}

function settle(shift: ShiftForm): ShiftForm {
  const times = (form: ServiceForm) => (form.closed ? [null, null] : [readTime(form.from), readTime(form.until)]);
  const [openFrom = null, openUntil = null] = times(shift.open);
  const [deliveryFrom = null, deliveryUntil = null] = times(shift.delivery);
  const unreadable =
    (!shift.open.closed && (openFrom === null || openUntil === null)) ||
    (!shift.delivery.closed && (deliveryFrom === null || deliveryUntil === null));
  if (unreadable) return shift;
  return {
    ...shift,
    entry: {
      ...shift.entry,
      openingTimeStart: openFrom,
      openingTimeEnd: openUntil,
      deliveryTimeStart: deliveryFrom,
      deliveryTimeEnd: deliveryUntil,
    },
  };
}

export function editShift(
  form: readonly ShiftForm[],
  key: number,
  service: HoursService,
  change: Partial<ServiceForm>,
): ShiftForm[] {
  return form.map((shift) =>
    shift.key === key ? settle({ ...shift, [service]: { ...shift[service], ...change } }) : shift,
  );
}

export const shiftsOfDay = (form: readonly ShiftForm[], day: number) => form.filter((shift) => shift.entry.day === day);

export function canAddShift(form: readonly ShiftForm[], day: number): boolean {
  return form.length < TRADING_HOURS_MAX_ROWS && shiftsOfDay(form, day).length < MAX_SHIFTS_PER_DAY;
}

/** A new shift goes after its day's last one, or where its day falls among the file's days, so the file keeps its order. */
export function addShift(form: readonly ShiftForm[], day: number): ShiftForm[] {
  if (!canAddShift(form, day)) return [...form];
  const key = Math.max(-1, ...form.map((shift) => shift.key)) + 1;
  const span = { closed: false, ...NEW_SPAN };
  const shift: ShiftForm = {
    key,
    entry: {
      day,
      openingTimeStart: span.from,
      openingTimeEnd: span.until,
      deliveryTimeStart: span.from,
      deliveryTimeEnd: span.until,
    },
    open: span,
    delivery: span,
  };
  const lastOfDay = form.findLastIndex((other) => other.entry.day === day);
  const firstLater = form.findIndex((other) => other.entry.day > day);
  const at = lastOfDay !== -1 ? lastOfDay + 1 : firstLater !== -1 ? firstLater : form.length;
  return [...form.slice(0, at), shift, ...form.slice(at)];
}

/** A day keeps at least one shift: a day closed all day is a shift with "Closed" and "No delivery" ticked. */
export function canRemoveShift(form: readonly ShiftForm[], day: number): boolean {
  return shiftsOfDay(form, day).length > 1;
}

export function removeShift(form: readonly ShiftForm[], key: number): ShiftForm[] {
  const shift = form.find((other) => other.key === key);
  return shift && canRemoveShift(form, shift.entry.day) ? form.filter((other) => other.key !== key) : [...form];
}

/** Why a time field holds no time, beside the field; undefined when it reads. */
export const timeError = (text: string) => (readTime(text) === null ? 'Enter a time' : undefined);

/** The fields that hold no time, in the owner's words: "Friday, shift 2: Open until: enter a time". */
export function shiftProblems(form: readonly ShiftForm[]): string[] {
  return form.flatMap((shift) => {
    const number = shiftsOfDay(form, shift.entry.day).indexOf(shift) + 1;
    return services.flatMap((service) => {
      const fields = shift[service];
      if (fields.closed) return [];
      return (['from', 'until'] as const)
        .filter((field) => timeError(fields[field]) !== undefined)
        .map(
          (field) =>
            `${weekdayNames[shift.entry.day] ?? `Day ${shift.entry.day}`}, shift ${number}: ${serviceLabels[service][field]}: enter a time`,
        );
    });
  });
}
