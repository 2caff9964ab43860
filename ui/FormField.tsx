import { useId, type ReactNode } from 'react';
import { fieldError, fieldLabel } from './fields.ts';

interface ControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

/**
 * The one way to label a field, in the shops and the console: the label, the control (given the
 * ids to carry), then its error and a note under it, both read out with the control.
 */
export function FormField({
  label,
  error,
  note,
  className = '',
  children,
}: {
  label: string;
  error?: string | undefined;
  note?: string | undefined;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const noteId = `${id}-note`;
  const describedBy = [error && errorId, note && noteId].filter(Boolean).join(' ');
  return (
    <div className={`${fieldLabel} ${className}`}>
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': error !== undefined, 'aria-describedby': describedBy || undefined })}
      {error && (
        <p id={errorId} className={fieldError}>
          {error}
        </p>
      )}
      {note && (
        <p id={noteId} className="text-sm font-normal text-muted-foreground">
          {note}
        </p>
      )}
    </div>
  );
}
