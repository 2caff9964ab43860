import { useId, type InputHTMLAttributes } from 'react';
import { fieldControl, fieldError } from '../../../../ui/fields.ts';

type InputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'value' | 'onChange' | 'className' | 'aria-invalid' | 'aria-describedby'
>;

/** A labelled input of the shop's editors with its error and its note under it, both tied to it for screen readers. */
export function InputField({
  label,
  value,
  error,
  note,
  onChange,
  ...input
}: InputProps & {
  label: string;
  value: string;
  error?: string | undefined;
  note?: string | undefined;
  onChange: (text: string) => void;
}) {
  const id = useId();
  const describedBy = [error && `${id}-error`, note && `${id}-note`].filter(Boolean).join(' ');
  return (
    <div className="flex min-w-0 flex-col gap-1 text-sm font-medium">
      <label htmlFor={id}>{label}</label>
      <input
        {...input}
        id={id}
        className={`${fieldControl} min-h-11 w-full min-w-0`}
        value={value}
        aria-invalid={error !== undefined}
        aria-describedby={describedBy || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && (
        <p id={`${id}-error`} className={fieldError}>
          {error}
        </p>
      )}
      {note && (
        <p id={`${id}-note`} className="text-sm font-normal text-muted-foreground">
          {note}
        </p>
      )}
    </div>
  );
}
