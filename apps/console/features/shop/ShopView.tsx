import { useStore } from '@nanostores/react';
import { Suspense, useEffect, useState } from 'react';
import { Tabs } from 'radix-ui';
import type { ShopState } from '../../../../lib/shop/shop-state.ts';
import { StaffApiError } from '../../shell/client.ts';
import { shopCalls, type ShopCalls } from './shop-client.ts';
import {
  shopParts,
  shopPartKeys,
  type ShopPartKey,
  type ShopPartsDraft,
  type ShopPartValues,
} from '../../../../lib/shop/parts/index.ts';
import { draftFromInputs } from '../../../../lib/shop/price-input.ts';
import { staffApi } from '../../shell/staff-api.ts';
import { $shopTyping, forgetPartProblems, forgetTyping, typedPart, typedPrice, typingFor } from './store.ts';
import { primaryButton, secondaryButton } from '../../../../ui/buttons.ts';
import { ChangeList } from './ChangeList.tsx';
import { editorFor } from './part-editors.ts';
import PricesEditor from './PricesEditor.tsx';

const button = `${secondaryButton} min-h-11`;
const tab =
  'min-h-11 rounded-lg border border-border px-3 py-2 text-sm font-medium data-[state=active]:border-primary data-[state=active]:bg-primary data-[state=active]:text-primary-foreground';

type Busy = 'loading' | 'saving' | 'publishing' | 'undoing' | null;

/** The value an editor shows: typed since the last save, else the saved draft, else the shop as published. */
function shownValue<K extends ShopPartKey>(key: K, shop: ShopState, edits: ShopPartsDraft): ShopPartValues[K] {
  const saved: ShopPartsDraft = shop.parts.draft;
  const published: ShopPartValues = shop.parts.published;
  return edits[key] ?? saved[key] ?? published[key];
}

function PartTab<K extends ShopPartKey>({
  partKey,
  shop,
  edits,
  disabled,
  onChange,
}: {
  partKey: K;
  shop: ShopState;
  edits: ShopPartsDraft;
  disabled: boolean;
  onChange: (key: K, value: ShopPartValues[K], problems: readonly string[]) => void;
}) {
  const Editor = editorFor(partKey);
  return (
    <Suspense fallback={<p className="mt-4">Loading…</p>}>
      <Editor
        value={shownValue(partKey, shop, edits)}
        published={shop.parts.published[partKey]}
        disabled={disabled}
        menuGroups={shop.menuGroups}
        onChange={(value, problems = []) => onChange(partKey, value, problems)}
      />
    </Suspense>
  );
}

/**
 * The owner's Shop view: the shop as published (dish prices, trading hours, closed dates,
 * specials, popups, delivery fees, theme colours), a draft over it, what Publish will change,
 * Publish and Undo publish. A write based on an older revision comes back 409 (another owner
 * changed the shop): their change is loaded and shown, and nothing of either is lost silently.
 */
export default function ShopView({ shopName }: { shopName: string }) {
  const [shop, setShop] = useState<ShopState | null>(null);
  const [busy, setBusy] = useState<Busy>('loading');
  const [message, setMessage] = useState<string | null>(null);
  useStore($shopTyping);

  async function run(
    kind: Exclude<Busy, null>,
    work: (client: ShopCalls) => Promise<ShopState>,
    done: string | null,
  ): Promise<void> {
    setBusy(kind);
    setMessage(null);
    try {
      const answer = await work(shopCalls(await staffApi()));
      // Loading keeps what was typed over this same revision before the owner looked at another section.
      if (kind === 'loading') forgetPartProblems();
      else forgetTyping();
      setShop(answer);
      setMessage(done);
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      setMessage(text);
      if (error instanceof StaffApiError && error.status === 409) {
        forgetTyping();
        setShop(
          await shopCalls(await staffApi())
            .shop()
            .catch(() => null),
        );
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
      <main id="main" className="mx-auto w-full max-w-3xl px-4 pb-12">
        <h1 className="py-3 text-3xl font-bold tracking-tight">Shop</h1>
        <p role="status">{message ?? 'Loading the shop…'}</p>
      </main>
    );
  }

  const { prices: typed, parts: edits, problems } = typingFor(shop.revision);
  const prices = draftFromInputs(shop, typed);
  const open = [
    ...(prices.invalid.length > 0
      ? [`Not a price: ${prices.invalid.join('; ')}. Type dollars and cents, like 19.50.`]
      : []),
    ...shopPartKeys.flatMap((key) => (problems[key] ?? []).map((problem) => `${shopParts[key].title}: ${problem}`)),
  ];
  const dirty = typed.size > 0 || Object.keys(edits).length > 0;
  const save = (client: ShopCalls) => client.saveDraft(shop.revision, prices.prices, { ...shop.parts.draft, ...edits });
  const nothingToPublish = !dirty && shop.changes.length === 0 && shop.partChanges.length === 0;
  const editPart = <K extends ShopPartKey>(key: K, value: ShopPartValues[K], reasons: readonly string[]) =>
    typedPart(shop.revision, key, value, reasons);

  return (
    <main id="main" className="mx-auto w-full max-w-3xl px-4 pb-12">
      <h1 className="py-3 text-3xl font-bold tracking-tight">Shop</h1>
      <p className="text-muted-foreground">
        Change {shopName}'s menu and settings, save a draft, check what changes, then publish: the shop's pages show it
        on their next visit.
      </p>
      <p
        role="status"
        aria-live="polite"
        className={message ? 'mt-3 rounded-lg border border-primary p-3 font-medium break-words' : 'sr-only'}
      >
        {message ?? ''}
      </p>

      <section aria-labelledby="publish-heading" className="mt-4 rounded-xl border border-border p-4">
        <h2 id="publish-heading" className="text-xl font-semibold">
          Publishing changes
        </h2>
        {shop.changes.length === 0 && shop.partChanges.length === 0 ? (
          <p className="mt-2 text-muted-foreground">The draft is the same as the shop. Nothing to publish.</p>
        ) : (
          <ChangeList prices={shop.changes} parts={shop.partChanges} label="What publishing changes" />
        )}
        {dirty && (
          <p className="mt-2 font-medium">You have changes that are not saved yet; Publish saves them first.</p>
        )}
        {open.length > 0 && (
          <ul aria-label="Fix before saving" className="mt-2 grid gap-1 font-medium">
            {open.map((problem) => (
              <li key={problem} className="break-words">
                {problem}
              </li>
            ))}
          </ul>
        )}
        <div className="mt-3 flex flex-wrap gap-2">
          <button
            type="button"
            className={button}
            disabled={busy !== null || !dirty || open.length > 0}
            onClick={() => void run('saving', save, 'Draft saved. Nothing on the shop changed yet.')}
          >
            {busy === 'saving' ? 'Saving…' : 'Save draft'}
          </button>
          <button
            type="button"
            className={`${primaryButton} min-h-11`}
            disabled={busy !== null || open.length > 0 || nothingToPublish}
            onClick={() =>
              void run(
                'publishing',
                async (client) => client.publish(dirty ? (await save(client)).revision : shop.revision),
                'Published. The shop is rebuilt; open pages show the change on their next visit.',
              )
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
          <ChangeList
            prices={shop.lastPublish.changes}
            parts={shop.lastPublish.parts}
            label="What the last publish changed"
          />
          <button
            type="button"
            className={`${button} mt-3`}
            disabled={busy !== null}
            onClick={() =>
              void run(
                'undoing',
                (client) => client.undoPublish(shop.revision),
                'Publish undone: the shop is back as it was before it.',
              )
            }
          >
            {busy === 'undoing' ? 'Undoing…' : 'Undo publish'}
          </button>
        </section>
      )}

      <Tabs.Root defaultValue="prices" className="mt-6">
        <Tabs.List aria-label="What to edit" className="flex flex-wrap gap-2">
          <Tabs.Trigger value="prices" className={tab}>
            Prices
          </Tabs.Trigger>
          {shopPartKeys.map((key) => (
            <Tabs.Trigger key={key} value={key} className={tab}>
              {shopParts[key].title}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="prices" className="mt-2">
          <h2 className="text-xl font-semibold">Prices</h2>
          <PricesEditor
            dishes={shop.dishes}
            typed={typed}
            onType={(key, text) => typedPrice(shop.revision, key, text)}
          />
        </Tabs.Content>
        {shopPartKeys.map((key) => (
          <Tabs.Content key={key} value={key} className="mt-2">
            <h2 className="text-xl font-semibold">{shopParts[key].title}</h2>
            {/* Keyed by revision: after a save, a publish or another owner's change the editor starts again from the shop's state. */}
            <PartTab
              key={shop.revision}
              partKey={key}
              shop={shop}
              edits={edits}
              disabled={busy !== null}
              onChange={editPart}
            />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </main>
  );
}
