import { atom } from 'nanostores';
import {
  printerPaths,
  reprintResponseSchema,
  staffPrintersResponseSchema,
  type StaffPrinter,
} from '../../../../lib/api/printer-contract.ts';
import type { StaffClient } from '../../shell/client.ts';

/** How often the board asks how the kitchen printers are: a CloudPRNT printer counts as offline after 2 minutes. */
export const PRINTERS_POLL_MS = 30_000;

/** The shop's kitchen printers as last read; empty for a shop that prints from the browser only. */
export const $printers = atom<readonly StaffPrinter[]>([]);

/** "Oven printer offline: 127.0.0.1:9100 refused the connection", one per printer that is down. */
export function printerWarnings(printers: readonly StaffPrinter[]): string[] {
  return printers
    .filter((printer) => printer.status === 'offline')
    .map((printer) => `${printer.name} printer offline${printer.problem ? `: ${printer.problem}` : ''}`);
}

export async function refreshPrinters(client: StaffClient): Promise<void> {
  const { printers } = await client.call({
    method: 'GET',
    path: printerPaths.printers,
    schema: staffPrintersResponseSchema,
    signedIn: true,
  });
  $printers.set(printers);
}

/** Prints the order again on its stations' printers; answers how many tickets were queued. */
export async function reprintOrder(client: StaffClient, encryptedOrderId: string): Promise<number> {
  const { queued } = await client.call({
    method: 'POST',
    path: printerPaths.reprint(encryptedOrderId),
    schema: reprintResponseSchema,
    signedIn: true,
  });
  return queued;
}
