import { useId } from 'react';
import type { PaymentMethod } from '../../../../lib/cart/payment-methods.ts';
import { tipFor, type TipChoice } from '../../../../lib/cart/tip.ts';
import { formatMoney } from '../../../../lib/pricing/money.ts';
import { fullWidthControl } from '../../../../ui/fields.ts';

interface Props {
  percentages: readonly number[];
  /** The food after specials: what a percentage is of. */
  foodCents: number;
  choice: TipChoice;
  /** The own amount as typed, kept apart from the choice so a half-typed "4." stays on screen. */
  ownText: string;
  ownChosen: boolean;
  onPercent: (percent: number | null) => void;
  onOwn: (text: string) => void;
  error: string | undefined;
  method: PaymentMethod;
}

const option =
  'flex min-h-11 min-w-0 flex-1 flex-col items-center justify-center rounded-xl border border-border px-1 py-1 text-sm font-semibold aria-pressed:border-primary aria-pressed:bg-primary aria-pressed:text-primary-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';

/**
 * No tip, one of the shop's percentages (each with what it comes to), or an amount of the
 * customer's own; how it is paid follows the payment method chosen above it.
 */
export function TipPicker({
  percentages,
  foodCents,
  choice,
  ownText,
  ownChosen,
  onPercent,
  onOwn,
  error,
  method,
}: Props) {
  const ownId = useId();
  const errorId = useId();
  const pressedPercent = !ownChosen && choice.kind === 'percent' ? choice.percent : null;
  return (
    <fieldset className="flex flex-col gap-2" data-tip-picker>
      <legend className="mb-1 font-semibold">Tip</legend>
      <div className="flex gap-2" role="group" aria-label="Tip">
        <button
          type="button"
          className={option}
          aria-pressed={!ownChosen && choice.kind === 'none'}
          onClick={() => onPercent(null)}
        >
          No tip
        </button>
        {percentages.map((percent) => {
          const comesTo = tipFor({ kind: 'percent', percent }, foodCents, { percentages: [percent] });
          return (
            <button
              key={percent}
              type="button"
              className={option}
              aria-pressed={pressedPercent === percent}
              onClick={() => onPercent(percent)}
            >
              <span>{percent}%</span>
              {comesTo.ok && <span className="text-xs font-normal tabular-nums">{formatMoney(comesTo.cents)}</span>}
            </button>
          );
        })}
        <button type="button" className={option} aria-pressed={ownChosen} onClick={() => onOwn(ownText)}>
          Other
        </button>
      </div>
      {ownChosen && (
        <div className="flex flex-col gap-1">
          <label htmlFor={ownId} className="text-sm font-medium">
            Tip amount ($)
          </label>
          <input
            id={ownId}
            className={fullWidthControl}
            inputMode="decimal"
            autoComplete="off"
            value={ownText}
            aria-invalid={error !== undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => onOwn(event.target.value)}
          />
        </div>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-700" data-tip-error>
          {error}
        </p>
      )}
      <p className="text-sm text-muted-foreground" data-tip-note>
        {method === 'online'
          ? 'Charged with your order, on a line of its own.'
          : 'Noted on your order: pay it with your order at the door or the counter.'}
      </p>
    </fieldset>
  );
}
