import { useEffect, useState, type SubmitEvent } from 'react';
import { retailerApi } from '../../runtime/retailer-api.ts';
import { withIslandBoundary } from '../IslandBoundary.tsx';

type Status = { kind: 'idle' } | { kind: 'sending' } | { kind: 'done'; ok: boolean; message: string };

const MIN_PASSWORD_LENGTH = 8;
const unreachable = 'We could not reach the shop just now. Check your connection and try again.';

const inputClass = 'rounded-lg border border-border bg-background px-3 py-2 text-base';
const buttonClass = 'rounded-full bg-primary px-6 py-3 font-semibold text-primary-foreground disabled:opacity-60';

function Message({ status }: { status: Status }) {
  if (status.kind !== 'done') return null;
  return (
    <p
      role={status.ok ? 'status' : 'alert'}
      className={
        status.ok ? 'rounded-lg bg-secondary p-3 text-secondary-foreground' : 'rounded-lg border border-primary p-3'
      }
    >
      {status.message}
    </p>
  );
}

/**
 * Asks for a reset link, or, opened from that link (`?token=`), sets the new password. The
 * retailer API sends the link; this form never learns whether an email has an account.
 */
function ResetPassword() {
  const [token, setToken] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [mismatch, setMismatch] = useState(false);

  useEffect(() => {
    setToken(new URLSearchParams(location.search).get('token'));
  }, []);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password') ?? '');
    if (token && password !== String(form.get('confirm') ?? '')) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    setStatus({ kind: 'sending' });
    try {
      const api = await retailerApi();
      const answer = token
        ? await api.resetPassword({ token, password })
        : await api.requestPasswordReset({ email: String(form.get('email') ?? '') });
      setStatus({ kind: 'done', ok: answer.success, message: answer.message });
    } catch {
      setStatus({ kind: 'done', ok: false, message: unreachable });
    }
  }

  const sending = status.kind === 'sending';
  const finished = status.kind === 'done' && status.ok;

  if (!token) {
    return (
      <form className="mt-8 flex flex-col gap-4" onSubmit={submit}>
        <p className="text-muted-foreground">
          Enter the email you order with and we will send you a link to choose a new password.
        </p>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Email
          <input className={inputClass} type="email" name="email" autoComplete="email" required disabled={finished} />
        </label>
        <button className={buttonClass} type="submit" disabled={sending || finished}>
          {sending ? 'Sending…' : 'Send me a reset link'}
        </button>
        <Message status={status} />
      </form>
    );
  }

  return (
    <form className="mt-8 flex flex-col gap-4" onSubmit={submit}>
      <label className="flex flex-col gap-1 text-sm font-medium">
        New password
        <input
          className={inputClass}
          type="password"
          name="password"
          autoComplete="new-password"
          minLength={MIN_PASSWORD_LENGTH}
          required
          disabled={finished}
        />
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium">
        Confirm new password
        <input
          className={inputClass}
          type="password"
          name="confirm"
          autoComplete="new-password"
          minLength={MIN_PASSWORD_LENGTH}
          required
          disabled={finished}
          aria-invalid={mismatch}
        />
      </label>
      {mismatch && (
        <p role="alert" className="text-sm font-medium">
          The two passwords are not the same.
        </p>
      )}
      <button className={buttonClass} type="submit" disabled={sending || finished}>
        {sending ? 'Saving…' : 'Save new password'}
      </button>
      <Message status={status} />
      {finished && (
        <a className="text-primary underline" href="/">
          Back to the menu
        </a>
      )}
    </form>
  );
}

export default withIslandBoundary(ResetPassword, 'ResetPassword', 'page');
