import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { secondaryButton } from '../../../../ui/buttons.ts';
import { staffApi } from '../../shell/staff-api.ts';
import { $printers, PRINTERS_POLL_MS, printerWarnings, refreshPrinters, reprintOrder } from './printers.ts';

/** Says on the board when a kitchen printer is down, so the kitchen reads the screen instead of waiting for paper. */
export function PrinterWarning() {
  const warnings = printerWarnings(useStore($printers));
  useEffect(() => {
    // A failed read leaves the last known state: the board's own sync status says when the API is unreachable.
    const read = () =>
      void staffApi()
        .then(refreshPrinters)
        .catch(() => undefined);
    read();
    const timer = setInterval(read, PRINTERS_POLL_MS);
    return () => clearInterval(timer);
  }, []);
  if (warnings.length === 0) return null;
  return (
    <div role="alert" className="mt-3 rounded-lg border-2 border-red-700 p-3 font-semibold">
      {warnings.map((warning) => (
        <p key={warning}>{warning}</p>
      ))}
    </div>
  );
}

/** Prints the order's kitchen tickets again; shown only where the shop has kitchen printers. */
export function ReprintButton({ encryptedOrderId }: { encryptedOrderId: string }) {
  const printers = useStore($printers);
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  if (printers.length === 0) return null;
  return (
    <button
      type="button"
      className={`${secondaryButton} mt-2 min-h-11 w-full`}
      disabled={state === 'sending'}
      onClick={() => {
        setState('sending');
        void staffApi()
          .then((client) => reprintOrder(client, encryptedOrderId))
          .then(
            () => setState('sent'),
            () => setState('failed'),
          );
      }}
    >
      {state === 'sending'
        ? 'Reprinting…'
        : state === 'sent'
          ? 'Sent to the kitchen printers'
          : state === 'failed'
            ? 'Could not reprint: try again'
            : 'Reprint kitchen tickets'}
    </button>
  );
}
