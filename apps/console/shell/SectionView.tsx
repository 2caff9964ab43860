import { useState, type ReactNode } from 'react';
import { secondaryButton } from '../../../ui/buttons.ts';

export interface SectionViewProps {
  title: string;
  /** The bookings' cards take the board's width; the activity list reads better narrow. */
  width: 'board' | 'narrow';
  onRefresh: () => Promise<void>;
  /**
   * A line under the title: how many there are or wait, in words, announced as it changes (shown
   * once loaded); or what to show there instead (a range chooser, a note).
   */
  summary: string | ReactNode;
  /** Why the last load failed, until one succeeds. */
  problem: string | null;
  loaded: boolean;
  loadingText: string;
  /** Shown once loaded with nothing to list. */
  emptyText: string | null;
  children: ReactNode;
  /** Shown whether or not the list loaded: what does not depend on it (Staff's own password change). */
  after?: ReactNode;
}

/** A console section loaded from the API (Bookings, Activity): its title, Refresh, why a load failed, and loading or empty states around the list. */
export function SectionView({
  title,
  width,
  onRefresh,
  summary,
  problem,
  loaded,
  loadingText,
  emptyText,
  children,
  after,
}: SectionViewProps) {
  const [refreshing, setRefreshing] = useState(false);
  const refresh = () => {
    setRefreshing(true);
    void onRefresh().finally(() => setRefreshing(false));
  };
  return (
    <main
      id="main"
      className={`mx-auto w-full ${width === 'board' ? 'max-w-6xl' : 'max-w-3xl'} px-4 pb-12 print:hidden`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-2 pt-4">
        <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
        <button type="button" className={`${secondaryButton} min-h-11`} disabled={refreshing} onClick={refresh}>
          {refreshing ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>
      {typeof summary === 'string' ? (
        <p aria-live="polite" className="mt-1 font-semibold">
          {loaded ? summary : ''}
        </p>
      ) : (
        summary
      )}
      {problem && (
        <p role="status" className="mt-2 rounded-lg border border-primary p-3 font-medium">
          Could not load the {title.toLowerCase()}: {problem}
        </p>
      )}
      {!loaded ? (
        problem ? null : (
          <p className="mt-6">{loadingText}</p>
        )
      ) : emptyText !== null ? (
        <p className="mt-6 text-muted-foreground">{emptyText}</p>
      ) : (
        children
      )}
      {after}
    </main>
  );
}
