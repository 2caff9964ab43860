import { useEffect, useState } from 'react';
import type { ShopChange, ShopState } from '../../lib/api/staff-contract.ts';
import { StaffApiError, type StaffClient } from '../../lib/console/client.ts';
import { formatMoney } from '../../lib/pricing/money.ts';
import { draftFromInputs, priceInputText } from '../../lib/shop/price-input.ts';
import { staffApi } from '../../runtime/console-api.ts';
import { primaryButton, secondaryButton } from '../ui/buttons.ts';

const button = `${secondaryButton} min-h-11`;

function ChangeList({ changes, label }: { changes: readonly ShopChange[]; label: string }) {
  return (
    <ul aria-label={label} className="mt-2 grid gap-1">
      {changes.map((change) => (
        <li key={`${change.productId}:${change.sizeId}`} className="break-words">
          {change.dish}, {change.size}: <s>{formatMoney(change.fromCents)}</s> → <strong>{formatMoney(change.toCents)}</strong>
        </li>
      ))}
    </ul>
  );
}

type Busy = 'loading' | 'saving' | 'publishing' | 'undoing' | null;

/**
 * The owner's Shop view: dish prices as published, a draft over them, what Publish will change,
 * Publish and Undo publish. A write based on an older revision comes back 409 (another owner
 * changed the shop): their change is loaded and shown, and nothing of either is lost silently.
 */
export default function ShopView({ shopName }: { shopName: string }) {
  const [shop, setShop] = useState<ShopState | null>(null);
  const [typed, setTyped] = useState<Map<string, string>>(new Map());
  const [busy, setBusy] = useState<Busy>('loading');
  const [message, setMessage] = useState<string | null>(null);

  async function run(kind: Exclude<Busy, null>, work: (client: StaffClient) => Promise<ShopState>, done: string | null): Promise<void> {
    setBusy(kind);
    setMessage(null);
    try {
      setShop(await work(await staffApi()));
      setTyped(new Map());
      setMessage(done);
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      setMessage(text);
      if (error instanceof StaffApiError && error.status === 409) {
        setTyped(new Map());
        setShop(await (await staffApi()).shop().catch(() => null));
      }
    } finally {
      setBusy(null);
    }
  }

  useEffect(() => {
    void run('loading', (client) => client.shop(), null);
  }, []);

  useEffect(() => {
    document.title = `Shop · ${shopName}`;
  }, [shopName]);

  if (!shop) {
    return (
      <main id="shop-main" className="mx-auto w-full max-w-3xl px-4 pb-12">
        <h1 className="py-3 text-3xl font-bold tracking-tight">Shop</h1>
        <p role="status">{message ?? 'Loading the menu…'}</p>
      </main>
    );
  }

  const draft = draftFromInputs(shop, typed);
  const dirty = typed.size > 0;
  const save = (client: StaffClient) => client.saveShopDraft(shop.revision, draft.prices);
  const groups = [...new Set(shop.dishes.map((dish) => dish.group))];

  return (
    <main id="shop-main" className="mx-auto w-full max-w-3xl px-4 pb-12">
      <h1 className="py-3 text-3xl font-bold tracking-tight">Shop</h1>
      <p className="text-muted-foreground">Prices of {shopName}'s dishes. Save a draft, check what changes, then publish: the shop's pages show it on their next visit.</p>
      <p role="status" aria-live="polite" className={message ? 'mt-3 rounded-lg border border-primary p-3 font-medium' : 'sr-only'}>
        {message ?? ''}
      </p>

      <section aria-labelledby="publish-heading" className="mt-4 rounded-xl border border-border p-4">
        <h2 id="publish-heading" className="text-xl font-semibold">
          Publishing changes
        </h2>
        {shop.changes.length === 0 ? <p className="mt-2 text-muted-foreground">The draft is the same as the shop. Nothing to publish.</p> : <ChangeList changes={shop.changes} label="What publishing changes" />}
        {dirty && <p className="mt-2 font-medium">You have typed prices that are not saved yet; Publish saves them first.</p>}
        {draft.invalid.length > 0 && <p className="mt-2 font-medium">Not a price: {draft.invalid.join('; ')}. Type dollars and cents, like 19.50.</p>}
        <div className="mt-3 flex flex-wrap gap-2">
          <button type="button" className={button} disabled={busy !== null || !dirty || draft.invalid.length > 0} onClick={() => void run('saving', save, 'Draft saved. Nothing on the shop changed yet.')}>
            {busy === 'saving' ? 'Saving…' : 'Save draft'}
          </button>
          <button
            type="button"
            className={`${primaryButton} min-h-11`}
            disabled={busy !== null || draft.invalid.length > 0 || (shop.changes.length === 0 && draft.prices.length === 0)}
            onClick={() =>
              void run('publishing', async (client) => client.publishShop(dirty ? (await save(client)).revision : shop.revision), 'Published. The shop is rebuilt; open pages show the new prices on their next visit.')
            }
          >
            {busy === 'publishing' ? 'Publishing…' : 'Publish'}
          </button>
        </div>
      </section>

      {shop.lastPublish && (
        <section aria-labelledby="undo-heading" className="mt-4 rounded-xl border border-border p-4">
          <h2 id="undo-heading" className="text-xl font-semibold">
            Last publish
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">By {shop.lastPublish.staffName}</p>
          <ChangeList changes={shop.lastPublish.changes} label="What the last publish changed" />
          <button type="button" className={`${button} mt-3`} disabled={busy !== null} onClick={() => void run('undoing', (client) => client.undoPublish(shop.revision), 'Publish undone: the previous prices are back on the shop.')}>
            {busy === 'undoing' ? 'Undoing…' : 'Undo publish'}
          </button>
        </section>
      )}

      {groups.map((group) => (
        <section key={group} aria-label={group || 'Dishes'} className="mt-6">
          <h2 className="text-xl font-semibold">{group || 'Dishes'}</h2>
          <ul className="mt-2 grid gap-3">
            {shop.dishes
              .filter((dish) => dish.group === group)
              .map((dish) => (
                <li key={dish.productId} className="rounded-xl border border-border p-3">
                  <fieldset className="min-w-0">
                    <legend className="font-semibold break-words">{dish.name}</legend>
                    <div className="mt-2 flex flex-wrap gap-3">
                      {dish.sizes.map((size) => {
                        const key = `${dish.productId}:${size.sizeId}`;
                        const id = `price-${dish.productId}-${size.sizeId}`;
                        return (
                          <div key={key} className="flex min-w-0 flex-col">
                            <label htmlFor={id} className="text-sm">
                              {size.name} ($)
                            </label>
                            <input
                              id={id}
                              inputMode="decimal"
                              autoComplete="off"
                              className="mt-1 w-28 rounded-lg border border-border bg-background px-3 py-2"
                              value={typed.get(key) ?? priceInputText(size.draftCents)}
                              aria-describedby={size.draftCents !== size.publishedCents ? `${id}-published` : undefined}
                              onChange={(event) => setTyped(new Map(typed).set(key, event.target.value))}
                            />
                            {size.draftCents !== size.publishedCents && (
                              <span id={`${id}-published`} className="text-sm text-muted-foreground">
                                Now {formatMoney(size.publishedCents)}
                              </span>
                            )}
                          </div>
                        );
                      })}
                    </div>
                  </fieldset>
                </li>
              ))}
          </ul>
        </section>
      ))}
    </main>
  );
}
