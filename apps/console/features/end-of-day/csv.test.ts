import { describe, expect, it } from 'vitest';
import type { DaySummaryResponse } from '../../../../lib/api/staff-contract.ts';
import { daySummary, type ReportOrder } from '../../../../lib/kitchen/day-summary.ts';
import { csvCell, csvText, endOfDayCsv, shopTimeText } from './csv.ts';

describe('a CSV cell', () => {
  it.each([
    ['plain text', 'Margherita', 'Margherita'],
    ['a number', 42, '42'],
    ['a comma', 'Ada, Lovelace', '"Ada, Lovelace"'],
    ['a quote', 'The "Works"', '"The ""Works"""'],
    ['a line break', 'ring twice\nback door', '"ring twice\nback door"'],
    ['a carriage return and line break', 'a\r\nb', '"a\r\nb"'],
    ['a formula', '=HYPERLINK("http://evil")', `"'=HYPERLINK(""http://evil"")"`],
    ['a plus', '+61 400 000 000', "'+61 400 000 000"],
    ['a minus', '-1+1', "'-1+1"],
    ['an at sign', '@SUM(A1:A9)', "'@SUM(A1:A9)"],
    ['a tab first', '\t=1', "'\t=1"],
    ['a formula sign later on', 'a=b', 'a=b'],
    ['empty', '', ''],
  ] as const)('%s', (_, value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('rows end in CRLF, a line break inside a cell stays inside its quotes', () => {
    expect(csvText([['a', 'b,c'], ['x\ny'], []])).toBe('a,"b,c"\r\n"x\ny"\r\n\r\n');
  });
});

describe('the shop time of an order', () => {
  it.each([
    ['2026-04-04T15:30:00Z', 'Australia/Melbourne', '2026-04-05 02:30 +11:00'],
    ['2026-04-04T16:30:00Z', 'Australia/Melbourne', '2026-04-05 02:30 +10:00'],
    ['2026-04-04T16:30:00Z', 'Australia/Perth', '2026-04-05 00:30 +08:00'],
    ['2026-04-04T16:30:00Z', 0, '2026-04-05 02:30 +10:00'],
  ] as const)('%s in %s', (at, zone, text) => {
    expect(shopTimeText(at, zone)).toBe(text);
  });
});

describe('the end-of-day CSV', () => {
  it('one row per order in the shop time, then the summary', () => {
    const orders: ReportOrder[] = [
      {
        orderNumber: 7,
        placedAt: '2026-04-04T15:30:00Z',
        service: 'delivery',
        paymentMethod: 'card',
        totalCents: 3750,
        tipCents: 500,
        promoCode: 'SAVE5',
        promoSavingCents: 500,
        cancelled: false,
        lines: [
          { dish: 'Margherita', secondHalf: null, quantity: 2, lineCents: 3000 },
          { dish: '=Evil', secondHalf: 'Diavola', quantity: 1, lineCents: 1500 },
        ],
      },
      {
        orderNumber: 8,
        placedAt: '2026-04-05T09:00:00Z',
        service: 'pickup',
        paymentMethod: 'cash',
        totalCents: 1200,
        tipCents: 0,
        promoCode: null,
        promoSavingCents: 0,
        cancelled: true,
        lines: [{ dish: 'Garlic bread, large', secondHalf: null, quantity: 1, lineCents: 1200 }],
      },
    ];
    const zone = 'Australia/Melbourne';
    const report: DaySummaryResponse = {
      zone,
      summary: daySummary(orders, '2026-04-05', '2026-04-05', zone),
      orders,
    };
    expect(endOfDayCsv(report).split('\r\n')).toEqual([
      'Order,Placed (shop time),Service,Payment,Items,Total,Tip,Promo,Promo saving,Cancelled',
      '7,2026-04-05 02:30 +11:00,delivery,card,2 × Margherita; 1 × =Evil / Diavola,37.50,5.00,SAVE5,5.00,no',
      '8,2026-04-05 19:00 +10:00,pickup,cash,"1 × Garlic bread, large",12.00,0.00,,0.00,yes',
      '',
      'Summary,2026-04-05',
      'Orders,1',
      'Sales,37.50',
      'Average order,37.50',
      'Cancelled orders,1',
      'Sales delivery,37.50',
      'Sales pickup,0.00',
      'Sales cash,0.00',
      'Sales card,37.50',
      'Sales online,0.00',
      'Tips,5.00',
      'Tips cash,0.00',
      'Tips card,5.00',
      'Tips online,0.00',
      'Promo savings,5.00',
      'Promo SAVE5,5.00',
      '',
    ]);
  });
});
