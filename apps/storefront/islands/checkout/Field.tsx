import { useId, type ReactElement, cloneElement } from 'react';

export const inputClass =
  'w-full rounded-lg border border-border bg-background px-3 py-2 text-base aria-invalid:border-red-700';

interface Props {
  label: string;
  error?: string | undefined;
  children: ReactElement<{ id?: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string }>;
}

/** A labelled form control with its error read out with it. */
export function Field({ label, error, children }: Props) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1 text-sm font-medium">
      <label htmlFor={id}>{label}</label>
      {cloneElement(children, { id, ...(error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {}) })}
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
