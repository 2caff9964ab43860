import type { PromoCode } from '../../../../lib/cart/promo.ts';
import { secondaryButton } from '../../../../ui/buttons.ts';
import { AskTwice } from '../../shell/AskTwice.tsx';
import { limitsText, savingText, usesText } from './promo-form.ts';

/** One code as the counter reads it: what it gives, its limits, its uses; for the owner, Edit and End (asked twice). */
export function PromoCodeCard({
  code,
  uses,
  today,
  saving,
  onEdit,
  onEnd,
}: {
  code: PromoCode;
  uses: number;
  /** The shop's date, so a code past its last day reads as ended. */
  today: string;
  saving: boolean;
  /** Absent for the kitchen, which reads the codes only. */
  onEdit?: (() => void) | undefined;
  onEnd?: (() => void) | undefined;
}) {
  return (
    <article aria-label={code.code} className="rounded-2xl border border-border p-4" data-promo-code={code.code}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-mono text-lg font-bold break-all">{code.code}</h3>
        <p className="rounded-full bg-secondary px-3 py-1 text-sm font-semibold text-secondary-foreground">
          {savingText(code.saving)}
        </p>
      </div>
      <ul className="mt-1 text-sm" aria-label={`Limits of ${code.code}`}>
        {limitsText(code, today).map((limit) => (
          <li key={limit}>{limit}</li>
        ))}
      </ul>
      <p className="mt-1 text-sm text-muted-foreground" data-promo-uses>
        {usesText(uses, code.maxUses)}
      </p>
      {onEdit && onEnd && (
        <div className="mt-3 flex flex-wrap gap-2">
          <button type="button" className={`${secondaryButton} min-h-11`} disabled={saving} onClick={onEdit}>
            Edit
          </button>
          <AskTwice
            label="End"
            confirm={`Yes, end ${code.code}`}
            doing="Ending…"
            busy={saving}
            disabled={saving}
            onConfirm={onEnd}
          />
        </div>
      )}
    </article>
  );
}
