import { useStore } from '@nanostores/react';
import { useId, useState, type SubmitEvent } from 'react';
import { FormField } from '../../../../ui/FormField.tsx';
import { primaryButton } from '../../../../ui/buttons.ts';
import { fieldControl } from '../../../../ui/fields.ts';
import { useFormIssues } from '../../../../ui/use-form-issues.ts';
import { NoticeLine } from './NoticeLine.tsx';
import type { StaffAccountCalls } from './staff-client.ts';
import { $ownPassword, changeOwnPassword } from './store.ts';
import { ownPasswordFormSchema } from './team.ts';

const control = `${fieldControl} min-h-11 w-full`;

const fieldMessages = {
  currentPassword: 'Enter the password you signed in with',
  password: 'Choose a new password of at least 8 characters',
  confirm: 'Type the same new password again',
};

/** Every member's own password: the current one, the new one twice. Their other devices are signed out, this one is not. */
export function OwnPasswordForm({ calls }: { calls: () => Promise<StaffAccountCalls> }) {
  const state = useStore($ownPassword);
  const titleId = useId();
  const { issues, check } = useFormIssues(fieldMessages);
  const [form, setForm] = useState({ currentPassword: '', password: '', confirm: '' });
  const field = (name: keyof typeof form) => ({
    value: form[name],
    onChange: (event: { target: { value: string } }) => setForm({ ...form, [name]: event.target.value }),
  });

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = check(ownPasswordFormSchema, form);
    if (!checked) return;
    const changed = await calls().then(
      (loaded) => changeOwnPassword(loaded, checked.currentPassword, checked.password),
      () => false,
    );
    if (changed) setForm({ currentPassword: '', password: '', confirm: '' });
  }

  return (
    <section aria-labelledby={titleId} className="mt-8 rounded-2xl border border-border p-4">
      <h2 id={titleId} className="text-xl font-bold tracking-tight">
        Change my password
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Your other devices are signed out when it changes; this one stays signed in.
      </p>
      <form noValidate className="mt-4 grid gap-4 sm:grid-cols-3" onSubmit={(event) => void submit(event)}>
        <FormField label="Current password" error={issues.currentPassword}>
          {(control_) => (
            <input
              {...control_}
              {...field('currentPassword')}
              type="password"
              className={control}
              autoComplete="current-password"
            />
          )}
        </FormField>
        <FormField label="New password" error={issues.password}>
          {(control_) => (
            <input
              {...control_}
              {...field('password')}
              type="password"
              className={control}
              autoComplete="new-password"
            />
          )}
        </FormField>
        <FormField label="Confirm new password" error={issues.confirm}>
          {(control_) => (
            <input
              {...control_}
              {...field('confirm')}
              type="password"
              className={control}
              autoComplete="new-password"
            />
          )}
        </FormField>
        <div className="flex flex-wrap items-center gap-3 sm:col-span-3">
          <button type="submit" className={`${primaryButton} min-h-11`} disabled={state.saving}>
            {state.saving ? 'Changing…' : 'Change password'}
          </button>
        </div>
      </form>
      <NoticeLine notice={state.notice} />
    </section>
  );
}
