import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { openCart } from '../../stores/ui.ts';
import { cartButtonLabel } from '../../../../lib/cart/saved-visit.ts';
import { saveCartSummary, useSavedVisit } from '../ordering/saved-visit.ts';
import { useLazyStore } from '../ordering/use-lazy-store.ts';
import { withIslandBoundary } from '../IslandBoundary.tsx';

const loadSummary = () => import('../../stores/cart.ts').then((module) => module.$cartSummary);
const OrderBar = lazy(() => import('./OrderBar.tsx'));

/**
 * The header's cart button: count and the items' subtotal once the saved cart is read; it opens
 * the cart at any time. A cart with something in it also gets the "View order" bar. The icon
 * comes from the page (`children`), so its drawing stays in the HTML rather than the script.
 */
function CartButton({ hero = false, children }: { hero?: boolean; children?: ReactNode }) {
  const current = useLazyStore(loadSummary);
  // Until the cart's rules load, a returning customer sees the summary they left with.
  const saved = useSavedVisit()?.summary;
  const summary = current ?? saved;
  const count = summary?.count ?? 0;
  useEffect(() => {
    if (current) saveCartSummary(current);
  }, [current]);
  return (
    <>
      <button
        type="button"
        onClick={openCart}
        data-cart-button
        suppressHydrationWarning
        aria-label={cartButtonLabel(summary)}
        className={`inline-flex min-w-32 items-center justify-center gap-2 rounded-full px-4 py-1.5 font-semibold ${hero ? 'bg-primary-foreground text-primary' : 'bg-primary text-primary-foreground'}`}
      >
        {children}
        {/* The page's first-paint script writes the saved cart into these before hydration. */}
        <span className="tabular-nums" data-saved-cart-count suppressHydrationWarning>
          {count}
        </span>
        <span aria-hidden="true">·</span>
        <span className="tabular-nums" data-saved-cart-subtotal suppressHydrationWarning>
          {summary?.subtotal ?? '$0.00'}
        </span>
      </button>
      {summary && count > 0 && (
        <Suspense>
          <OrderBar items={summary.items} subtotal={summary.subtotal} />
        </Suspense>
      )}
    </>
  );
}

export default withIslandBoundary(CartButton, 'CartButton');
