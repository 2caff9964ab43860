import { CLOSED_DATES_MAX, formatDate } from '../parts/closed-dates.ts';
import type { ClosedDate } from '../../tenant/index.ts';
import { calendarDate } from '../../tenant/primitives.ts';
import { readTime } from './trading-hours-form.ts';

/**
 * One closed-dates entry in the editor: the fields as typed and `entry`, what the value holds.
 * `entry` follows the fields while they make an entry the file accepts; a new entry has none
 * until its dates are filled in, so a blank row never closes the shop.
 */
export interface ClosedDateForm {
  key: number;
  entry: ClosedDate | null;
  dateStart: string;
  dateEnd: string;
  timeEnd: string;
  justDeliveryDisabled: boolean;
  reason: string;
}

export type ClosedDateFields = Omit<ClosedDateForm, 'key' | 'entry'>;

/** The whole last day, as the storefront reads 23:59. */
const WHOLE_DAY = '23:59';

export function toClosedDateForms(entries: readonly ClosedDate[]): ClosedDateForm[] {
  return entries.map((entry, key) => ({ key, entry, ...entry }));
}

export const formEntries = (form: readonly ClosedDateForm[]): ClosedDate[] =>
  form.flatMap((row) => (row.entry ? [row.entry] : []));

const entryFields = ['dateStart', 'dateEnd', 'timeEnd', 'justDeliveryDisabled', 'reason'] as const;

/** Same entries field by field: a value that came back through the server may order its keys differently. */
export function sameEntries(a: readonly ClosedDate[], b: readonly ClosedDate[]): boolean {
  return (
    a.length === b.length && a.every((entry, index) => entryFields.every((field) => entry[field] === b[index]?.[field]))
  );
}

const readDate = (text: string) => (calendarDate.safeParse(text).success ? text : null);

/** Why each field holds no usable value, beside it. */
export function fieldErrors(row: ClosedDateFields): { dateStart?: string; dateEnd?: string; timeEnd?: string } {
  const start = readDate(row.dateStart);
  const end = readDate(row.dateEnd);
  return {
    ...(start === null && { dateStart: 'Enter a date' }),
    ...(end === null && { dateEnd: 'Enter a date' }),
    ...(start !== null && end !== null && end < start && { dateEnd: `Before the From date (${formatDate(start)})` }),
    ...(readTime(row.timeEnd) === null && { timeEnd: 'Enter a time' }),
  };
}

function settle(row: ClosedDateForm): ClosedDateForm {
  const start = readDate(row.dateStart);
  const end = readDate(row.dateEnd);
  const time = readTime(row.timeEnd);
  if (start !== null && end !== null && time !== null && end >= start) {
    return {
      ...row,
      entry: {
        dateStart: start,
        dateEnd: end,
        timeEnd: time,
        justDeliveryDisabled: row.justDeliveryDisabled,
        reason: row.reason,
      },
    };
  }
  return {
    ...row,
    entry: row.entry && { ...row.entry, justDeliveryDisabled: row.justDeliveryDisabled, reason: row.reason },
  };
}

/** A one-day closure is the common case: a From picked while To is empty fills To too. */
export function editClosedDate(
  form: readonly ClosedDateForm[],
  key: number,
  change: Partial<ClosedDateFields>,
): ClosedDateForm[] {
  return form.map((row) => {
    if (row.key !== key) return row;
    const next = { ...row, ...change };
    const filled = change.dateStart !== undefined && row.dateEnd === '' ? { ...next, dateEnd: change.dateStart } : next;
    return settle(filled);
  });
}

export const canAddClosedDate = (form: readonly ClosedDateForm[]) => form.length < CLOSED_DATES_MAX;

export function addClosedDate(form: readonly ClosedDateForm[]): ClosedDateForm[] {
  if (!canAddClosedDate(form)) return [...form];
  const key = Math.max(-1, ...form.map((row) => row.key)) + 1;
  return [
    ...form,
    { key, entry: null, dateStart: '', dateEnd: '', timeEnd: WHOLE_DAY, justDeliveryDisabled: false, reason: '' },
  ];
}

export const removeClosedDate = (form: readonly ClosedDateForm[], key: number) => form.filter((row) => row.key !== key);

const problemFields = [
  ['dateStart', 'From'],
  ['dateEnd', 'To'],
  ['timeEnd', 'Closed until'],
] as const;

/** Every field that holds no usable value, numbered as the list shows the entries: "Closed dates 2, To: before the From date (24 Dec 2026)". */
export function closedDateProblems(form: readonly ClosedDateForm[]): string[] {
  return form.flatMap((row, index) => {
    const errors = fieldErrors(row);
    return problemFields.flatMap(([field, label]) => {
      const error = errors[field];
      return error ? [`Closed dates ${index + 1}, ${label}: ${error.charAt(0).toLowerCase()}${error.slice(1)}`] : [];
    });
  });
}
