import { useStore } from '@nanostores/react';
import { Component, lazy, Suspense, useEffect, type ReactNode } from 'react';
import { SIGN_IN_TITLE } from '../../lib/console/board.ts';
import { staffApi } from '../../runtime/console-api.ts';
import { createOrderChime } from '../../runtime/order-chime.ts';
import { $consoleSession, endSession, expireSession, resumeSession } from '../../stores/console.ts';
import { primaryButton, secondaryButton } from '../ui/buttons.ts';
import { SignInForm } from './SignInForm.tsx';

// The board, its cards and the live push load once someone is signed in: the sign-in page stays small.
const Board = lazy(() => import('./Board.tsx'));

const chime = createOrderChime();

/** Shown while a saved session is checked. */
function Opening() {
  return (
    <main id="main" className="mx-auto w-full max-w-sm px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight">Orders</h1>
      <p role="status" className="mt-2">
        Opening the board…
      </p>
    </main>
  );
}

/** A failure inside the console (a chunk a newer deployment removed, a bug) leaves a way on instead of a blank page. */
class ConsoleBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <main id="main" className="mx-auto w-full max-w-sm px-4 py-10">
        <h1 className="text-3xl font-bold tracking-tight">Something went wrong</h1>
        <p className="mt-2">The console stopped working. Reloading the page usually brings it back.</p>
        <button type="button" className={`${primaryButton} mt-6 min-h-11`} onClick={() => location.reload()}>
          Reload
        </button>
      </main>
    );
  }
}

function Console() {
  const session = useStore($consoleSession);

  useEffect(() => {
    void resumeSession(staffApi).finally(() => document.documentElement.removeAttribute('data-console-session'));
  }, []);

  // The session's own end: staff go back to sign-in then, even when no call happens to notice.
  const expiresAt = session.kind === 'signed-out' ? null : session.session.expiresAt;
  useEffect(() => {
    if (expiresAt === null) return;
    const timer = setTimeout(expireSession, Math.max(0, Date.parse(expiresAt) - Date.now()));
    return () => clearTimeout(timer);
  }, [expiresAt]);

  useEffect(() => {
    if (session.kind !== 'signed-in') document.title = SIGN_IN_TITLE;
  }, [session.kind]);

  switch (session.kind) {
    case 'signed-out':
      return (
        <>
          <SignInForm notice={session.notice} chime={chime} />
          {/* Painted instead of the form, before any script runs, when the tab has a session saved. */}
          <p className="mx-auto hidden w-full max-w-sm px-4 py-10 in-data-[console-session=saved]:block">Opening the board…</p>
        </>
      );
    case 'resuming':
      return <Opening />;
    case 'unreachable':
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
    case 'signed-in':
      return (
        <Suspense fallback={<Opening />}>
          <Board staff={session.staff} chime={chime} />
        </Suspense>
      );
  }
}

/** The staff console: sign-in, then the live order board of the staff member's shop. */
export default function ConsoleApp() {
  return (
    <ConsoleBoundary>
      <Console />
    </ConsoleBoundary>
  );
}
