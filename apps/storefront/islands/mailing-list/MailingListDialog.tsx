import { useState, type SubmitEvent } from 'react';
import { mailingListBodySchema, messages } from '../../../../lib/api/contract.ts';
import { retailerApi } from '../../runtime/retailer-api.ts';
import { closeDialog } from '../../stores/dialogs.ts';
import { primaryButton } from '../../../../ui/buttons.ts';
import { fieldControl, fieldError } from '../../../../ui/fields.ts';
import { FormField } from '../../../../ui/FormField.tsx';
import { Sheet } from '../../../../ui/Sheet.tsx';
import { useFormIssues } from '../../../../ui/use-form-issues.ts';

const fieldMessages = {
  name: 'Please enter your name.',
  email: 'Please enter your email address, e.g. sam@example.com.',
};

/** Name and email for the retailer's mailing list; any failure reads as the spec's one message. */
export default function MailingListDialog() {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [joined, setJoined] = useState(false);
  const { issues, check } = useFormIssues(fieldMessages);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    // The contract leaves the name optional; the form asks for it so the retailer can greet subscribers.
    const body = check(mailingListBodySchema.required({ name: true }), { name, email });
    if (!body) return;
    setSending(true);
    try {
      const answer = await (await retailerApi()).mailingListSignup(body);
      if (answer.success) setJoined(true);
      else setFailure(answer.message);
    } catch {
      setFailure(messages.mailingListFailed);
    } finally {
      setSending(false);
    }
  };

  if (joined) {
    return (
      <Sheet
        open
        onClose={closeDialog}
        title="You're on the list"
        footer={
          <button type="button" className={`${primaryButton} w-full`} onClick={closeDialog}>
            Done
          </button>
        }
      >
        <p role="status" data-mailing-list-joined>
          Thanks, {name.trim()}! We will send our news and deals to {email.trim()}.
        </p>
      </Sheet>
    );
  }

  return (
    <Sheet
      open
      onClose={closeDialog}
      title="Join our mailing list"
      description="News, new dishes and deals, now and then. Leave whenever you like."
    >
      <form className="flex flex-col gap-4" onSubmit={(event) => void submit(event)} noValidate data-mailing-list-form>
        <FormField label="Name" error={issues.name}>
          {(control) => (
            <input
              {...control}
              className={fieldControl}
              autoComplete="name"
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
          )}
        </FormField>
        <FormField label="Email" error={issues.email}>
          {(control) => (
            <input
              {...control}
              className={fieldControl}
              type="email"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          )}
        </FormField>
        {failure && (
          <p role="alert" className={fieldError}>
            {failure}
          </p>
        )}
        <button type="submit" className={primaryButton} disabled={sending}>
          {sending ? 'Joining…' : 'Join'}
        </button>
      </form>
    </Sheet>
  );
}
