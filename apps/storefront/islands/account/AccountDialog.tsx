import { useStore } from '@nanostores/react';
import { useState, type SubmitEvent } from 'react';
import { lineTitle } from '../../../../lib/cart/describe-line.ts';
import { formatMoney, toCents } from '../../../../lib/pricing/money.ts';
import { $customer } from '../../stores/customer.ts';
import { closeAccount, openCart } from '../../stores/ui.ts';
import { FormField } from '../../../../ui/FormField.tsx';
import { fullWidthControl } from '../../../../ui/fields.ts';
import { primaryButton, secondaryButton } from '../../../../ui/buttons.ts';
import { Sheet } from '../../../../ui/Sheet.tsx';

const dateFormat = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric' });

function LoggedIn() {
  const customer = useStore($customer);
  const [busy, setBusy] = useState(false);
  const info = customer.custInfo;
  if (!info) return null;
  const again = async (index: number) => {
    const previous = customer.prevOrders[index];
    if (!previous) return;
    const { orderAgain } = await import('../../runtime/account.ts');
    await orderAgain(previous);
    closeAccount();
    openCart();
  };
  const logOut = async () => {
    setBusy(true);
    const { logOut: end } = await import('../../runtime/account.ts');
    await end();
    setBusy(false);
  };
  return (
    <div className="flex flex-col gap-5">
      <p>
        Logged in as <strong>{info.fullName}</strong> ({info.email}).
      </p>
      <section aria-labelledby="previous-orders" className="flex flex-col gap-2">
        <h3 id="previous-orders" className="font-semibold">
          Previous orders
        </h3>
        {customer.prevOrders.length === 0 ? (
          <p className="text-sm text-muted-foreground">Your orders will show here once the shop has taken them.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-border rounded-xl border border-border" data-previous-orders>
            {customer.prevOrders.map((previous, index) => {
              const items = customer.prevOrderProducts.filter(
                (line) => line.encryptedOrderId === previous.encryptedOrderId,
              );
              return (
                <li key={previous.encryptedOrderId} className="flex items-center justify-between gap-3 p-3">
                  <div className="text-sm">
                    <p className="font-semibold">
                      {dateFormat.format(new Date(previous.createDate))} · {previous.isPickup ? 'Pickup' : 'Delivery'} ·{' '}
                      {formatMoney(toCents(previous.subTotal))}
                    </p>
                    <p className="text-muted-foreground">
                      {items.map((line) => `${line.quantity} × ${lineTitle(line)}`).join(', ')}
                    </p>
                  </div>
                  <button type="button" className={secondaryButton} onClick={() => void again(index)}>
                    Order again
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <button type="button" className={`${secondaryButton} self-start`} disabled={busy} onClick={() => void logOut()}>
        Log out
      </button>
    </div>
  );
}

function LogInOrSignUp() {
  const [mode, setMode] = useState<'login' | 'signup'>('login');
  const [fields, setFields] = useState({ fullName: '', email: '', phoneNumber: '', password: '' });
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof fields) => (event: { target: { value: string } }) =>
    setFields({ ...fields, [key]: event.target.value });

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    const account = await import('../../runtime/account.ts');
    const result =
      mode === 'login'
        ? await account.logIn({ email: fields.email, password: fields.password })
        : await account.signUp(fields);
    setBusy(false);
    if (!result.ok) setMessage(result.message);
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={(event) => void submit(event)}>
      <div
        className="inline-flex self-start rounded-full border border-border p-1"
        role="group"
        aria-label="Log in or sign up"
      >
        {(['login', 'signup'] as const).map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={mode === option}
            onClick={() => setMode(option)}
            className="rounded-full px-4 py-1.5 text-sm font-semibold aria-pressed:bg-primary aria-pressed:text-primary-foreground"
          >
            {option === 'login' ? 'Log in' : 'Sign up'}
          </button>
        ))}
      </div>
      {mode === 'signup' && (
        <FormField label="Full name">
          {(control) => (
            <input
              {...control}
              className={fullWidthControl}
              autoComplete="name"
              required
              value={fields.fullName}
              onChange={set('fullName')}
            />
          )}
        </FormField>
      )}
      <FormField label="Email">
        {(control) => (
          <input
            {...control}
            className={fullWidthControl}
            type="email"
            autoComplete="email"
            required
            value={fields.email}
            onChange={set('email')}
          />
        )}
      </FormField>
      {mode === 'signup' && (
        <FormField label="Phone">
          {(control) => (
            <input
              {...control}
              className={fullWidthControl}
              type="tel"
              autoComplete="tel"
              required
              value={fields.phoneNumber}
              onChange={set('phoneNumber')}
            />
          )}
        </FormField>
      )}
      <FormField label="Password">
        {(control) => (
          <input
            {...control}
            className={fullWidthControl}
            type="password"
            autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
            required
            minLength={mode === 'signup' ? 8 : 1}
            value={fields.password}
            onChange={set('password')}
          />
        )}
      </FormField>
      {message && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {message}
        </p>
      )}
      <button type="submit" className={primaryButton} disabled={busy}>
        {mode === 'login' ? 'Log in' : 'Create account'}
      </button>
      {mode === 'login' && (
        <a href="/reset-password" className="text-sm underline underline-offset-4">
          Forgot your password?
        </a>
      )}
    </form>
  );
}

/** The customer menu: log in or sign up, or the customer's previous orders and log out. */
export default function AccountDialog() {
  const customer = useStore($customer);
  return (
    <Sheet
      open
      onClose={closeAccount}
      title={customer.custInfo ? 'Your account' : 'Log in or sign up'}
      description={customer.custInfo ? undefined : 'Faster checkout and your previous orders, one tap away.'}
    >
      {customer.custInfo ? <LoggedIn /> : <LogInOrSignUp />}
    </Sheet>
  );
}
