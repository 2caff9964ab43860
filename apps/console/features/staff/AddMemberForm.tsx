import { useId, useState, type SubmitEvent } from 'react';
import {
  newStaffAccountSchema,
  staffRoles,
  type NewStaffAccount,
  type StaffRole,
} from '../../../../lib/api/staff-contract.ts';
import { FormField } from '../../../../ui/FormField.tsx';
import { primaryButton } from '../../../../ui/buttons.ts';
import { fieldControl, fullWidthControl } from '../../../../ui/fields.ts';
import { useFormIssues } from '../../../../ui/use-form-issues.ts';
import { ROLE_TEXT } from './team.ts';

const control = `${fieldControl} min-h-11 w-full min-w-0`;

const fieldMessages = {
  email: 'Enter the email they will sign in with',
  name: 'Enter their name, as the activity log shows it',
  role: 'Choose a role',
  password: 'Choose a first password of at least 8 characters',
};

const emptyForm = { email: '', name: '', role: 'kitchen' as StaffRole, password: '' };

/** A new member of the shop's staff: they sign in at once with the first password, which the owner hands them. */
export function AddMemberForm({
  adding,
  onAdd,
}: {
  adding: boolean;
  onAdd: (account: NewStaffAccount) => Promise<boolean>;
}) {
  const titleId = useId();
  const { issues, check } = useFormIssues(fieldMessages);
  const [form, setForm] = useState(emptyForm);
  const text = (name: 'email' | 'name' | 'password') => ({
    value: form[name],
    onChange: (event: { target: { value: string } }) => setForm({ ...form, [name]: event.target.value }),
  });

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const account = check(newStaffAccountSchema, form);
    if (account && (await onAdd(account))) setForm(emptyForm);
  }

  return (
    <section aria-labelledby={titleId} className="mt-4 rounded-2xl border border-border p-4">
      <h2 id={titleId} className="text-xl font-bold tracking-tight">
        Add a member
      </h2>
      <form noValidate className="mt-3 grid gap-4 sm:grid-cols-2" onSubmit={(event) => void submit(event)}>
        <FormField label="Email" error={issues.email}>
          {(field) => (
            <input
              {...field}
              {...text('email')}
              type="email"
              inputMode="email"
              autoCapitalize="none"
              autoComplete="off"
              spellCheck={false}
              className={control}
            />
          )}
        </FormField>
        <FormField label="Name" error={issues.name}>
          {(field) => <input {...field} {...text('name')} autoComplete="off" className={control} />}
        </FormField>
        <FormField label="Role" error={issues.role}>
          {(field) => (
            <select
              {...field}
              value={form.role}
              className={`${fullWidthControl} min-h-11`}
              onChange={(event) =>
                setForm({ ...form, role: staffRoles.find((role) => role === event.target.value) ?? 'kitchen' })
              }
            >
              {staffRoles.map((role) => (
                <option key={role} value={role}>
                  {ROLE_TEXT[role]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label="First password" error={issues.password}>
          {(field) => (
            <input {...field} {...text('password')} type="password" autoComplete="new-password" className={control} />
          )}
        </FormField>
        <div className="sm:col-span-2">
          <button type="submit" className={`${primaryButton} min-h-11`} disabled={adding}>
            {adding ? 'Adding…' : 'Add member'}
          </button>
        </div>
      </form>
    </section>
  );
}
