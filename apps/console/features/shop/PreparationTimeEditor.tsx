import { useState } from 'react';
import { MAX_PREPARATION_MINUTES, MIN_PREPARATION_MINUTES } from '../../../../lib/kitchen/kitchen-flow.ts';
import type { PartEditorProps } from '../../../../lib/shop/parts/part.ts';
import {
  minutesText,
  preparationTimeValueSchema,
  type PreparationTimeValue,
} from '../../../../lib/shop/parts/preparation-time.ts';
import { InputField } from './InputField.tsx';

const outOfBounds = `Type whole minutes from ${MIN_PREPARATION_MINUTES} to ${MAX_PREPARATION_MINUTES}.`;

/** Whole minutes within bounds, or null for text that is not yet a preparation time. */
export function readMinutes(text: string): number | null {
  if (!/^\s*\d{1,4}\s*$/.test(text)) return null;
  const parsed = preparationTimeValueSchema.safeParse(Number(text));
  return parsed.success ? parsed.data : null;
}

/** How long before an order for later is due the kitchen starts it: the board shows it in the queue from then. */
export default function PreparationTimeEditor({
  value,
  published,
  onChange,
  disabled,
}: PartEditorProps<PreparationTimeValue>) {
  const [typed, setTyped] = useState<string | undefined>(undefined);
  // Typed text stays while it is no value yet or is the draft's; a reset from outside shows the draft.
  const shown =
    typed !== undefined && (readMinutes(typed) === null || readMinutes(typed) === value) ? typed : String(value);
  const error = readMinutes(shown) === null ? `"${shown}" is not a preparation time. ${outOfBounds}` : undefined;
  return (
    <div className="flex max-w-sm flex-col gap-3">
      <InputField
        label="Preparation time (minutes)"
        inputMode="numeric"
        value={shown}
        disabled={disabled}
        error={error}
        note={`The board shows an order for later this long before it is due. Published: ${minutesText(published)}.`}
        onChange={(text) => {
          setTyped(text);
          const minutes = readMinutes(text);
          onChange(minutes ?? value, minutes === null ? [`"${text}" is not a preparation time. ${outOfBounds}`] : []);
        }}
      />
    </div>
  );
}
