import { useId, useState } from 'react';
import type { LiveState, SoldOutBody, StaffMenu } from '../../../../lib/api/live-state-contract.ts';
import { formatClock } from '../board/format.ts';
import { menuMatches, quickChips, soldOutNames } from './live-state.ts';
import { secondaryButton } from '../../../../ui/buttons.ts';
import { fieldControl, fieldLabel } from '../../../../ui/fields.ts';

const touch = 'min-h-11 shrink-0';

export interface SoldOutPickerProps {
  soldOut: LiveState['soldOut'];
  menu: StaffMenu | null;
  now: Date;
  /** The key of the change being saved (`sold-out:<kind>:<id>`), or null. */
  saving: string | null;
  onChange: (body: SoldOutBody, name: string) => void;
}

/**
 * Marks dishes and whole groups sold out for the rest of the trading day, and back on: what is out
 * at the top, the menu searchable below, each with a pressed-or-not "Sold out" toggle.
 */
export function SoldOutPicker({ soldOut, menu, now, saving, onChange }: SoldOutPickerProps) {
  const titleId = useId();
  const [search, setSearch] = useState('');
  const products = new Set(soldOut.productIds);
  const groups = new Set(soldOut.productGroupIds);
  const out = soldOutNames(soldOut, menu);
  const matches = menu ? menuMatches(menu, search) : [];
  const busy = saving !== null;
  const chips = quickChips(soldOut, menu);

  const toggle = (kind: 'product' | 'group', id: number, name: string, isOut: boolean) => (
    <button
      type="button"
      className={`${secondaryButton} ${touch} aria-pressed:border-primary aria-pressed:bg-primary aria-pressed:text-primary-foreground`}
      aria-pressed={isOut}
      disabled={busy}
      onClick={() =>
        onChange(
          kind === 'product' ? { productId: id, soldOut: !isOut } : { productGroupId: id, soldOut: !isOut },
          name,
        )
      }
    >
      {saving === `sold-out:${kind}:${id}` ? 'Saving…' : 'Sold out'}
      <span className="sr-only"> {name}</span>
    </button>
  );

  return (
    <section
      aria-labelledby={titleId}
      className="flex min-w-0 flex-col gap-4 rounded-2xl border border-border bg-background p-4 shadow-sm"
    >
      <h2 id={titleId} className="text-2xl font-bold tracking-tight">
        Sold out today
      </h2>
      {out.length === 0 ? (
        <p className="text-muted-foreground">Everything on the menu can be ordered.</p>
      ) : (
        <div className="flex flex-col gap-2">
          <p>
            {soldOut.until === null
              ? 'Sold out until put back on:'
              : `Sold out until ${formatClock(soldOut.until, now)}, when the next trading day starts:`}
          </p>
          <ul className="flex flex-col gap-2" aria-label="Sold out now">
            {out.map((item) => (
              <li
                key={`${item.kind}-${item.id}`}
                className="flex items-center justify-between gap-3"
                data-sold-out-item={`${item.kind}-${item.id}`}
              >
                <span className="min-w-0 font-semibold break-words">{item.name}</span>
                <button
                  type="button"
                  className={`${secondaryButton} ${touch}`}
                  disabled={busy}
                  onClick={() =>
                    onChange(
                      item.kind === 'product'
                        ? { productId: item.id, soldOut: false }
                        : { productGroupId: item.id, soldOut: false },
                      item.name,
                    )
                  }
                >
                  {saving === `sold-out:${item.kind}:${item.id}` ? 'Saving…' : 'Back on'}
                  <span className="sr-only"> {item.name}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}

      {chips.length > 0 && (
        <div className="flex flex-col gap-2">
          <p className="font-semibold">Often sold out</p>
          <ul className="flex flex-wrap gap-2" aria-label="Often sold out">
            {chips.map((chip) => (
              <li key={chip.productId}>
                <button
                  type="button"
                  className={`${secondaryButton} ${touch} rounded-full`}
                  disabled={busy}
                  data-quick-chip={chip.productId}
                  onClick={() => onChange({ productId: chip.productId, soldOut: true }, chip.name)}
                >
                  {saving === `sold-out:product:${chip.productId}` ? 'Saving…' : chip.name}
                  <span className="sr-only">, mark sold out for today</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}

      <label className={fieldLabel}>
        Find a dish or group
        <input
          className={fieldControl}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="Margherita, Desserts…"
        />
      </label>
      {menu === null ? (
        <p className="text-muted-foreground">Loading the menu…</p>
      ) : matches.length === 0 ? (
        <p className="text-muted-foreground">Nothing on the menu matches “{search}”.</p>
      ) : (
        <ul className="flex flex-col gap-4" aria-label="Menu">
          {matches.map((group) => (
            <li key={group.productGroupId} className="flex flex-col gap-2" data-menu-group={group.productGroupId}>
              <div className="flex items-center justify-between gap-3 border-b border-border pb-2">
                <h3 className="min-w-0 font-bold break-words">
                  {group.name} <span className="font-normal text-muted-foreground">(whole group)</span>
                </h3>
                {toggle('group', group.productGroupId, `${group.name} (whole group)`, groups.has(group.productGroupId))}
              </div>
              <ul className="flex flex-col gap-2">
                {group.products.map((product) => (
                  <li
                    key={product.productId}
                    className="flex items-center justify-between gap-3"
                    data-menu-product={product.productId}
                  >
                    <span className="min-w-0 break-words">{product.name}</span>
                    {toggle('product', product.productId, product.name, products.has(product.productId))}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
