import { useId, useState, type SubmitEvent } from 'react';
import {
  staffNewPasswordSchema,
  type StaffAccountChange,
  type StaffAccountView,
} from '../../../../lib/api/staff-contract.ts';
import { FormField } from '../../../../ui/FormField.tsx';
import { primaryButton, secondaryButton } from '../../../../ui/buttons.ts';
import { fieldControl } from '../../../../ui/fields.ts';
import { NoticeLine } from './NoticeLine.tsx';
import { lastSignInText, ROLE_TEXT, type MemberAction, type Notice } from './team.ts';

const touch = 'min-h-11';

export interface MemberCardProps {
  account: StaffAccountView;
  /** The signed-in owner's own account: changing it ends this session too. */
  isMe: boolean;
  /** Why it may not be demoted, disabled or removed (the shop's last owner), or null. */
  lastOwner: string | null;
  saving: MemberAction | undefined;
  notice: Notice | undefined;
  now: Date;
  onChange: (staffId: number, change: StaffAccountChange) => void;
  onRemove: (staffId: number) => void;
  onResetPassword: (staffId: number, password: string) => Promise<boolean>;
}

const SAVING_TEXT: Readonly<Record<MemberAction, string>> = {
  role: 'Changing the role…',
  disable: 'Disabling…',
  enable: 'Enabling…',
  remove: 'Removing…',
  password: 'Setting the password…',
};

/** A new password the owner sets for a member, e.g. one who forgot theirs. */
function PasswordReset({
  account,
  busy,
  onSet,
  onClose,
}: {
  account: StaffAccountView;
  busy: boolean;
  onSet: (password: string) => Promise<boolean>;
  onClose: () => void;
}) {
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!staffNewPasswordSchema.safeParse(password).success) {
      setProblem('Choose a password of at least 8 characters');
      return;
    }
    setProblem(undefined);
    if (await onSet(password)) onClose();
  }
  return (
    <form noValidate className="flex flex-col gap-3" onSubmit={(event) => void submit(event)}>
      <FormField label={`New password for ${account.name}`} error={problem}>
        {(field) => (
          <input
            {...field}
            type="password"
            autoComplete="new-password"
            className={`${fieldControl} min-h-11 w-full min-w-0`}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        )}
      </FormField>
      <p className="text-sm text-muted-foreground">They are signed out everywhere and sign in with this one.</p>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={`${primaryButton} ${touch}`} disabled={busy}>
          Set password
        </button>
        <button type="button" className={`${secondaryButton} ${touch}`} onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/**
 * One account of the shop: who, which role, whether they may sign in, and what the owner can do
 * to it. Removing asks once more: it cannot be undone.
 */
export function MemberCard({
  account,
  isMe,
  lastOwner,
  saving,
  notice,
  now,
  onChange,
  onRemove,
  onResetPassword,
}: MemberCardProps) {
  const titleId = useId();
  const reasonId = useId();
  const [open, setOpen] = useState<'remove' | 'password' | null>(null);
  const busy = saving !== undefined;
  const guarded = lastOwner !== null;
  const describedBy = guarded ? `${titleId} ${reasonId}` : titleId;
  const otherRole = account.role === 'owner' ? 'kitchen' : 'owner';
  const selfNote = isMe ? ' You will be signed out and sign in again.' : '';

  return (
    <article
      aria-labelledby={titleId}
      data-staff={account.staffId}
      className={`flex min-w-0 flex-col gap-3 rounded-2xl border p-4 ${account.disabled ? 'border-dashed border-border bg-muted' : 'border-border bg-background'}`}
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={titleId} className="text-lg font-bold break-words">
            {account.name}
            {isMe && <span className="font-medium text-muted-foreground"> (you)</span>}
          </h3>
          <p className="text-sm break-all text-muted-foreground">{account.email}</p>
          <p className="text-sm text-muted-foreground">{lastSignInText(account, now)}</p>
        </div>
        <p className="flex shrink-0 flex-wrap gap-2 text-sm font-semibold">
          <span className="rounded-full bg-secondary px-3 py-1 text-secondary-foreground">
            {ROLE_TEXT[account.role]}
          </span>
          <span
            className={`rounded-full px-3 py-1 ${account.disabled ? 'border border-primary text-foreground' : 'border border-border'}`}
          >
            {account.disabled ? 'Disabled' : 'Active'}
          </span>
        </p>
      </header>
      {saving && (
        <p role="status" className="text-sm font-medium">
          {SAVING_TEXT[saving]}
        </p>
      )}
      {guarded && (
        <p id={reasonId} className="rounded-lg bg-secondary p-3 text-sm text-secondary-foreground">
          {lastOwner}
        </p>
      )}
      {open === 'remove' ? (
        <div className="flex flex-col gap-2">
          <p className="font-medium">
            Remove {account.name}? They are signed out everywhere and can never sign in with this account again.
            {selfNote}
          </p>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={`${primaryButton} ${touch}`}
              aria-describedby={titleId}
              disabled={busy || guarded}
              onClick={() => {
                setOpen(null);
                onRemove(account.staffId);
              }}
            >
              Yes, remove
            </button>
            <button type="button" className={`${secondaryButton} ${touch}`} onClick={() => setOpen(null)}>
              Keep
            </button>
          </div>
        </div>
      ) : open === 'password' ? (
        <PasswordReset
          account={account}
          busy={busy}
          onSet={(password) => onResetPassword(account.staffId, password)}
          onClose={() => setOpen(null)}
        />
      ) : (
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={`${secondaryButton} ${touch}`}
            aria-describedby={describedBy}
            disabled={busy || (guarded && otherRole === 'kitchen')}
            onClick={() => onChange(account.staffId, { role: otherRole })}
          >
            Make {ROLE_TEXT[otherRole].toLowerCase()}
          </button>
          <button
            type="button"
            className={`${secondaryButton} ${touch}`}
            aria-describedby={describedBy}
            disabled={busy || (guarded && !account.disabled)}
            onClick={() => onChange(account.staffId, { disabled: !account.disabled })}
          >
            {account.disabled ? 'Enable' : 'Disable'}
          </button>
          {!isMe && (
            <button
              type="button"
              className={`${secondaryButton} ${touch}`}
              aria-describedby={titleId}
              disabled={busy}
              onClick={() => setOpen('password')}
            >
              Reset password
            </button>
          )}
          <button
            type="button"
            className={`${secondaryButton} ${touch}`}
            aria-describedby={describedBy}
            disabled={busy || guarded}
            onClick={() => setOpen('remove')}
          >
            Remove
          </button>
        </div>
      )}
      <NoticeLine notice={notice ?? null} />
    </article>
  );
}
