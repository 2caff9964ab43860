import type { InputHTMLAttributes } from 'react';
import { FormField } from '../../../../ui/FormField.tsx';
import { fieldControl } from '../../../../ui/fields.ts';

type InputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'value' | 'onChange' | 'className' | 'aria-invalid' | 'aria-describedby'
>;

/** A text input of the shop's editors, labelled the one way (ui/FormField.tsx), sized for a thumb. */
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
  return (
    <FormField label={label} error={error} note={note} className="min-w-0">
      {(control) => (
        <input
          {...input}
          {...control}
          className={`${fieldControl} min-h-11 w-full min-w-0`}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FormField>
  );
}
