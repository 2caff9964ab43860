import { atom } from 'nanostores';
import { failureText, sessionEnded } from '../../shell/failures.ts';
import type { NewPrinter, StaffPrinter } from '../../../../lib/api/printer-contract.ts';
import { StaffApiError } from '../../shell/client.ts';
import { consoleToken, resetWithSession } from '../../shell/store.ts';
import type { PrinterSetupCalls } from './printers-client.ts';

/**
 * The Printers view's state, loaded with that view only: the shop's kitchen printers with their
 * status, the menu's groups their stations are chosen from, and auto-accept. A change shows once
 * the server has it; an answer that lands after sign-out, or another sign-in, is dropped.
 */

export interface Notice {
  ok: boolean;
  text: string;
}

export type PrinterAction = 'test' | 'remove';

export interface PrinterSetupState {
  loaded: boolean;
  problem: string | null;
  printers: readonly StaffPrinter[];
  groups: readonly { productGroupId: number; name: string }[];
  autoAccept: boolean;
  savingAutoAccept: boolean;
  adding: boolean;
  /** The action under way on each printer, so its buttons wait for it. */
  busy: Readonly<Record<number, PrinterAction>>;
  notice: Notice | null;
  /** The server URL of the CloudPRNT printer just added, shown until the view closes: the API keeps only its digest. */
  cloudPrnt: { printerName: string; url: string } | null;
}

export const emptyPrinterSetup: PrinterSetupState = {
  loaded: false,
  problem: null,
  printers: [],
  groups: [],
  autoAccept: false,
  savingAutoAccept: false,
  adding: false,
  busy: {},
  notice: null,
  cloudPrnt: null,
};

export const $printerSetup = atom<PrinterSetupState>(emptyPrinterSetup);

resetWithSession(() => {
  $printerSetup.set(emptyPrinterSetup);
});

/** Applies `change` to the state if the session that asked is still the one signed in. */
function update(token: string | null, change: (state: PrinterSetupState) => PrinterSetupState): void {
  if (consoleToken() === token) $printerSetup.set(change($printerSetup.get()));
}

/** "Pizzas, Sides" for a printer's stations; "everything no other printer takes" for none. */
export function stationsText(
  printer: Pick<StaffPrinter, 'productGroupIds'>,
  groups: PrinterSetupState['groups'],
): string {
  if (printer.productGroupIds.length === 0) return 'everything no other printer takes';
  return printer.productGroupIds
    .map((id) => groups.find((group) => group.productGroupId === id)?.name ?? `Group ${id}`)
    .join(', ');
}

export async function refreshPrinterSetup(calls: PrinterSetupCalls): Promise<void> {
  const token = consoleToken();
  try {
    const [printers, groups, settings] = await Promise.all([calls.list(), calls.groups(), calls.settings()]);
    update(token, (state) => ({
      ...state,
      loaded: true,
      problem: null,
      printers,
      groups,
      autoAccept: settings.autoAccept,
    }));
  } catch (error) {
    if (!sessionEnded(error)) update(token, (state) => ({ ...state, problem: failureText(error) }));
  }
}

/** Answers whether the printer was added, so the form empties only then. */
export async function addPrinter(calls: PrinterSetupCalls, printer: NewPrinter): Promise<boolean> {
  if ($printerSetup.get().adding) return false;
  const token = consoleToken();
  update(token, (state) => ({ ...state, adding: true, notice: null, cloudPrnt: null }));
  try {
    const added = await calls.add(printer);
    update(token, (state) => ({
      ...state,
      adding: false,
      printers: [...state.printers, added.printer],
      notice: {
        ok: true,
        text: added.cloudPrntUrl
          ? `Added ${added.printer.name}. Enter its CloudPRNT server URL below into the printer now: it is shown only this once.`
          : `Added ${added.printer.name}. Print a test ticket to check it is connected.`,
      },
      cloudPrnt: added.cloudPrntUrl ? { printerName: added.printer.name, url: added.cloudPrntUrl } : null,
    }));
    return true;
  } catch (error) {
    update(token, (state) => ({
      ...state,
      adding: false,
      notice: sessionEnded(error) ? null : { ok: false, text: `Could not add ${printer.name}: ${failureText(error)}` },
    }));
    return false;
  }
}

async function printerAction(
  calls: PrinterSetupCalls,
  printerId: number,
  action: PrinterAction,
  send: () => Promise<(state: PrinterSetupState) => PrinterSetupState>,
): Promise<void> {
  const state = $printerSetup.get();
  const printer = state.printers.find((listed) => listed.printerId === printerId);
  if (!printer || state.busy[printerId]) return;
  const token = consoleToken();
  update(token, (current) => ({ ...current, busy: { ...current.busy, [printerId]: action }, notice: null }));
  const done = (current: PrinterSetupState) => {
    const { [printerId]: _finished, ...busy } = current.busy;
    return { ...current, busy };
  };
  try {
    const change = await send();
    update(token, (current) => change(done(current)));
  } catch (error) {
    update(token, (current) => ({
      ...done(current),
      notice: sessionEnded(error)
        ? null
        : {
            ok: false,
            text: `${action === 'test' ? 'No test ticket for' : 'Could not remove'} ${printer.name}: ${failureText(error)}`,
          },
    }));
    // Another owner removed it meanwhile: show the printers as they are now.
    if (error instanceof StaffApiError && error.status === 404) await refreshPrinterSetup(calls);
  }
}

export async function testPrinter(calls: PrinterSetupCalls, printerId: number): Promise<void> {
  const name = $printerSetup.get().printers.find((printer) => printer.printerId === printerId)?.name ?? '';
  await printerAction(calls, printerId, 'test', async () => {
    await calls.testPrint(printerId);
    return (state) => ({
      ...state,
      notice: { ok: true, text: `Test ticket sent to ${name}. Refresh in a few seconds to see how it went.` },
    });
  });
}

export async function removePrinter(calls: PrinterSetupCalls, printerId: number): Promise<void> {
  const name = $printerSetup.get().printers.find((printer) => printer.printerId === printerId)?.name ?? '';
  await printerAction(calls, printerId, 'remove', async () => {
    await calls.remove(printerId);
    return (state) => ({
      ...state,
      printers: state.printers.filter((printer) => printer.printerId !== printerId),
      notice: { ok: true, text: `Removed ${name}: it prints no more tickets.` },
    });
  });
}

export async function setAutoAccept(calls: PrinterSetupCalls, autoAccept: boolean): Promise<void> {
  if ($printerSetup.get().savingAutoAccept) return;
  const token = consoleToken();
  update(token, (state) => ({ ...state, savingAutoAccept: true, notice: null }));
  try {
    const saved = await calls.saveSettings({ autoAccept });
    update(token, (state) => ({
      ...state,
      savingAutoAccept: false,
      autoAccept: saved.autoAccept,
      notice: {
        ok: true,
        text: saved.autoAccept
          ? 'Auto-accept is on: new orders are accepted and printed as they arrive.'
          : 'Auto-accept is off: staff accept each new order.',
      },
    }));
  } catch (error) {
    update(token, (state) => ({
      ...state,
      savingAutoAccept: false,
      notice: sessionEnded(error) ? null : { ok: false, text: `Auto-accept not changed: ${failureText(error)}` },
    }));
  }
}
