import { useState } from 'react';
import { secondaryButton } from '../../../ui/buttons.ts';

interface Props {
  /** The first button: "End", "Remove". */
  label: string;
  /** The button that does it once asked: "Yes, end SAVE5". */
  confirm: string;
  /** What the confirming button says while it is being done: "Ending…". */
  doing: string;
  /** This action is under way. */
  busy: boolean;
  /** Another action of the same card is under way. */
  disabled: boolean;
  onConfirm: () => void;
}

/** A card's action that cannot be taken back, asked twice: the first tap offers "Yes, …" and "Keep it". */
export function AskTwice({ label, confirm, doing, busy, disabled, onConfirm }: Props) {
  const [asking, setAsking] = useState(false);
  if (!asking)
    return (
      <button
        type="button"
        className={`${secondaryButton} min-h-11`}
        disabled={disabled}
        onClick={() => setAsking(true)}
      >
        {label}
      </button>
    );
  return (
    <>
      <button
        type="button"
        className={`${secondaryButton} min-h-11 border-primary`}
        disabled={disabled}
        onClick={onConfirm}
      >
        {busy ? doing : confirm}
      </button>
      <button type="button" className={`${secondaryButton} min-h-11`} onClick={() => setAsking(false)}>
        Keep it
      </button>
    </>
  );
}
