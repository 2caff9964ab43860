import { z } from 'zod';
import {
  MAX_SHIFTS_PER_DAY,
  TRADING_HOURS_MAX_ROWS,
  tradingHourEntrySchema,
  tradingHoursSchema,
  type TradingHourEntry,
} from '../../tenant/hours.ts';
import type { Tenant } from '../../tenant/index.ts';
import { weekdayNames, weekOrder } from '../../time/format.ts';
import type { ShopPart } from './part.ts';
import { mergeRow, newRow } from './row-merge.ts';

export { MAX_SHIFTS_PER_DAY, TRADING_HOURS_MAX_ROWS };

/** The rows of trading-hours.json, as the file holds them and bounds them (day 0 is Sunday). */
export const tradingHoursValueSchema = tradingHoursSchema;
export type TradingHoursValue = TradingHourEntry[];

/** Opening hours (the shop is open and takes pickup orders) or delivery hours of a row. */
export type HoursService = 'open' | 'delivery';

export const serviceFields = {
  open: { start: 'openingTimeStart', end: 'openingTimeEnd' },
  delivery: { start: 'deliveryTimeStart', end: 'deliveryTimeEnd' },
} as const;

const fields = ['day', 'openingTimeStart', 'openingTimeEnd', 'deliveryTimeStart', 'deliveryTimeEnd'] as const;

export interface HoursSpan {
  from: string;
  until: string;
}

/** A row's hours of a service; null when closed, as the storefront reads a row missing either time. */
export function spanOf(entry: TradingHourEntry, service: HoursService): HoursSpan | null {
  const from = entry[serviceFields[service].start];
  const until = entry[serviceFields[service].end];
  return from === null || until === null ? null : { from, until };
}

/** A day's hours of a service in start order, as the storefront's hours table lists them. */
export function daySpans(rows: readonly TradingHourEntry[], day: number, service: HoursService): HoursSpan[] {
  return rows
    .filter((row) => row.day === day)
    .flatMap((row) => spanOf(row, service) ?? [])
    .sort((a, b) => a.from.localeCompare(b.from) || a.until.localeCompare(b.until));
}

/** "11:30–14:30, 17:00–01:00", or "closed" for a day without hours. */
export function spansText(spans: readonly HoursSpan[]): string {
  return spans.length === 0 ? 'closed' : spans.map((span) => `${span.from}–${span.until}`).join(', ');
}

/**
 * What an end time means beside its start, in the storefront's terms: an end not after its start
 * runs into the next day (an equal one makes 24 hours), 00:00 is the midnight ending the day, and
 * 23:59 is read as that midnight too, so it needs no note.
 */
export function shiftEndNote(span: HoursSpan): string | undefined {
  const { from, until } = span;
  if (until === '23:59' || until > from) return undefined;
  if (until === '00:00') return from === '00:00' ? 'All day: 24 hours' : 'Until midnight';
  if (until === from) return `Crosses midnight: 24 hours, until ${until} the next day`;
  return `Crosses midnight: until ${until} the next day`;
}

/** A day's hours in one line, for "Now: …" beside a changed day. */
export function dayHoursText(rows: readonly TradingHourEntry[], day: number): string {
  const open = spansText(daySpans(rows, day, 'open'));
  return `${open === 'closed' ? 'closed' : `open ${open}`}; delivery ${spansText(daySpans(rows, day, 'delivery'))}`;
}

function describeTradingHours(from: TradingHoursValue, to: TradingHoursValue): string[] {
  return weekOrder.flatMap((day) => {
    const name = weekdayNames[day];
    const lines: string[] = [];
    const openBefore = spansText(daySpans(from, day, 'open'));
    const openAfter = spansText(daySpans(to, day, 'open'));
    // "open" is said once: "open 11:30–14:30 → 12:00–14:30", "closed → open 17:00–21:00".
    const openWords = (text: string, said: boolean) => (text === 'closed' || said ? text : `open ${text}`);
    if (openBefore !== openAfter)
      lines.push(`${name}: ${openWords(openBefore, false)} → ${openWords(openAfter, openBefore !== 'closed')}`);
    const deliveryBefore = spansText(daySpans(from, day, 'delivery'));
    const deliveryAfter = spansText(daySpans(to, day, 'delivery'));
    if (deliveryBefore !== deliveryAfter) lines.push(`${name} delivery: ${deliveryBefore} → ${deliveryAfter}`);
    return lines;
  });
}

const rawRows = z.array(z.looseObject({}));

/**
 * The edited rows into trading-hours.json. The k-th row of a day takes the place of the file's k-th
 * row of that day, so keys the console does not know stay with their day's shift.
 */
function writeTradingHours(raw: unknown, value: TradingHoursValue): unknown {
  const rows = rawRows.safeParse(raw ?? []);
  if (!rows.success) return undefined;
  const read = rows.data.map((row) => tradingHourEntrySchema.safeParse(row));
  const byDay = new Map<number, number[]>();
  for (const [index, result] of read.entries()) {
    if (!result.success) return undefined;
    byDay.set(result.data.day, [...(byDay.get(result.data.day) ?? []), index]);
  }
  const taken = new Map<number, number>();
  return value.map((entry) => {
    const nth = taken.get(entry.day) ?? 0;
    taken.set(entry.day, nth + 1);
    const index = byDay.get(entry.day)?.[nth];
    const row = index === undefined ? undefined : rows.data[index];
    const known = index === undefined ? undefined : read[index]?.data;
    return row && known ? mergeRow(row, known, entry, fields) : newRow(entry, fields);
  });
}

export const tradingHoursPart: ShopPart<TradingHoursValue> = {
  title: 'Trading hours',
  file: 'tradingHours',
  schema: tradingHoursValueSchema,
  published: (tenant: Tenant) => tenant.tradingHours,
  describe: describeTradingHours,
  write: writeTradingHours,
};
