import { AskTwice } from '../../shell/AskTwice.tsx';
import type { StaffPrinter } from '../../../../lib/api/printer-contract.ts';
import { secondaryButton } from '../../../../ui/buttons.ts';
import { formatClock } from '../board/format.ts';
import { stationsText, type PrinterAction, type PrinterSetupState } from './store.ts';

const STATUS_TEXT: Readonly<Record<StaffPrinter['status'], string>> = {
  online: 'Online',
  offline: 'Offline',
  unknown: 'No ticket yet',
};

/** One printer: how it connects, its stations, its status, a test print and removal (asked twice). */
export function PrinterCard({
  printer,
  groups,
  busy,
  now,
  onTest,
  onRemove,
}: {
  printer: StaffPrinter;
  groups: PrinterSetupState['groups'];
  busy: PrinterAction | undefined;
  now: Date;
  onTest: () => void;
  onRemove: () => void;
}) {
  const where = printer.connection === 'tcp' ? `Network, ${printer.host}:${printer.port}` : 'Star CloudPRNT';
  return (
    <article aria-label={printer.name} className="rounded-2xl border border-border p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-lg font-bold break-words">{printer.name}</h3>
        <p
          className={`rounded-full px-3 py-1 text-sm font-semibold ${printer.status === 'offline' ? 'border border-primary' : 'bg-secondary text-secondary-foreground'}`}
        >
          {STATUS_TEXT[printer.status]}
        </p>
      </div>
      <p className="mt-1 break-words">{where}</p>
      <p className="text-sm text-muted-foreground">
        Prints {stationsText(printer, groups)}, {printer.printOn === 'accept' ? 'on accept' : 'on arrival'}.
      </p>
      <p className="text-sm text-muted-foreground">
        {printer.lastSeenAt ? `Last seen ${formatClock(printer.lastSeenAt, now)}` : 'Not seen yet'}
        {printer.queued > 0 ? ` · ${printer.queued} waiting` : ''}
      </p>
      {printer.problem && <p className="mt-1 text-sm font-medium break-words">{printer.problem}</p>}
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className={`${secondaryButton} min-h-11`} disabled={busy !== undefined} onClick={onTest}>
          {busy === 'test' ? 'Sending…' : 'Test print'}
        </button>
        <AskTwice
          label="Remove"
          confirm={`Yes, remove ${printer.name}`}
          doing="Removing…"
          busy={busy === 'remove'}
          disabled={busy !== undefined}
          onConfirm={onRemove}
        />
      </div>
    </article>
  );
}
