import { describe, expect, it } from 'vitest';
import { kitchenTickets, type KitchenOrder } from '../../../lib/kitchen/kitchen-ticket.ts';
import type { KitchenStation } from '../../../lib/kitchen/station-routing.ts';
import { decodeEscPos, printedText } from '../tests/support/escpos-decoder.ts';
import { ticketDocument } from './ticket-document.ts';
import { documentAsSvg, documentAsText, encodeDocument } from './ticket-encoding.ts';

const NOW = new Date('2026-11-27T08:00:00Z');
const oven: KitchenStation = { stationId: 1, name: 'Oven', productGroupIds: [7] };
const counter: KitchenStation = { stationId: 2, name: 'Counter', productGroupIds: [9] };
const settings = { shopName: 'Bella Napoli', zone: 'Australia/Melbourne', now: NOW, reprint: false };

const halfAndHalf: KitchenOrder = {
  orderNumber: 42,
  placedAt: '2026-11-27T07:55:00Z',
  dueAt: null,
  promisedAt: '2026-11-27T08:25:00Z',
  orderType: 'pickup',
  customer: { name: 'Ada Lovelace', phone: '0400 000 000' },
  address: null,
  lines: [
    '1 × Margherita / Diavola · Large 13" · Half Margherita, half Diavola · Margherita half: Extra basil · Diavola half: No Fresh chilli, No olives',
    '2 × Coke · 1.25 L',
  ],
  notes: 'Cut in squares please',
  totalCents: 4150,
  paymentMethod: 'card-on-delivery',
};

const hostile: KitchenOrder = {
  ...halfAndHalf,
  orderNumber: 43,
  orderType: 'delivery',
  dueAt: '2026-11-27T10:30:00Z',
  promisedAt: null,
  customer: { name: 'Bob `^^^` {x}', phone: '' },
  address: '1 Lygon St, Carlton (gate | code 12)',
  lines: ['1 × Garlic bread · No garlic'],
  notes: '---\n===\n\\x1d\x1bV cut here ~ _ "quoted"',
};

const promoted: KitchenOrder = {
  ...halfAndHalf,
  paymentMethod: 'cash',
  totalCents: 3650,
  promoCode: 'SAVE5',
  promoSavingCents: 500,
  tipCents: 620,
};

/** [golden file name, order, each line's group, stations, reprint]: the ticket of the first station. */
const goldens: [string, KitchenOrder, number[], KitchenStation[], boolean][] = [
  ['half-and-half-oven', halfAndHalf, [7, 9], [oven, counter], false],
  ['drinks-counter', halfAndHalf, [9, 9], [oven, counter], false],
  ['delivery-escaped-reprint', hostile, [7], [oven], true],
  ['cash-tip-oven', { ...halfAndHalf, paymentMethod: 'cash', tipCents: 620 }, [7, 9], [oven, counter], false],
  ['promo-tip-oven', promoted, [7, 9], [oven, counter], false],
];

describe('kitchen tickets in ESC/POS, 48 columns of an 80 mm roll', () => {
  it.each(goldens)('%s matches its golden files', async (name, order, groups, stations, reprint) => {
    const [first] = kitchenTickets(order, groups, stations, { ...settings, reprint });
    if (!first) throw new Error('expected a ticket');
    const document = ticketDocument(first.ticket);
    const bytes = encodeDocument(document, 'escpos');
    await expect(documentAsText(document)).toMatchFileSnapshot(`fixtures/${name}.txt`);
    await expect(`${documentAsSvg(document)}\n`).toMatchFileSnapshot(`fixtures/${name}.svg`);
    await expect(printedText(decodeEscPos(bytes))).toMatchFileSnapshot(`fixtures/${name}.escpos.txt`);
    await expect(
      `${Buffer.from(bytes)
        .toString('hex')
        .replace(/(.{64})/g, '$1\n')}\n`,
    ).toMatchFileSnapshot(`fixtures/${name}.escpos.hex`);
  });

  it('prints left-off ingredients inverted and in capitals, each half on its own row, and cuts once', () => {
    const [first] = kitchenTickets(halfAndHalf, [7, 9], [oven, counter], settings);
    if (!first) throw new Error('expected a ticket');
    const printed = decodeEscPos(encodeDocument(ticketDocument(first.ticket), 'escpos'));
    const texts = printed.lines.map((line) => line.text);
    expect(texts).toContain('Bella Napoli                                Oven');
    expect(texts).toContain('    Margherita half: Extra basil');
    expect(texts).toContain('    Diavola half: NO FRESH CHILLI, NO OLIVES');
    expect(texts).not.toContain('2 x Coke');
    const leftOff = printed.lines.flatMap((line) => line.runs.filter((run) => run.inverted).map((run) => run.text));
    expect(leftOff).toEqual(['NO FRESH CHILLI,', 'NO OLIVES']);
    expect(printed.lines.find((line) => line.text === 'Order 42')?.runs[0]).toMatchObject({ width: 2, height: 2 });
    expect(texts.every((text) => text.length <= 48)).toBe(true);
    expect(printed.cuts).toBe(1);
  });

  it('prints what the customer typed as text: no rule, cut, style or printer command of theirs', () => {
    const [first] = kitchenTickets(hostile, [7], [oven], { ...settings, reprint: true });
    if (!first) throw new Error('expected a ticket');
    const printed = decodeEscPos(encodeDocument(ticketDocument(first.ticket), 'escpos'));
    expect(printed.cuts).toBe(1);
    expect(printed.lines.map((line) => line.text)).toContain('Bob `^^^` {x}');
    expect(printed.lines.filter((line) => line.runs.some((run) => run.inverted)).map((line) => line.text)).toEqual([
      'REPRINT',
      '    NO GARLIC',
    ]);
  });

  it("prints the promo code and its saving under the total, then the tip, in the printer's own characters", () => {
    const [first] = kitchenTickets(promoted, [7, 9], [oven, counter], settings);
    if (!first) throw new Error('expected a ticket');
    const texts = decodeEscPos(encodeDocument(ticketDocument(first.ticket), 'escpos')).lines.map((line) => line.text);
    const total = texts.indexOf('Total $36.50 · Cash');
    expect(texts.slice(total, total + 3)).toEqual([
      'Total $36.50 · Cash',
      'Promo SAVE5 -$5.00 (out of the total)',
      'Tip $6.20 · collect $42.70 in all',
    ]);
  });

  it('encodes the same ticket in StarPRNT for Star printers', () => {
    const [first] = kitchenTickets(halfAndHalf, [7, 9], [oven], settings);
    if (!first) throw new Error('expected a ticket');
    const bytes = Buffer.from(encodeDocument(ticketDocument(first.ticket), 'starprnt'));
    expect(bytes.subarray(0, 2)).toEqual(Buffer.from([0x1b, 0x40]));
    expect(bytes.toString('latin1')).toContain('Margherita half: Extra basil');
    expect(bytes.equals(Buffer.from(encodeDocument(ticketDocument(first.ticket), 'escpos')))).toBe(false);
  });
});
