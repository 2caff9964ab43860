import { useEffect, useState } from 'react';
import { MAX_TIP_PERCENTAGES, TIP_PERCENT } from '../../../../lib/cart/tip.ts';
import type { PartEditorProps } from '../../../../lib/shop/parts/part.ts';
import { NO_TIPS, tipsText, tipsValueSchema, type TipsValue } from '../../../../lib/shop/parts/tips.ts';
import { secondaryButton } from '../../../../ui/buttons.ts';
import { InputField } from './InputField.tsx';

const button = `${secondaryButton} min-h-11`;

/** What a shop that has never offered tips starts from when the owner turns them on. */
const SUGGESTED_PERCENTAGES = [10, 15, 20];

const range = `Type a whole number from ${TIP_PERCENT.min} to ${TIP_PERCENT.max}.`;

/** The tips as typed: the value they make, or null with why beside each percentage that stops it. */
export interface TipsReading {
  value: TipsValue | null;
  /** By percentage field, in order; undefined where the field is fine. */
  problems: (string | undefined)[];
}

/**
 * The owner's switch and typed percentages ("15", "15%") as the tips part's value, checked by the
 * part's own schema (the tenant file's), each refusal put beside the field it is about.
 */
export function readTips(offered: boolean, typed: readonly string[]): TipsReading {
  const problems: (string | undefined)[] = typed.map(() => undefined);
  if (!offered) return { value: NO_TIPS, problems };
  const numbers = typed.map((text) => /^\s*(\d{1,3})\s*%?\s*$/.exec(text)?.[1]);
  numbers.forEach((digits, index) => {
    if (digits === undefined) problems[index] = `"${typed[index]}" is not a tip percentage. ${range}`;
  });
  const percentages = numbers.map(Number);
  const parsed = tipsValueSchema.safeParse({ offered: true, percentages });
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const index = issue.path[1];
      if (typeof index === 'number') problems[index] ??= `"${typed[index]}" is not a tip percentage. ${range}`;
      else if (issue.code === 'too_big')
        problems[typed.length - 1] ??= `Checkout offers at most ${MAX_TIP_PERCENTAGES} percentages. Remove one.`;
      else
        percentages.forEach((percent, index) => {
          if (percentages.indexOf(percent) < index) problems[index] ??= `${percent}% is offered already. Remove one.`;
        });
    }
  const open = problems.some((problem) => problem !== undefined);
  return { value: parsed.success && !open ? parsed.data : null, problems };
}

interface Row {
  key: number;
  text: string;
}

let nextKey = 1;
const rowsOf = (percentages: readonly number[]): Row[] =>
  percentages.map((percent) => ({ key: nextKey++, text: String(percent) }));

const sameValue = (a: TipsValue | null, b: TipsValue) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Whether checkout offers a tip and the percentages it offers as buttons, in the owner's order;
 * an amount of the customer's own is always offered beside them. Off (the default), checkout
 * offers none and place-order refuses one.
 */
export default function TipsEditor({ value, published, onChange, disabled }: PartEditorProps<TipsValue>) {
  const start = (tips: TipsValue) =>
    rowsOf(tips.offered ? tips.percentages : published.offered ? published.percentages : SUGGESTED_PERCENTAGES);
  const [offered, setOffered] = useState(value.offered);
  const [rows, setRows] = useState(() => start(value));
  const texts = (list: readonly Row[]) => list.map((row) => row.text);

  // A value from outside (a reload, an undo) replaces what is typed; our own echo does not.
  useEffect(() => {
    if (sameValue(readTips(offered, texts(rows)).value, value)) return;
    setOffered(value.offered);
    setRows(start(value));
  }, [value]);

  const update = (nextOffered: boolean, next: Row[]) => {
    setOffered(nextOffered);
    setRows(next);
    const reading = readTips(nextOffered, texts(next));
    onChange(
      reading.value ?? value,
      reading.problems.flatMap((problem, index) => (problem ? [`Percentage ${index + 1}: ${problem}`] : [])),
    );
  };
  const { problems } = readTips(offered, texts(rows));

  return (
    <fieldset disabled={disabled} className="grid max-w-sm min-w-0 gap-4" data-tips>
      <legend className="sr-only">Tips</legend>
      <p className="text-sm text-muted-foreground">
        Checkout offers No tip, each percentage with what it comes to, and Other for an amount of the customer’s own.
        Published: {tipsText(published)}.
      </p>
      <label className="flex min-h-11 items-center gap-3 font-medium">
        <input
          type="checkbox"
          className="size-5 shrink-0 accent-[var(--color-primary)]"
          checked={offered}
          onChange={(event) => update(event.target.checked, rows)}
        />
        Offer tips at checkout
      </label>
      {offered && rows.length === 0 && <p className="font-medium">Only an amount of the customer’s own.</p>}
      {offered &&
        rows.map((row, index) => (
          <div key={row.key} className="flex min-w-0 items-start gap-2">
            <div className="min-w-0 flex-1">
              <InputField
                label={`Percentage ${index + 1} (%)`}
                inputMode="numeric"
                value={row.text}
                error={problems[index]}
                onChange={(text) =>
                  update(
                    offered,
                    rows.map((each) => (each.key === row.key ? { ...each, text } : each)),
                  )
                }
              />
            </div>
            <button
              type="button"
              className={`${button} mt-6 shrink-0`}
              onClick={() =>
                update(
                  offered,
                  rows.filter((each) => each.key !== row.key),
                )
              }
            >
              Remove<span className="sr-only"> percentage {index + 1}</span>
            </button>
          </div>
        ))}
      {offered && rows.length < MAX_TIP_PERCENTAGES && (
        <button
          type="button"
          className={`${button} justify-self-start`}
          onClick={() => update(offered, [...rows, { key: nextKey++, text: '' }])}
        >
          Add a percentage
        </button>
      )}
    </fieldset>
  );
}
