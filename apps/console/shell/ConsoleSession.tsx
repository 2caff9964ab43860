import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { sectionOfHash, type ConsoleSection } from './sections.ts';
import type { StaffRole } from '../../../lib/api/staff-contract.ts';
import { staffApi } from './staff-api.ts';
import type { OrderChime } from './order-chime.ts';
import { $consoleSession, endSession, expireSession, resumeSession } from './store.ts';
import { primaryButton, secondaryButton } from '../../../ui/buttons.ts';
import Board from '../features/board/Board.tsx';
import { NewOrderAlert } from '../features/board/NewOrderAlert.tsx';
import { ConsoleNav } from './ConsoleNav.tsx';
import { Opening } from './Opening.tsx';

// Loaded when first opened, so the board's first load carries none of them.
const LivePanel = lazy(() => import('../features/live/LivePanel.tsx'));
const BookingsView = lazy(() => import('../features/bookings/BookingsView.tsx'));
const ActivityView = lazy(() => import('../features/activity/ActivityView.tsx'));
// Owners only: the editor of prices.
const ShopView = lazy(() => import('../features/shop/ShopView.tsx'));
// Everyone reads the codes; the owner gets the editor.
const PromoCodesView = lazy(() => import('../features/promo-codes/PromoCodesView.tsx'));
const StaffView = lazy(() => import('../features/staff/StaffView.tsx'));
const PrintersView = lazy(() => import('../features/printers/PrintersView.tsx'));
// Owners only, with its chart library fetched once it draws.
const EndOfDayView = lazy(() => import('../features/end-of-day/EndOfDayView.tsx'));

/** The section the address names (`#bookings`), followed as it changes; a hash that names none keeps the one shown. */
function useSection(role: StaffRole | null): ConsoleSection {
  const [section, setSection] = useState<ConsoleSection>('orders');
  useEffect(() => {
    if (role === null) return;
    const follow = () => setSection((shown) => sectionOfHash(location.hash, role) ?? shown);
    follow();
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, [role]);
  return section;
}

/**
 * A signed-in staff member's console: the saved session picked up (or the one just signed in),
 * then the board and the shop's live switches. Loaded only then, with the API client, zod and the
 * stores, so the sign-in page carries none of them. When the session ends, hands back to sign-in
 * with the reason.
 */
export default function ConsoleSession({
  chime,
  onSignedOut,
}: {
  chime: OrderChime;
  onSignedOut: (notice: string | null) => void;
}) {
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

  const section = useSection(session.kind === 'signed-in' ? session.staff.role : null);

  if (session.kind === 'signed-in') {
    const { staff } = session;
    // The board stays mounted under the other sections, so new orders still chime and badge the title there.
    return (
      <>
        <ConsoleNav role={staff.role} current={section} />
        <Board staff={staff} chime={chime} hidden={section !== 'orders'} />
        <NewOrderAlert chime={chime} />
        {section !== 'orders' && (
          <Suspense fallback={<p className="mx-auto w-full max-w-6xl px-4 py-6">Loading…</p>}>
            {section === 'live' ? (
              <LivePanel staff={staff} />
            ) : section === 'bookings' ? (
              <BookingsView />
            ) : section === 'shop' ? (
              <ShopView shopName={staff.retailer.name} />
            ) : section === 'promo-codes' ? (
              <PromoCodesView canEdit={staff.role === 'owner'} />
            ) : section === 'printers' ? (
              <PrintersView />
            ) : section === 'staff' ? (
              <StaffView me={staff} />
            ) : section === 'end-of-day' ? (
              <EndOfDayView shopSlug={staff.retailer.slug} />
            ) : (
              <ActivityView />
            )}
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
