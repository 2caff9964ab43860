import { iconButton } from './buttons.ts';

interface Props {
  value: number;
  min: number;
  max: number;
  label: string;
  onChange: (value: number) => void;
}

/** − 2 + with the count announced; the buttons stop at the limits. */
export function QuantityStepper({ value, min, max, label, onChange }: Props) {
  return (
    <div className="inline-flex items-center gap-2" role="group" aria-label={label}>
      <button
        type="button"
        className={iconButton}
        onClick={() => onChange(value - 1)}
        disabled={value <= min}
        aria-label={`Fewer: ${label}`}
      >
        −
      </button>
      <span className="min-w-6 text-center font-semibold tabular-nums" aria-live="polite">
        {value}
      </span>
      <button
        type="button"
        className={iconButton}
        onClick={() => onChange(value + 1)}
        disabled={value >= max}
        aria-label={`More: ${label}`}
      >
        +
      </button>
    </div>
  );
}
