import { iconButton } from './buttons.ts';

interface Props {
  value: number;
  min: number;
  max: number;
  label: string;
  /** When given, "−" at 1 becomes a bin named this ("Remove Margherita"), so the last tap says what it does. */
  removeLabel?: string | undefined;
  onChange: (value: number) => void;
}

/** − 2 + with the count announced; the buttons stop at the limits. */
export function QuantityStepper({ value, min, max, label, removeLabel, onChange }: Props) {
  const bin = removeLabel !== undefined && value === 1;
  return (
    <div className="inline-flex items-center gap-2" role="group" aria-label={label}>
      <button
        type="button"
        className={iconButton}
        onClick={() => onChange(value - 1)}
        disabled={value <= min}
        aria-label={bin ? removeLabel : `Fewer: ${label}`}
        data-stepper-remove={bin || undefined}
      >
        {bin ? (
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4">
            <path
              fill="currentColor"
              d="M8 2a1 1 0 0 0-1 1v1H4a1 1 0 0 0 0 2h.1l.8 10.1A2 2 0 0 0 6.9 18h6.2a2 2 0 0 0 2-1.9L15.9 6h.1a1 1 0 1 0 0-2h-3V3a1 1 0 0 0-1-1H8Zm-1.1 4h6.2l-.8 10H7.7l-.8-10Z"
            />
          </svg>
        ) : (
          '−'
        )}
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
