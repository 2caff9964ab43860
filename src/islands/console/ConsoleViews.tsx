import { lazy, Suspense, useEffect, useState } from 'react';
import type { Staff } from '../../lib/console/contract.ts';
import type { OrderChime } from '../../runtime/order-chime.ts';
import Board from './Board.tsx';

// The Live panel loads when first opened: the board is what a kitchen opens the console for.
const LivePanel = lazy(() => import('./LivePanel.tsx'));

type View = 'orders' | 'live';

const VIEW_TEXT: Readonly<Record<View, string>> = { orders: 'Orders', live: 'Live' };
const tab =
  'inline-flex min-h-11 items-center rounded-full px-4 font-semibold hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary aria-[current=page]:bg-primary aria-[current=page]:text-primary-foreground';

/** `#live` opens the Live panel (a bookmark on the kitchen's tablet), `#orders` the board; another hash (the skip link's) changes nothing. */
const viewOfHash = (): View | null => (location.hash === '#live' ? 'live' : location.hash === '#orders' ? 'orders' : null);

/**
 * The signed-in console: the order board and the Live panel (busy, pause, sold out), one at a
 * time. The board stays mounted behind the Live panel, so new orders still chime and count.
 */
export function ConsoleViews({ staff, chime }: { staff: Staff; chime: OrderChime }) {
  const [view, setView] = useState<View>(() => viewOfHash() ?? 'orders');
  useEffect(() => {
    const follow = () => setView((current) => viewOfHash() ?? current);
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);

  return (
    <>
      <nav aria-label="Console" className="mx-auto w-full max-w-6xl px-4 pt-3 print:hidden">
        <ul className="flex gap-2">
          {(['orders', 'live'] as const).map((each) => (
            <li key={each}>
              <a href={`#${each}`} className={tab} aria-current={view === each ? 'page' : undefined}>
                {VIEW_TEXT[each]}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <Board staff={staff} chime={chime} visible={view === 'orders'} />
      {view === 'live' && (
        <Suspense fallback={<p className="mx-auto w-full max-w-6xl px-4 py-6">Opening the live switches…</p>}>
          <LivePanel staff={staff} />
        </Suspense>
      )}
    </>
  );
}
