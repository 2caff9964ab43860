import { useEffect, useState } from 'react';
import {
  capacityLimitSchema,
  countedGroupIds,
  MAX_CAPACITY_LIMITS,
  MAX_SLOT_ITEMS,
  type CapacityLimit,
  type CapacityService,
} from '../../../../lib/kitchen/capacity.ts';
import {
  countedGroupsOf,
  limitText,
  sameCapacity,
  type KitchenCapacityValue,
} from '../../../../lib/shop/parts/kitchen-capacity.ts';
import type { PartEditorProps } from '../../../../lib/shop/parts/part.ts';
import { secondaryButton } from '../../../../ui/buttons.ts';
import { fieldControl, fieldError } from '../../../../ui/fields.ts';
import { FormField } from '../../../../ui/FormField.tsx';
import { InputField } from './InputField.tsx';
import { MenuGroupChips } from '../../shell/MenuGroupChips.tsx';

const button = `${secondaryButton} min-h-11`;

/** One limit as typed: text until it reads as a limit. */
export interface LimitRow {
  key: number;
  service: CapacityService;
  items: string;
  allDay: boolean;
  from: string;
  to: string;
}

let nextKey = 1;
const rowOf = (limit: CapacityLimit): LimitRow => ({
  key: nextKey++,
  service: limit.service,
  items: String(limit.items),
  allDay: limit.from === undefined,
  from: limit.from ?? '17:00',
  to: limit.to ?? '21:00',
});

const itemsProblem = `Type whole pizzas from 1 to ${MAX_SLOT_ITEMS}.`;

/** A row's limit, or why it is not one yet. */
export function readLimit(
  row: Omit<LimitRow, 'key'>,
): { limit: CapacityLimit } | { problem: string; field: 'items' | 'to' } {
  if (!/^\s*\d{1,4}\s*$/.test(row.items))
    return { problem: `"${row.items}" is not a number of pizzas. ${itemsProblem}`, field: 'items' };
  const parsed = capacityLimitSchema.safeParse({
    service: row.service,
    items: Number(row.items),
    ...(row.allDay ? {} : { from: row.from, to: row.to }),
  });
  if (parsed.success) return { limit: parsed.data };
  if (!row.allDay && (row.from === row.to || row.from === '' || row.to === ''))
    return { problem: 'Choose a start and an end time, or all day.', field: 'to' };
  return { problem: itemsProblem, field: 'items' };
}

const serviceOptions: [CapacityService, string][] = [
  ['shared', 'Pickup and delivery together'],
  ['pickup', 'Pickup'],
  ['delivery', 'Delivery'],
];

/**
 * How many pizzas the kitchen takes per 15-minute slot: each limit for one service or both
 * together, all day or in a window of the day. No limit (the default) takes every order.
 */
export const NO_GROUP_COUNTED = 'Tick at least one menu group to count.';

export default function KitchenCapacityEditor({
  value,
  published,
  onChange,
  disabled,
  menuGroups = [],
}: PartEditorProps<KitchenCapacityValue>) {
  const [rows, setRows] = useState(() => value.limits.map(rowOf));
  const tickedOf = (capacity: KitchenCapacityValue) => countedGroupIds(capacity, menuGroups);
  const [ticked, setTicked] = useState(() => tickedOf(value));
  const limitsOf = (list: readonly LimitRow[]) =>
    list.flatMap((row) => {
      const read = readLimit(row);
      return 'limit' in read ? [read.limit] : [];
    });

  // A value from outside (a reload, an undo) replaces what is typed and ticked; our own echo does not.
  useEffect(() => {
    setRows((current) =>
      sameCapacity({ ...value, limits: limitsOf(current) }, value) ? current : value.limits.map(rowOf),
    );
    setTicked((current) =>
      countedGroupsOf(current, menuGroups).join() === value.countedGroupIds.join() ? current : tickedOf(value),
    );
  }, [value]);

  const update = (next: LimitRow[], nextTicked: ReadonlySet<number> = ticked) => {
    setRows(next);
    setTicked(nextTicked);
    const problems = next.flatMap((row, index) => {
      const read = readLimit(row);
      return 'problem' in read ? [`Limit ${index + 1}: ${read.problem}`] : [];
    });
    if (next.length > 0 && nextTicked.size === 0) problems.push(NO_GROUP_COUNTED);
    onChange({ countedGroupIds: countedGroupsOf(nextTicked, menuGroups), limits: limitsOf(next) }, problems);
  };
  const edit = (key: number, change: Partial<LimitRow>) =>
    update(rows.map((row) => (row.key === key ? { ...row, ...change } : row)));
  const tick = (productGroupId: number, on: boolean) => {
    const next = new Set(ticked);
    if (on) next.add(productGroupId);
    else next.delete(productGroupId);
    update(rows, next);
  };
  const noneTicked = rows.length > 0 && ticked.size === 0;

  return (
    <fieldset disabled={disabled} className="grid min-w-0 gap-4" data-kitchen-capacity>
      <legend className="sr-only">Kitchen capacity</legend>
      <p className="text-sm text-muted-foreground">
        Pizzas the kitchen takes per 15 minutes. A time that an order would overfill is shown full to customers and
        refused; orders for as soon as possible are promised the next time with room.
      </p>
      {menuGroups.length > 0 && (
        <MenuGroupChips
          legend="Counted menu groups"
          help="Each item of a ticked group counts as one pizza; a half & half is one."
          groups={menuGroups}
          ticked={ticked}
          onTick={tick}
          className="rounded-xl border border-border p-4"
        >
          {noneTicked && (
            <p role="alert" className={fieldError}>
              {NO_GROUP_COUNTED}
            </p>
          )}
        </MenuGroupChips>
      )}
      {published.limits.length > 0 && (
        <p className="text-sm break-words text-muted-foreground">
          Published: {published.limits.map(limitText).join('; ')}
        </p>
      )}
      {rows.length === 0 && <p className="font-medium">No limit: the kitchen takes every order.</p>}
      {rows.map((row, index) => {
        const read = readLimit(row);
        const problemOf = (field: 'items' | 'to') =>
          'problem' in read && read.field === field ? read.problem : undefined;
        return (
          <fieldset key={row.key} className="grid min-w-0 gap-3 rounded-xl border border-border p-4">
            <legend className="px-1 font-semibold">Limit {index + 1}</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              <FormField label="Orders for" className="min-w-0">
                {(control) => (
                  <select
                    {...control}
                    className={`${fieldControl} min-h-11 w-full min-w-0`}
                    value={row.service}
                    onChange={(event) => edit(row.key, { service: event.target.value as CapacityService })}
                  >
                    {serviceOptions.map(([service, label]) => (
                      <option key={service} value={service}>
                        {label}
                      </option>
                    ))}
                  </select>
                )}
              </FormField>
              <InputField
                label="Pizzas per 15 minutes"
                inputMode="numeric"
                value={row.items}
                error={problemOf('items')}
                onChange={(text) => edit(row.key, { items: text })}
              />
            </div>
            <label className="flex min-h-11 items-center gap-3 text-sm font-medium">
              <input
                type="checkbox"
                className="size-5 shrink-0 accent-[var(--color-primary)]"
                checked={row.allDay}
                onChange={(event) => edit(row.key, { allDay: event.target.checked })}
              />
              All day
            </label>
            {!row.allDay && (
              <div className="grid gap-2 sm:grid-cols-2">
                <InputField
                  type="time"
                  label="From"
                  value={row.from}
                  onChange={(text) => edit(row.key, { from: text })}
                />
                <InputField
                  type="time"
                  label="To"
                  value={row.to}
                  error={problemOf('to')}
                  onChange={(text) => edit(row.key, { to: text })}
                />
              </div>
            )}
            <button
              type="button"
              className={`${button} justify-self-start`}
              onClick={() => update(rows.filter((each) => each.key !== row.key))}
            >
              Remove<span className="sr-only"> limit {index + 1}</span>
            </button>
          </fieldset>
        );
      })}
      {rows.length < MAX_CAPACITY_LIMITS && (
        <button
          type="button"
          className={`${button} justify-self-start`}
          onClick={() => update([...rows, rowOf({ service: 'shared', items: 8 })])}
        >
          Add a limit
        </button>
      )}
    </fieldset>
  );
}
