import { z } from 'zod';
import { CLOSED_DATES_MAX, closedDateSchema, closedDatesSchema, type ClosedDate } from '../../tenant/hours.ts';
import type { Tenant } from '../../tenant/index.ts';
import type { ShopPart } from './part.ts';
import { mergeRow, newRow } from './row-merge.ts';

export { CLOSED_DATES_MAX };

/** The entries of closed-dates.json, as the file holds them and bounds them. */
export const closedDatesValueSchema = closedDatesSchema;
export type ClosedDatesValue = ClosedDate[];

const fields = ['dateStart', 'dateEnd', 'timeEnd', 'justDeliveryDisabled', 'reason'] as const;
const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
/** Long enough to tell entries apart in a list of changes, short enough to keep the line one idea. */
const REASON_SHOWN = 40;

function dateParts(date: string): { day: number; month: string; year: string } {
  const [year = '', month = '', day = ''] = date.split('-');
  return { day: Number(day), month: monthNames[Number(month) - 1] ?? month, year };
}

/** "24 Dec 2026". */
export function formatDate(date: string): string {
  const { day, month, year } = dateParts(date);
  return `${day} ${month} ${year}`;
}

/** The storefront closes the whole last day for an end time of 23:59 or 00:00 (lib/time/schedule.ts). */
export function closesWholeLastDay(timeEnd: string): boolean {
  return timeEnd === '23:59' || timeEnd === '00:00';
}

/** "24 Dec 2026", "25–26 Dec 2026", "11 Jan – 2 Feb 2027", "28 Dec 2026 – 4 Jan 2027". */
export function formatDateRange(dateStart: string, dateEnd: string): string {
  if (dateStart === dateEnd) return formatDate(dateStart);
  const start = dateParts(dateStart);
  const end = dateParts(dateEnd);
  if (start.year !== end.year) return `${formatDate(dateStart)} – ${formatDate(dateEnd)}`;
  if (start.month !== end.month) return `${start.day} ${start.month} – ${formatDate(dateEnd)}`;
  return `${start.day}–${formatDate(dateEnd)}`;
}

/** "1 Jan 2027 closed until 16:00", "24 Dec 2026 closed for delivery only". */
export function closureText(entry: ClosedDate): string {
  const kind = entry.justDeliveryDisabled ? 'closed for delivery only' : 'closed';
  const until = closesWholeLastDay(entry.timeEnd) ? '' : ` until ${entry.timeEnd}`;
  return `${formatDateRange(entry.dateStart, entry.dateEnd)} ${kind}${until}`;
}

function shortReason(reason: string, max = REASON_SHOWN): string {
  if (reason.length <= max) return reason;
  const cut = reason.slice(0, max);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.:;–-]+$/, '')}…`;
}

/** An entry in one line: "24 Dec 2026 closed for delivery only (Christmas Eve: pickup only…)". */
export function entryText(entry: ClosedDate): string {
  return entry.reason === '' ? closureText(entry) : `${closureText(entry)} (${shortReason(entry.reason)})`;
}

const sameEntry = (a: ClosedDate, b: ClosedDate) => fields.every((field) => a[field] === b[field]);

export interface ClosedDatesMatch {
  /** [index in `from`, index in `to`] of the same entry, before and after an edit. */
  pairs: [number, number][];
  added: number[];
  removed: number[];
}

/**
 * Which entry of `to` is which entry of `from`. Entries are paired by what an edit keeps: the
 * same entry, else the same first date, else the same last date, else the same reason; so an
 * owner who edits one entry sees one change, and removing one entry does not shift the others.
 */
export function matchClosedDates(from: readonly ClosedDate[], to: readonly ClosedDate[]): ClosedDatesMatch {
  const fromOf = new Map<number, number>();
  const used = new Set<number>();
  const passes: ((a: ClosedDate, b: ClosedDate) => boolean)[] = [
    sameEntry,
    (a, b) => a.dateStart === b.dateStart,
    (a, b) => a.dateEnd === b.dateEnd,
    (a, b) => a.reason !== '' && a.reason === b.reason,
  ];
  for (const pass of passes) {
    to.forEach((after, toIndex) => {
      if (fromOf.has(toIndex)) return;
      const fromIndex = from.findIndex((before, index) => !used.has(index) && pass(before, after));
      if (fromIndex === -1) return;
      fromOf.set(toIndex, fromIndex);
      used.add(fromIndex);
    });
  }
  return {
    pairs: [...fromOf]
      .map(([toIndex, fromIndex]): [number, number] => [fromIndex, toIndex])
      .sort((a, b) => a[1] - b[1]),
    added: to.flatMap((_, index) => (fromOf.has(index) ? [] : [index])),
    removed: from.flatMap((_, index) => (used.has(index) ? [] : [index])),
  };
}

function reasonWords(before: string, after: string): string {
  const quote = (reason: string, max: number) => (reason === '' ? 'none' : `"${shortReason(reason, max)}"`);
  const shortBefore = quote(before, 2 * REASON_SHOWN);
  const shortAfter = quote(after, 2 * REASON_SHOWN);
  // Two reasons that differ only past the cut would read as no change.
  return shortBefore === shortAfter ? `reason "${before}" → "${after}"` : `reason ${shortBefore} → ${shortAfter}`;
}

/** "Changed: 24 Dec 2026 closed for delivery only → 24 Dec 2026 closed; reason "…" → "…"". */
export function changeText(before: ClosedDate, after: ClosedDate): string {
  const was = closureText(before);
  const now = closureText(after);
  const parts = [was === now ? was : `${was} → ${now}`];
  if (before.reason !== after.reason) parts.push(reasonWords(before.reason, after.reason));
  return `Changed: ${parts.join('; ')}`;
}

function describeClosedDates(from: ClosedDatesValue, to: ClosedDatesValue): string[] {
  const { pairs, added, removed } = matchClosedDates(from, to);
  const lines: { date: string; text: string }[] = [];
  for (const index of removed) {
    const entry = from[index];
    if (entry) lines.push({ date: entry.dateStart, text: `Removed: ${entryText(entry)}` });
  }
  for (const [fromIndex, toIndex] of pairs) {
    const before = from[fromIndex];
    const after = to[toIndex];
    if (before && after && !sameEntry(before, after))
      lines.push({ date: after.dateStart, text: changeText(before, after) });
  }
  for (const index of added) {
    const entry = to[index];
    if (entry) lines.push({ date: entry.dateStart, text: `Added: ${entryText(entry)}` });
  }
  // In date order, as the owner's calendar reads; Array#sort is stable, so one date keeps removed, changed, added.
  return lines.sort((a, b) => a.date.localeCompare(b.date)).map((line) => line.text);
}

const rawRows = z.array(z.looseObject({}));

/** The edited entries into closed-dates.json; each keeps the unknown keys of the file's entry it was matched to. */
function writeClosedDates(raw: unknown, value: ClosedDatesValue): unknown {
  const rows = rawRows.safeParse(raw ?? []);
  if (!rows.success) return undefined;
  const read: ClosedDate[] = [];
  for (const row of rows.data) {
    const result = closedDateSchema.safeParse(row);
    if (!result.success) return undefined;
    read.push(result.data);
  }
  const rawIndexOf = new Map(matchClosedDates(read, value).pairs.map(([fromIndex, toIndex]) => [toIndex, fromIndex]));
  return value.map((entry, index) => {
    const rawIndex = rawIndexOf.get(index);
    const row = rawIndex === undefined ? undefined : rows.data[rawIndex];
    const known = rawIndex === undefined ? undefined : read[rawIndex];
    return row && known ? mergeRow(row, known, entry, fields) : newRow(entry, fields);
  });
}

export const closedDatesPart: ShopPart<ClosedDatesValue> = {
  title: 'Closed dates',
  file: 'closedDates',
  schema: closedDatesValueSchema,
  published: (tenant: Tenant) => tenant.closedDates,
  describe: describeClosedDates,
  write: writeClosedDates,
};
