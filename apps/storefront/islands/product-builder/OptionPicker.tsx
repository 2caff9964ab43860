import { fieldError } from '../../../../ui/fields.ts';
import { ChoiceBadge } from './ChoiceBadge.tsx';

interface Props {
  legend: string;
  name: string;
  required: boolean;
  value: number | null;
  choices: { id: number; name: string; note: string }[];
  onChange: (id: number) => void;
  onClear?: () => void;
  problem?: string | undefined;
}

/** One choice among several (a size, a base), as radio buttons so the keyboard moves with arrows. */
export function OptionPicker({ legend, name, required, value, choices, onChange, onClear, problem }: Props) {
  const problemId = `${name}-problem`;
  return (
    <fieldset
      className="flex flex-col gap-2 scroll-mt-4"
      aria-invalid={problem ? true : undefined}
      aria-describedby={problem ? problemId : undefined}
      data-field={name}
      data-required={required}
    >
      <legend className="mb-2 flex items-center gap-2 font-semibold">
        {legend} <ChoiceBadge required={required} done={value !== null} />
      </legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {choices.map((choice) => (
          <label
            key={choice.id}
            className="flex cursor-pointer items-center justify-between gap-3 rounded-xl border border-border px-3 py-2.5 has-[:checked]:border-primary has-[:checked]:bg-muted has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary"
          >
            <span className="flex items-center gap-2">
              <input
                type="radio"
                name={name}
                required={required}
                className="accent-[var(--color-primary)]"
                checked={value === choice.id}
                onChange={() => onChange(choice.id)}
              />
              {choice.name}
            </span>
            {choice.note && <span className="text-sm text-muted-foreground tabular-nums">{choice.note}</span>}
          </label>
        ))}
      </div>
      {onClear && value !== null && (
        <button type="button" className="self-start text-sm font-medium underline underline-offset-4" onClick={onClear}>
          No {legend.toLowerCase()}
        </button>
      )}
      {problem && (
        <p id={problemId} className={fieldError}>
          {problem}
        </p>
      )}
    </fieldset>
  );
}
