import type { DaySummaryResponse } from '../../../../lib/api/staff-contract.ts';
import { lineTitle } from '../../../../lib/cart/describe-line.ts';
import { retailerOffsetMs, retailerWallClock } from '../../../../lib/time/retailer-clock.ts';
import type { ShopZone } from '../../../../lib/time/shop-zone.ts';

/**
 * The end-of-day CSV, made in the browser from the API's answer: one row per order, then the
 * summary. Customers type their names and notes, so every cell is escaped for spreadsheets.
 */

/** Cells a spreadsheet would run as a formula (CSV injection); tab and carriage return are the OWASP list's others. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: a would-be formula turned into text with a leading quote, then quoted if it holds a quote, comma or line break. */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows joined with CRLF, as RFC 4180 and every spreadsheet read them. */
export function csvText(rows: readonly (readonly (string | number)[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** Cents as the plain decimal a spreadsheet sums: 3750 → 37.50. */
const dollars = (cents: number) => (cents / 100).toFixed(2);

/** "2026-04-05 02:30 +11:00": the shop's wall clock with its offset, so the autumn change's repeated hour stays apart. */
export function shopTimeText(placedAt: string, zone: ShopZone): string {
  const at = new Date(placedAt);
  const { date, minutes } = retailerWallClock(at, zone);
  const offset = retailerOffsetMs(at.getTime(), zone) / 60_000;
  const pad = (n: number) => String(n).padStart(2, '0');
  const sign = offset < 0 ? '-' : '+';
  return `${date} ${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)} ${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
}

export function endOfDayCsv({ zone, summary, orders }: DaySummaryResponse): string {
  const rows: (string | number)[][] = [
    [
      'Order',
      'Placed (shop time)',
      'Service',
      'Payment',
      'Items',
      'Total',
      'Tip',
      'Promo',
      'Promo saving',
      'Cancelled',
    ],
    ...orders.map((order) => [
      order.orderNumber,
      shopTimeText(order.placedAt, zone),
      order.service,
      order.paymentMethod,
      order.lines
        .map(
          (line) =>
            `${line.quantity} × ${lineTitle({ productName: line.dish, secondHalf: line.secondHalf === null ? null : { productName: line.secondHalf } })}`,
        )
        .join('; '),
      dollars(order.totalCents),
      dollars(order.tipCents),
      order.promoCode ?? '',
      dollars(order.promoSavingCents),
      order.cancelled ? 'yes' : 'no',
    ]),
    [],
    ['Summary', summary.from === summary.to ? summary.from : `${summary.from} to ${summary.to}`],
    ['Orders', summary.totals.orders],
    ['Sales', dollars(summary.totals.salesCents)],
    ['Average order', dollars(summary.totals.averageCents)],
    ['Cancelled orders', summary.cancelled.orders],
    ...summary.byService.map((entry) => [`Sales ${entry.service}`, dollars(entry.salesCents)]),
    ...summary.byPayment.map((entry) => [`Sales ${entry.paymentMethod}`, dollars(entry.salesCents)]),
    ['Tips', dollars(summary.tips.tipCents)],
    ...summary.tips.byPayment.map((entry) => [`Tips ${entry.paymentMethod}`, dollars(entry.tipCents)]),
    ['Promo savings', dollars(summary.promos.savingCents)],
    ...summary.promos.byCode.map((entry) => [`Promo ${entry.code}`, dollars(entry.savingCents)]),
  ];
  return csvText(rows);
}
