import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { deviceStorage, readRememberedShop } from './remembered-shop.ts';
import { staffMessages } from './messages.ts';
import type { OrderChime } from './order-chime.ts';
import { primaryButton } from '../../../ui/buttons.ts';
import { fieldControl } from '../../../ui/fields.ts';
import { FormField } from '../../../ui/FormField.tsx';
import { useFormIssues } from '../../../ui/use-form-issues.ts';

const fieldMessages = {
  retailer: "Enter your shop's name, e.g. Bella Napoli",
  email: 'Enter the email you were signed up with',
  password: 'Enter your password',
};

const control = `${fieldControl} min-h-11 w-full`;

/** What signing in needs beyond the form: loaded when someone starts on the form, not with the page. */
const signInCode = () =>
  Promise.all([import('../../../lib/api/staff-contract.ts'), import('./staff-api.ts'), import('./store.ts')]);

/**
 * Staff sign-in: the shop (its name, or its slug as in its address), email and password; the shop
 * this device signed in to last is filled in. Rendered into the
 * page at build time, so it paints without JavaScript; Sign in waits for the island, and the
 * form posts nowhere on its own, so a password never lands in an address.
 */
export function SignInForm({
  notice,
  chime,
  onSignedIn,
}: {
  notice: string | null;
  chime: OrderChime;
  onSignedIn: () => void;
}) {
  const [ready, setReady] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { issues, check } = useFormIssues(fieldMessages);
  const shopInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const input = shopInput.current;
    // Only into an empty field: whatever staff typed before the page woke up stays.
    if (input && input.value === '') input.value = readRememberedShop(deviceStorage());
    setReady(true);
  }, []);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    // The tap that signs in is the one the browser needs before the board may beep.
    void chime.unlock();
    const form = new FormData(event.currentTarget);
    setSending(true);
    setFailure(null);
    try {
      const [{ staffSignInBodySchema }, { staffApi }, { signIn }] = await signInCode();
      const body = check(staffSignInBodySchema, {
        retailer: form.get('retailer') ?? '',
        email: form.get('email') ?? '',
        password: form.get('password') ?? '',
      });
      const message = body ? await signIn(await staffApi(), body) : null;
      setSending(false);
      if (message !== null) setFailure(message);
      else if (body) onSignedIn();
    } catch (error) {
      setSending(false);
      // The console's own code or its config did not arrive: the connection, as far as staff can tell.
      setFailure(error instanceof Error && error.name === 'StaffApiError' ? error.message : staffMessages.unreachable);
    }
  }

  return (
    <main id="main" className="mx-auto w-full max-w-sm px-4 py-10 in-data-[console-session=saved]:hidden">
      <h1 className="text-3xl font-bold tracking-tight">Sign in</h1>
      <p className="mt-2 text-muted-foreground">For the staff of a shop: see and take its orders as they come in.</p>
      {notice && (
        <p role="status" className="mt-6 rounded-lg bg-secondary p-3 text-secondary-foreground">
          {notice}
        </p>
      )}
      <form
        method="post"
        action="/"
        noValidate
        className="mt-6 flex flex-col gap-4"
        onSubmit={submit}
        onFocus={() => void signInCode().catch(() => undefined)}
      >
        <FormField label="Shop" error={issues.retailer}>
          {(field) => (
            <input
              {...field}
              ref={shopInput}
              name="retailer"
              className={control}
              autoCapitalize="words"
              autoCorrect="off"
              spellCheck={false}
              autoComplete="organization"
              placeholder="e.g. Bella Napoli"
              required
            />
          )}
        </FormField>
        <FormField label="Email" error={issues.email}>
          {(field) => (
            <input
              {...field}
              name="email"
              type="email"
              className={control}
              autoComplete="username"
              inputMode="email"
              required
            />
          )}
        </FormField>
        <FormField label="Password" error={issues.password}>
          {(field) => (
            <input
              {...field}
              name="password"
              type="password"
              className={control}
              autoComplete="current-password"
              required
            />
          )}
        </FormField>
        {failure && (
          <p role="alert" className="rounded-lg border border-primary p-3 font-medium">
            {failure}
          </p>
        )}
        <button type="submit" className={`${primaryButton} min-h-11`} disabled={!ready || sending}>
          {sending ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}
