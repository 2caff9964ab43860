import type { KitchenTicket } from '../../../lib/kitchen/kitchen-ticket.ts';

/**
 * A kitchen ticket in ReceiptLine's markup (receiptline, the library that encodes it for each
 * printer's command set), 48 columns of an 80 mm roll. Everything the customer typed is escaped,
 * so a note of "----" or "`" prints as those characters and never as a rule, a cut or a style.
 */

/** ReceiptLine's special characters (its README, "Special characters in text"). */
const SPECIAL = /[\\|{}\-=~_"`^]/g;

/** The code page every kitchen printer has (cp437) lacks "×" and "−": an "x" and a "-" read the same on a ticket. */
function printable(text: string): string {
  return text
    .replaceAll('×', 'x')
    .replaceAll('−', '-')
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/\p{Cc}/gu, '');
}

function escapeText(text: string): string {
  return printable(text).replace(SPECIAL, (character) => `\\${character}`);
}

/** Left-off ingredients are inverted and in capitals, as the board marks them, so no cook misses one. */
function rowText(row: KitchenTicket['lines'][number]['rows'][number]): string {
  return row
    .map((part) =>
      part.leftOff
        ? `\`${escapeText(part.text.trim().toUpperCase())}\`${part.text.endsWith(' ') ? ' ' : ''}`
        : escapeText(part.text),
    )
    .join('');
}

/** A line of one column, flush left (ReceiptLine centres a column unless a space follows its text). */
const left = (markup: string) => `${markup} |`;

export function ticketDocument(ticket: KitchenTicket): string {
  const lines = [
    ...(ticket.reprint ? [left('`^^"REPRINT"`')] : []),
    `${escapeText(ticket.shopName)} | "${escapeText(ticket.stationName)}"`,
    left(`^^^Order ${ticket.orderNumber}`),
    left(`^^"${escapeText(ticket.heading)}"`),
    ...(ticket.promised === null ? [] : [left(escapeText(ticket.promised))]),
    ticket.part === null
      ? left(escapeText(ticket.placed))
      : `${escapeText(ticket.placed)} | ${escapeText(ticket.part)}`,
    left(escapeText(ticket.customer)),
    ...(ticket.address === null ? [] : [left(`"${escapeText(ticket.address)}"`)]),
    '-',
    ...ticket.lines.flatMap((line) => [
      left(`^^"${escapeText(line.title)}"`),
      ...line.rows.map((row) => left(`~~~~${rowText(row)}`)),
    ]),
    '-',
    ...(ticket.notes === null ? [] : [left(`^^"NOTE: ${escapeText(ticket.notes)}"`), '-']),
    left(escapeText(ticket.total)),
    ...(ticket.promo === null ? [] : [left(escapeText(ticket.promo))]),
    ...(ticket.tip === null ? [] : [left(escapeText(ticket.tip))]),
  ];
  return `${lines.join('\n')}\n`;
}

/** The owner's test print: which shop and printer it is, and when, so a ticket on the wrong printer is plain. */
export function testTicketDocument(shopName: string, printerName: string, printedAt: string): string {
  return `${[
    `${escapeText(shopName)} | "${escapeText(printerName)}"`,
    left('^^"TEST PRINT"'),
    left(escapeText(`Printed ${printedAt}`)),
    '-',
    left('This printer is connected.'),
  ].join('\n')}\n`;
}
