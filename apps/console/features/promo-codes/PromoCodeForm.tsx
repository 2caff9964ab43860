import { useId, useState, type ReactNode, type SubmitEvent } from 'react';
import { promoServices, type PromoCode, type PromoService } from '../../../../lib/cart/promo.ts';
import { weekdayNames, weekOrder } from '../../../../lib/time/format.ts';
import { primaryButton, secondaryButton } from '../../../../ui/buttons.ts';
import { fieldError } from '../../../../ui/fields.ts';
import { InputField } from '../shop/InputField.tsx';
import { codeOfForm, type PromoForm, type PromoFormErrors, type SavingKind } from './promo-form.ts';

const SAVING_TEXT: Readonly<Record<SavingKind, string>> = {
  amount: '$ off',
  percent: '% off',
  freeDelivery: 'Free delivery',
};
const SERVICE_TEXT: Readonly<Record<PromoService, string>> = { pickup: 'Pickup', delivery: 'Delivery' };

const chip =
  'flex min-h-11 min-w-0 cursor-pointer items-center gap-2 rounded-full border border-border px-4 text-sm font-medium has-checked:border-primary has-checked:bg-secondary';
const tick = 'size-5 shrink-0 accent-[var(--color-primary)]';

/** A question answered by ticking or choosing chips, 44 px tall for a finger, its error under them. */
function Chips({
  legend,
  help,
  error,
  children,
}: {
  legend: string;
  help?: string;
  error?: string | undefined;
  children: ReactNode;
}) {
  const errorId = useId();
  return (
    <fieldset className="min-w-0 sm:col-span-2" aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium">{legend}</legend>
      {help && <p className="text-sm text-muted-foreground">{help}</p>}
      <div className="mt-1 flex flex-wrap gap-2">{children}</div>
      {error && (
        <p id={errorId} className={`${fieldError} mt-1`}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

const toggled = <T,>(list: readonly T[], item: T, on: boolean): T[] =>
  on ? [...list.filter((listed) => listed !== item), item] : list.filter((listed) => listed !== item);

/**
 * A promo code to add or change: every term of `promoCodeSchema`, checked by it on Save with the
 * words on each field. A refused save keeps everything typed, so the owner fixes and saves again.
 */
export function PromoCodeForm({
  title,
  initial,
  otherCodes,
  codeFixed,
  saving,
  refusal,
  onSave,
  onCancel,
}: {
  title: string;
  initial: PromoForm;
  otherCodes: readonly string[];
  /** A saved code keeps its text: its uses are counted by it. */
  codeFixed: boolean;
  saving: boolean;
  /** Why the server refused the last save, in its words, beside Save where the owner is looking. */
  refusal: string | null;
  onSave: (code: PromoCode) => Promise<boolean>;
  onCancel: () => void;
}) {
  const titleId = useId();
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<PromoFormErrors>({});
  const edit = (fields: Partial<PromoForm>) => setForm({ ...form, ...fields });
  const text = (name: 'code' | 'amount' | 'percent' | 'minimumOrder' | 'from' | 'to' | 'endsOn' | 'maxUses') => ({
    value: form[name],
    error: errors[name],
    onChange: (typed: string) => edit({ [name]: typed }),
  });

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const made = codeOfForm(form, otherCodes);
    if (!made.ok) {
      setErrors(made.errors);
      // The first field in question takes focus, so a phone scrolls to it.
      requestAnimationFrame(() =>
        document
          .getElementById(titleId)
          ?.closest('section')
          ?.querySelector<HTMLElement>('[aria-invalid="true"]')
          ?.focus(),
      );
      return;
    }
    setErrors({});
    await onSave(made.code);
  }

  return (
    <section aria-labelledby={titleId} className="rounded-2xl border border-border p-4">
      <h2 id={titleId} className="text-xl font-bold tracking-tight">
        {title}
      </h2>
      <form noValidate className="mt-3 grid gap-4 sm:grid-cols-2" onSubmit={(event) => void submit(event)}>
        <InputField
          label="Code"
          note={
            codeFixed
              ? 'Its uses are counted by it, so it stays: for another, add that code and end this one.'
              : 'What customers type: 3 to 20 letters, digits or dashes.'
          }
          readOnly={codeFixed}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          maxLength={20}
          {...text('code')}
        />
        <Chips legend="Saving">
          {(Object.keys(SAVING_TEXT) as SavingKind[]).map((kind) => (
            <label key={kind} className={chip}>
              <input
                type="radio"
                className={tick}
                name={`${titleId}-kind`}
                checked={form.kind === kind}
                onChange={() => edit({ kind })}
              />
              {SAVING_TEXT[kind]}
            </label>
          ))}
        </Chips>
        {form.kind === 'amount' && (
          <InputField label="Dollars off ($)" inputMode="decimal" autoComplete="off" {...text('amount')} />
        )}
        {form.kind === 'percent' && (
          <InputField
            label="Percent off (%)"
            inputMode="numeric"
            autoComplete="off"
            note="Of the food, after the specials."
            {...text('percent')}
          />
        )}
        <InputField
          label="Minimum order ($)"
          inputMode="decimal"
          autoComplete="off"
          note="The food after the specials. Empty: any order."
          {...text('minimumOrder')}
        />
        <Chips legend="Days" help="All ticked: every day." error={errors.weekdays}>
          {weekOrder.map((day) => (
            <label key={day} className={chip}>
              <input
                type="checkbox"
                className={tick}
                checked={form.weekdays.includes(day)}
                onChange={(event) => edit({ weekdays: toggled(form.weekdays, day, event.target.checked) })}
              />
              <abbr title={weekdayNames[day]} className="no-underline">
                {weekdayNames[day].slice(0, 3)}
              </abbr>
            </label>
          ))}
        </Chips>
        <InputField type="time" label="From" note="Both empty: all day." {...text('from')} />
        <InputField type="time" label="To" note="Past midnight counts for the day it starts." {...text('to')} />
        {form.kind === 'freeDelivery' ? (
          <p className="text-sm text-muted-foreground sm:col-span-2">Free delivery is for delivery orders only.</p>
        ) : (
          <Chips legend="Services" help="Both ticked: pickup and delivery." error={errors.services}>
            {promoServices.map((service) => (
              <label key={service} className={chip}>
                <input
                  type="checkbox"
                  className={tick}
                  checked={form.services.includes(service)}
                  onChange={(event) => edit({ services: toggled(form.services, service, event.target.checked) })}
                />
                {SERVICE_TEXT[service]}
              </label>
            ))}
          </Chips>
        )}
        <InputField type="date" label="Last day" note="In the shop's calendar. Empty: no end." {...text('endsOn')} />
        <InputField
          label="Total uses"
          inputMode="numeric"
          autoComplete="off"
          note="Across all customers. Empty: no limit."
          {...text('maxUses')}
        />
        <label className="flex min-h-11 items-center gap-3 text-sm font-medium sm:col-span-2">
          <input
            type="checkbox"
            className={tick}
            checked={form.oncePerCustomer}
            onChange={(event) => edit({ oncePerCustomer: event.target.checked })}
          />
          One use per customer (by phone number or email)
        </label>
        {refusal && (
          <p
            role="alert"
            className="rounded-lg border border-primary p-3 text-sm font-medium break-words sm:col-span-2"
          >
            {refusal}
          </p>
        )}
        <div className="flex flex-wrap gap-2 sm:col-span-2">
          <button type="submit" className={`${primaryButton} min-h-11`} disabled={saving}>
            {saving ? 'Saving…' : 'Save code'}
          </button>
          <button type="button" className={`${secondaryButton} min-h-11`} onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}
