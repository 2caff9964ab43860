import { useId, useState, type SubmitEvent } from 'react';
import {
  newPrinterSchema,
  printTriggers,
  type NewPrinter,
  type PrintTrigger,
} from '../../../../lib/api/printer-contract.ts';
import { FormField } from '../../../../ui/FormField.tsx';
import { primaryButton } from '../../../../ui/buttons.ts';
import { fieldControl, fullWidthControl } from '../../../../ui/fields.ts';
import { useFormIssues } from '../../../../ui/use-form-issues.ts';
import type { PrinterSetupState } from './store.ts';
import { MenuGroupChips } from '../../shell/MenuGroupChips.tsx';

const control = `${fieldControl} min-h-11 w-full min-w-0`;

const fieldMessages = {
  name: 'Name the printer as the kitchen knows it, e.g. Oven',
  host: "Enter the printer's address on the shop's network, e.g. 192.168.1.50",
  port: 'Enter the port it prints on (9100 for most network printers)',
};

const PRINT_ON_TEXT: Readonly<Record<PrintTrigger, string>> = {
  accept: 'When the order is accepted',
  arrival: 'As soon as the order arrives',
};

type Connection = NewPrinter['connection'];
const emptyForm = {
  connection: 'tcp' as Connection,
  name: '',
  host: '',
  port: '9100',
  printOn: 'accept' as PrintTrigger,
};

/**
 * A kitchen printer: a network printer the API sends tickets to (raw TCP, ESC/POS), or a Star
 * printer that fetches them over CloudPRNT; the groups it prints make its station.
 */
export function AddPrinterForm({
  adding,
  groups,
  onAdd,
}: {
  adding: boolean;
  groups: PrinterSetupState['groups'];
  onAdd: (printer: NewPrinter) => Promise<boolean>;
}) {
  const titleId = useId();
  const { issues, check } = useFormIssues(fieldMessages);
  const [form, setForm] = useState(emptyForm);
  const [stations, setStations] = useState<readonly number[]>([]);
  const text = (name: 'name' | 'host' | 'port') => ({
    value: form[name],
    onChange: (event: { target: { value: string } }) => setForm({ ...form, [name]: event.target.value }),
  });

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const common = { name: form.name, productGroupIds: [...stations], printOn: form.printOn };
    const printer = check(
      newPrinterSchema,
      form.connection === 'tcp'
        ? {
            ...common,
            connection: 'tcp',
            host: form.host,
            port: /^\s*\d{1,5}\s*$/.test(form.port) ? Number(form.port) : Number.NaN,
          }
        : { ...common, connection: 'cloudprnt' },
    );
    if (printer && (await onAdd(printer))) {
      setForm(emptyForm);
      setStations([]);
    }
  }

  return (
    <section aria-labelledby={titleId} className="mt-6 rounded-2xl border border-border p-4">
      <h2 id={titleId} className="text-xl font-bold tracking-tight">
        Add a printer
      </h2>
      <form noValidate className="mt-3 grid gap-4 sm:grid-cols-2" onSubmit={(event) => void submit(event)}>
        <fieldset className="sm:col-span-2">
          <legend className="text-sm font-medium">How it connects</legend>
          <div className="mt-1 flex flex-wrap gap-2">
            {(
              [
                ['tcp', 'Network printer (TCP 9100)'],
                ['cloudprnt', 'Star CloudPRNT'],
              ] as const
            ).map(([connection, label]) => (
              <label
                key={connection}
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-border px-4 has-checked:border-primary has-checked:bg-secondary"
              >
                <input
                  type="radio"
                  name="connection"
                  value={connection}
                  checked={form.connection === connection}
                  onChange={() => setForm({ ...form, connection })}
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
        <FormField label="Name" error={issues.name}>
          {(field) => <input {...field} {...text('name')} autoComplete="off" maxLength={60} className={control} />}
        </FormField>
        <FormField label="Prints" note="Accepting includes auto-accept.">
          {(field) => (
            <select
              {...field}
              value={form.printOn}
              className={`${fullWidthControl} min-h-11`}
              onChange={(event) =>
                setForm({
                  ...form,
                  printOn: printTriggers.find((trigger) => trigger === event.target.value) ?? 'accept',
                })
              }
            >
              {printTriggers.map((trigger) => (
                <option key={trigger} value={trigger}>
                  {PRINT_ON_TEXT[trigger]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {form.connection === 'tcp' ? (
          <>
            <FormField label="Address" error={issues.host} note="Give the printer a fixed address on the router.">
              {(field) => (
                <input
                  {...field}
                  {...text('host')}
                  autoCapitalize="none"
                  autoComplete="off"
                  spellCheck={false}
                  maxLength={253}
                  className={control}
                />
              )}
            </FormField>
            <FormField label="Port" error={issues.port}>
              {(field) => <input {...field} {...text('port')} inputMode="numeric" maxLength={5} className={control} />}
            </FormField>
          </>
        ) : (
          <p className="text-sm text-muted-foreground sm:col-span-2">
            Once added, you get the printer&apos;s CloudPRNT server URL to enter in its settings. It calls the
            shop&apos;s server for tickets, so nothing needs to reach into the shop&apos;s network.
          </p>
        )}
        <MenuGroupChips
          legend="Stations: what it prints"
          help="None ticked: everything no other printer takes."
          groups={groups}
          ticked={new Set(stations)}
          onTick={(productGroupId, on) =>
            setStations(on ? [...stations, productGroupId] : stations.filter((id) => id !== productGroupId))
          }
          className="sm:col-span-2"
        />
        <div className="sm:col-span-2">
          <button type="submit" className={`${primaryButton} min-h-11`} disabled={adding}>
            {adding ? 'Adding…' : 'Add printer'}
          </button>
        </div>
      </form>
    </section>
  );
}
