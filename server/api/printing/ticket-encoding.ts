import receiptline from 'receiptline';
import type { PrinterLanguage } from '../../../lib/api/printer-contract.ts';

const COMMANDS: Readonly<Record<PrinterLanguage, 'escpos' | 'starsbcs'>> = { escpos: 'escpos', starprnt: 'starsbcs' };

/** An 80 mm roll: 576 dots, 48 characters of Font A. */
const PAPER = { cpl: 48, encoding: 'cp437', cutting: true, spacing: false } as const;

/** The bytes a printer prints the document from, cut at the end. */
export function encodeDocument(document: string, language: PrinterLanguage): Uint8Array {
  // ReceiptLine answers printer commands as a string of one character per byte.
  return Uint8Array.from(
    Buffer.from(receiptline.transform(document, { ...PAPER, command: COMMANDS[language] }), 'latin1'),
  );
}

/** The same document as ReceiptLine draws it, for a golden picture a reviewer opens in a browser. */
export function documentAsSvg(document: string): string {
  // ReceiptLine names its filters by a random UUID: one fixed name keeps the picture the same each run.
  return receiptline
    .transform(document, { ...PAPER, command: 'svg' })
    .replace(/receipt-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, 'receipt-ticket');
}

/** The same document as ReceiptLine draws it in text, for golden files a person can read in a diff. */
export function documentAsText(document: string): string {
  return receiptline.transform(document, { ...PAPER, command: 'text' });
}
