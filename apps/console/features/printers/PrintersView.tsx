import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { MAX_PRINTERS } from '../../../../lib/api/printer-contract.ts';
import { SectionView } from '../../shell/SectionView.tsx';
import { staffApi } from '../../shell/staff-api.ts';
import { NoticeLine } from '../staff/NoticeLine.tsx';
import { AddPrinterForm } from './AddPrinterForm.tsx';
import { PrinterCard } from './PrinterCard.tsx';
import { printerSetupCalls, type PrinterSetupCalls } from './printers-client.ts';
import { $printerSetup, addPrinter, refreshPrinterSetup, removePrinter, setAutoAccept, testPrinter } from './store.ts';

const calls = (): Promise<PrinterSetupCalls> => staffApi().then(printerSetupCalls);

/** Auto-accept: a switch, since it acts at once on every order that arrives after. */
function AutoAcceptSwitch({ on, saving }: { on: boolean; saving: boolean }) {
  return (
    <section aria-labelledby="auto-accept-title" className="mt-4 rounded-2xl border border-border p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="auto-accept-title" className="text-xl font-bold tracking-tight">
          Auto-accept new orders
        </h2>
        <button
          type="button"
          role="switch"
          aria-checked={on}
          aria-labelledby="auto-accept-title"
          disabled={saving}
          onClick={() => void calls().then((loaded) => setAutoAccept(loaded, !on))}
          className={`inline-flex min-h-11 min-w-20 items-center justify-center rounded-full border-2 px-4 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:opacity-50 ${on ? 'border-primary bg-primary text-primary-foreground' : 'border-border bg-background'}`}
        >
          {on ? 'On' : 'Off'}
        </button>
      </div>
      <p className="mt-2 text-sm text-muted-foreground">
        On: each order is accepted as it arrives (one paid online once paid), the customer sees it is being made and its
        tickets print, with no console open. The board still alerts until someone acknowledges it.
      </p>
    </section>
  );
}

/** The owner's kitchen printers and auto-accept. */
export default function PrintersView() {
  const setup = useStore($printerSetup);
  const refresh = () => calls().then(refreshPrinterSetup, () => undefined);

  useEffect(() => {
    void refresh();
  }, []);

  const now = new Date();
  const offline = setup.printers.filter((printer) => printer.status === 'offline').length;
  return (
    <SectionView
      title="Printers"
      width="narrow"
      onRefresh={refresh}
      summary={`${setup.printers.length} of ${MAX_PRINTERS} printers${offline > 0 ? `, ${offline} offline` : ''}`}
      problem={setup.problem}
      loaded={setup.loaded}
      loadingText="Loading the printers…"
      emptyText={null}
    >
      <AutoAcceptSwitch on={setup.autoAccept} saving={setup.savingAutoAccept} />
      <NoticeLine notice={setup.notice} />
      {setup.cloudPrnt && (
        <div className="mt-3 rounded-lg border border-primary p-3">
          <p className="font-semibold">CloudPRNT server URL for {setup.cloudPrnt.printerName}</p>
          <p className="mt-1 font-mono text-sm break-all" data-cloudprnt-url>
            {setup.cloudPrnt.url}
          </p>
          <p className="mt-1 text-sm text-muted-foreground">
            Enter it in the printer&apos;s web page under CloudPRNT, with a poll interval of 5 seconds. It is its
            secret: keep it off notes and screenshots. Lost, remove the printer and add it again.
          </p>
        </div>
      )}
      <h2 className="mt-6 text-xl font-bold tracking-tight">Kitchen printers</h2>
      {setup.printers.length === 0 ? (
        <p className="mt-2 text-muted-foreground">No printers yet: each order card on the board has Print ticket.</p>
      ) : (
        <ul className="mt-3 grid gap-3" aria-label="Kitchen printers">
          {setup.printers.map((printer) => (
            <li key={printer.printerId} className="min-w-0">
              <PrinterCard
                printer={printer}
                groups={setup.groups}
                busy={setup.busy[printer.printerId]}
                now={now}
                onTest={() => void calls().then((loaded) => testPrinter(loaded, printer.printerId))}
                onRemove={() => void calls().then((loaded) => removePrinter(loaded, printer.printerId))}
              />
            </li>
          ))}
        </ul>
      )}
      {setup.printers.length < MAX_PRINTERS && (
        <AddPrinterForm
          adding={setup.adding}
          groups={setup.groups}
          onAdd={(printer) =>
            calls().then(
              (loaded) => addPrinter(loaded, printer),
              () => false,
            )
          }
        />
      )}
    </SectionView>
  );
}
