import { Component, lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { SIGN_IN_TITLE } from '../features/board/board.ts';
import { hasSavedSession, SESSION_MARK_ATTRIBUTE } from './session-mark.ts';
import { createOrderChime } from './order-chime.ts';
import { primaryButton } from '../../../ui/buttons.ts';
import { Opening } from './Opening.tsx';
import { SignInForm } from './SignInForm.tsx';

// Everything past sign-in (the API client, zod, the stores, the board, the live push) loads once
// someone is signed in or a saved session is found: the sign-in page's first load stays React and this.
const ConsoleSession = lazy(() => import('./ConsoleSession.tsx'));

const chime = createOrderChime();

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

type View = { kind: 'sign-in'; notice: string | null } | { kind: 'session' };

function Console() {
  // The build renders the sign-in form; a tab with a saved session goes on to it once hydrated.
  const [view, setView] = useState<View>({ kind: 'sign-in', notice: null });

  useEffect(() => {
    if (hasSavedSession()) setView({ kind: 'session' });
  }, []);

  useEffect(() => {
    if (view.kind === 'sign-in') document.title = SIGN_IN_TITLE;
  }, [view.kind]);

  const signedOut = useCallback((notice: string | null) => {
    document.documentElement.removeAttribute(SESSION_MARK_ATTRIBUTE);
    setView({ kind: 'sign-in', notice });
  }, []);
  const signedIn = useCallback(() => setView({ kind: 'session' }), []);

  if (view.kind === 'session') {
    return (
      <Suspense fallback={<Opening />}>
        <ConsoleSession chime={chime} onSignedOut={signedOut} />
      </Suspense>
    );
  }
  return (
    <>
      <SignInForm notice={view.notice} chime={chime} onSignedIn={signedIn} />
      {/* Painted instead of the form, before any script runs, when the tab has a session saved. */}
      <p className="mx-auto hidden w-full max-w-sm px-4 py-10 in-data-[console-session=saved]:block">
        Opening the board…
      </p>
    </>
  );
}

/** The staff console: sign-in, then the live order board of the staff member's shop. */
export default function ConsoleApp() {
  return (
    <ConsoleBoundary>
      <Console />
    </ConsoleBoundary>
  );
}
