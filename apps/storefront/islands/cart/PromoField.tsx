import { useState } from 'react';
import { secondaryButton } from '../../../../ui/buttons.ts';
import { fullWidthControl } from '../../../../ui/fields.ts';
import { FormField } from '../../../../ui/FormField.tsx';

interface Props {
  /** The code applied, once the shop knew it; null before. */
  applied: string | null;
  /** Why the typed or applied code does not take anything off, in the customer's words. */
  error: string | undefined;
  checking: boolean;
  onApply: (typed: string) => void;
  onRemove: () => void;
}

/** A small "Promo code" field with Apply; once applied, the code and a way to remove it. */
export function PromoField({ applied, error, checking, onApply, onRemove }: Props) {
  const [typed, setTyped] = useState('');
  if (applied !== null)
    return (
      <div className="flex items-center justify-between gap-3 text-sm" data-promo-applied={applied}>
        <p>
          Promo code <strong>{applied}</strong> applied
        </p>
        <button type="button" className={secondaryButton} onClick={onRemove}>
          Remove
        </button>
        {error && (
          <p role="alert" className="basis-full font-medium text-red-700">
            {error}
          </p>
        )}
      </div>
    );
  return (
    <FormField label="Promo code" error={error}>
      {(control) => (
        <div className="flex gap-2">
          <input
            {...control}
            className={fullWidthControl}
            value={typed}
            maxLength={40}
            autoCapitalize="characters"
            autoComplete="off"
            onChange={(event) => setTyped(event.target.value)}
            onKeyDown={(event) => {
              // Enter applies the code rather than placing the order.
              if (event.key === 'Enter') {
                event.preventDefault();
                if (typed.trim() !== '') onApply(typed);
              }
            }}
          />
          <button
            type="button"
            className={secondaryButton}
            disabled={checking || typed.trim() === ''}
            onClick={() => onApply(typed)}
          >
            {checking ? 'Checking…' : 'Apply'}
          </button>
        </div>
      )}
    </FormField>
  );
}
