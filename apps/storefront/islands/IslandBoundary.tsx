import { Component, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { isChunkLoadFailure } from '../../../lib/site/chunk-reload.ts';
import { reloadForMissingChunk, reportError } from '../runtime/error-capture.ts';

/**
 * What a failure of the island means for the page: `contained`, it keeps working without the
 * island; `page`, the page cannot do its job without it (the ordering shell, the order page's
 * order), so the customer gets the error screen.
 */
export type IslandFailure = 'contained' | 'page';

interface BoundaryProps {
  island: string;
  failure: IslandFailure;
  children: ReactNode;
}

/**
 * Keeps one island's failure to itself: the island disappears, the rest of the page keeps
 * working, and the error goes to the server log as errorType "react". A failure that goes
 * beyond the island (`failure: 'page'`) brings up the error screen as well.
 */
class IslandBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // A lazily loaded dialog whose chunk a newer deployment removed: reload rather than lose the island.
    if (error instanceof Error && isChunkLoadFailure(error.message) && reloadForMissingChunk()) return;
    reportError({
      errorType: 'react',
      message: error instanceof Error ? error.message || error.name : String(error),
      stack: error instanceof Error ? (error.stack ?? null) : null,
      component: this.props.island,
      additionalContext: { componentStack: info.componentStack?.slice(0, 4000) ?? null },
    });
    // Loaded only now: the error screen is no part of a healthy page's JavaScript.
    if (this.props.failure === 'page')
      void import('../runtime/error-screen.ts').then(({ showErrorScreen }) => showErrorScreen());
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}

/** An island component wrapped in its own error boundary; `island` names it in the error log. */
export function withIslandBoundary<P extends object>(
  Island: ComponentType<P>,
  island: string,
  failure: IslandFailure = 'contained',
): ComponentType<P> {
  const Guarded = (props: P) => (
    <IslandBoundary island={island} failure={failure}>
      <Island {...props} />
    </IslandBoundary>
  );
  Guarded.displayName = `Guarded(${island})`;
  return Guarded;
}
