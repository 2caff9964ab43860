import { useId, type ReactNode } from 'react';
import { fieldError, fieldLabel } from './fields.ts';

interface ControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

/** A labelled control with its message under it, tied together for screen readers. */
export function FormField({
  label,
  error,
  className = '',
  children,
}: {
  label: string;
  error?: string | undefined;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={`${fieldLabel} ${className}`}>
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': error !== undefined, 'aria-describedby': error ? errorId : undefined })}
      {error && (
        <p id={errorId} className={fieldError}>
          {error}
        </p>
      )}
    </div>
  );
}
