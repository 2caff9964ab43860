import { openCart } from '../../stores/ui.ts';
import { useLazyStore } from '../ordering/use-lazy-store.ts';
import { withIslandBoundary } from '../IslandBoundary.tsx';

const loadSummary = () => import('../../stores/cart.ts').then((module) => module.$cartSummary);

/** The header's cart button: count and total once the saved cart is read; it opens the cart at any time. */
function CartButton({ hero = false }: { hero?: boolean }) {
  const summary = useLazyStore(loadSummary);
  const count = summary?.count ?? 0;
  return (
    <button
      type="button"
      onClick={openCart}
      data-cart-button
      aria-label={summary ? `Cart, ${count} ${count === 1 ? 'item' : 'items'}, ${summary.total}` : 'Cart'}
      className={`inline-flex min-w-32 items-center justify-center gap-2 rounded-full px-4 py-1.5 font-semibold ${hero ? 'bg-primary-foreground text-primary' : 'bg-primary text-primary-foreground'}`}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5">
        <path fill="currentColor" d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4ZM3 2a1 1 0 0 0 0 2h1.2l2.6 11.2A2 2 0 0 0 8.8 17H18a1 1 0 1 0 0-2H8.8l-.4-2H18a2 2 0 0 0 1.9-1.4l1.8-6A1 1 0 0 0 20.8 4H6.2l-.3-1.2A1 1 0 0 0 5 2H3Z" />
      </svg>
      <span className="tabular-nums">{count}</span>
      <span aria-hidden="true">·</span>
      <span className="tabular-nums">{summary?.total ?? '$0.00'}</span>
    </button>
  );
}

export default withIslandBoundary(CartButton, 'CartButton');
