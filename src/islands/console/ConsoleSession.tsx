import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { staffApi } from '../../runtime/console-api.ts';
import type { OrderChime } from '../../runtime/order-chime.ts';
import { $consoleSession, endSession, expireSession, resumeSession } from '../../stores/console.ts';
import { primaryButton, secondaryButton } from '../ui/buttons.ts';
import Board from './Board.tsx';
import { Opening } from './Opening.tsx';

// Owners only, and only once they open it: the board's first load carries none of the editor.
const ShopView = lazy(() => import('./ShopView.tsx'));

type ConsoleView = 'orders' | 'shop';
const navButton = `${secondaryButton} min-h-11 aria-[current=page]:border-primary aria-[current=page]:font-semibold`;

/**
 * A signed-in staff member's console: the saved session picked up (or the one just signed in),
 * then the board. Loaded only then, with the API client, zod and the stores, so the sign-in page
 * carries none of them. When the session ends, hands back to sign-in with the reason.
 */
export default function ConsoleSession({ chime, onSignedOut }: { chime: OrderChime; onSignedOut: (notice: string | null) => void }) {
  const session = useStore($consoleSession);
  // Opened from a reload, the store starts signed out: that is "not checked yet", not a sign-out.
  const [checked, setChecked] = useState(() => $consoleSession.get().kind !== 'signed-out');

  useEffect(() => {
    if (!checked) void resumeSession(staffApi).finally(() => setChecked(true));
  }, [checked]);

  useEffect(() => {
    if (checked && session.kind === 'signed-out') onSignedOut(session.notice);
  }, [checked, session, onSignedOut]);

  // The session's own end: staff go back to sign-in then, even when no call happens to notice.
  const expiresAt = session.kind === 'signed-out' ? null : session.session.expiresAt;
  useEffect(() => {
    if (expiresAt === null) return;
    const timer = setTimeout(expireSession, Math.max(0, Date.parse(expiresAt) - Date.now()));
    return () => clearTimeout(timer);
  }, [expiresAt]);

  const [view, setView] = useState<ConsoleView>('orders');

  if (session.kind === 'signed-in') {
    const { staff } = session;
    if (staff.role !== 'owner') return <Board staff={staff} chime={chime} />;
    return (
      <>
        <nav aria-label="Console" className="mx-auto flex w-full max-w-6xl flex-wrap gap-2 px-4 pt-3 print:hidden">
          {(['orders', 'shop'] as const).map((name) => (
            <button key={name} type="button" className={navButton} aria-current={view === name ? 'page' : undefined} onClick={() => setView(name)}>
              {name === 'orders' ? 'Orders' : 'Shop'}
            </button>
          ))}
        </nav>
        {/* The board stays mounted behind the Shop view, so new orders still chime and count while an owner edits. */}
        <div hidden={view !== 'orders'}>
          <Board staff={staff} chime={chime} />
        </div>
        {view === 'shop' && (
          <Suspense fallback={<p className="mx-auto w-full max-w-3xl px-4 py-3">Opening the shop…</p>}>
            <ShopView shopName={staff.retailer.name} />
          </Suspense>
        )}
      </>
    );
  }
  if (session.kind !== 'unreachable') return <Opening />;
  return (
    <main id="main" className="mx-auto w-full max-w-sm px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight">Orders</h1>
      <p role="alert" className="mt-4 rounded-lg border border-primary p-3 font-medium">
        {session.message}
      </p>
      <div className="mt-6 flex flex-wrap gap-2">
        <button type="button" className={`${primaryButton} min-h-11`} onClick={() => void resumeSession(staffApi)}>
          Try again
        </button>
        <button type="button" className={`${secondaryButton} min-h-11`} onClick={() => endSession(null)}>
          Sign out
        </button>
      </div>
    </main>
  );
}
