import { useEffect, useState } from 'react';
import { openCart } from '../../stores/ui.ts';

interface Props {
  /** "2 items". */
  items: string;
  subtotal: string;
}

/** Whether the header's cart button is out of sight, scrolled away. */
function useHeaderCartGone(): boolean {
  const [gone, setGone] = useState(false);
  useEffect(() => {
    const button = document.querySelector('[data-cart-button]');
    if (!button) return;
    const observer = new IntersectionObserver(([entry]) => setGone(entry ? !entry.isIntersecting : false));
    observer.observe(button);
    return () => observer.disconnect();
  }, []);
  return gone;
}

/**
 * The cart within reach wherever the menu is scrolled: a "View order" bar along the bottom of a
 * phone, and on wider screens the same button in the corner once the header's has scrolled away.
 * The page keeps room below its footer for it, and it steps aside while a dialog is open.
 */
export default function OrderBar({ items, subtotal }: Props) {
  const headerCartGone = useHeaderCartGone();
  const label = `View order · ${items} · ${subtotal}`;
  return (
    <div
      data-order-bar
      className={`fixed inset-x-0 bottom-0 z-30 px-3 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:inset-x-auto sm:right-4 sm:bottom-4 sm:p-0 [body:has(&)]:pb-24 [body:has([role=dialog])_&]:hidden ${headerCartGone ? '' : 'sm:hidden'}`}
    >
      <button
        type="button"
        onClick={openCart}
        aria-label={label}
        className="flex w-full items-center justify-between gap-4 rounded-full bg-primary px-5 py-3 font-semibold text-primary-foreground shadow-lg ring-1 ring-black/10 hover:opacity-95 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary sm:w-auto"
      >
        <span>View order</span>
        <span className="tabular-nums">
          {items} · {subtotal}
        </span>
      </button>
    </div>
  );
}
