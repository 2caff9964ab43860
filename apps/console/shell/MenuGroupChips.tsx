import type { ReactNode } from 'react';

/**
 * The console's one way to tick menu groups (a printer's station, the groups the kitchen's
 * capacity counts): a fieldset of chips, each a checkbox named by its group, 44 px tall for a
 * finger. `children` go under the chips (an error of the choice).
 */
export function MenuGroupChips({
  legend,
  help,
  groups,
  ticked,
  onTick,
  className = '',
  children,
}: {
  legend: string;
  help: string;
  groups: readonly { productGroupId: number; name: string }[];
  ticked: ReadonlySet<number>;
  onTick: (productGroupId: number, on: boolean) => void;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <fieldset className={`min-w-0 ${className}`}>
      <legend className="font-semibold">{legend}</legend>
      <p className="text-sm text-muted-foreground">{help}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        {groups.map((group) => (
          <label
            key={group.productGroupId}
            className="flex min-h-11 min-w-0 cursor-pointer items-center gap-2 rounded-full border border-border px-4 text-sm font-medium has-checked:border-primary has-checked:bg-secondary"
          >
            <input
              type="checkbox"
              className="size-5 shrink-0 accent-[var(--color-primary)]"
              checked={ticked.has(group.productGroupId)}
              onChange={(event) => onTick(group.productGroupId, event.target.checked)}
            />
            <span className="min-w-0 break-words">{group.name}</span>
          </label>
        ))}
      </div>
      {children}
    </fieldset>
  );
}
